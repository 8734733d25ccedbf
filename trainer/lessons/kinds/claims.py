"""Claims and their priority (R-PRIORITY, R-CHI, R-OWN-FLIP): several players want one card —
who gets it?"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import Message, Relation, RuleSet, relation, seat_of
from trainer.engine.priority import Claim, ClaimKind, resolve_claims
from trainer.engine.sources import Source
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board, SeatPicture
from trainer.lessons.kinds._shared import CHOICE_INSTRUCTION, draw
from trainer.lessons.kinds.seats import YOU, seat_options
from trainer.lessons.task import Option, StepData, Task, TaskError, TaskKind

CLASS = {ClaimKind.WIN: 0, ClaimKind.KONG: 1, ClaimKind.PONG: 1, ClaimKind.CHI: 2}


def _claims(data: StepData, players: int) -> list[Claim]:
    claims = []
    for item in data.strings("claims"):
        who, _, kind = item.partition(":")
        try:
            claims.append(Claim(seat_of(Relation(who), YOU, players), ClaimKind(kind)))
        except ValueError:
            raise TaskError(f"bad claim {item!r}: write who:kind, e.g. upper:win") from None
    return claims


def priority(data: StepData) -> Task:
    rules = data.rules()
    players = rules.players
    origin_relation = Relation(data.choice("origin", tuple(r.value for r in Relation), "upper"))
    origin = seat_of(origin_relation, YOU, players)
    source = Source(data.choice("source", tuple(Source), Source.DISCARD))
    card = data.card()
    claims = _claims(data, players)
    result = resolve_claims(claims, origin, source, rules=rules).seen_from(YOU)
    answer = ChoiceAnswer("nobody" if result.winner is None else
                          relation(result.winner.seat, YOU, players).value)
    by_seat = {claim.seat: claim.kind for claim in claims}
    seats = tuple(SeatPicture(relation(s, YOU, players), hidden=7, claim=by_seat.get(s))
                  for s in range(1, players))
    board = Board((), seats=seats, offer=card, offer_from=origin_relation, offer_source=source,
                  your_claim=by_seat.get(YOU), rules=rules)
    options = (*seat_options(players), Option("nobody", Message.of("choice.nobody")))
    valid = set(result.order)

    def hint(given: LessonAnswer) -> Message:
        said = given.value if isinstance(given, ChoiceAnswer) else ""
        if said == "nobody" or result.winner is None:
            return Message.of("hint.priority_who_may", ("R-CHI", "R-PONG", "R-OWN-FLIP"))
        chosen = next((c for c in claims if relation(c.seat, YOU, players).value == said), None)
        if chosen is None or chosen not in valid:
            return Message.of("hint.priority_who_may", ("R-CHI", "R-PONG", "R-OWN-FLIP"))
        winner = result.winner
        if CLASS[chosen.kind] > CLASS[winner.kind]:
            return Message.of("hint.priority_classes", ("R-PRIORITY",))
        return Message.of("hint.priority_order", ("R-PRIORITY",),
                          origin=Message.of(f"seat.{origin_relation.value}"))

    return Task("priority", Shape.CHOICE, board, answer, CHOICE_INSTRUCTION,
                tuple(result.messages()), ("R-PRIORITY",), hint, options,
                prompt=Message.of("task.priority.prompt"))


def _priority_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """Claims on a fresh card; the step's own answer class kept — where nobody may take the
    card as written (every claim refused), nobody may in the variant either."""
    rules = RuleSet()
    relations = [r for r in Relation]
    nobody = ChoiceAnswer("nobody")
    wants_nobody = data.has("claims") and priority(data).answer == nobody
    for _ in range(400):
        origin = rng.choice([r for r in relations if r is not Relation.YOU])
        source = rng.choice(("discard", "flip"))
        claimers = rng.sample(relations, 2)
        kinds = [rng.choice((ClaimKind.WIN, ClaimKind.PONG, ClaimKind.CHI)) for _ in claimers]
        claims = [f"{r.value}:{k.value}" for r, k in zip(claimers, kinds, strict=True)]
        data_out: dict[str, Any] = {"origin": origin.value, "source": source,
                                    "card": str(draw(rng, 1)[0]), "claims": claims}
        task = priority(StepData(data_out))
        if wants_nobody:
            if task.answer == nobody:
                return data_out
            continue
        refused = resolve_claims(_claims(StepData(data_out), rules.players),
                                 seat_of(origin, YOU, 4), source).refused
        if not refused and task.answer != nobody:
            return data_out
    raise TaskError("no variant found")


KINDS = (TaskKind("priority", priority, _priority_variant,
                  frozenset({"origin", "source", "card", "claims", "rules"})),)

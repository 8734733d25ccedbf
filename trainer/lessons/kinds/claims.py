"""Claims and their priority (R-PRIORITY, R-CHI, R-OWN-FLIP): several players want one card —
who gets it?"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import Message, Relation, relation, seat_of
from trainer.engine.priority import Claim, ClaimKind, resolve_claims
from trainer.engine.sources import Source
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board, SeatPicture
from trainer.lessons.kinds._shared import CHOICE_INSTRUCTION, draw, offer_words
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

    case = (tuple(sorted(c.kind.value for c in claims)),
            tuple(sorted(reason for _, reason in result.refused)),
            None if result.winner is None else result.winner.kind.value)
    return Task("priority", Shape.CHOICE, board, answer, CHOICE_INSTRUCTION,
                tuple(result.messages()), ("R-PRIORITY",), hint, options,
                prompt=_prompt(offer_words(card, origin_relation, source), claims, players),
                answer_class=case)


def _prompt(offer: Message, claims: list[Claim], players: int) -> Message:
    """The card, who offered it and every claim on it, in words: "your upper player discards
    9♠: you want to chi (吃) it; the player opposite (对家) wants to pong (扯) it. Who gets
    it?"."""
    said = []
    for claim in claims:
        who = relation(claim.seat, YOU, players)
        said.append(Message.of(f"task.priority.you_want.{claim.kind.value}")
                    if who is Relation.YOU else
                    Message.of(f"task.priority.wants.{claim.kind.value}",
                               who=Message.of(f"seat.{who.value}")))
    if len(said) == 1:
        return Message.of("task.priority.prompt_one", offer=offer, first=said[0])
    if len(said) == 2:
        return Message.of("task.priority.prompt_two", offer=offer, first=said[0],
                          second=said[1])
    return Message.of("task.priority.prompt")


def _priority_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """The same claims on a fresh card, from other seats, settled by the same rule: the step's
    answer class (:attr:`Task.answer_class`) — chi against pong stays that, two wins stay two
    wins, a chi refused for its seat stays refused, a win on one's own flip stays refused."""
    rules = data.rules()
    written = priority(data) if data.has("claims") else None
    kinds = [claim.kind for claim in _claims(data, rules.players)] if written else \
        [rng.choice((ClaimKind.WIN, ClaimKind.PONG, ClaimKind.CHI)) for _ in range(2)]
    relations = [r for r in Relation if r is not Relation.OPPOSITE or rules.players == 4]
    for _ in range(400):
        source = rng.choice(("discard", "flip"))
        origin = rng.choice([r for r in relations if r is not Relation.YOU or source == "flip"])
        claimers = rng.sample(relations, len(kinds))
        rng.shuffle(kinds)
        claims = [f"{r.value}:{k.value}" for r, k in zip(claimers, kinds, strict=True)]
        data_out: dict[str, Any] = {"origin": origin.value, "source": source,
                                    "card": str(draw(rng, 1)[0]), "claims": claims,
                                    "rules": rules.to_json()}
        task = priority(StepData(data_out))
        if written is not None and task.answer_class == written.answer_class:
            return data_out
        refused = resolve_claims(_claims(StepData(data_out), rules.players),
                                 seat_of(origin, YOU, rules.players), source).refused
        if written is None and not refused and task.answer != ChoiceAnswer("nobody"):
            return data_out
    raise TaskError("no variant found")


KINDS = (TaskKind("priority", priority, _priority_variant,
                  frozenset({"origin", "source", "card", "claims", "rules"})),)

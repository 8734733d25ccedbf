"""Reading a claim position from step data, and making reachable variants of it."""

from __future__ import annotations

import random
from typing import Any

from trainer.content.sampling import random_position
from trainer.engine import Message, Position, Relation, RuleSet, is_reachable, relation
from trainer.engine.reachability import reachability_problems
from trainer.engine.sources import Source
from trainer.lessons.board import Board
from trainer.lessons.kinds._shared import offer_words
from trainer.lessons.task import StepData, TaskError, describe

POSITION_KEYS = frozenset({"cards", "melds", "card", "source", "from", "first", "rules"})


def read_position(data: StepData) -> tuple[Position, Relation]:
    """The position of a step (your concealed ``cards``, ``melds``, the claimed ``card`` with its
    ``source`` and the seat it came ``from``), refused unless a real hand can reach it."""
    rules = data.rules()
    card = data.card()
    source = Source(data.choice("source", tuple(Source), Source.DISCARD))
    first = data.flag("first")
    default_from = "upper"
    origin = Relation(data.choice("from", tuple(r.value for r in Relation), default_from))
    if origin is Relation.YOU and source is Source.DISCARD:
        raise TaskError("nobody claims their own discard: 'from' cannot be 'you' for a discard")
    position = Position(data.cards(), data.melds(), card, source, first, rules, origin)
    problems = reachability_problems(position)
    if problems:
        raise TaskError("no real hand reaches this position: "
                        + "; ".join(describe(p.message) for p in problems))
    return position, origin


def board_of(position: Position, origin: Relation) -> Board:
    return Board(position.hand, position.melds, offer=position.card, offer_from=origin,
                 offer_source=position.source, first_discard=position.dealer_first_discard,
                 rules=position.rules)


def offered(position: Position, origin: Relation) -> Message:
    """The claimed card in words — who discarded or flipped it, 接地 — for a question's prompt
    (:func:`trainer.lessons.kinds._shared.offer_words`)."""
    assert position.card is not None and position.source is not None
    return offer_words(position.card, origin, position.source,
                       first=position.dealer_first_discard)


def position_data(position: Position, origin: Relation) -> dict[str, Any]:
    return {"cards": " ".join(str(c) for c in position.hand),
            "melds": [str(m) for m in position.melds], "card": str(position.card),
            "source": position.source, "from": origin.value,
            "first": position.dealer_first_discard, "rules": position.rules.to_json()}


def random_claim(rng: random.Random, rules: RuleSet, *, spoil: float = 0.35,
                 joker_in_hand: float = 0.05) -> tuple[Position, Relation]:
    """A reachable claim position with a plausible origin: a discard comes from your upper
    player (or anyone when no chi is involved), a flip from anyone but — unless it is your own
    flip — you. The card on offer is never a joker: a joker never pairs, so nobody is ever
    asked whether they win on one (R-PAIR14, R-WIN) — a "what stops the win" question would
    have no fitting answer (a joker *in hand* is another case: issue 31's walk)."""
    while True:
        position = random_position(rng, rules, spoil=spoil, joker_in_hand=joker_in_hand)
        if position.card is None or position.card.is_joker or not is_reachable(position):
            continue
        players = rules.players
        others = [relation(seat, 0, players) for seat in range(1, players)]
        origin = rng.choice(others)
        return position, origin

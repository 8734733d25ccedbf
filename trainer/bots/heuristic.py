"""A sensible bot: claims every win, keeps 14-pairs, pongs and chis that help, counts its red,
and prefers discards that nobody can win on (R-WIN, R-PAIR14, R-SAFE), from its view only."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from trainer.analysis.chance import Model, deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.engine.cards import Card
from trainer.engine.combine import lacks_partner, rank_counts, unpaired
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Offer
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView


def _two_step_first(by_kind: dict[ActionKind, list[Action]], rng: random.Random) -> Action | None:
    """Half the time a kong of cases 1 and 2 is made in two steps (R-KONG): pong with two of the
    triple, or lay three of the four down, and add the fourth after seeing the draw (the bot
    then always adds it: KONG_DRAWN comes first among its kong moves)."""
    if ActionKind.KONG in by_kind and ActionKind.PONG in by_kind and rng.random() < 0.5:
        return by_kind[ActionKind.PONG][0]
    if ActionKind.LAY_KONG in by_kind and rng.random() < 0.5:
        rank = by_kind[ActionKind.LAY_KONG][0].cards[0].rank
        for action in by_kind.get(ActionKind.LAY_PONG, []):
            if action.cards[0].rank == rank:
                return action
    return None


class HeuristicBot:
    name = "heuristic"

    reading = Model.PLAY
    """How the bot reads a discard's chance: the best reading, shown everywhere; the play
    model's fitting (``tools/fit_risk_model.py --bootstrap``) first plays with
    ``Model.PAIRS``, the reading the model refines."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return decide(view.legal, view.hand, view.offer, rng,
                      lambda: {card: chance.value for card, chance in deal_in_chances(
                          table_from_view(view), samples=BOT_SAMPLES, proofs=False,
                          model=self.reading).items()})


class BeginnerBot:
    """The heuristic playing its own hand only: the same claims and 14-pairs, but it never reads
    the table, so it throws whatever breaks its hand least, safe or not (Play's beginner
    level)."""

    name = "beginner"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return decide(view.legal, view.hand, view.offer, rng, None)


def fast_choice(state: HandState, rng: random.Random) -> Action:
    """The same decisions without reading the table (every discard's chance taken as 0): the
    coach's play-out policy, for every seat, from the whole state it plays out (the state is
    itself a deal from the coach's view, so nothing hidden from the coach is read)."""
    return decide(state.legal_actions(), state.hands[state.to_act], state.offer, rng, None)


def decide(legal: Sequence[Action], hand: Sequence[Card], offer: Offer | None,
           rng: random.Random, chances: Callable[[], dict[Card, float]] | None) -> Action:
    """The heuristic's choice among ``legal``: ``chances`` (read only for a discard) gives each
    card's chance of dealing in; ``None`` reads none."""
    by_kind: dict[ActionKind, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    for kind in (ActionKind.WIN, ActionKind.TIANZOU):
        if kind in by_kind:
            return by_kind[kind][0]
    two_step = _two_step_first(by_kind, rng)
    if two_step is not None:
        return two_step
    for kind in (ActionKind.KONG, ActionKind.KONG_DRAWN, ActionKind.LAY_KONG,
                 ActionKind.LAY_JOKER):
        if kind in by_kind:
            return by_kind[kind][0]
    counts = rank_counts(hand)
    for action in by_kind.get(ActionKind.LAY_PONG, []):
        if lacks_partner(counts, action.cards[0].rank):
            return action
    if offer is not None:
        rank = offer.card.rank
        if ActionKind.PONG in by_kind and (rank is None or (counts[rank] - 2 >= 0 and
                                           lacks_partner(counts, rank))):
            return by_kind[ActionKind.PONG][0]
        chis = [a for a in by_kind.get(ActionKind.CHI, []) if lacks_partner(counts, a.cards[0].rank)]
        if chis:
            return max(chis, key=lambda a: a.cards[0].red)
        return by_kind.get(ActionKind.PASS, list(legal[:1]))[0]
    if ActionKind.DONE in by_kind:
        return by_kind[ActionKind.DONE][0]
    discards = by_kind.get(ActionKind.DISCARD)
    if not discards:
        return legal[rng.randrange(len(legal))]
    read = chances() if chances is not None else {}
    return min(discards, key=lambda a: discard_key(counts, a.cards[0], read.get(a.cards[0], 0.0)))


BOT_SAMPLES = 256
"""Deals the bot samples for a discard's chance (the coach and the hints take more)."""


def discard_key(counts: list[int], card: Card, chance: float) -> tuple[float, int]:
    """The heuristic's order of discards: the cheapest (:func:`discard_cost`) first, then the
    lowest card — what it throws, and the discard the coach sees a claim owe."""
    return discard_cost(counts, card, chance), card.index


def discard_cost(counts: list[int], card: Card, chance: float) -> float:
    """What throwing ``card`` costs: each card then left without a 14-partner 10, each
    percent of the chance that someone wins on it 0.6 (a deal-in pays for the whole table,
    R-PAY), each red point given away 0.4."""
    after = list(counts)
    after[card.rank or 0] -= 1
    return unpaired(after) * 10 + chance * 60 + card.red * 0.4

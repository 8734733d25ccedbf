"""The review of a finished hand from the learner's seat: the engine flags discards that dealt in
or carried a high risk while a provably safe card was in hand (R-SAFE), wins passed up (R-WIN),
and pongs or kongs that broke a ready hand (R-WAIT); each flag explains itself."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from trainer.analysis.chance import NEVER_RISKY, deal_in_chances
from trainer.analysis.table import SafetyTable, table_from_view
from trainer.engine.cards import Card
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.messages import Message, Percent
from trainer.engine.position import Position
from trainer.engine.waiting import waits

RISK_FLAG = 0.05
"""A discard is flagged as risky from a 5% chance that someone wins on it (with a card proven
safe in hand)."""


class FlagKind(StrEnum):
    """What a review flags (its value names the message ``review_flag.<value>``)."""

    DEALT_IN = "dealt_in"
    """A discard someone won on, with a card proven safe in hand (R-SAFE, R-PAY)."""
    RISKY = "risky"
    """A discard with a chance of :data:`RISK_FLAG` or more, a proven safe card in hand."""
    PASSED_WIN = "passed_win"
    """A win passed up (R-WIN)."""
    BROKE_READY = "broke_ready"
    """A pong or kong that left a ready hand waiting on nothing (R-WAIT)."""


@dataclass(frozen=True)
class Flag:
    step: int
    """Index of the flagged action in the replay."""
    kind: FlagKind
    message: Message
    table: SafetyTable | None = None
    """The safety table of a flagged discard (to turn it into a puzzle)."""
    proven: tuple[Card, ...] = ()
    """The cards in hand proven safe then, of a risky discard's flag."""


def _ready(state: HandState, seat: int) -> bool:
    hand = state.hands[seat]
    if len(hand) % 2 == 0:
        return False
    position = Position(tuple(hand), tuple(state.melds[seat]), None, None, False, state.rules)
    return waits(position).ready


@lru_cache(maxsize=32)
def reviewed(replay_json: str, seat: int = 0) -> tuple[Flag, ...]:
    """:func:`review_hand` of a replay in its JSON form, kept for the 32 latest: the review
    page asks again on every step the learner opens."""
    return tuple(review_hand(Replay.from_json(replay_json), seat))


def review_hand(replay: Replay, seat: int = 0) -> list[Flag]:
    """Flags for ``seat``'s decisions in ``replay``."""
    state = HandState.deal(replay.seed, replay.rules, replay.dealer)
    flags: list[Flag] = []
    last_discard: tuple[int, Action] | None = None
    claimed: tuple[int, Action, int] | None = None  # a pong or kong from a ready hand, pending
    for step, action in enumerate(replay.actions):
        if action.seat == seat:
            flags.extend(_judge(state, step, action, seat))
            if action.kind is ActionKind.DISCARD:
                last_discard = (step, action)
            if action.kind in (ActionKind.PONG, ActionKind.KONG) and _ready(state, seat):
                claimed = (step, action, len(state.melds[seat]))
        offer = state.offer
        state.apply(action)
        if claimed is None:
            continue
        if len(state.melds[seat]) > claimed[2]:  # the claim was granted (R-PRIORITY): judged
            if not state.over and not _can_stay_ready(state, seat):
                flags.append(Flag(claimed[0], FlagKind.BROKE_READY, Message.of(
                    "review_flag.broke_ready", ("R-WAIT", "R-PONG", "R-KONG"),
                    kind=Message.of(f"priority.kind.{claimed[1].kind.value}"))))
            claimed = None
        elif state.offer != offer or state.over:  # another claim or a win took the card
            claimed = None
    result = state.result
    if result is not None and result.discarder == seat and last_discard is not None:
        step, action = last_discard
        flags.append(Flag(step, FlagKind.DEALT_IN, _dealt_in(
            replay.state_at(step), action, Message.of(f"seat.{result.winner}"),
            -result.payments[seat])))
    return sorted(flags, key=lambda flag: flag.step)


def _dealt_in(before: HandState, action: Action, winner: Message, paid: int) -> Message:
    """Why a deal-in happened, as the table read then (R-SAFE, R-READ, R-PAY): the card's chance
    and the least risky card in hand — or that it was already the least risky."""
    card = action.cards[0]
    chances = deal_in_chances(table_from_view(view_of(before, action.seat)))
    safest = min(chances.values(), key=lambda chance: (chance.value, chance.card.index))
    rules = ("R-PAY", "R-SAFE", "R-READ")
    if safest.value >= chances[card].value:
        return Message.of("review_flag.dealt_in_least", rules, card=card, seat=winner,
                          paid=paid, percent=Percent(chances[card].value))
    if chances[card].value <= NEVER_RISKY and not safest.safe:  # every card near 1%: luck
        return Message.of("review_flag.dealt_in_unlucky", rules, card=card, seat=winner,
                          paid=paid, percent=Percent(chances[card].value),
                          safest=safest.card, safest_percent=Percent(safest.value))
    if safest.safe:
        return Message.of("review_flag.dealt_in_why_safe", rules, card=card, seat=winner,
                          paid=paid, percent=Percent(chances[card].value),
                          safest=safest.card)
    return Message.of("review_flag.dealt_in_why", rules, card=card, seat=winner, paid=paid,
                      percent=Percent(chances[card].value), safest=safest.card,
                      safest_percent=Percent(safest.value))


def _can_stay_ready(state: HandState, seat: int) -> bool:
    """After a claim, whether some discard still leaves the hand ready (下叫)."""
    hand = state.hands[seat]
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        position = Position(tuple(rest), tuple(state.melds[seat]), None, None, False,
                            state.rules)
        if waits(position).ready:
            return True
    return False


def _judge(state: HandState, step: int, action: Action, seat: int) -> list[Flag]:
    if action.kind is ActionKind.PASS and any(a.kind is ActionKind.WIN
                                              for a in state.legal_actions()):
        assert state.offer is not None
        return [Flag(step, FlagKind.PASSED_WIN, Message.of("review_flag.passed_win", ("R-WIN",),
                                                    card=state.offer.card))]
    if action.kind is not ActionKind.DISCARD or not state.dealer_discarded:
        return []
    view = view_of(state, seat)
    table = table_from_view(view, first_discard=False)
    chances = deal_in_chances(table)
    chosen = chances[action.cards[0]]
    safe = [card for card, chance in chances.items() if chance.safe]
    if chosen.safe or not safe or chosen.value < RISK_FLAG:
        return []
    return [Flag(step, FlagKind.RISKY, Message.of(
        "review_flag.risky", ("R-SAFE", "R-READ"), card=action.cards[0],
        percent=Percent(chosen.value), safe=tuple(safe)), table, tuple(safe))]

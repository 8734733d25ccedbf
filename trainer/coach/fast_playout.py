"""Fast play-outs: a hand played to its end on the lean form of :mod:`trainer.coach.fast_hand`,
every seat by the heuristic's fast policy — exactly the choices of
:func:`trainer.bots.heuristic.fast_choice` on the engine, with the same draws from the
``random.Random`` (the coin of a two-step kong, R-KONG), so that the actions and the payments are
those of :func:`trainer.coach.playout.engine_play_out` (tests/test_fast_playout.py,
benchmarks/playouts.py).

Why: the coach values an option by many play-outs (:mod:`trainer.coach.search`); on the engine
they run at some 20k actions a second, here several times faster.

:func:`choose` mirrors :func:`trainer.bots.heuristic.decide` with ``chances`` None, branch by
branch, on the cases the engine's legal actions can present: a win or 天走 is always taken
(R-WIN, R-SPECIAL); a kong of cases 1 and 2 is made in two steps half the time (the coin,
``_two_step_first``); then a kong, the card added to a fresh pong, a laid kong, a laid joker
(R-KONG, R-TOU); a triple laid when its rank lacks a partner; a pong or chi taken only for a card
that lacks a partner (R-PONG, R-CHI, R-PAIR14); the lay-down round ended (R-TOU-ORDER); and the
discard that leaves fewest cards unpaired, then the least red, then the lowest card
(``discard_cost`` with every chance 0: its red term never outweighs one unpaired card)."""

from __future__ import annotations

import random
import sys
from typing import Final

from trainer.coach.fast_form import (
    CHI,
    CLAIM,
    DISCARD,
    KONG,
    LAYDOWN,
    NONE,
    OVER,
    PARTNER,
    PASS,
    PONG,
    RANK,
    RED,
    WIN,
    lacks_partner,
)
from trainer.coach.fast_hand import FastHand
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.state import HandState

MAX_ACTIONS: Final = 2_000
"""A hand always ends (the stock runs out); this only guards a broken state (both play-outs of
:mod:`trainer.coach.playout` stop there)."""

_KEEP: Final = 1 << 10
_DISCARD_KEY: Final = tuple(RED[card] * 64 + card for card in range(len(RED)))
"""A discard's order among those that leave as many cards unpaired: red points, then the card
(``discard_cost``'s ``card.red * 0.4``, then ``card.index``); a card whose rank keeps its partner
adds :data:`_KEEP`, more than any red, as one more unpaired card adds 10 to the cost."""
assert max(_DISCARD_KEY) < _KEEP


def fast_play_out(state: HandState, rng: random.Random) -> tuple[int, ...]:
    """Play ``state`` (left unchanged) to its end on the fast form; each seat's payment (all 0
    for a drawn hand): those of ``engine_play_out`` on a deep copy of ``state``. A hand already
    over pays what it paid."""
    if state.result is not None:
        return state.result.payments
    return play(FastHand.of(state), rng)


def play(hand: FastHand, rng: random.Random) -> tuple[int, ...]:
    """Play ``hand`` (changed in place) to its end by :func:`choose`; the payments."""
    for _ in range(MAX_ACTIONS):
        if hand.phase == OVER:
            break
        choose(hand, rng)
    if hand.payments is None:
        raise RuntimeError("a play-out did not end")
    return hand.payments


def choose(hand: FastHand, rng: random.Random) -> None:
    """Take the seat to act's one action by the fast policy (see the module)."""
    phase = hand.phase
    if phase == CLAIM:
        _claim(hand, rng)
    elif phase == DISCARD:
        seat = hand.to_act
        if hand.can_tianzou(seat):
            hand.tianzou()
        elif not (hand.may_lay_down and _lay(hand, seat, rng)):
            _discard(hand, seat)
    elif phase == LAYDOWN:
        if not _lay(hand, hand.to_act, rng):
            hand.done()
    else:
        raise ValueError("the hand is over")


def _claim(hand: FastHand, rng: random.Random) -> None:
    """``decide`` on an offered card: win; a kong (or, on the coin, its pong first); a pong of a
    joker or of a rank that lacks a partner; a chi whose own card lacks one, the reddest;
    otherwise pass."""
    seat, win, pong, kong, chi = hand.ask[0]
    if win:
        hand.answer(WIN)
        return
    if kong and pong and rng.random() < 0.5:
        hand.answer(PONG)
        return
    if kong:
        hand.answer(KONG)
        return
    counts = hand.counts[seat]
    rank = RANK[hand.offer_card]
    if pong and (rank == 0 or lacks_partner(counts, rank)):
        hand.answer(PONG)
        return
    if chi and lacks_partner(counts, RANK[chi[0]]):
        best = chi[0]
        for card in chi:
            if RED[card] > RED[best]:
                best = card
        hand.answer(CHI, best)
        return
    hand.answer(PASS)


def _lay(hand: FastHand, seat: int, rng: random.Random) -> bool:
    """``decide`` among lay-downs (R-TOU, R-TOU-LATER, R-KONG): the coin of a two-step kong
    (three of the four laid as a pong), the card added to a fresh pong, a kong, a joker, a triple
    whose rank lacks a partner. False when none is taken."""
    pongs, kongs = hand.lay_ranks(seat)
    if kongs and rng.random() < 0.5:
        hand.lay_down(ActionKind.LAY_PONG, kongs[0])
        return True
    card = hand.kong_drawn_card(seat)
    if card != NONE:
        hand.kong_drawn(card)
        return True
    if kongs:
        hand.lay_down(ActionKind.LAY_KONG, kongs[0])
        return True
    counts = hand.counts[seat]
    if counts[0] and hand.stock:
        hand.lay_down(ActionKind.LAY_JOKER, 0)
        return True
    for rank in pongs:
        if lacks_partner(counts, rank):
            hand.lay_down(ActionKind.LAY_PONG, rank)
            return True
    return False


def _discard(hand: FastHand, seat: int) -> None:
    """``decide``'s discard: fewest cards left unpaired (a card that lacks a partner), then the
    least red, then the lowest card."""
    counts = hand.counts[seat]
    best, best_key = NONE, sys.maxsize
    for card in hand.hands[seat]:
        rank = RANK[card]  # lacks_partner, inlined: this runs at every discard
        lacks = counts[7] % 2 if rank == 7 else rank == 0 or counts[rank] > counts[PARTNER[rank]]
        key = _DISCARD_KEY[card] if lacks else _DISCARD_KEY[card] + _KEEP
        if key < best_key:
            best, best_key = card, key
    if best == NONE:
        # The engine's fallback, legal[rng.randrange(len(legal))], finds nothing legal either:
        # an empty hand can neither lay down nor discard.
        raise ValueError("no legal action: an empty hand at a discard")
    hand.discard(best)

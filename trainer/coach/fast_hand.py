"""A hand of 斗十四 in its lean form for play-outs (:mod:`trainer.coach.fast_form`), with every
action of ``HandState.apply``: the lay-down round and lay-downs after a draw (R-TOU, R-TOU-ORDER,
R-TOU-LATER), a pong made a kong (R-KONG), 天走 (R-SPECIAL), a discard (R-DISCARD), and the claims
of :mod:`trainer.coach.fast_offers`. :mod:`trainer.coach.fast_playout` plays it to its end by the
heuristic's fast policy."""

from __future__ import annotations

from trainer.coach.fast_form import (
    DISCARD,
    DISCARD_ACTION,
    JOKER,
    LAY_ORDER,
    LAYDOWN,
    MELD_JOKER,
    MELD_KONG,
    MELD_PONG,
    NONE,
    RANK,
)
from trainer.coach.fast_offers import Offers
from trainer.engine.game.actions import ActionKind


class FastHand(Offers):
    """One hand's state for a play-out: :meth:`of` builds it from a ``HandState`` at any
    decision, :meth:`copy` copies it, and the action methods change it as ``HandState.apply``
    does (:mod:`trainer.coach.fast_actions` applies an engine action)."""

    __slots__ = ()

    # -- the lay-down round and lay-downs after a draw (R-TOU, R-TOU-ORDER, R-TOU-LATER) ----------
    def can_lay_down(self, seat: int) -> bool:
        """``legal.laydown_actions`` is not empty: a stock card to draw, and a joker or three
        of a rank in hand (a kong needs four, so three too)."""
        if not self.stock:
            return False
        counts = self.counts[seat]
        return counts[0] > 0 or max(counts) >= 3

    def lay_ranks(self, seat: int) -> tuple[list[int], list[int]]:
        """The ranks ``seat`` may lay as a pong and as a kong, in the engine's order
        (``legal.laydown_actions``: a kong only while the stock pays two, and during play
        only with ``kong_from_gathered_four``, R-KONG)."""
        stock = len(self.stock)
        if not stock:
            return [], []
        counts = self.counts[seat]
        kong_ok = stock >= 2 and (self.phase == LAYDOWN or self.gathered_four)
        pongs = [rank for rank in LAY_ORDER if counts[rank] >= 3]
        return pongs, [rank for rank in pongs if kong_ok and counts[rank] >= 4]

    def kong_drawn_card(self, seat: int) -> int:
        """``legal.kong_drawn_actions``: the card ``seat`` may add to the pong it just made
        (R-KONG case 3, or the held fourth of cases 1 and 2 in two steps), or NONE. A ranked pong
        leaves one card of its rank, so there is at most one."""
        if self.fresh_pong != seat or not self.stock:
            return NONE
        kind, pong = self.melds[seat][-1]
        rank = RANK[pong[0]]
        if kind is not MELD_PONG or rank == 0:
            return NONE
        drawn, held = self.drawn, self.fourth_held
        addable = [card for card in self.hands[seat]
                   if RANK[card] == rank and (card == drawn or held)]
        return min(addable) if addable else NONE

    def next_laydown_turn(self) -> None:
        """``HandState._next_laydown_turn`` (R-TOU-ORDER): the next seat in order that can lay
        down; then the dealer discards."""
        turns = self.laydown_turns
        while turns:
            seat = turns.pop(0)
            self.phase = LAYDOWN
            self.to_act = seat
            if self.can_lay_down(seat):
                return
        self.phase = DISCARD
        self.to_act = self.dealer
        self.may_lay_down = False

    def done(self) -> None:
        """``apply(DONE)``: the seat ends its lay-downs (R-TOU-ORDER)."""
        self._record(self.to_act, ActionKind.DONE)
        self._close_fresh_pong()
        self.next_laydown_turn()

    def lay_down(self, kind: ActionKind, rank: int) -> None:
        """``HandState._lay_down`` (R-TOU, R-TOU-LATER): a joker for one stock card, the lowest
        three of ``rank`` as a pong for one, four as a kong for two; three of four laid in the
        lay-down round leave the fourth to add after the draw (R-KONG case 1 in two steps)."""
        seat = self.to_act
        if kind is ActionKind.LAY_JOKER:
            cards: tuple[int, ...] = (JOKER,)
            meld, draws = MELD_JOKER, 1
        else:
            size, meld, draws = ((3, MELD_PONG, 1) if kind is ActionKind.LAY_PONG
                                 else (4, MELD_KONG, 2))
            cards = tuple(sorted([card for card in self.hands[seat] if RANK[card] == rank])[:size])
        self._record(seat, kind, cards)
        for card in cards:
            self._lose(seat, card, True)
        self._meld(seat, meld, cards)
        from_four = self.phase == LAYDOWN and kind is ActionKind.LAY_PONG and rank != 0 and \
            self.counts[seat][rank] > 0
        self.drawn = self._draw(seat, draws)
        self._close_fresh_pong()
        if from_four:
            self.fresh_pong, self.fourth_held = seat, True
        self._end_laydown_if_nothing_left(seat)

    def _end_laydown_if_nothing_left(self, seat: int) -> None:
        if self.phase == LAYDOWN and not self.can_lay_down(seat) and \
                self.kong_drawn_card(seat) == NONE:
            self._close_fresh_pong()
            self.next_laydown_turn()

    def kong_drawn(self, card: int) -> None:
        """``HandState._kong_drawn`` (R-KONG): the pong becomes a kong; one more stock card."""
        seat = self.to_act
        self._record(seat, ActionKind.KONG_DRAWN, (card,))
        self._lose(seat, card, True)
        melds = self.melds[seat]
        _kind, pong = melds.pop()
        melds.append((MELD_KONG, (*pong, card)))
        self._close_fresh_pong()
        self.drawn = self._draw(seat, 1)
        self._end_laydown_if_nothing_left(seat)

    # -- 天走 and a discard (R-SPECIAL, R-DISCARD) --------------------------------------------------
    def can_tianzou(self, seat: int) -> bool:
        """The dealer before the first discard, combined with no joker (``legal_actions``'s 天走
        test through ``judge(..., tianzou=True)``, R-SPECIAL)."""
        return seat == self.dealer and not self.dealer_discarded and self.unpaired[seat] == 0

    def tianzou(self) -> None:
        """``HandState._tianzou``: the whole hand judged and paid (R-SPECIAL, R-PAY)."""
        seat = self.to_act
        self._record(seat, ActionKind.TIANZOU)
        self._win(seat, NONE, None)

    def discard(self, card: int) -> None:
        """``HandState._discard``: the card is offered to the others (R-DISCARD)."""
        seat = self.to_act
        self._record(seat, DISCARD_ACTION, (card,))
        self._lose(seat, card, False)
        first = seat == self.dealer and not self.dealer_discarded
        self.dealer_discarded = True
        self.may_lay_down = False
        self._close_fresh_pong()
        self.drawn = NONE
        self.offer(card, False, seat, first)

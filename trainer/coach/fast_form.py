"""The lean form of a hand of 斗十四 for play-outs: the state of
:class:`~trainer.engine.game.state.HandState` as plain ints and lists, built from any state that is
not over, copied in microseconds, with the cards' moves and the end of the hand; the rules that
change it are :mod:`trainer.coach.fast_offers` (a card offered and claimed) and
:mod:`trainer.coach.fast_hand` (lay-downs and discards).

Why: the coach plays thousands of hands to their end per decision (:mod:`trainer.coach.search`);
the engine's state keeps what a table needs (events, the public history, piles, Card and Meld
objects) and a deep copy of it per option costs more than the play-out. This form keeps only what
decides the rest of the hand and what it pays.

The engine stays the one source of truth: every method names the ``HandState`` method it mirrors,
a win is judged and paid by the engine's own functions on ints — those its verdict
(:func:`trainer.engine.verdicts.verdict`) is made of: ``judge`` (R-WIN, R-SPECIAL), ``meld_fan``
and ``win_fan`` (R-FAN), ``RuleSet.share`` (R-SCORE), ``pay`` (R-PAY) —, and
tests/test_fast_playout.py and benchmarks/playouts.py check that both give the same actions and
payments.

A card is its ``Card.index`` (0..51, the joker 52). Per seat the form keeps the concealed cards
(in the engine's order), their rank counts (``counts[seat][r]``, 0 the jokers, 14 always 0), how
many of them cannot pair into 14s as they stand (``unpaired``,
:func:`trainer.engine.combine.unpaired`), the red points and the colours of all the seat's cards,
laid ones included (R-RED), and its melds as ``(MeldKind, card indices)``. The piles are not kept:
nothing after a card reaches a pile reads it.

These modules run compiled by mypyc where ``make`` could build them (:mod:`trainer.coach.native`);
their module constants are ``Final`` so that the compiled code keeps them in C.
"""

from __future__ import annotations

from typing import Final, Self

from trainer.engine.cards import COLOUR_OF, JOKER_INDEX, RANK_OF, RED_OF, partner_rank
from trainer.engine.combine import unpaired
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.hand_parts import IllegalAction, Phase
from trainer.engine.game.state import HandState
from trainer.engine.melds import MeldKind, meld_fan
from trainer.engine.priority import ClaimKind
from trainer.engine.rules import RuleSet
from trainer.engine.sources import Source
from trainer.engine.verdicts import pay, win_fan
from trainer.engine.win_rule import HandValue, judge

LAYDOWN: Final = 0
DISCARD: Final = 1
CLAIM: Final = 2
OVER: Final = 3
"""The phases of :class:`~trainer.engine.game.state.Phase`, as ints."""
PHASE_OF: Final = {Phase.LAYDOWN: LAYDOWN, Phase.DISCARD: DISCARD, Phase.CLAIM: CLAIM,
                   Phase.OVER: OVER}
WIN: Final = 0
KONG: Final = 1
PONG: Final = 2
CHI: Final = 3
PASS: Final = 4
"""The answers to an offered card: the claim kinds (:class:`~trainer.engine.priority.ClaimKind`)
as ints, and a pass."""
CLAIM_OF: Final = {ClaimKind.WIN: WIN, ClaimKind.KONG: KONG, ClaimKind.PONG: PONG,
                   ClaimKind.CHI: CHI}
ACTION_OF: Final = (ActionKind.WIN, ActionKind.KONG, ActionKind.PONG, ActionKind.CHI,
                    ActionKind.PASS)
"""The engine's action of each answer."""
ANSWER_OF: Final = {kind: answer for answer, kind in enumerate(ACTION_OF)}
DISCARD_ACTION: Final = ActionKind.DISCARD
MELD_CHI: Final = MeldKind.CHI
MELD_PONG: Final = MeldKind.PONG
MELD_KONG: Final = MeldKind.KONG
MELD_JOKER: Final = MeldKind.JOKER
"""The meld kinds and a discard's action, held here so that compiled code does not look them up
in their enums at every use."""
CLASS_OF: Final = (0, 1, 1, 2)
"""R-PRIORITY: a win beats a pong or kong, which beat a chi."""
JOKER: Final = JOKER_INDEX
NONE: Final = -1
"""No card, no seat."""
RANK: Final = RANK_OF
RED: Final = RED_OF
COLOUR: Final = COLOUR_OF
"""By card: 1 red, 2 black, 0 the joker (R-RED)."""
PARTNER: Final = (14, *(partner_rank(r) for r in range(1, 14)), 0)
"""The rank making 14 (R-PAIR14); the jokers' is 14, a count that stays 0."""
LAY_ORDER: Final = tuple(range(14))
"""The order of the engine's lay-downs: jokers (rank 0) first, then rank by rank."""
SEATS_FROM: Final = {players: tuple(tuple((origin + step) % players
                                          for step in range(1, players + 1))
                                    for origin in range(players)) for players in (3, 4)}
"""Per table size and seat, the seats counterclockwise after it, ending with it (R-SEAT,
:func:`trainer.engine.priority.seats_from`)."""

Entry = tuple[int, bool, bool, bool, tuple[int, ...]]
"""A seat that may claim the offered card: (seat, win, pong, kong, the cards it may chi with) —
the engine's ``_Claimable``."""
Claimed = tuple[int, int, int]
"""A claim made: (seat, claim kind, the card a chi uses or NONE)."""
Step = tuple[int, ActionKind, tuple[int, ...]]
"""An action taken, for a trace: (seat, kind, card indices) — the engine's ``Action``."""


def lacks_partner(counts: list[int], rank: int) -> bool:
    """:func:`trainer.engine.combine.lacks_partner` on ranks as ints (0 the joker, which
    always lacks one)."""
    if rank == 7:
        return counts[7] % 2 == 1
    return rank == 0 or counts[rank] > counts[PARTNER[rank]]


class FastForm:
    """One hand's state for a play-out (see the module): :meth:`of` builds it from a
    ``HandState`` at any decision, :meth:`copy` copies it. ``trace`` (a list, or None) receives
    each action taken, ``actions`` counts them."""

    __slots__ = ("actions", "ask", "claims", "colours", "counts", "dealer", "dealer_discarded",
                 "drawn", "flipper_first", "fourth_held", "fresh_pong", "gathered_four", "hands",
                 "laydown_turns", "may_lay_down", "melds", "offer_card", "offer_first", "offer_flip",
                 "offer_seat", "own_flip_ok", "payments", "phase", "players", "red", "rules", "stock",
                 "threshold", "to_act", "trace", "unpaired")

    rules: RuleSet
    players: int
    threshold: int
    own_flip_ok: bool
    gathered_four: bool
    flipper_first: bool
    dealer: int
    stock: list[int]
    """The stock's top is its end (as the engine's)."""
    hands: list[list[int]]
    counts: list[list[int]]
    unpaired: list[int]
    red: list[int]
    colours: list[list[int]]
    """Per seat, how many of its cards (laid ones too) are jokers, red and black (``COLOUR``)."""
    melds: list[list[tuple[MeldKind, tuple[int, ...]]]]
    phase: int
    to_act: int
    laydown_turns: list[int]
    may_lay_down: bool
    fresh_pong: int
    fourth_held: bool
    drawn: int
    offer_card: int
    offer_flip: bool
    offer_seat: int
    offer_first: bool
    ask: list[Entry]
    claims: list[Claimed]
    dealer_discarded: bool
    payments: tuple[int, ...] | None
    actions: int
    trace: list[Step] | None

    # -- building and copying ---------------------------------------------------------------------
    @classmethod
    def of(cls, state: HandState) -> Self:
        """The fast form of ``state`` (any phase but over), which it leaves unchanged."""
        if state.over:
            raise ValueError("a hand that is over has nothing left to play")
        hand = cls.__new__(cls)
        rules = state.rules
        hand.rules = rules
        hand.players = rules.players
        hand.threshold = rules.red_threshold
        hand.own_flip_ok = rules.win_pong_kong_on_own_flip
        hand.gathered_four = rules.kong_from_gathered_four
        hand.flipper_first = rules.chi_priority_flipper_first
        hand.dealer = state.dealer
        hand.stock = [card.index for card in state.stock]
        hand.hands = [[card.index for card in cards] for cards in state.hands]
        hand.melds = [[(meld.kind, tuple([card.index for card in meld.cards])) for meld in melds]
                      for melds in state.melds]
        hand.counts, hand.unpaired, hand.red, hand.colours = [], [], [], []
        for seat, cards in enumerate(hand.hands):
            counts, colours, red = [0] * 15, [0, 0, 0], 0
            for card in cards:
                counts[RANK[card]] += 1
                colours[COLOUR[card]] += 1
                red += RED[card]
            for _kind, laid in hand.melds[seat]:
                for card in laid:
                    colours[COLOUR[card]] += 1
                    red += RED[card]
            hand.counts.append(counts)
            hand.unpaired.append(unpaired(counts))
            hand.red.append(red)
            hand.colours.append(colours)
        hand.phase = PHASE_OF[state.phase]
        hand.to_act = state.to_act
        hand.laydown_turns = list(state.laydown_turns)
        hand.may_lay_down = state.may_lay_down
        hand.fresh_pong = NONE if state.fresh_pong is None else state.fresh_pong
        hand.fourth_held = state.fourth_held
        hand.drawn = NONE if state.drawn is None else state.drawn.index
        offer = state.offer
        hand.offer_card = NONE if offer is None else offer.card.index
        hand.offer_flip = offer is not None and offer.source is Source.FLIP
        hand.offer_seat = NONE if offer is None else offer.seat
        hand.offer_first = offer is not None and offer.dealer_first_discard
        hand.ask = [(e.seat, e.win, e.pong, e.kong, tuple([card.index for card in e.chi]))
                    for e in state.ask_order]
        hand.claims = [(claim.seat, CLAIM_OF[claim.kind],
                        state.chi_cards[claim.seat].index if claim.kind is ClaimKind.CHI else NONE)
                       for claim in state.claims]
        hand.dealer_discarded = state.dealer_discarded
        hand.payments = None
        hand.actions = 0
        hand.trace = None
        return hand

    def copy(self) -> Self:
        """An independent copy (every list copied; tuples are shared), trace and count reset."""
        other = type(self).__new__(type(self))
        other.rules, other.players, other.threshold = self.rules, self.players, self.threshold
        other.own_flip_ok, other.gathered_four = self.own_flip_ok, self.gathered_four
        other.flipper_first, other.dealer = self.flipper_first, self.dealer
        other.phase, other.to_act, other.may_lay_down = self.phase, self.to_act, self.may_lay_down
        other.fresh_pong, other.fourth_held, other.drawn = \
            self.fresh_pong, self.fourth_held, self.drawn
        other.offer_card, other.offer_flip = self.offer_card, self.offer_flip
        other.offer_seat, other.offer_first = self.offer_seat, self.offer_first
        other.dealer_discarded, other.payments = self.dealer_discarded, self.payments
        other.stock = self.stock[:]
        other.hands = [cards[:] for cards in self.hands]
        other.counts = [counts[:] for counts in self.counts]
        other.unpaired = self.unpaired[:]
        other.red = self.red[:]
        other.colours = [colours[:] for colours in self.colours]
        other.melds = [melds[:] for melds in self.melds]
        other.laydown_turns = self.laydown_turns[:]
        other.ask = self.ask[:]
        other.claims = self.claims[:]
        other.actions = 0
        other.trace = None
        return other

    # -- cards moving -----------------------------------------------------------------------------
    def _gain(self, seat: int, card: int) -> None:
        """``card`` joins ``seat``'s concealed cards: counts, unpaired, red, colours."""
        self.hands[seat].append(card)
        counts = self.counts[seat]
        rank = RANK[card]
        if rank == 7:
            self.unpaired[seat] += -1 if counts[7] % 2 else 1
        else:
            self.unpaired[seat] += -1 if rank and counts[PARTNER[rank]] > counts[rank] else 1
        counts[rank] += 1
        self.red[seat] += RED[card]
        self.colours[seat][COLOUR[card]] += 1

    def _lose(self, seat: int, card: int, laid: bool) -> None:
        """``card`` leaves ``seat``'s concealed cards (``HandState._remove``): to a meld of the
        seat (``laid``: its red and colour stay the seat's) or to the table."""
        self.hands[seat].remove(card)
        counts = self.counts[seat]
        rank = RANK[card]  # one fewer unpaired when the card lacked a partner (lacks_partner)
        if rank == 7:
            self.unpaired[seat] += -1 if counts[7] % 2 else 1
        else:
            self.unpaired[seat] += -1 if rank == 0 or counts[rank] > counts[PARTNER[rank]] else 1
        counts[rank] -= 1
        if not laid:
            self.red[seat] -= RED[card]
            self.colours[seat][COLOUR[card]] -= 1

    def _draw(self, seat: int, count: int) -> int:
        """``HandState._draw``: ``count`` stock cards into ``seat``'s hand; the last one drawn."""
        drawn = NONE
        for _ in range(count):
            drawn = self.stock.pop()
            self._gain(seat, drawn)
        return drawn

    def _meld(self, seat: int, kind: MeldKind, cards: tuple[int, ...]) -> None:
        self.melds[seat].append((kind, cards))

    def _record(self, seat: int, kind: ActionKind, cards: tuple[int, ...] = ()) -> None:
        self.actions += 1
        if self.trace is not None:
            self.trace.append((seat, kind, cards))

    def _close_fresh_pong(self) -> None:
        self.fresh_pong = NONE
        self.fourth_held = False

    def _turn(self, seat: int, lay_down: bool) -> None:
        self.phase = DISCARD
        self.to_act = seat
        self.may_lay_down = lay_down
        self.ask.clear()
        self.claims.clear()

    # -- the end (R-WIN, R-SPECIAL, R-FAN, R-SCORE, R-PAY, R-STOCK-EMPTY) --------------------------
    def _drawn(self) -> None:
        """``HandState._finish`` of a drawn hand: nobody pays (R-STOCK-EMPTY)."""
        self.phase = OVER
        self.ask.clear()
        self.payments = (0,) * self.players

    def _win(self, seat: int, card: int, discarder: int | None) -> None:
        """``HandState._finish`` of a win: ``seat`` wins on ``card`` (NONE: 天走), paid by
        ``discarder`` alone on a deal-in. Judged and paid by the engine's own rules on the form's
        ints, those :func:`~trainer.engine.verdicts.verdict` uses: :func:`judge` (R-WIN,
        R-SPECIAL, R-OWN-FLIP), :func:`meld_fan` and :func:`win_fan` (R-FAN), ``RuleSet.share``
        (R-SCORE) and :func:`pay` (R-PAY)."""
        counts, colours = self.counts[seat], self.colours[seat]
        red, alone, jokers = self.red[seat], self.unpaired[seat], counts[0]
        has_red, has_black = colours[1] > 0, colours[2] > 0
        if card != NONE:  # the claimed card joins the hand, as in _gain
            rank, colour = RANK[card], COLOUR[card]
            alone += -1 if rank and lacks_partner(counts, PARTNER[rank]) else 1
            red += RED[card]
            jokers += 1 if rank == 0 else 0
            has_red, has_black = has_red or colour == 1, has_black or colour == 2
        judged = judge(HandValue(jokers, alone == 0, red, has_red, has_black), self.threshold,
                       first_discard=card != NONE and self.offer_first, tianzou=card == NONE,
                       own_flip_closed=card != NONE and self.offer_flip and
                       seat == self.offer_seat and not self.own_flip_ok)
        if not judged.win:
            raise IllegalAction(f"seat {seat} does not win: {judged.reason.value} (R-WIN)")
        rules = self.rules
        melds_fan = sum([meld_fan(kind, cards[0] == JOKER, rules.joker_kong_fan)
                         for kind, cards in self.melds[seat]])
        _uncapped, fan = win_fan(melds_fan, judged.specials, rules.jiedi_cap)
        self.phase = OVER
        self.ask.clear()
        self.payments = tuple(pay(self.players, seat, rules.share(fan), discarder))

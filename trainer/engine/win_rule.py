"""The win rule, written once (R-OWN-FLIP, R-WIN, R-SPECIAL): :func:`judge` decides a hand's
:class:`HandValue` — a combined hand wins when its red total reaches the threshold, or without
the red total as a special win (天走, 接地, 全红, 全黑).

Everything that asks "does this win?" — the verdict, waits, the game's claims and 天走, the
safety analysis and the bots — goes through :func:`judge`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

from trainer.engine.cards import Card
from trainer.engine.combine import counts_combined
from trainer.engine.melds import Meld


class Reason(StrEnum):
    """Why a hand wins or not (docs/format.md's ``reason``), judged in this order: the player's
    own flip (R-OWN-FLIP, unless the table allows it), a concealed joker, then the combination,
    then the red total."""

    WIN = "win"
    OWN_FLIP = "own_flip"
    NOT_COMBINED = "not_combined"
    RED_SHORT = "red_short"
    JOKER_IN_HAND = "joker_in_hand"


class Special(StrEnum):
    """The four special wins (R-SPECIAL), docs/format.md's ``specials`` names."""

    TIANZOU = "tianzou"
    JIEDI = "jiedi"
    ALL_RED = "all_red"
    ALL_BLACK = "all_black"


def colour_flags(cards: Iterable[Card], has_red: bool = False,
                 has_black: bool = False) -> tuple[bool, bool]:
    """(some card is red, some card is black) over ``cards`` and the flags given; jokers have no
    colour (R-RED)."""
    for card in cards:
        suit = card.suit
        if suit is None:
            continue
        if suit.is_red:
            has_red = True
        else:
            has_black = True
        if has_red and has_black:
            break
    return has_red, has_black


def single_colour(has_red: bool, has_black: bool) -> Special | None:
    """全红 when every non-joker card is red, 全黑 when every one is black (R-SPECIAL)."""
    if has_red == has_black:
        return None
    return Special.ALL_RED if has_red else Special.ALL_BLACK


def wins_without_red(has_red: bool, has_black: bool, first_discard: bool, tianzou: bool) -> bool:
    """A combined hand wins whatever its red total as a special win (R-SPECIAL): 天走, 接地 (the
    dealer's first discard), 全红 or 全黑 (its cards of one colour). The one test that
    :func:`judge` and the play-outs' claims (trainer/coach/fast_offers.py) both use."""
    return has_red != has_black or tianzou or first_discard


def red_reached(red: int, threshold: int) -> bool:
    """R-WIN 2: all the player's red points reach the table's threshold (20, or 25 with 3)."""
    return red >= threshold


class HandValue(NamedTuple):
    """A player's cards as the win rule reads them: the concealed cards with the claimed card
    (their jokers, and whether they split wholly into 14-pairs), the red over every card of the
    player, laid ones included, and which colours they show (R-WIN, R-RED, R-SPECIAL)."""

    jokers: int
    combined: bool
    red: int
    has_red: bool
    has_black: bool

    @classmethod
    def of(cls, concealed: Iterable[Card], melds: Iterable[Meld] = ()) -> HandValue:
        """The value of ``concealed`` (the claimed card included) beside ``melds``.

        >>> from trainer.engine import parse_cards
        >>> HandValue.of(parse_cards("7h 7d Kd Ac"))
        HandValue(jokers=0, combined=True, red=15, has_red=True, has_black=True)
        """
        counts = [0] * 15
        red = 0
        has_red = has_black = False
        for card in concealed:
            counts[card.rank or 0] += 1
            red += card.red
            suit = card.suit
            if suit is not None:
                if suit.is_red:
                    has_red = True
                else:
                    has_black = True
        for meld in melds:
            red += meld.red
            for card in meld.cards:
                if card.suit is not None:
                    if card.suit.is_red:
                        has_red = True
                    else:
                        has_black = True
        return cls(counts[0], counts_combined(counts), red, has_red, has_black)


class Judgement(NamedTuple):
    """The one decision on a hand: its reason (docs/format.md's order) and the special wins it
    makes (empty unless it wins)."""

    reason: Reason
    specials: tuple[Special, ...]

    @property
    def win(self) -> bool:
        return self.reason is Reason.WIN


def judge(value: HandValue, threshold: int, *, first_discard: bool = False,
          tianzou: bool = False, own_flip_closed: bool = False) -> Judgement:
    """Does this hand win? The win rule, written once (R-OWN-FLIP, R-WIN, R-SPECIAL): a card the
    player flipped themselves is closed to a win where the table says so; a concealed joker never
    pairs; the hand must be combined; then it wins with enough red, or without the red total as
    天走 (no claimed card), 接地 (the dealer's first discard), 全红 or 全黑.

    Every verdict, win test, wait, claim at the table, safety count and 天走 goes through here.

    >>> judge(HandValue(0, True, 19, True, True), 20)
    Judgement(reason=<Reason.RED_SHORT: 'red_short'>, specials=())
    >>> judge(HandValue(0, True, 3, False, True), 20, first_discard=True).specials
    (<Special.JIEDI: 'jiedi'>, <Special.ALL_BLACK: 'all_black'>)
    """
    if own_flip_closed:
        return _OWN_FLIP
    if value.jokers:
        return _JOKER
    if not value.combined:
        return _NOT_COMBINED
    has_red, has_black = value.has_red, value.has_black
    if wins_without_red(has_red, has_black, first_discard, tianzou):
        specials: tuple[Special, ...] = (Special.TIANZOU,) if tianzou else \
            (Special.JIEDI,) if first_discard else ()
        if has_red != has_black:
            specials = (*specials, Special.ALL_RED if has_red else Special.ALL_BLACK)
        return Judgement(Reason.WIN, specials)
    return _WIN if value.red >= threshold else _RED_SHORT


def failing_checks(value: HandValue, threshold: int, *, first_discard: bool = False,
                   tianzou: bool = False, own_flip_closed: bool = False) -> frozenset[Reason]:
    """Every check of the win rule the hand fails, not only the first that :func:`judge` names:
    a true answer to "why can you not win?" (empty for a win).

    >>> sorted(failing_checks(HandValue(0, False, 11, True, True), 20))
    [<Reason.NOT_COMBINED: 'not_combined'>, <Reason.RED_SHORT: 'red_short'>]
    """
    if judge(value, threshold, first_discard=first_discard, tianzou=tianzou,
             own_flip_closed=own_flip_closed).win:
        return frozenset()
    found = {Reason.OWN_FLIP} if own_flip_closed else set()
    if value.jokers:
        found.add(Reason.JOKER_IN_HAND)
    if not value.combined:
        found.add(Reason.NOT_COMBINED)
    if not wins_without_red(value.has_red, value.has_black, first_discard, tianzou) and \
            not red_reached(value.red, threshold):
        found.add(Reason.RED_SHORT)
    return frozenset(found)


_OWN_FLIP = Judgement(Reason.OWN_FLIP, ())
_JOKER = Judgement(Reason.JOKER_IN_HAND, ())
_NOT_COMBINED = Judgement(Reason.NOT_COMBINED, ())
_WIN = Judgement(Reason.WIN, ())
_RED_SHORT = Judgement(Reason.RED_SHORT, ())


def claim_wins(hand: Iterable[Card], melds: Iterable[Meld], card: Card,
               dealer_first_discard: bool, threshold: int) -> bool:
    """The bare win test on a claimed card from cards alone, through :func:`judge`."""
    if card.rank is None:
        return False
    return judge(HandValue.of((card, *hand), melds), threshold,
                 first_discard=dealer_first_discard).win

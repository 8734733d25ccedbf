"""The win rule, written once (R-WIN, R-SPECIAL): a combined hand wins when its red total reaches
the threshold, or without the red total as a special win (天走, 接地, 全红, 全黑).

Everything that asks "does this win?" — the verdict, waits, the game's claims, the safety
analysis and the bots — goes through these functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from trainer.engine.cards import Card
from trainer.engine.combine import counts_combined, rank_counts
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


def red_reached(red: int, threshold: int) -> bool:
    """R-WIN 2: all the player's red points reach the table's threshold (20, or 25 with 3)."""
    return red >= threshold


def combined_hand_wins(red: int, threshold: int, special: bool) -> bool:
    """A combined hand wins with enough red, or as a special win that needs no red total
    (R-WIN, R-SPECIAL)."""
    return special or red_reached(red, threshold)


def claim_wins(hand: Iterable[Card], melds: Iterable[Meld], card: Card,
               dealer_first_discard: bool, threshold: int) -> bool:
    """The bare win test on a claimed card from cards alone (R-WIN, R-SPECIAL): no concealed
    joker, combined with ``card``, then 接地, the red total, or 全红/全黑."""
    if card.rank is None:
        return False
    held = list(hand)
    counts = rank_counts(held)
    if counts[0]:
        return False
    counts[card.rank] += 1
    if not counts_combined(counts):
        return False
    laid = tuple(melds)
    red = card.red + sum(c.red for c in held) + sum(m.red for m in laid)
    if combined_hand_wins(red, threshold, dealer_first_discard):
        return True
    flags = colour_flags((c for m in laid for c in m.cards), *colour_flags((card, *held)))
    return single_colour(*flags) is not None

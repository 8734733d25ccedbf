"""An independent brute-force reference of R-PAIR14 / R-RED / R-WIN / R-SPECIAL, written without the
engine's counting shortcuts, to check the engine against."""

from __future__ import annotations

from functools import cache

RED_SUITS = {"h", "d"}


def card_tuple(text: str) -> tuple[int | None, str | None]:
    """'10h' → (10, 'h'); 'X' → (None, None). Independent of the engine's parser."""
    if text == "X":
        return None, None
    names = {"A": 1, "J": 11, "Q": 12, "K": 13}
    rank_text, suit = text[:-1], text[-1]
    return names.get(rank_text) or int(rank_text), suit


def red_of(card: tuple[int | None, str | None]) -> int:
    rank, suit = card
    if rank is None or suit not in RED_SUITS:
        return 0
    return 1 if rank in (1, 11, 12, 13) else rank


@cache
def splits_into_pairs(ranks: tuple[int, ...]) -> bool:
    """Search every way of pairing the first card with a partner summing to 14."""
    if not ranks:
        return True
    first, rest = ranks[0], ranks[1:]
    for i, other in enumerate(rest):
        if first + other == 14 and splits_into_pairs(rest[:i] + rest[i + 1:]):
            return True
    return False


def reference_verdict(hand: list[str], melds: list[list[str]], card: str | None,
                      first_discard: bool, threshold: int, own_flip_closed: bool = False
                      ) -> tuple[str, int, list[str]]:
    """(reason, red, specials) by brute force; ``own_flip_closed``: the card is the player's own
    flip at a table that allows only chi on it (R-OWN-FLIP), judged first."""
    concealed = [card_tuple(c) for c in hand] + ([card_tuple(card)] if card else [])
    laid = [card_tuple(c) for meld in melds for c in meld]
    everything = concealed + laid
    red = sum(red_of(c) for c in everything)
    if own_flip_closed and card is not None:
        return "own_flip", red, []
    if any(rank is None for rank, _ in concealed):
        return "joker_in_hand", red, []
    if not splits_into_pairs(tuple(sorted(rank for rank, _ in concealed if rank is not None))):
        return "not_combined", red, []
    specials = []
    if card is None:
        specials.append("tianzou")
    elif first_discard:
        specials.append("jiedi")
    colours = {suit in RED_SUITS for rank, suit in everything if rank is not None}
    if colours == {True}:
        specials.append("all_red")
    if colours == {False}:
        specials.append("all_black")
    if specials or red >= threshold:
        return "win", red, specials
    return "red_short", red, []


def reference_fan(melds: list[list[str]], specials: list[str], joker_kong_fan: int,
                  jiedi_cap: int | None) -> int:
    """R-FAN from the cards laid, independent of ``Meld.fan``: a single joker 1, a pong 1, a kong
    2, three jokers 4, four jokers ``joker_kong_fan``, a chi 0; each special 3; 接地 capped."""
    fan = 0
    for meld in melds:
        jokers = meld.count("X")
        if len(meld) == 1 and jokers == 1:
            fan += 1
        elif len(meld) == 3:
            fan += 4 if jokers == 3 else 1
        elif len(meld) == 4:
            fan += joker_kong_fan if jokers == 4 else 2
    fan += 3 * len(specials)
    if "jiedi" in specials and jiedi_cap is not None:
        fan = min(fan, jiedi_cap)
    return fan


def reference_share(fan: int, scoring: str, base: int, cap: int | None) -> int:
    """R-SCORE, independent of ``RuleSet.share``: doubling base·2^n, ladder base·(n+1), the
    fan first capped when a cap is set."""
    counted = fan if cap is None else min(fan, cap)
    if scoring == "doubling":
        share = base
        for _ in range(counted):
            share *= 2
        return share
    return base * (counted + 1)

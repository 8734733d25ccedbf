"""Cards, suits, the deck and red points (R-DECK, R-RANK, R-RED), and the card notation of docs/format.md.

The notation round-trips: ``format_cards(parse_cards(s))`` is canonical and
``parse_cards(format_cards(cards)) == cards`` for every list of cards.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from trainer.engine.errors import NotationError


class Suit(StrEnum):
    """The four suits in docs/format.md's sort order ``s h c d``."""

    SPADES = "s"
    HEARTS = "h"
    CLUBS = "c"
    DIAMONDS = "d"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red, spades and clubs black (R-RED)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}
_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
RANKS: tuple[int, ...] = tuple(range(1, 14))

_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_INDEX = 52
"""``Card.index`` of the joker; the 52 ranked cards are 0..51."""


def rank_name(rank: int) -> str:
    """``A 2 … 10 J Q K`` for ranks 1..13 (R-RANK)."""
    return _RANK_NAMES.get(rank, str(rank))


def partner_rank(rank: int) -> int:
    """The rank that makes 14 with ``rank`` (R-PAIR14): A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7."""
    return 14 - rank


def red_value(rank: int, suit: Suit) -> int:
    """Red points of a ranked card (R-RED): red A/J/Q/K carry 1, red 2–10 their face, black 0."""
    if not suit.is_red:
        return 0
    return 1 if rank == 1 or rank > 10 else rank


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card: a rank 1..13 with a suit, or the joker (``rank`` and ``suit`` both ``None``).

    ``red`` holds its red points (R-RED) and ``index`` a dense id (0..51, joker 52) for counting.
    """

    rank: int | None
    suit: Suit | None
    red: int = field(init=False, compare=False, repr=False)
    index: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.rank is None or self.suit is None:
            if self.rank is not None or self.suit is not None:
                raise ValueError("a joker has neither rank nor suit")
            object.__setattr__(self, "red", 0)
            object.__setattr__(self, "index", JOKER_INDEX)
            return
        if not 1 <= self.rank <= 13:
            raise ValueError(f"rank {self.rank!r} is not 1..13")
        object.__setattr__(self, "red", red_value(self.rank, self.suit))
        object.__setattr__(self, "index", (self.rank - 1) * 4 + self.suit.order)

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (jokers have no colour, R-RED)."""
        return self.suit is not None and self.suit.is_red

    @property
    def is_black(self) -> bool:
        """True for spades and clubs (jokers have no colour, R-RED)."""
        return self.suit is not None and not self.suit.is_red

    @property
    def sort_key(self) -> int:
        """Rank then suit ``s h c d``; the joker last."""
        return self.index

    def __str__(self) -> str:
        """Canonical notation: ``10h``, ``Qd``, ``As``, ``X``."""
        if self.rank is None or self.suit is None:
            return "X"
        return rank_name(self.rank) + self.suit.value

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        """``Card.parse('10h')``: evaluates back to an equal card.

        >>> Card.parse('10h'), Card.parse('X')
        (Card.parse('10h'), Card.parse('X'))
        """
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card from notation (docs/format.md), as :func:`parse_card`."""
        return parse_card(text)

    @property
    def symbol(self) -> str:
        """Display form with a Unicode suit: ``10♥``, ``Q♦``, ``🃏``."""
        if self.rank is None or self.suit is None:
            return "🃏"
        return rank_name(self.rank) + self.suit.symbol

    @classmethod
    def from_index(cls, index: int) -> Card:
        return ALL_CARDS[index]


JOKER = Card(None, None)
ALL_CARDS: tuple[Card, ...] = (
    *(Card(rank, suit) for rank in RANKS for suit in SUITS),
    JOKER,
)
RANKED_CARDS: tuple[Card, ...] = ALL_CARDS[:JOKER_INDEX]
"""The 52 ranked cards in sort order."""
RANK_OF: tuple[int, ...] = tuple(card.rank or 0 for card in ALL_CARDS)
"""By ``Card.index``: the rank (0 for the joker), for counting loops."""
RED_OF: tuple[int, ...] = tuple(card.red for card in ALL_CARDS)
"""By ``Card.index``: the red points (R-RED)."""
COLOUR_OF: tuple[int, ...] = tuple(1 if card.is_red else 2 if card.is_black else 0
                                   for card in ALL_CARDS)
"""By ``Card.index``: 1 red, 2 black, 0 the joker (R-RED), to be or-ed together."""


def deck(jokers: int = 4) -> list[Card]:
    """The deck of R-DECK: the 52 ranked cards and ``jokers`` jokers (2, 4 or 6)."""
    if jokers not in (2, 4, 6):
        raise ValueError(f"jokers must be 2, 4 or 6, not {jokers!r}")
    return [*RANKED_CARDS, *([JOKER] * jokers)]


def deck_red_total(jokers: int = 4) -> int:
    """Red points in the whole deck: 116 whatever the jokers (R-RED)."""
    return sum(card.red for card in deck(jokers))


# ---------------------------------------------------------------------------------------------
# Notation (docs/format.md)

_JOKER_TOKENS = {"x", "joker", "鬼", "🃏"}
_SUIT_TOKENS = {
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
}
_RANK_TOKENS = {
    "a": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "t": 10, "j": 11, "q": 12, "k": 13,
}
_RANK_ENDS = frozenset("0123456789ajqkt")
"""The last character of a rank: a token ending in one gave no suit after its rank."""
_SEPARATORS = re.compile(r"[^\s,，]+")
_CARD_CACHE: dict[str, Card] = {}


def _parse_token(token: str, offset: int) -> Card:
    key = unicodedata.normalize("NFKC", token).casefold().replace("\ufe0f", "")
    cached = _CARD_CACHE.get(key)
    if cached is not None:
        return cached
    if key in _JOKER_TOKENS:
        card = JOKER
    else:
        if len(key) < 2:
            raise NotationError(token, offset, "a card is a rank then a suit, e.g. '7h' or 'X'",
                                "shape")
        suit = _SUIT_TOKENS.get(key[-1])
        if suit is None and key[-1] in _RANK_ENDS:
            raise NotationError(token, offset, "a card is its rank, then its suit: 7h or 7♥",
                                "order")
        rank = _RANK_TOKENS.get(key[:-1])
        if suit is None and rank is None:  # neither part is: not a card at all ('zz')
            raise NotationError(token, offset, "a card is a rank then a suit, e.g. '7h' or 'X'",
                                "shape")
        if suit is None:
            raise NotationError(token, offset,
                                f"unknown suit {token[-1]!r} (use s h c d or ♠♥♣♦)", "suit")
        if rank is None and key[-2] in _SUIT_TOKENS and key[:-2] in _RANK_TOKENS:
            raise NotationError(token, offset, "two suits in one card: a rank, then one suit",
                                "two_suits")
        if rank is None:
            raise NotationError(
                token, offset, f"unknown rank {token[:-1]!r} (use A 2-10 J Q K, T for 10)",
                "rank")
        card = ALL_CARDS[(rank - 1) * 4 + suit.order]
    _CARD_CACHE[key] = card
    return card


def parse_card(text: str) -> Card:
    """Parse one card token (``'10h'``, ``'Td'``, ``'A♠'``, ``'X'``); raise :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(repr(text), 0, "a card must be given as text", "not_text")
    stripped = text.strip()
    if not stripped:
        raise NotationError(text, 0, "no card given", "empty")
    tokens = list(_SEPARATORS.finditer(text))
    if len(tokens) != 1:
        raise NotationError(text, 0, "expected exactly one card", "not_one")
    return _parse_token(tokens[0].group(), tokens[0].start())


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a list of cards separated by spaces or commas; raise :class:`NotationError`.

    The error names the offending token and its 0-based character offset in ``text``.
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), 0, "a list of cards must be given as text", "not_text")
    return tuple(_parse_token(m.group(), m.start()) for m in _SEPARATORS.finditer(text))


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation of a list of cards, space separated (order kept)."""
    return " ".join(str(card) for card in cards)


def display_cards(cards: Iterable[Card]) -> str:
    """Cards with Unicode suits, for people: ``7♥ K♦ 🃏``."""
    return " ".join(card.symbol for card in cards)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards by rank then suit ``s h c d``, jokers last."""
    return sorted(cards, key=lambda card: card.index)


class _Red(Protocol):
    @property
    def red(self) -> int: ...


def red_total(*groups: Iterable[_Red]) -> int:
    """The red points of cards, melds or both (R-RED): a player's total is
    ``red_total(concealed, melds)``.

    >>> red_total(parse_cards("10h Qd 3d 9s"))
    14
    """
    return sum(item.red for group in groups for item in group)

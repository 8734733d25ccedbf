"""Melds laid face up: chi pairs, pongs, kongs and jokers (R-PAIR14, R-SET, R-TOU, R-FAN).

A meld is validated when it is made: a chi that does not sum to 14, a pong of mixed ranks or a
kong of three cards raise :class:`MeldError` naming the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from trainer.engine.cards import Card, display_cards, format_cards, parse_cards
from trainer.engine.errors import Dou14Error, MeldError
from trainer.engine.messages import Message


class MeldKind(StrEnum):
    """The ``kind`` values of docs/format.md."""

    CHI = "chi"
    PONG = "pong"
    KONG = "kong"
    JOKER = "joker"


def meld_kind(value: object) -> MeldKind:
    """The :class:`MeldKind` named by ``value``; :class:`MeldError` if there is none."""
    if isinstance(value, MeldKind):
        return value
    for kind in MeldKind:
        if value == kind.value:
            return kind
    raise MeldError(f"unknown meld kind {value!r} (use chi, pong, kong or joker)",
                    Message.of("engine_error.meld_kind", (), kind=str(value)))


def _problem(kind: MeldKind, cards: tuple[Card, ...]
             ) -> tuple[str, str, tuple[str, ...], dict[str, int]] | None:
    """Why these cards do not make a meld of ``kind``: the English (``{shown}`` the cards as
    written), the catalog key, the rule ids and the numbers both say — or None when they do."""
    if kind is MeldKind.CHI:
        if len(cards) != 2:
            return ("a chi is two cards, not {count}: {shown}", "engine_error.chi_size",
                    ("R-PAIR14",), {"count": len(cards)})
        if any(card.rank is None for card in cards):
            return ("a joker never joins a 14-pair: {shown}", "engine_error.chi_joker",
                    ("R-PAIR14",), {})
        total = sum(card.rank or 0 for card in cards)
        if total != 14:
            return ("a chi must sum to 14, {shown} sums to {total}", "engine_error.chi_sum",
                    ("R-PAIR14",), {"total": total})
        return None
    if kind is MeldKind.JOKER:
        if len(cards) != 1 or not cards[0].is_joker:
            return ("a joker meld is one joker, not {shown}", "engine_error.joker_meld",
                    ("R-TOU",), {})
        return None
    size = 3 if kind is MeldKind.PONG else 4
    if len(cards) != size:
        return (f"a {kind.value} is {size} cards of one rank, not {{count}}: {{shown}}",
                f"engine_error.{kind.value}_size", ("R-SET",), {"count": len(cards)})
    if len({card.rank for card in cards}) != 1:
        return (f"a {kind.value} needs cards of one rank, {{shown}} mixes ranks",
                f"engine_error.{kind.value}_mixed", ("R-SET",), {})
    return None


@dataclass(frozen=True, slots=True)
class Meld:
    """Cards laid face up by one player.

    - ``chi``: two non-joker cards summing to 14 (R-PAIR14, R-CHI); the taken card first.
    - ``pong``: three of a rank, or three jokers (R-SET, R-PONG).
    - ``kong``: four of a rank, or four jokers (R-SET, R-KONG).
    - ``joker``: one joker laid singly (R-TOU, R-FLIP-JOKER).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    red: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        kind = meld_kind(self.kind)
        object.__setattr__(self, "kind", kind)
        cards = tuple(self.cards)
        object.__setattr__(self, "cards", cards)
        problem = _problem(kind, cards)
        if problem is not None:  # worded only then: a valid meld is made thousands of times
            english, key, rules, params = problem
            raise MeldError(f"{english.format(shown=repr(format_cards(cards)), **params)}"
                            f" ({', '.join(rules)})",
                            Message.of(key, rules, cards=display_cards(cards), **params))
        object.__setattr__(self, "red", sum(card.red for card in cards))

    @property
    def is_joker_set(self) -> bool:
        """A pong or kong of jokers (R-SET)."""
        return self.kind in (MeldKind.PONG, MeldKind.KONG) and self.cards[0].is_joker

    @property
    def rank(self) -> int | None:
        """The rank of a pong or kong of ranked cards; ``None`` otherwise."""
        if self.kind in (MeldKind.PONG, MeldKind.KONG):
            return self.cards[0].rank
        return None

    def fan(self, joker_kong_fan: int = 5) -> int:
        """Fan of this meld (R-FAN): :func:`meld_fan`."""
        return meld_fan(self.kind, self.cards[0].is_joker, joker_kong_fan)

    def __str__(self) -> str:
        return f"{self.kind.value}:{format_cards(self.cards).replace(' ', ',')}"

    def __repr__(self) -> str:
        """``Meld.parse('chi:8h,6s')``: evaluates back to an equal meld.

        >>> Meld.parse('pong:Qh,Qs,Qd')
        Meld.parse('pong:Qh,Qs,Qd')
        """
        return f"Meld.parse({str(self)!r})"

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind.value, "cards": format_cards(self.cards)}

    @classmethod
    def of(cls, kind: MeldKind | str, cards: str | Iterable[Card]) -> Meld:
        """Make a meld from a kind and cards given as notation or Card objects."""
        parsed = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        return cls(meld_kind(kind), parsed)

    @classmethod
    def from_json(cls, data: Any) -> Meld:
        """Read ``{"kind": "pong", "cards": "Qh Qs Qd"}``; unknown keys are errors."""
        if not isinstance(data, dict):
            raise MeldError(f"a meld must be an object with 'kind' and 'cards', not {data!r}")
        unknown = sorted(str(key) for key in data if key not in ("kind", "cards"))
        if unknown:
            raise MeldError(f"unknown meld key {unknown[0]!r} (use 'kind' and 'cards')")
        if "kind" not in data or "cards" not in data:
            raise MeldError(f"a meld needs both 'kind' and 'cards': {data!r}")
        cards = data["cards"]
        if not isinstance(cards, str):
            raise MeldError(f"meld 'cards' must be a string of cards, not {cards!r}")
        try:
            return cls.of(data["kind"], cards)
        except MeldError:
            raise
        except Dou14Error as error:
            raise MeldError(f"in meld {data!r}: {error}") from error

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read the command line form ``chi:8h,6s`` / ``pong:Qh,Qs,Qd`` / ``joker:X``."""
        kind, sep, cards = text.partition(":")
        if not sep:
            raise MeldError(f"a meld is written kind:cards, e.g. 'chi:8h,6s', not {text!r}",
                            Message.of("engine_error.meld_form", (), text=text))
        return cls.of(kind.strip().lower(), cards)


def meld_fan(kind: MeldKind, jokers: bool, joker_kong_fan: int = 5) -> int:
    """Fan of a meld of ``kind`` (``jokers``: a set of jokers, or a single joker), the one count
    of R-FAN that :meth:`Meld.fan` and the play-outs' lean form (trainer/coach/fast_form.py) both
    use: joker 1, pong 1, kong 2, joker pong 4, joker kong ``joker_kong_fan`` (5 by
    docs/rules.md's decision), chi 0.

    >>> meld_fan(MeldKind.PONG, False), meld_fan(MeldKind.PONG, True), meld_fan(MeldKind.KONG, True, 6)
    (1, 4, 6)
    """
    if kind is MeldKind.JOKER:
        return 1
    if kind is MeldKind.PONG:
        return 4 if jokers else 1
    if kind is MeldKind.KONG:
        return joker_kong_fan if jokers else 2
    return 0


def melds_fan(melds: Iterable[Meld], joker_kong_fan: int = 5) -> int:
    """Total fan of laid-down melds (R-FAN)."""
    return sum(meld.fan(joker_kong_fan) for meld in melds)

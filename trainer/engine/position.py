"""Positions: docs/format.md's JSON position, read, validated and written (R-PARITY, R-DECK).

A position is what one player sees when deciding: their concealed ``hand``, their ``melds``,
the ``card`` they may claim with its ``source`` and who offered it (``offered_by``, the JSON key
``"from"``: a claim depends on it, R-CHI, R-OWN-FLIP), and the house ``rules``. ``card`` is
``None`` for a waiting hand (``dou14 waits``) or, with an even hand, for the dealer before the
first discard (天走).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from trainer.engine.cards import Card, display_cards, format_cards, parse_card, parse_cards
from trainer.engine.errors import Dou14Error, PositionError, PositionPart
from trainer.engine.fan import FanItem, meld_fan_items
from trainer.engine.inputs import bounded_json
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message
from trainer.engine.rules import DEFAULT_RULES, RuleSet
from trainer.engine.seats import Relation
from trainer.engine.sources import Source

_Parsed = TypeVar("_Parsed")
"""What a field's parser returns (a card, or a tuple of cards)."""

MAX_WAITING_HAND = 7
"""A player waiting for others holds at most 7 concealed cards (R-DEAL, R-PARITY)."""
MAX_DEALER_HAND = 8
POSITION_KEYS = ("rules", "hand", "melds", "card", "source", "from", "dealer_first_discard")


@dataclass(frozen=True, slots=True)
class Position:
    """One player's decision point (docs/format.md), validated on construction.

    Raises :class:`PositionError` for a card used more often than the deck holds (R-DECK), a
    concealed count that cannot occur (R-PARITY: odd while waiting; even only for the dealer
    before the first discard), or a source that does not fit the card.

    ``offered_by`` says who discarded or flipped ``card``, seen from this player: ``None`` means
    another player (which one left open), :attr:`Relation.YOU` only with a flip (your own flip,
    R-OWN-FLIP), :attr:`Relation.OPPOSITE` only at a four-player table.
    """

    hand: tuple[Card, ...]
    melds: tuple[Meld, ...] = ()
    card: Card | None = None
    source: Source | None = None
    dealer_first_discard: bool = False
    rules: RuleSet = DEFAULT_RULES
    offered_by: Relation | None = None
    melds_red: int = field(init=False, compare=False, repr=False)
    melds_fan: int = field(init=False, compare=False, repr=False)
    meld_fan_items: tuple[FanItem, ...] = field(init=False, compare=False, repr=False)
    melds_have_red: bool = field(init=False, compare=False, repr=False)
    melds_have_black: bool = field(init=False, compare=False, repr=False)
    hand_sorted: tuple[Card, ...] = field(init=False, compare=False, repr=False)
    melds_colours: int = field(init=False, compare=False, repr=False)
    """The colours laid: 1 red, 2 black, or-ed (R-RED), as ``COLOUR_OF`` counts them."""
    claim_blocked: bool = field(init=False, compare=False, repr=False)
    """Win, pong and kong are closed on this card: it is the player's own flip and the table
    plays ``win_pong_kong_on_own_flip`` off (R-OWN-FLIP, the default)."""

    def __post_init__(self) -> None:
        hand = tuple(self.hand)
        melds = tuple(self.melds)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "melds", melds)
        if self.card is not None and self.source is None:
            object.__setattr__(self, "source", Source.DISCARD)
        elif self.source is not None and not isinstance(self.source, Source):
            try:  # a string from notation or a caller: one of the source's values, or refused
                object.__setattr__(self, "source", Source.read(self.source))
            except Dou14Error as error:
                raise PositionError(str(error)) from None
        _check_counts(self)  # first: a card the deck holds once, typed 400 times, is the
        _check_shape(self)  # problem to name, not the hand's size
        object.__setattr__(self, "hand_sorted", tuple(sorted(hand, key=lambda c: c.index)))
        items = meld_fan_items(melds, self.rules.joker_kong_fan)
        laid = [card for meld in melds for card in meld.cards]
        object.__setattr__(self, "melds_red", sum(card.red for card in laid))
        object.__setattr__(self, "melds_fan", sum(item.fan for item in items))
        object.__setattr__(self, "meld_fan_items", items)
        object.__setattr__(self, "melds_have_red", any(card.is_red for card in laid))
        object.__setattr__(self, "melds_have_black", any(card.is_black for card in laid))
        object.__setattr__(self, "melds_colours", (1 if self.melds_have_red else 0) |
                           (2 if self.melds_have_black else 0))
        object.__setattr__(self, "claim_blocked", self.offered_by is Relation.YOU and
                           not self.rules.win_pong_kong_on_own_flip)

    @property
    def is_tianzou_check(self) -> bool:
        """The dealer's whole hand before the first discard: no card, even count (R-SPECIAL)."""
        return self.card is None and len(self.hand) % 2 == 0

    @property
    def own_flip(self) -> bool:
        """The card on the table is one this player flipped themselves (R-OWN-FLIP)."""
        return self.offered_by is Relation.YOU

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the player: concealed, the claimed card, and every meld's cards."""
        extra = () if self.card is None else (self.card,)
        return self.hand + extra + tuple(card for meld in self.melds for card in meld.cards)

    def with_card(self, card: Card | None, source: Source | None = Source.DISCARD,
                  dealer_first_discard: bool = False,
                  offered_by: Relation | None = None) -> Position:
        """The same hand facing another claimed card (offered by ``offered_by``)."""
        present = card is not None
        return Position(self.hand, self.melds, card, source if present else None,
                        dealer_first_discard if present else False, self.rules,
                        offered_by if present else None)

    # -- JSON -----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """docs/format.md's position object; ``Position.from_json(p.to_json()) == p``."""
        rules = self.rules.to_json()
        main = ("players", "jokers", "scoring", "base", "fan_cap")
        default = DEFAULT_RULES.to_json()
        shown = {k: v for k, v in rules.items() if k in main or (k != "red_threshold" and v != default[k])}
        if self.rules.red_threshold != RuleSet(players=self.rules.players).red_threshold:
            shown["red_threshold"] = self.rules.red_threshold
        data: dict[str, Any] = {
            "rules": shown,
            "hand": format_cards(self.hand),
            "melds": [meld.to_json() for meld in self.melds],
            "card": None if self.card is None else str(self.card),
        }
        if self.card is not None:
            data["source"] = self.source
            if self.offered_by is not None:
                data["from"] = self.offered_by.value
            data["dealer_first_discard"] = self.dealer_first_discard
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    def __repr__(self) -> str:
        """``Position.from_json('{…}')``: evaluates back to an equal position.

        >>> p = position_of("7h 7s 2d", card="Qh", source="flip")
        >>> repr(p).startswith("Position.from_json(")
        True
        >>> eval(repr(p)) == p
        True
        """
        return f"Position.from_json({self.dumps()!r})"

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read a position from a JSON object (``dict``) or JSON text; :class:`PositionError`
        names what is wrong."""
        if isinstance(data, str | bytes):
            try:
                data = bounded_json(data)
            except ValueError as error:  # bad JSON, too long or deep, huge integers
                raise PositionError(f"not valid JSON: {error}") from None
        if not isinstance(data, Mapping):
            raise PositionError(f"a position must be a JSON object, not {type(data).__name__}")
        unknown = sorted(str(key) for key in data if key not in POSITION_KEYS)
        if unknown:
            raise PositionError(
                f"unknown position key {unknown[0]!r} (known: {', '.join(POSITION_KEYS)})"
            )
        if "hand" not in data:
            raise PositionError("a position needs 'hand'")
        try:
            rules = RuleSet.from_json(data.get("rules"))
        except Dou14Error as error:
            raise PositionError(f"rules: {error}") from None
        hand = _read_cards("hand", data["hand"])
        melds = _read_melds(data.get("melds", []))
        card = _read_card(data.get("card"))
        try:
            source = None if data.get("source") is None else Source.read(data["source"])
        except Dou14Error as error:
            raise PositionError(str(error)) from None
        first = data.get("dealer_first_discard", False)
        if not isinstance(first, bool):
            raise PositionError(f"dealer_first_discard must be true or false, not {first!r}")
        return cls(hand, melds, card, source, first, rules, _read_from(data.get("from")))


def _read_from(value: Any) -> Relation | None:
    if value is None:
        return None
    try:
        return Relation(value) if isinstance(value, str) else Relation("?")
    except ValueError:
        known = ", ".join(relation.value for relation in Relation)
        raise PositionError(f"from must be one of {known}, not {value!r}") from None


def _parsed(name: str, value: Any, parse: Callable[[str], _Parsed], wanted: str) -> _Parsed:
    """``value`` read by ``parse``; any fault is a PositionError naming the field ``name``
    (``wanted`` says what the field must be when it is not even a string)."""
    if not isinstance(value, str):
        raise PositionError(f"{name} must be {wanted}, not {value!r}")
    try:
        return parse(value)
    except Dou14Error as error:
        raise PositionError(f"{name}: {error}") from None


def _read_cards(name: str, value: Any) -> tuple[Card, ...]:
    return _parsed(name, value, parse_cards, "a string of cards")


def _read_card(value: Any) -> Card | None:
    return None if value is None else _parsed("card", value, parse_card,
                                              "one card as a string or null")


def _read_melds(value: Any) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise PositionError(f"melds must be a list, not {value!r}")
    melds = []
    for number, item in enumerate(value, start=1):
        try:
            melds.append(Meld.from_json(item))
        except Dou14Error as error:
            raise PositionError(f"meld {number}: {error}") from None
    return tuple(melds)


def _check_shape(position: Position) -> None:
    size = len(position.hand)
    _check_offered_by(position)
    if position.card is None:
        if position.source is not None:
            raise PositionError("source is given but there is no card to claim")
        if position.dealer_first_discard:
            raise PositionError("dealer_first_discard is set but there is no card to claim")
        if size % 2 == 0:
            if size == 0 or size > MAX_DEALER_HAND:
                raise PositionError(
                    f"the dealer holds 2 to {MAX_DEALER_HAND} cards before the first discard,"
                    f" not {size} (R-DEAL, R-PARITY)",
                    Message.of("engine_error.dealer_size", ("R-DEAL", "R-PARITY"),
                               most=MAX_DEALER_HAND, size=size))
            chis = [meld for meld in position.melds if meld.kind is MeldKind.CHI]
            if chis:
                raise PositionError(
                    f"no chi can be laid before the first discard, but {chis[0]} is (R-CHI)",
                    Message.of("engine_error.chi_before_first", ("R-CHI",),
                               cards=display_cards(chis[0].cards)))
            return
    elif size % 2 == 0 and size <= MAX_DEALER_HAND:  # more than any hand holds: said below
        raise PositionError(
            f"a player waiting for a card holds an odd number of concealed cards, not {size}"
            " (R-PARITY: 相公)",
            Message.of("engine_error.waiting_even", ("R-PARITY",), size=size))
    if position.dealer_first_discard and position.source is not Source.DISCARD:
        raise PositionError("the dealer's first discard is a discard, not a flip (R-SPECIAL 接地)",
                            Message.of("engine_error.first_discard_flip", ("R-SPECIAL",)))
    if size > MAX_WAITING_HAND:
        raise PositionError(
            f"a waiting player holds at most {MAX_WAITING_HAND} concealed cards, not {size}"
            " (R-DEAL, R-PARITY)",
            Message.of("engine_error.waiting_size", ("R-DEAL", "R-PARITY"),
                       most=MAX_WAITING_HAND, size=size))


def _check_offered_by(position: Position) -> None:
    """``from`` needs a card; ``you`` only flips (nobody claims their own discard); ``opposite``
    only at four (R-SEAT, R-OWN-FLIP)."""
    offered_by = position.offered_by
    if offered_by is None:
        return
    if not isinstance(offered_by, Relation):
        raise PositionError(f"offered_by must be a Relation, not {offered_by!r}")
    if position.card is None:
        raise PositionError("'from' is given but there is no card to claim")
    if offered_by is Relation.YOU and position.source is not Source.FLIP:
        raise PositionError(
            "'from': 'you' goes only with 'source': 'flip': nobody claims their own discard"
            " (R-OWN-FLIP)", Message.of("engine_error.own_discard", ("R-OWN-FLIP",)))
    if offered_by is Relation.OPPOSITE and position.rules.players != 4:
        raise PositionError("'from': 'opposite' needs four players (R-SEAT)",
                            Message.of("engine_error.no_opposite", ("R-SEAT",)))


def _check_counts(position: Position) -> None:
    counts = Counter(position.all_cards)
    for card, count in counts.items():
        allowed = position.rules.jokers if card.is_joker else 1
        if count > allowed:
            raise PositionError(
                f"{str(card)!r} appears {count} times; a {position.rules.jokers}-joker deck"
                f" holds {allowed} (R-DECK)",
                Message.of("engine_error.too_many_jokers" if card.is_joker else
                           "engine_error.too_many", ("R-DECK",), card=card, count=count,
                           allowed=allowed))


def position_of(hand: str | Iterable[Card], *, melds: Iterable[Meld | str] = (),
                card: str | Card | None = None, source: Source | str | None = None,
                dealer_first_discard: bool = False, rules: RuleSet = DEFAULT_RULES,
                offered_by: Relation | None = None) -> Position:
    """Build a position from notation: ``position_of("7h 7s", card="7d", melds=["chi:8h,6s"])``.

    A part that cannot be read raises :class:`PositionError` naming it in ``part``, its cause
    kept (a page names the typo and its box in the learner's words):

    >>> try:
    ...     position_of("7h 7s", card="7x")
    ... except PositionError as error:
    ...     str(error.part)
    'card'
    """
    part = PositionPart.HAND
    try:
        cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
        part = PositionPart.MELDS
        laid = tuple(Meld.parse(m) if isinstance(m, str) else m for m in melds)
        part = PositionPart.CARD
        claimed = parse_card(card) if isinstance(card, str) else card
        part = PositionPart.SOURCE
        how = None if source is None else Source.read(source)
    except Dou14Error as error:
        raise PositionError(str(error), error.said, part) from error
    return Position(cards, laid, claimed, how, dealer_first_discard, rules, offered_by)

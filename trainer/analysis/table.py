"""The safety table: what a player who must discard sees (R-PUBLIC) — their hand and melds,
every seat's melds and hand size, the cards between the players with their origin, and what
passed each opponent since their hand last changed (R-READ) — with its JSON (docs/format.md)
and the adapter from a game view. Counting on it: :mod:`trainer.analysis.counting`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer.engine.cards import Card, deck, format_cards, parse_card, parse_cards
from trainer.engine.errors import Dou14Error, PositionError
from trainer.engine.game.view import PlayerView
from trainer.engine.melds import Meld
from trainer.engine.messages import Message
from trainer.engine.rules import RuleSet
from trainer.engine.seats import relation
from trainer.engine.sources import Source, TableCard


def seat_words(seat: int, viewer: int, players: int) -> Message:
    """A seat named as the discarding player sees it: your lower player (下家), the player
    opposite (对家), your upper player (上家) — as the table draws them (R-SEAT)."""
    return Message.of(f"seat.{relation(seat, viewer, players).value}")


@dataclass(frozen=True)
class SafetyTable:
    """What the discarding player sees (R-PUBLIC), plus — for open-hand teaching — the others'
    concealed hands. ``seat`` must discard from ``hand``; ``table_cards`` are the cards lying
    between neighbours; ``first_discard`` marks the dealer's first discard (接地)."""

    rules: RuleSet
    seat: int
    hand: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    table_cards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    first_discard: bool = False
    hands: tuple[tuple[Card, ...], ...] | None = None
    piles: tuple[tuple[TableCard, ...], ...] | None = None
    """Per seat, the cards lying between that seat and its lower player with how each got there
    (``discard`` or ``flip``, R-PUBLIC); when given, ``table_cards`` are exactly these cards."""
    passed: tuple[tuple[Card, ...], ...] | None = None
    """Per seat, the cards that passed that player since their concealed hand last changed
    (R-READ; empty for the discarder). None: the history is not known (no proof by it)."""
    discards: tuple[tuple[Card, ...], ...] | None = None
    """Per seat, every card that player discarded this hand, oldest first — lying on the table
    or since taken into a set (R-PUBLIC). What a player threw tells what they keep
    (:mod:`trainer.analysis.risk_features`); None: not known."""

    def __post_init__(self) -> None:
        players = self.rules.players
        if self.piles is not None:
            if len(self.piles) != players:
                raise PositionError("piles need one list per seat")
            for pile in self.piles:
                for _card, source in pile:
                    if source not in ("discard", "flip"):
                        raise PositionError(f"a pile card is discarded or flipped, not {source!r}")
            laid = sorted((card for pile in self.piles for card, _ in pile), key=lambda c: c.index)
            if laid != sorted(self.table_cards, key=lambda c: c.index):
                raise PositionError("the table cards must be the cards of the piles")
        if not 0 <= self.seat < players:
            raise PositionError(f"seat {self.seat} is not 0..{players - 1}")
        if self.passed is not None:
            if len(self.passed) != players:
                raise PositionError("passed needs one list per seat")
            if self.passed[self.seat]:
                raise PositionError("nothing passes the discarder: their hand just changed")
            if any(card.is_joker for cards in self.passed for card in cards):
                raise PositionError("a joker is never won on, so it never counts as passed")
        if self.discards is not None:
            self._check_discards()
        if len(self.melds) != players or len(self.hand_sizes) != players:
            raise PositionError(f"a table of {players} players needs melds and hand sizes for each")
        if self.hand_sizes[self.seat] != len(self.hand):
            raise PositionError("the discarder's hand size must match their hand")
        if len(self.hand) % 2:
            raise PositionError(f"a player about to discard holds an even number of cards, not "
                                f"{len(self.hand)} (R-PARITY)")
        for other, size in enumerate(self.hand_sizes):
            if other != self.seat and (size % 2 == 0 or not 1 <= size <= 7):
                raise PositionError(f"seat {other} waits with an odd 1..7 cards, not {size} "
                                    "(R-PARITY)")
        if self.hands is not None:
            if len(self.hands) != players:
                raise PositionError("open hands need one hand per seat")
            for other, cards in enumerate(self.hands):
                if other != self.seat and len(cards) != self.hand_sizes[other]:
                    raise PositionError(f"seat {other}'s open hand has {len(cards)} cards, the "
                                        f"table shows {self.hand_sizes[other]}")
        seen = Counter(self.visible())
        if self.hands is not None:
            for other, cards in enumerate(self.hands):
                if other != self.seat:
                    seen.update(cards)
        for card, count in seen.items():
            allowed = self.rules.jokers if card.is_joker else 1
            if count > allowed:
                raise PositionError(f"{str(card)!r} appears {count} times (R-DECK)")

    def _check_discards(self) -> None:
        """Every discard is still in sight: on the table or in a set (R-PUBLIC)."""
        assert self.discards is not None
        if len(self.discards) != self.rules.players:
            raise PositionError("discards need one list per seat")
        laid = Counter(self.table_cards)
        for melds in self.melds:
            for meld in melds:
                laid.update(meld.cards)
        thrown = Counter(card for cards in self.discards for card in cards)
        for card, count in thrown.items():
            if count > laid[card]:
                raise PositionError(f"{str(card)!r} was discarded but lies neither on the table "
                                    "nor in a set")

    def visible(self) -> list[Card]:
        """Every card the discarder can see: own hand, all melds, the cards on the table."""
        cards = list(self.hand)
        for melds in self.melds:
            for meld in melds:
                cards.extend(meld.cards)
        cards.extend(self.table_cards)
        return cards

    def unseen(self) -> Counter[Card]:
        """The cards the discarder cannot see (the others' hands and the stock)."""
        pool = Counter(deck(self.rules.jokers))
        pool.subtract(self.visible())
        return +pool

    def opponents(self) -> list[int]:
        """The other seats in claim order, counterclockwise from the discarder (R-PRIORITY)."""
        players = self.rules.players
        return [(self.seat + step) % players for step in range(1, players)]

    def candidates(self) -> list[Card]:
        """The distinct cards the player may discard, in sort order."""
        return sorted(set(self.hand), key=lambda c: c.index)

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules.to_json(), "seat": self.seat, "hand": format_cards(self.hand),
            "melds": [[m.to_json() for m in melds] for melds in self.melds],
            "table": format_cards(self.table_cards), "hand_sizes": list(self.hand_sizes),
            "first_discard": self.first_discard,
        }
        if self.hands is not None:
            data["hands"] = [format_cards(h) for h in self.hands]
        if self.piles is not None:
            data["piles"] = [[[str(card), source] for card, source in pile] for pile in self.piles]
        if self.passed is not None:
            data["passed"] = [format_cards(cards) for cards in self.passed]
        if self.discards is not None:
            data["discards"] = [format_cards(cards) for cards in self.discards]
        return data

    @classmethod
    def from_json(cls, data: Any) -> SafetyTable:
        if not isinstance(data, dict):
            raise PositionError("a table is a JSON object")
        known = {"rules", "seat", "hand", "melds", "table", "hand_sizes", "first_discard", "hands",
                 "piles", "passed", "discards"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise PositionError(f"unknown table key {unknown[0]!r}")
        try:
            rules = RuleSet.from_json(data.get("rules"))
            melds = tuple(tuple(Meld.from_json(m) for m in seat_melds)
                          for seat_melds in data.get("melds", []))
            hands = data.get("hands")
            piles_data = data.get("piles")
            piles = None if piles_data is None else tuple(
                tuple(TableCard(parse_card(str(card)), Source.read(source)) for card, source in pile)
                for pile in piles_data)
            passed_data, discards_data = data.get("passed"), data.get("discards")
            passed = None if passed_data is None else tuple(
                parse_cards(str(cards)) for cards in passed_data)
            discards = None if discards_data is None else tuple(
                parse_cards(str(cards)) for cards in discards_data)
            return cls(rules, int(data["seat"]), parse_cards(data["hand"]), melds,
                       parse_cards(data.get("table", "")),
                       tuple(int(size) for size in data["hand_sizes"]),
                       bool(data.get("first_discard", False)),
                       None if hands is None else tuple(parse_cards(h) for h in hands), piles,
                       passed, discards)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, Dou14Error):
                raise
            raise PositionError(f"a table needs seat, hand, melds and hand_sizes: {error}") from None


# -- open hands ---------------------------------------------------------------------------------


def table_from_view(view: PlayerView, *, open_hands: Sequence[Sequence[Card]] | None = None,
                    first_discard: bool | None = None) -> SafetyTable:
    """The safety table of a player's view of a game (R-PUBLIC), piles with their origin."""
    table_cards = tuple(entry.card for pile in view.piles for entry in pile)
    first = (view.seat == view.dealer and not view.dealer_discarded) if first_discard is None \
        else first_discard
    piles = view.piles
    history = view.history
    passed = None if history is None else tuple(
        () if seat == view.seat else history.passed_cards(seat)
        for seat in range(view.rules.players))
    discards = None if history is None or not history.discards else history.discards
    return SafetyTable(view.rules, view.seat, view.hand, view.melds, table_cards,
                       view.hand_sizes, first,
                       None if open_hands is None else tuple(tuple(h) for h in open_hands),
                       piles, passed, discards)

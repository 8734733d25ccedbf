"""Actions of a hand: what a player may do at a decision (R-TOU, R-DISCARD, R-CHI, R-PONG, R-KONG,
R-WIN, R-SPECIAL), as small immutable values that serialize to JSON for replays."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from trainer.engine.cards import Card, format_cards, parse_cards
from trainer.engine.errors import Dou14Error


class ActionKind(StrEnum):
    LAY_JOKER = "lay_joker"
    """Lay a joker face up for one stock card (R-TOU)."""
    LAY_PONG = "lay_pong"
    """Lay a concealed triple face up as a pong for one stock card (R-TOU)."""
    LAY_KONG = "lay_kong"
    """Lay four of a rank face up as a kong for two stock cards (R-TOU, R-KONG 1 / decision)."""
    DONE = "done"
    """End one's lay-downs after the deal (R-TOU-ORDER)."""
    TIANZOU = "tianzou"
    """The dealer declares 天走 before the first discard (R-SPECIAL)."""
    KONG_DRAWN = "kong_drawn"
    """Lay the card drawn right after a pong onto it: kong case 3 (R-KONG)."""
    DISCARD = "discard"
    WIN = "win"
    PONG = "pong"
    KONG = "kong"
    CHI = "chi"
    PASS = "pass"


class Action(NamedTuple):
    """``seat`` does ``kind`` with ``cards`` (the discard, the chi partner, the cards laid down,
    or nothing for pong/kong/win/pass/done/tianzou)."""

    seat: int
    kind: ActionKind
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.cards:
            data["cards"] = format_cards(self.cards)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict) or set(data) - {"seat", "kind", "cards"}:
            raise Dou14Error(f"an action is {{seat, kind, cards}}, not {data!r}")
        try:
            kind = ActionKind(str(data.get("kind")))
        except ValueError:
            raise Dou14Error(f"unknown action kind {data.get('kind')!r}") from None
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Dou14Error(f"an action's seat is a number, not {seat!r}")
        cards = data.get("cards", "")
        if not isinstance(cards, str):
            raise Dou14Error(f"an action's cards are notation text, not {cards!r}")
        return cls(seat, kind, parse_cards(cards))

    def __str__(self) -> str:
        cards = f" {format_cards(self.cards)}" if self.cards else ""
        return f"seat {self.seat} {self.kind.value}{cards}"

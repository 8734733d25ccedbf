"""Fan items (R-FAN): what each laid-down meld and each special win adds.

Each joker laid singly 1, each pong 1, each kong 2, a joker pong 4 in all, a joker kong
``RuleSet.joker_kong_fan`` (5 by docs/rules.md's decision), each special win 3 (R-SPECIAL).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.cards import Card
from trainer.engine.melds import Meld, MeldKind

SPECIAL_FAN = 3
"""Each special win adds 3 fan (R-SPECIAL, R-FAN)."""


@dataclass(frozen=True, slots=True)
class FanItem:
    """One line of the fan count: what it is (catalog key), the cards, its fan, its rule."""

    key: str
    cards: tuple[Card, ...]
    fan: int
    rule: str


def meld_fan_items(melds: Iterable[Meld], joker_kong_fan: int = 5) -> tuple[FanItem, ...]:
    """The fan items of laid-down melds, in order; chi pairs carry none (R-FAN)."""
    items: list[FanItem] = []
    for meld in melds:
        if meld.kind is MeldKind.CHI:
            continue
        if meld.kind is MeldKind.JOKER:
            key = "fan.joker"
        elif meld.is_joker_set:
            key = "fan.joker_pong" if meld.kind is MeldKind.PONG else "fan.joker_kong"
        else:
            key = "fan.pong" if meld.kind is MeldKind.PONG else "fan.kong"
        items.append(FanItem(key, meld.cards, meld.fan(joker_kong_fan), "R-FAN"))
    return tuple(items)


def special_fan_item(name: str) -> FanItem:
    """The fan item of a special win named as in docs/format.md (``tianzou``, ``jiedi``, …)."""
    return FanItem(f"fan.{name}", (), SPECIAL_FAN, "R-SPECIAL")

"""One canonical form per puzzle board, so the bank holds no duplicates: the cards of a hand in
sort order, and the colour-keeping suit swaps (hearts↔diamonds, spades↔clubs, both) counted as
the same position — they change no red total, no colour and no pair."""

from __future__ import annotations

import json
import re
from typing import Any

_SWAPS: tuple[dict[str, str], ...] = ({}, {"h": "d", "d": "h"}, {"s": "c", "c": "s"}, {"h": "d", "d": "h", "s": "c", "c": "s"})
_CARD = re.compile(r"\b(10|[2-9AJQK])([shcd])\b")
_SORTED_FIELDS = ("hand",)


def _swap(text: str, swap: dict[str, str]) -> str:
    return _CARD.sub(lambda m: m.group(1) + swap.get(m.group(2), m.group(2)), text)


def _sorted_hand(data: Any) -> Any:
    """Hands in sort order (rank, then suit s h c d) wherever a board lists one."""
    if isinstance(data, dict):
        return {key: (_sort_cards(value) if key in _SORTED_FIELDS and isinstance(value, str)
                      else [_sort_cards(v) for v in value] if key == "hands"
                      and isinstance(value, list) else _sorted_hand(value))
                for key, value in data.items()}
    if isinstance(data, list):
        return [_sorted_hand(item) for item in data]
    return data


_ORDER = {rank: i for i, rank in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                            "J", "Q", "K"])}
_SUIT = {"s": 0, "h": 1, "c": 2, "d": 3}


def _sort_cards(text: str) -> str:
    def key(card: str) -> tuple[int, int]:
        if card == "X":
            return (99, 0)
        return (_ORDER[card[:-1]], _SUIT[card[-1]])

    return " ".join(sorted(text.split(), key=key))


def canonical_key(kind: str, board: dict[str, Any]) -> str:
    """The smallest of the board's colour-keeping suit swaps, with sorted hands, as text."""
    forms = []
    for swap in _SWAPS:
        text = _swap(json.dumps(board, sort_keys=True, ensure_ascii=False), swap)
        forms.append(json.dumps(_sorted_hand(json.loads(text)), sort_keys=True,
                                ensure_ascii=False))
    return kind + ":" + min(forms)

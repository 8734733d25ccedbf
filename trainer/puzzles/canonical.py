"""One canonical form per puzzle board, so the bank holds no duplicates: the cards of a hand in
sort order, and the colour-keeping suit swaps (hearts↔diamonds, spades↔clubs, both) counted as
the same position — they change no red total, no colour and no pair."""

from __future__ import annotations

import json
import re
from typing import Any

_SWAPS: tuple[dict[str, str], ...] = (
    {}, {"h": "d", "d": "h"}, {"s": "c", "c": "s"}, {"h": "d", "d": "h", "s": "c", "c": "s"})
_CARD = re.compile(r"\b(10|[2-9AJQK])([shcd])\b")
_ORDER = {rank: i for i, rank in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                            "J", "Q", "K"])}
_SUIT = {"s": 0, "h": 1, "c": 2, "d": 3}


def _swap(text: str, swap: dict[str, str]) -> str:
    if not swap:
        return text
    return _CARD.sub(lambda m: m.group(1) + swap.get(m.group(2), m.group(2)), text)


def _card_key(card: str) -> tuple[int, int]:
    return (99, 0) if card == "X" else (_ORDER[card[:-1]], _SUIT[card[-1]])


def _sort_cards(text: str) -> str:
    return " ".join(sorted(text.split(), key=_card_key))


def _sort_hands(board: dict[str, Any]) -> None:
    """Hands in sort order (rank, then suit s h c d) where a board lists them."""
    for holder in (board, board.get("position")):
        if isinstance(holder, dict) and isinstance(holder.get("hand"), str):
            holder["hand"] = _sort_cards(holder["hand"])
    hands = board.get("hands")
    if isinstance(hands, list):
        board["hands"] = [_sort_cards(h) if isinstance(h, str) else h for h in hands]


def canonical_key(kind: str, board: dict[str, Any]) -> str:
    """The smallest of the board's colour-keeping suit swaps, with sorted hands, as text. The
    rules (which hold no cards) are set aside while the cards are swapped."""
    data = dict(board)
    position = data.get("position")
    rules = None
    if isinstance(position, dict):
        position = dict(position)
        rules = position.pop("rules", None)
        data["position"] = position
    else:
        rules = data.pop("rules", None)
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    forms = []
    for swap in _SWAPS:
        swapped = json.loads(_swap(text, swap))
        _sort_hands(swapped)
        forms.append(json.dumps(swapped, sort_keys=True, ensure_ascii=False))
    return f"{kind}:{json.dumps(rules, sort_keys=True)}:{min(forms)}"

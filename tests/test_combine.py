"""R-PAIR14 / R-SET: the 14-pair split against counting."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import splits_into_pairs
from trainer.engine import ALL_CARDS, Card, is_combined, parse_cards, split_pairs

HANDS = st.lists(st.sampled_from(ALL_CARDS), max_size=9, unique_by=lambda c: c.index) | st.lists(
    st.sampled_from(ALL_CARDS[:52]), max_size=9, unique=True)


@pytest.mark.rule("R-PAIR14")
@given(HANDS, st.data())
def test_split_is_a_largest_pairing(cards: list[Card], data: st.DataObject) -> None:
    claimed = data.draw(st.sampled_from(cards)) if cards and data.draw(st.booleans()) else None
    rest = list(cards)
    if claimed is not None:
        rest.remove(claimed)
    pairs, leftovers = split_pairs(rest, claimed)
    counts = Counter(card.rank for card in cards)
    best = sum(min(counts[r], counts[14 - r]) for r in range(1, 7)) + counts[7] // 2
    assert len(pairs) == best
    assert all((a.rank or 0) + (b.rank or 0) == 14 for a, b in pairs)
    assert sorted([c for pair in pairs for c in pair] + list(leftovers),
                  key=lambda c: c.index) == sorted(cards, key=lambda c: c.index)
    if claimed is not None and any(claimed in pair for pair in pairs):
        assert claimed in pairs[0]
    ranks = tuple(sorted(card.rank for card in cards if card.rank is not None))
    assert is_combined(cards) == (splits_into_pairs(ranks) and len(ranks) == len(cards))


@pytest.mark.rule("R-SET", "R-PAIR14")
def test_concealed_triple_needs_three_partners() -> None:
    """R-SET: a concealed triple is no set; three 5s need three 9s."""
    assert not is_combined(parse_cards("5h 5d 5s 9c 9h 7c 7s 3s"))
    assert is_combined(parse_cards("5h 5d 5s 9c 9h 9d 7c 7s"))
    assert not is_combined(parse_cards("X 7h 7s"))

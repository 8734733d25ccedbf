"""A chi's value with its discard chosen on other deals than those that price it (R-CHI): the
best-of-noisy-means bias is gone, and a card better in every deal is always the one taken."""

from __future__ import annotations

import random
import statistics

from hypothesis import given
from hypothesis import strategies as st

from trainer.coach.chi_discards import cross_fitted

DEALS = 192


def _noise(rng: random.Random, cards: int) -> list[list[float]]:
    return [[rng.gauss(0.0, 4.0) for _ in range(DEALS)] for _ in range(cards)]


def test_equal_discards_are_not_valued_above_their_worth() -> None:
    """Four discards all worth 0 in truth: the best sample mean is worth about +1.0 standard
    error of the mean (the expected maximum of four normals), the cross-fitted value 0."""
    rng = random.Random(7)
    weights = [1.0] * DEALS
    best_of_all, fitted = [], []
    for _ in range(300):
        values = _noise(rng, 4)
        best_of_all.append(max(statistics.fmean(card) for card in values))
        fitted.append(statistics.fmean(cross_fitted(values, weights)))
    error = 4.0 / DEALS ** 0.5
    assert statistics.fmean(best_of_all) > 0.8 * error
    spread = statistics.stdev(fitted) / len(fitted) ** 0.5
    assert abs(statistics.fmean(fitted)) < 3 * spread


@given(st.integers(2, 5), st.integers(1, 40), st.integers(0, 2**32), st.data())
def test_a_card_never_worse_in_any_deal_is_the_one_taken(cards: int, deals: int, seed: int,
                                                        data: st.DataObject) -> None:
    rng = random.Random(seed)
    values = [[rng.uniform(-8, 8) for _ in range(deals)] for _ in range(cards)]
    best = data.draw(st.integers(0, cards - 1))
    values[best] = [max(card[i] for card in values) + 1.0 for i in range(deals)]
    weights = [rng.uniform(0.1, 1.0) for _ in range(deals)]
    assert cross_fitted(values, weights) == values[best]


@given(st.integers(1, 4), st.integers(0, 30), st.integers(0, 2**32))
def test_each_deal_takes_one_of_its_own_values(cards: int, deals: int, seed: int) -> None:
    rng = random.Random(seed)
    values = [[float(rng.randint(-5, 5)) for _ in range(deals)] for _ in range(cards)]
    fitted = cross_fitted(values, [1.0] * deals)
    assert len(fitted) == deals
    assert all(any(fitted[i] == card[i] for card in values) for i in range(deals))

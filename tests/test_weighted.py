"""The search's weighted mean and its error (trainer/coach/weighted.py) against plain
references: integer weights are repeated values, equal weights the textbook standard error."""

from __future__ import annotations

import doctest
import math
import statistics

from hypothesis import given
from hypothesis import strategies as st

from trainer.coach import weighted
from trainer.coach.weighted import mean, standard_error

values = st.floats(min_value=-200, max_value=200, allow_nan=False)


@given(st.lists(st.tuples(values, st.integers(min_value=1, max_value=5)), min_size=1, max_size=30))
def test_mean_with_whole_weights_is_the_mean_of_repeated_values(pairs: list[tuple[float, int]]) -> None:
    repeated = [v for v, w in pairs for _ in range(w)]
    got = mean([v for v, _ in pairs], [float(w) for _, w in pairs])
    assert math.isclose(got, statistics.fmean(repeated), rel_tol=1e-9, abs_tol=1e-9)


@given(st.lists(values, min_size=2, max_size=30), st.floats(min_value=0.01, max_value=10))
def test_equal_weights_give_the_plain_standard_error(sample: list[float], weight: float) -> None:
    got = standard_error(sample, [weight] * len(sample))
    expected = statistics.stdev(sample) / math.sqrt(len(sample))
    assert math.isclose(got, expected, rel_tol=1e-6, abs_tol=1e-9)


def test_no_deals_or_no_weight_give_zero() -> None:
    assert mean([], []) == 0.0
    assert mean([3.0, 5.0], [0.0, 0.0]) == 0.0
    assert standard_error([3.0], [1.0]) == 0.0
    assert standard_error([1.0, 9.0], [1.0, 0.0]) == 0.0  # one deal's worth of weight


def test_examples_in_the_docstrings_hold() -> None:
    result = doctest.testmod(weighted)
    assert result.attempted >= 3 and result.failed == 0

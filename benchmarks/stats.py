"""The one definition of the figures the benchmarks report."""

from __future__ import annotations

import math
from collections.abc import Iterable


def p95(values: Iterable[float]) -> float:
    """The 95th percentile by nearest rank: the smallest value at least 95 % of the values do
    not exceed."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]

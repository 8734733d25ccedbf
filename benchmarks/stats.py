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


def mean_interval(values: Iterable[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` (normal approximation)."""
    found = list(values)
    if len(found) < 2:
        raise ValueError("two values at least")
    mean = sum(found) / len(found)
    error = math.sqrt(sum((v - mean) ** 2 for v in found) / (len(found) - 1) / len(found))
    return mean - z * error, mean + z * error

"""Weighted means of the search's play-outs: each deal counts by its weight, how likely the table
makes its hidden hands — players keep their 14-pairs (R-PAIR14,
:func:`~trainer.coach.deals.deal_log_weight`).

One home for the mean and its standard error, so the search, a chi's cross-fitted discard
(:mod:`~trainer.coach.chi_discards`) and a deal-in's price
(:mod:`~trainer.coach.deal_in_price`) weigh the same deals the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean(values: Sequence[float], weights: Sequence[float]) -> float:
    """The weighted mean of ``values``; 0 when there are none or the weights sum to 0.

    >>> mean([1.0, 4.0], [3.0, 1.0])
    1.75
    >>> mean([], [])
    0.0
    """
    if not values:
        return 0.0
    total = sum(weights)
    if total <= 0:
        return 0.0
    return sum(w * v for w, v in zip(weights, values, strict=True)) / total


def standard_error(values: Sequence[float], weights: Sequence[float]) -> float:
    """The standard error of the weighted mean: the weighted spread over the deals' effective
    number (Kish's), with Bessel's correction — the plain standard error when all weights are
    equal; 0 with fewer than two deals' worth of weight.

    >>> round(standard_error([0.0, 2.0, 4.0], [1.0, 1.0, 1.0]), 6)  # sd 2 over sqrt(3)
    1.154701
    """
    if len(values) < 2:
        return 0.0
    total = sum(weights)
    effective = total * total / sum(w * w for w in weights)
    if effective <= 1.0:
        return 0.0
    centre = mean(values, weights)
    spread = sum(w * (v - centre) ** 2 for w, v in zip(weights, values, strict=True)) / total
    return math.sqrt(spread * effective / (effective - 1) / effective)

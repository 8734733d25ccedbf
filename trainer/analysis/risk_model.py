"""The play model: how likely one opponent is to win on a card, learned from play (R-READ).

Uniformly dealt hands misjudge what players hold: players keep their 14-pairs and their red, so
a real hand of three or five concealed cards is ready (下叫) several times more often than a
random one. This model reads what the table shows about an opponent
(:mod:`trainer.analysis.risk_features`) and says their chance to win on the card, as boosted
trees fitted on simulated hands of the heuristic bots (``tools/fit_risk_model.py``, which also
writes the file this reads: ``trainer/data/risk/model.json``, docs/format.md). It refines the deal
readings; it never overrides a proof — :mod:`trainer.analysis.chance` keeps a proven card at 0.

The trees are evaluated here with numpy alone (the fitting library is not needed to play).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from trainer.analysis.risk_features import FEATURES
from trainer.data import data_folder
from trainer.engine.errors import Dou14Error

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float64]
    Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class TreeModel:
    """Boosted trees as flat arrays, one row per tree, one column per node: the feature a node
    splits on and its threshold (a row whose value is at most the threshold goes left), its
    children, and each leaf's value; the chance is the logistic of ``base`` plus the leaves
    reached."""

    base: float
    feature: Ints
    threshold: Floats
    left: Ints
    right: Ints
    value: Floats
    leaf: Any
    depth: int

    def chances(self, rows: Floats) -> Floats:
        """The chance of each row of :data:`~trainer.analysis.risk_features.FEATURES`."""
        import numpy

        trees = numpy.arange(self.feature.shape[0])[None, :]
        node = numpy.zeros((rows.shape[0], self.feature.shape[0]), dtype=numpy.int64)
        picks = numpy.arange(rows.shape[0])[:, None]
        for _ in range(self.depth):
            read = rows[picks, self.feature[trees, node]]
            step = numpy.where(read <= self.threshold[trees, node],
                               self.left[trees, node], self.right[trees, node])
            node = numpy.where(self.leaf[trees, node], node, step)
        logit = self.base + self.value[trees, node].sum(axis=1)
        found: Floats = 1.0 / (1.0 + numpy.exp(-logit))
        return found

    @classmethod
    def from_json(cls, data: Any) -> TreeModel:
        """The model of docs/format.md's risk model file; :class:`Dou14Error` naming what is
        wrong."""
        import numpy

        if not isinstance(data, dict) or data.get("features") != list(FEATURES):
            raise Dou14Error("the risk model's features are not those the trainer computes")
        trees = data.get("trees")
        if not isinstance(trees, list) or not trees:
            raise Dou14Error("the risk model has no trees")
        width = max(len(tree) for tree in trees)
        shape = (len(trees), width)
        feature = numpy.zeros(shape, dtype=numpy.int64)
        left = numpy.zeros(shape, dtype=numpy.int64)
        right = numpy.zeros(shape, dtype=numpy.int64)
        threshold = numpy.zeros(shape, dtype=numpy.float64)
        value = numpy.zeros(shape, dtype=numpy.float64)
        leaf = numpy.ones(shape, dtype=numpy.bool_)  # padding nodes: leaves worth nothing
        depth = 0
        for t, tree in enumerate(trees):
            if not isinstance(tree, list) or not tree:
                raise Dou14Error(f"tree {t} is not a list of nodes")
            for n, node in enumerate(tree):
                if not isinstance(node, list) or len(node) != 5 or \
                        not all(isinstance(x, int | float) for x in node):
                    raise Dou14Error(f"tree {t}, node {n}: [feature, threshold, left, right, "
                                     "value] expected")
                split, cut, low, high, worth = node
                if split >= 0:
                    if not (split < len(FEATURES) and n < low < len(tree) and
                            n < high < len(tree)):
                        raise Dou14Error(f"tree {t}, node {n}: a split out of range")
                    feature[t, n], left[t, n], right[t, n] = split, low, high
                    threshold[t, n] = cut
                    leaf[t, n] = False
                else:
                    left[t, n] = right[t, n] = n
                value[t, n] = worth
            depth = max(depth, _depth(tree))
        return cls(float(data.get("base", 0.0)), feature, threshold, left, right, value, leaf,
                   depth)


def _depth(tree: list[list[float]]) -> int:
    """The number of splits on the longest path from the root."""
    deepest = 0
    stack = [(0, 0)]
    while stack:
        node, depth = stack.pop()
        feature, _threshold, left, right, _value = tree[node]
        if feature < 0:
            deepest = max(deepest, depth)
        else:
            stack.extend(((int(left), depth + 1), (int(right), depth + 1)))
    return deepest


MODEL_FILE = "model.json"


@cache
def model() -> TreeModel:
    """The shipped model (read once per process)."""
    text = data_folder("risk").joinpath(MODEL_FILE).read_text(encoding="utf-8")
    return TreeModel.from_json(json.loads(text))

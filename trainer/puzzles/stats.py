"""What a puzzle bank is worth as teaching material, measured: per kind, the count, the yes/no
share, the answer-set sizes, how often a random answer is graded right, how often "throw the
joker" solves it, duplicates by canonical id, unreachable and trivial positions, and the rank
correlation between the starting rating and how often the simulated solvers succeed (a good
starting rating falls as they succeed more: the correlation should be clearly negative)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trainer.analysis.table import SafetyTable
from trainer.engine import is_reachable
from trainer.puzzles import safe, win
from trainer.puzzles.model import (
    FAN_CHOICES,
    NO_REASONS,
    LeastRiskAnswer,
    Puzzle,
    PuzzleKind,
    SafeSetAnswer,
    WinAnswer,
    WinBoard,
    accepted_reasons,
)
from trainer.puzzles.solvers import solve_rate


def random_chance(puzzle: Puzzle) -> float:
    """The chance that a uniformly random answer is graded right: yes/no at even odds then a
    uniform fan, or a uniform reason of which every one the hand fails is right
    (:func:`~trainer.puzzles.model.accepted_reasons`) ("can you win?"); a uniform non-empty
    subset of the candidates ("tap every safe card"); a uniform candidate ("least risk")."""
    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        if answer.win:
            return 0.5 / float(len(FAN_CHOICES))
        return 0.5 * len(accepted_reasons(puzzle)) / float(len(NO_REASONS))
    candidates = len(puzzle.candidates)
    if isinstance(answer, SafeSetAnswer):
        return 1.0 / float(2 ** candidates - 1)
    return 1.0 / candidates


def joker_only(puzzle: Puzzle) -> bool:
    """Solved by "throw the joker": the whole answer is a joker."""
    answer = puzzle.answer
    if isinstance(answer, SafeSetAnswer):
        return bool(answer.safe) and all(card.is_joker for card in answer.safe)
    if isinstance(answer, LeastRiskAnswer):
        return answer.card.is_joker
    return False


def reachable(puzzle: Puzzle) -> bool:
    board = puzzle.board
    if isinstance(board, WinBoard):
        return is_reachable(board.position)
    assert isinstance(board, SafetyTable)
    return safe.reachable(board)


def trivial(puzzle: Puzzle) -> bool:
    """Obvious at a glance: for "can you win?", a joker in hand or no card pairing with the
    card; for "which discard?", a joker in hand, fewer than three choices, or nothing to
    choose (every candidate safe, or none)."""
    board = puzzle.board
    if isinstance(board, WinBoard):
        return win.trivial(board.position)
    assert isinstance(board, SafetyTable)
    if any(card.is_joker for card in board.hand) or len(puzzle.candidates) < 3:
        return True
    answer = puzzle.answer
    if isinstance(answer, SafeSetAnswer):
        return not answer.safe or len(answer.safe) == len(puzzle.candidates)
    return False


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties given their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in range(start, end + 1):
            result[order[i]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (0.0 when either side is constant or too short)."""
    if len(xs) != len(ys):
        raise ValueError("spearman needs two sequences of the same length")
    if len(xs) < 2:
        return 0.0
    rx, ry = ranks(xs), ranks(ys)
    mean_x, mean_y = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mean_x) * (b - mean_y) for a, b in zip(rx, ry, strict=True))
    var_x = sum((a - mean_x) ** 2 for a in rx)
    var_y = sum((b - mean_y) ** 2 for b in ry)
    if var_x == 0 or var_y == 0:
        return 0.0
    return float(cov / (var_x * var_y) ** 0.5)


@dataclass
class KindStats:
    kind: str
    count: int = 0
    yes: int = 0
    answer_sizes: Counter[int] = field(default_factory=Counter)
    random_chance: float = 0.0
    joker_only: int = 0
    duplicates: int = 0
    unreachable: int = 0
    trivial: int = 0
    rating_vs_solvers: float = 0.0
    themes: Counter[str] = field(default_factory=Counter)

    def share(self, value: int) -> float:
        return value / self.count if self.count else 0.0

    def lines(self) -> list[str]:
        lines = [f"{self.kind}: {self.count} puzzles"]
        if self.kind == PuzzleKind.WIN.value:
            lines.append(f"  yes / no: {self.share(self.yes):.1%} / "
                         f"{self.share(self.count - self.yes):.1%}")
        sizes = ", ".join(f"{size}: {n}" for size, n in sorted(self.answer_sizes.items()))
        lines += [f"  answer-set sizes: {sizes}",
                  f"  random answer graded right: {self.random_chance:.1%} on average",
                  f"  solved by throwing the joker: {self.share(self.joker_only):.1%}",
                  f"  duplicates (canonical): {self.duplicates}",
                  f"  unreachable: {self.unreachable}",
                  f"  trivial: {self.trivial} ({self.share(self.trivial):.1%})",
                  f"  rank correlation, starting rating vs simulated solvers' success: "
                  f"{self.rating_vs_solvers:+.2f}",
                  "  themes: " + ", ".join(f"{t} {n}" for t, n in self.themes.most_common())]
        return lines


def answer_size(puzzle: Puzzle) -> int:
    answer = puzzle.answer
    return len(answer.safe) if isinstance(answer, SafeSetAnswer) else 1


def bank_stats(puzzles: Iterable[Puzzle]) -> list[KindStats]:
    """The statistics of each kind present, in the order of :class:`PuzzleKind`."""
    by_kind: dict[PuzzleKind, list[Puzzle]] = {}
    for puzzle in puzzles:
        by_kind.setdefault(puzzle.kind, []).append(puzzle)
    result = []
    for kind in PuzzleKind:
        group = by_kind.get(kind, [])
        if not group:
            continue
        stats = KindStats(kind.value, count=len(group))
        ids: Counter[str] = Counter()
        for puzzle in group:
            ids[puzzle.id] += 1
            if isinstance(puzzle.answer, WinAnswer) and puzzle.answer.win:
                stats.yes += 1
            stats.answer_sizes[answer_size(puzzle)] += 1
            stats.joker_only += joker_only(puzzle)
            stats.unreachable += not reachable(puzzle)
            stats.trivial += trivial(puzzle)
            stats.themes.update(puzzle.themes)
        stats.duplicates = sum(n - 1 for n in ids.values())
        stats.random_chance = sum(random_chance(p) for p in group) / len(group)
        stats.rating_vs_solvers = spearman([p.rating for p in group],
                                           [solve_rate(p) for p in group])
        result.append(stats)
    return result

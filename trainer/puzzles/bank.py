"""Generating a puzzle bank: mine candidate positions from simulated hands, build each into a
puzzle (or reject it, with the reason counted), drop duplicates by canonical id, and fill the
kind's quotas so the bank is spread over answers and themes.

"Can you win?" quotas keep yes and no at half each and spread them over specials, near misses
of the red total, fan values and hands one pair short; 全红/全黑 positions are constructed (and
checked reachable) only when play did not bring enough of them. "Which discard?" puzzles are
taken at most :data:`PER_HAND` per simulated hand so one hand does not fill the bank.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from trainer.analysis.table import SafetyTable
from trainer.engine import Position, Reason, Relation, RuleSet, verdict
from trainer.engine.game.state import HandState
from trainer.puzzles import safe, win
from trainer.puzzles.model import Provenance, Puzzle, PuzzleError, PuzzleKind, WinAnswer
from trainer.puzzles.rejection import Rejection

PER_HAND = 2
"""At most this many puzzles of one kind from one simulated hand."""

WIN_QUOTAS: dict[str, float] = {
    "special": 0.08, "win-near": 0.12, "win-fan": 0.15, "win-plain": 0.15,
    "own-flip": 0.08, "short-near": 0.17, "short-far": 0.08, "pair-short": 0.17,
}
"""Shares of a "can you win?" bank: the first four say yes (half the bank), the rest no. An
own-flip puzzle is one that would win on another player's card: the rule is its point
(R-OWN-FLIP)."""

CONSTRUCTED_SHARE = 0.5
"""At most this share of the specials bucket is constructed (全红/全黑), the rest mined."""


@dataclass
class Report:
    """What generating one kind took: accepted puzzles, candidates looked at, rejections."""

    kind: str
    accepted: int = 0
    candidates: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.accepted / self.seconds if self.seconds else 0.0

    @property
    def rejected_per_accepted(self) -> float:
        return (self.candidates - self.accepted) / self.accepted if self.accepted else 0.0

    def line(self) -> str:
        reasons = ", ".join(f"{reason} {count}" for reason, count in self.rejected.most_common())
        return (f"{self.kind}: {self.accepted} puzzles in {self.seconds:.1f} s "
                f"({self.per_second:.1f}/s), {self.candidates} candidates, "
                f"{self.rejected_per_accepted:.1f} rejected per accepted ({reasons})")


def win_bucket(puzzle: Puzzle) -> str | None:
    """The quota bucket of a "can you win?" puzzle (None: kept out of the bank)."""
    assert isinstance(puzzle.answer, WinAnswer)
    board = puzzle.board
    assert not isinstance(board, SafetyTable)
    judged = verdict(board.position)
    if judged.reason is Reason.OWN_FLIP:
        open_table = replace(board.position.rules, win_pong_kong_on_own_flip=True)
        would_win = verdict(Position(board.position.hand, board.position.melds,
                                     board.position.card, board.position.source,
                                     board.position.dealer_first_discard, open_table,
                                     board.position.offered_by)).win
        return "own-flip" if would_win else None
    if judged.win:
        if judged.specials:
            return "special"
        if judged.red - judged.threshold <= 2:
            return "win-near"
        return "win-fan" if judged.fan else "win-plain"
    if judged.reason is Reason.RED_SHORT:
        return "short-near" if judged.threshold - judged.red <= 2 else "short-far"
    if judged.reason is Reason.NOT_COMBINED and len(judged.leftovers) <= 2:
        return "pair-short"
    return None


def _quotas(count: int) -> dict[str, int]:
    quotas = {name: int(share * count) for name, share in WIN_QUOTAS.items()}
    yes = ("special", "win-near", "win-fan", "win-plain")
    for name in yes:  # round so yes and no are exactly half (count even) and the total is count
        if sum(quotas[n] for n in yes) < count // 2:
            quotas[name] += 1
    for name in ("pair-short", "short-near", "short-far", "own-flip"):
        if sum(quotas.values()) < count:
            quotas[name] += 1
    while sum(quotas.values()) < count:
        quotas["pair-short"] += 1
    return quotas


def generate_win(count: int, seed: int, budget: int = 400_000) -> tuple[list[Puzzle], Report]:
    """``count`` "can you win?" puzzles mined from play (and constructed specials as needed)."""
    rng = random.Random(seed)
    report = Report(PuzzleKind.WIN.value)
    started = time.perf_counter()
    quotas = _quotas(count)
    taken: dict[str, list[Puzzle]] = {name: [] for name in quotas}
    seen: set[str] = set()
    constructed_cap = int(quotas["special"] * CONSTRUCTED_SHARE)
    constructed_taken = 0

    def offer(position: Position, origin: Relation, provenance: Provenance) -> bool:
        report.candidates += 1
        rejection = win.rejection(position)
        if rejection is not None:
            report.rejected[rejection] += 1
            return False
        puzzle = win.build(position, origin, provenance)
        assert puzzle is not None
        bucket = win_bucket(puzzle)
        if bucket is None:
            blocked = verdict(position).reason is Reason.OWN_FLIP
            report.rejected["own flip that would not win" if blocked
                            else "several cards short"] += 1
            return False
        if puzzle.id in seen:
            report.rejected["duplicate"] += 1
            return False
        if len(taken[bucket]) >= quotas[bucket]:
            report.rejected["quota full"] += 1
            return False
        seen.add(puzzle.id)
        taken[bucket].append(puzzle)
        return True

    def full() -> bool:
        return all(len(taken[name]) >= quotas[name] for name in quotas)

    mined = win.mined(rng)
    per_hand: Counter[int] = Counter()
    while not full() and report.candidates < budget:
        hand, position, origin = next(mined)
        if per_hand[hand] >= PER_HAND:
            report.candidates += 1
            report.rejected["hand already used"] += 1
            continue
        if offer(position, origin, Provenance.SIMULATED):
            per_hand[hand] += 1
        specials = taken["special"]
        if report.candidates % 50 == 0 and constructed_taken < constructed_cap and \
                len(specials) < quotas["special"]:
            colour = rng.random() < 0.5
            position, origin = win.constructed(rng, colour)
            if offer(position, origin, Provenance.CONSTRUCTED):
                constructed_taken += 1
    puzzles = [puzzle for name in quotas for puzzle in taken[name]]
    if len(puzzles) < count:
        raise PuzzleError(f"only {len(puzzles)} of {count} win puzzles after "
                          f"{report.candidates} candidates: "
                          + ", ".join(f"{n} {len(taken[n])}/{quotas[n]}" for n in quotas))
    rng.shuffle(puzzles)
    report.accepted = len(puzzles)
    report.seconds = time.perf_counter() - started
    return puzzles, report


def generate_safe(kind: PuzzleKind, count: int, seed: int,
                  budget: int = 400_000) -> tuple[list[Puzzle], Report]:
    """``count`` "which discard?" puzzles of ``kind`` (safe_set: hands open, least_risk: hidden)
    mined from simulated hands."""
    rng = random.Random(seed)
    report = Report(kind.value)
    started = time.perf_counter()
    open_hands = kind is PuzzleKind.SAFE_SET
    build: Callable[..., Puzzle | Rejection] = safe.build_open if open_hands else safe.build_hidden
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    per_hand: Counter[int] = Counter()
    moments: Iterator[tuple[int, HandState, int]] = safe.moments(rng)
    while len(puzzles) < count and report.candidates < budget:
        hand, state, seat = next(moments)
        report.candidates += 1
        if per_hand[hand] >= PER_HAND:
            report.rejected["hand already used"] += 1
            continue
        made = build(safe.table_at(state, seat, open_hands), Provenance.SIMULATED)
        if isinstance(made, Rejection):
            report.rejected[made] += 1
            continue
        if made.id in seen:
            report.rejected["duplicate"] += 1
            continue
        full = _least_risk_quota_full(kind, made, puzzles, count)
        if full is not None:
            report.rejected[full] += 1
            continue
        seen.add(made.id)
        per_hand[hand] += 1
        puzzles.append(made)
    if len(puzzles) < count:
        raise PuzzleError(f"only {len(puzzles)} of {count} {kind.value} puzzles after "
                          f"{report.candidates} candidates")
    report.accepted = len(puzzles)
    report.seconds = time.perf_counter() - started
    return puzzles, report


READ_SHARE = 0.35
"""At least this share of a "least risk" bank needs the passes (theme read-the-table)."""
PARTNERS_SHARE = 0.45
"""At most this share of it is solved by picking the card with the most partners in sight."""


def _least_risk_quota_full(kind: PuzzleKind, puzzle: Puzzle, taken: list[Puzzle],
                           count: int) -> str | None:
    """Why a "least risk" puzzle would tip the bank's mix, or None: room is kept for
    read-the-table puzzles, and the "most partners in sight" shortcut may not solve most."""
    if kind is not PuzzleKind.LEAST_RISK:
        return None
    reads = sum("read-the-table" in p.themes for p in taken)
    if "read-the-table" not in puzzle.themes and \
            len(taken) - reads >= count - math.ceil(READ_SHARE * count):
        return "quota full (room kept for read-the-table)"
    solved = sum(p.features.get("partners_only_fails") == 0.0 for p in taken)
    if puzzle.features.get("partners_only_fails") == 0.0 and solved >= int(PARTNERS_SHARE * count):
        return "quota full (partners shortcut)"
    return None


def generate(kind: PuzzleKind, count: int, seed: int) -> tuple[list[Puzzle], Report]:
    if count < 0:
        raise PuzzleError(f"the count must be 0 or more, not {count}")
    if kind is PuzzleKind.WIN:
        return generate_win(count, seed)
    return generate_safe(kind, count, seed)


def fresh(kind: PuzzleKind, rules: RuleSet, rng: random.Random, budget: int = 20_000) -> Puzzle:
    """One puzzle mined just now under ``rules`` (the learner's house rules); "can you win?"
    says yes or no at even odds."""
    if kind is PuzzleKind.WIN:
        wanted = rng.random() < 0.5
        for count, (_, position, origin) in enumerate(win.mined(rng, rules)):
            if count >= budget:
                break
            if win.rejection(position) is None:
                puzzle = win.build(position, origin, Provenance.FRESH)
                if puzzle is not None and win_bucket(puzzle) is not None and \
                        isinstance(puzzle.answer, WinAnswer) and puzzle.answer.win == wanted:
                    return puzzle
    else:
        open_hands = kind is PuzzleKind.SAFE_SET
        for count, (_, state, seat) in enumerate(safe.moments(rng, rules)):
            if count >= budget:
                break
            table = safe.table_at(state, seat, open_hands)
            made = safe.build_open(table, Provenance.FRESH) if open_hands else \
                safe.build_hidden(table, Provenance.FRESH)
            if not isinstance(made, Rejection):
                return made
    raise PuzzleError(f"no {kind.value} puzzle found in {budget} moments of play")


BANK_SIZES = {PuzzleKind.WIN: 1200, PuzzleKind.SAFE_SET: 600, PuzzleKind.LEAST_RISK: 600}
BANK_SEEDS = {PuzzleKind.WIN: 14, PuzzleKind.SAFE_SET: 20, PuzzleKind.LEAST_RISK: 7}

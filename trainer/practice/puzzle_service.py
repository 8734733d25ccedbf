"""Serving puzzles: the shipped bank and fresh ones, chosen near the learner's Glicko-2 rating,
by theme, in a rising streak, against the clock, or from the learner's own misses; grading and
rating both sides of each attempt."""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from trainer.engine import RuleSet
from trainer.puzzles import KINDS, Puzzle, bank_file
from trainer.puzzles.check import read_puzzles
from trainer.rating import Rating, play
from trainer.store.progress_store import ProgressStore

MODES = ("rated", "theme", "streak", "timed", "failed", "fresh")
TIMED_SECONDS = 180
NEAREST = 25


@cache
def bank() -> tuple[Puzzle, ...]:
    puzzles: list[Puzzle] = []
    for kind in KINDS:
        puzzles.extend(read_puzzles(bank_file(kind).read_text(encoding="utf-8").splitlines()))
    return tuple(puzzles)


@cache
def bank_index() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle for puzzle in bank()}


def players_of(puzzle: Puzzle) -> int:
    return int(puzzle.board.get("rules", {}).get("players", 4))


def themes() -> list[str]:
    found: dict[str, int] = {}
    for puzzle in bank():
        for theme in puzzle.themes:
            found[theme] = found.get(theme, 0) + 1
    return sorted(theme for theme, count in found.items() if count >= 10)


def puzzle_rating(puzzle: Puzzle, stored: dict[str, tuple[Rating, int, int]]) -> Rating:
    if puzzle.id in stored:
        return stored[puzzle.id][0]
    fields = puzzle.rating
    return Rating(float(fields["rating"]), float(fields["rd"]), float(fields["volatility"]))


def target_rating(mode: str, learner: Rating, streak: int) -> float:
    if mode == "streak":
        return 900.0 + 80.0 * streak
    if mode == "timed":
        return learner.rating - 150.0
    return learner.rating


def choose(store: ProgressStore, learner_id: int, rules: RuleSet, mode: str, *,
           theme: str | None = None, streak: int = 0, recent: Iterable[str] = (),
           rng: random.Random | None = None) -> Puzzle | None:
    """The next bank puzzle for this learner and mode (None when nothing fits)."""
    rng = rng or random.Random()
    seen = set(recent)
    stored = store.puzzle_ratings()
    learner = store.learner_rating(learner_id)
    if mode == "failed":
        known = {**bank_index(), **own_puzzles(store, learner_id)}
        ids = failed_puzzles(store, learner_id)
        pool = [known[pid] for pid in ids if pid in known and pid not in seen]
        return pool[0] if pool else None
    target = target_rating(mode, learner, streak)
    nearest = heapq.nsmallest(
        NEAREST,
        ((abs((stored[p.id][0].rating if p.id in stored else base) - target), index, p)
         for index, (p, players, base) in enumerate(_catalogue())
         if players == rules.players and p.id not in seen
         and (theme is None or mode != "theme" or theme in p.themes)))
    return rng.choice(nearest)[2] if nearest else None


@cache
def _catalogue() -> tuple[tuple[Puzzle, int, float], ...]:
    """Each bank puzzle with its table size and starting rating, computed once."""
    return tuple((p, players_of(p), float(p.rating["rating"])) for p in bank())


def own_puzzles(store: ProgressStore, learner_id: int) -> dict[str, Puzzle]:
    """The learner's review set: puzzles made from flagged moments of their own hands."""
    found = {}
    for text in store.own_puzzles(learner_id):
        puzzle = Puzzle.from_json(text)
        found[puzzle.id] = puzzle
    return found


def failed_puzzles(store: ProgressStore, learner_id: int) -> list[str]:
    """Puzzles the learner missed and has not solved since, most recent miss first, then their
    own review set's puzzles not solved yet."""
    last: dict[str, bool] = {}
    order: list[str] = []
    for row in store.answer_rows(learner_id, context="puzzle"):
        last[row["item"]] = bool(row["correct"])
        order.append(row["item"])
    missed = [pid for pid in reversed(order) if not last[pid]]
    own = [pid for pid in own_puzzles(store, learner_id) if not last.get(pid, False)]
    return list(dict.fromkeys([*missed, *own]))


def grade(puzzle: Puzzle, given: dict[str, Any]) -> bool:
    """Win puzzles: win or not, and the fan when it wins. Safe puzzles: any safe discard."""
    answer = puzzle.answer
    if puzzle.kind == "win":
        said_win = given.get("win") == "yes"
        if said_win != bool(answer["win"]):
            return False
        if not answer["win"]:
            return True
        try:
            return int(given.get("fan")) == int(answer["fan"])  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
    return given.get("discard") in answer["safe"]


@dataclass(frozen=True)
class Attempt:
    correct: bool
    before: Rating
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating


def record(store: ProgressStore, learner_id: int, puzzle: Puzzle, given: dict[str, Any],
           seconds: float, mode: str, run: str = "") -> Attempt:
    """Grade, rate both sides (except when replaying misses or fresh puzzles) and store it all."""
    correct = grade(puzzle, given)
    stored = store.puzzle_ratings()
    before = store.learner_rating(learner_id)
    puzzle_before = puzzle_rating(puzzle, stored)
    rated = mode not in ("failed", "fresh")
    if rated:
        after, puzzle_after = play(before, puzzle_before, correct)
        store.save_learner_rating(learner_id, after)
        store.save_puzzle_rating(puzzle.id, puzzle_after, correct)
    else:
        after, puzzle_after = before, puzzle_before
    expected = " / ".join(puzzle.answer["safe"]) if puzzle.kind == "safe" else (
        f"win, {puzzle.answer['fan']} fan" if puzzle.answer["win"] else "no win")
    given_text = given.get("discard") or f"{given.get('win')} {given.get('fan') or ''}".strip()
    store.record_answer(
        learner_id, context="puzzle", item=puzzle.id, question=puzzle.question.get("en", ""),
        answer=str(given_text), expected=expected, correct=correct, seconds=seconds,
        rule_ids=tuple(puzzle.rules), skill=f"puzzle:{puzzle.kind}", themes=puzzle.themes,
        mode=mode, run=run, rating_before=before.rating if rated else None,
        rating_after=after.rating if rated else None)
    return Attempt(correct, before, after, puzzle_before, puzzle_after)


def fresh(kind: str, rules: RuleSet, rng: random.Random) -> Puzzle:
    """A newly generated puzzle under the learner's house rules."""
    from trainer.content.sampling import random_position
    from trainer.puzzles import safe, win

    if kind == "win":
        return win.build(random_position(rng, rules), "fresh")
    for puzzle in safe.generate(1, rng.getrandbits(32), rules=rules):
        return puzzle
    raise RuntimeError("no safe puzzle could be generated")

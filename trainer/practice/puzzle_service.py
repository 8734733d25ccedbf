"""Serving puzzles: the shipped bank and fresh ones, chosen near the learner's Glicko-2 rating,
by theme, in a rising streak, against the clock, or from the learner's own misses; grading each
answer exactly as the puzzle asks, and rating both sides only on the learner's first attempt.

No Streamlit here: the Puzzles page calls these functions and shows what they return.
"""

from __future__ import annotations

import bisect
import heapq
import math
import os
import random
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from trainer.engine import Card, Reason, RuleSet, parse_cards
from trainer.engine.inputs import bounded_int
from trainer.puzzles import KINDS, Puzzle, bank_file, read_puzzle
from trainer.puzzles.bank import fresh as mine_fresh
from trainer.puzzles.check import read_puzzles
from trainer.puzzles.model import (
    LeastRiskAnswer,
    Provenance,
    PuzzleKind,
    SafeSetAnswer,
    WinAnswer,
)
from trainer.puzzles.themes import practice_themes
from trainer.rating import Rating, play
from trainer.store.progress_store import (
    LastPuzzleAnswer,
    ProgressStore,
    PuzzleAnswer,
    RatedAttempt,
)
from trainer.store.skill_names import AnswerSkill, SkillFamily


class PuzzleMode(StrEnum):
    """How the next puzzle is chosen (the page's mode box, the URL's ``mode``)."""

    RATED = "rated"
    THEME = "theme"
    STREAK = "streak"
    TIMED = "timed"
    FAILED = "failed"
    """Puzzles missed before, again: practice, not rated."""
    FRESH = "fresh"
    """Mined from new simulated hands for this session: practice, not rated."""


MODES = tuple(PuzzleMode)
UNRATED_MODES = (PuzzleMode.FAILED, PuzzleMode.FRESH)


def _timed_seconds() -> int:
    """The timed run's length: 180 s, or ``DOU14_TIMED_SECONDS`` (5–3600) when set, for a
    classroom or a test that cannot wait three minutes."""
    return bounded_int(os.environ.get("DOU14_TIMED_SECONDS", ""), 5, 3600) or 180


TIMED_SECONDS = _timed_seconds()
NEAREST = 25
START_RD = 250.0
"""The deviation of a starting rating: an estimate from features, less sure than a measured
rating, surer than none (350)."""
STREAK_START = 1250.0
STREAK_STEP = 40.0


_BANK_LOCK = threading.Lock()
_BANK: list[tuple[Puzzle, ...]] = []


def bank() -> tuple[Puzzle, ...]:
    """The shipped puzzle bank, read once per process: sessions arriving together on a cold
    server wait for the one reading it instead of each reading their own copy."""
    if not _BANK:
        with _BANK_LOCK:
            if not _BANK:
                puzzles: list[Puzzle] = []
                for kind in KINDS:
                    puzzles.extend(read_puzzles(
                        bank_file(kind).read_text(encoding="utf-8").splitlines(), shipped=True))
                _BANK.append(tuple(puzzles))
    return _BANK[0]


@cache
def bank_index() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle for puzzle in bank()}


def themes() -> list[str]:
    """The themes offered for practice: at least ten bank puzzles, none that names the answer
    (:func:`trainer.puzzles.themes.practice_themes`), most common first."""
    return practice_themes(Counter(theme for puzzle in bank() for theme in puzzle.themes))


def start_rating(puzzle: Puzzle) -> Rating:
    return Rating(puzzle.rating, START_RD, 0.06)


def puzzle_rating(puzzle: Puzzle, stored: dict[str, tuple[Rating, int, int]]) -> Rating:
    """The puzzle's rating now: moved by learners' first attempts, else its starting one."""
    return stored[puzzle.id][0] if puzzle.id in stored else start_rating(puzzle)


def target_rating(mode: PuzzleMode | str, learner: Rating, streak: int) -> float:
    """Streak mode climbs from easy puzzles by a fixed step per puzzle solved; the 3-minute
    run serves puzzles a little below the learner; the rest serve at the learner's rating."""
    if mode == PuzzleMode.STREAK:
        return STREAK_START + STREAK_STEP * streak
    if mode == PuzzleMode.TIMED:
        return learner.rating - 150.0
    return learner.rating


SAFETY_LESSON = "reading-the-table"
"""The lesson that teaches what the safe-discard puzzles ask (R-SAFE): reading the table."""


def taught_kinds(store: ProgressStore, learner_id: int) -> frozenset[PuzzleKind] | None:
    """The puzzle kinds served to this learner unasked: "can you win?" from the start, the
    safe-discard kinds once the lesson that teaches them is done (a newcomer's first rated
    puzzle was an open-hands safe discard, and cost 170 points); None when every kind is."""
    if store.lessons.state(learner_id, SAFETY_LESSON).completed:
        return None
    return frozenset({PuzzleKind.WIN})


def choose(store: ProgressStore, learner_id: int, rules: RuleSet, mode: PuzzleMode | str, *,
           theme: str | None = None, streak: int = 0, recent: Iterable[str] = (),
           rng: random.Random | None = None,
           kinds: frozenset[PuzzleKind] | None = None) -> Puzzle | None:
    """The next bank puzzle for this learner and mode (None when nothing fits), of ``kinds``
    only when given. Puzzles seen in this session (``recent``) never come back; in rated
    modes, puzzles the learner has already answered come only when nothing new fits."""
    rng = rng or random.Random()
    seen = set(recent)
    if mode == PuzzleMode.FAILED:
        known = {**bank_index(), **own_puzzles(store, learner_id)}
        pool = [known[pid] for pid in failed_puzzles(store, learner_id)
                if pid in known and pid not in seen]
        return pool[0] if pool else None
    target = target_rating(mode, store.ratings.learner(learner_id), streak)
    subject = theme if mode == PuzzleMode.THEME else None
    pool, stored = _near(store, rules.players, subject, kinds, target)
    attempted = store.ratings.attempted(learner_id)

    def pick(pool: Sequence[Puzzle], stored: dict[str, tuple[Rating, int, int]],
             avoid: set[str]) -> Puzzle | None:
        nearest = heapq.nsmallest(
            NEAREST,
            ((abs(puzzle_rating(p, stored).rating - target), index, p)
             for index, p in enumerate(pool) if p.id not in avoid))
        return rng.choice(nearest)[2] if nearest else None

    for avoid in (attempted | seen, seen):
        found = pick(pool, stored, avoid)
        if found is None:  # everything near the target was answered: look at the whole bank
            everything = _eligible(rules.players, subject, kinds)[1]
            found = pick(everything, store.ratings.puzzles_of([p.id for p in everything]), avoid)
        if found is not None:
            return found
    return None


WINDOW = 6 * NEAREST
"""Bank puzzles looked at first on each side of the target, by starting rating: wide enough
that the reach seldom goes past them (many bank puzzles share a starting rating), so one read
usually does."""


@cache
def _eligible(players: int, theme: str | None, kinds: frozenset[PuzzleKind] | None
              ) -> tuple[list[float], tuple[Puzzle, ...], dict[str, Puzzle]]:
    """The bank puzzles for this table size (and theme, and kinds), by starting rating."""
    chosen = sorted((p for p in bank() if p.players == players
                     and (theme is None or theme in p.themes)
                     and (kinds is None or p.kind in kinds)), key=lambda p: (p.rating, p.id))
    return [p.rating for p in chosen], tuple(chosen), {p.id: p for p in chosen}


def _near(store: ProgressStore, players: int, theme: str | None,
          kinds: frozenset[PuzzleKind] | None, target: float
          ) -> tuple[list[Puzzle], dict[str, tuple[Rating, int, int]]]:
    """Every puzzle that may be among the ``NEAREST`` to ``target``, with its stored rating —
    read by key and by index, never the whole ratings table, so the work per answer does not
    grow with the bank.

    The puzzles starting nearest the target give a reach: the ``NEAREST``-th of their
    distances now. A puzzle nearer than that is either rated (then the rating index finds it)
    or unrated (then it still has its starting rating, within the reach of the target): both
    are read, so the nearest of the whole bank are all in the pool."""
    starts, ordered, by_id = _eligible(players, theme, kinds)
    middle = bisect.bisect_left(starts, target)
    pool = {p.id: p for p in ordered[max(0, middle - WINDOW):middle + WINDOW]}
    stored = store.ratings.puzzles_of(list(pool))
    distances = sorted(abs(puzzle_rating(p, stored).rating - target) for p in pool.values())
    reach = distances[NEAREST - 1] if len(distances) >= NEAREST else math.inf
    low = bisect.bisect_left(starts, target - reach)
    high = bisect.bisect_right(starts, target + reach)
    starting_near = {p.id: p for p in ordered[low:high] if p.id not in pool}
    if starting_near:
        stored.update(store.ratings.puzzles_of(list(starting_near)))
        pool.update(starting_near)
    for pid, rating in store.ratings.puzzles_near(target, reach).items():
        if pid in by_id:
            pool[pid] = by_id[pid]
            stored[pid] = rating
    return list(pool.values()), stored


def fresh(kind: str, rules: RuleSet, rng: random.Random) -> Puzzle:
    """A puzzle mined just now from a simulated hand under the learner's house rules."""
    return mine_fresh(PuzzleKind(kind), rules, rng)


def own_puzzles(store: ProgressStore, learner_id: int) -> dict[str, Puzzle]:
    """The learner's review set: puzzles made from flagged moments of their own hands (a
    stored puzzle that no longer reads is left out, not shown broken)."""
    found = {}
    for text in store.own_puzzles.all(learner_id):
        try:
            puzzle = read_puzzle(text)
        except ValueError:
            continue
        found[puzzle.id] = puzzle
    return found


def failed_puzzles(store: ProgressStore, learner_id: int) -> list[str]:
    """Puzzles the learner missed and has not solved since, most recent miss first, then their
    own review set's puzzles not solved yet."""
    last: dict[str, bool] = {}
    order: list[str] = []
    for row in store.answers.rows(learner_id, context="puzzle"):
        last[row["item"]] = bool(row["correct"])
        order.append(row["item"])
    missed = [pid for pid in reversed(order) if not last[pid]]
    own = [pid for pid in own_puzzles(store, learner_id) if not last.get(pid, False)]
    return list(dict.fromkeys([*missed, *own]))


# -- answers -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class WinGiven:
    """"Can you win?": yes with a fan, or no with a reason."""

    win: bool
    fan: int | None = None
    reason: Reason | None = None


@dataclass(frozen=True)
class SetGiven:
    """"Tap every safe card": the cards tapped."""

    cards: frozenset[Card]


@dataclass(frozen=True)
class CardGiven:
    """"Least risk": the one card picked."""

    card: Card


Given = WinGiven | SetGiven | CardGiven


@dataclass(frozen=True)
class Grade:
    """Right or not, and for a set answer which safe cards were missed and which dangerous
    cards were tapped; for "can you win?", whether yes/no itself was right."""

    correct: bool
    verdict_right: bool = True
    missed: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def grade(puzzle: Puzzle, given: Given) -> Grade:
    """Grade exactly what the puzzle asks: yes plus the fan or no plus the reason; the exact
    set of safe cards; the one least-risk card. A given of the wrong shape is wrong."""
    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        if not isinstance(given, WinGiven):
            return Grade(False, False)
        if given.win != answer.win:
            return Grade(False, False)
        right = given.fan == answer.fan if answer.win else given.reason is answer.reason
        return Grade(right)
    if isinstance(answer, SafeSetAnswer):
        if not isinstance(given, SetGiven):
            return Grade(False)
        missed = _sorted(answer.safe - given.cards)
        extra = _sorted(given.cards - answer.safe)
        return Grade(not missed and not extra, missed=missed, extra=extra)
    assert isinstance(answer, LeastRiskAnswer)
    return Grade(isinstance(given, CardGiven) and given.card == answer.card)


def given_text(given: Given) -> str:
    """The answer as stored: notation and reason codes, never rendered prose."""
    if isinstance(given, WinGiven):
        if given.win:
            return f"yes {given.fan if given.fan is not None else '?'} fan"
        return f"no {given.reason.value if given.reason is not None else '?'}"
    if isinstance(given, SetGiven):
        return " ".join(str(c) for c in _sorted(given.cards)) or "-"
    return str(given.card)


def given_of(puzzle: Puzzle, text: str) -> Given:
    """An answer back from its stored notation (:func:`given_text`), read as ``puzzle``'s kind
    asks; raise ValueError, quoting the text, when it is not one."""
    words = text.split()
    try:
        if puzzle.kind is PuzzleKind.WIN:
            if len(words) == 3 and words[0] == "yes" and words[2] == "fan":
                return WinGiven(True, fan=None if words[1] == "?" else int(words[1]))
            if len(words) == 2 and words[0] == "no":
                return WinGiven(False, reason=None if words[1] == "?" else Reason(words[1]))
            raise ValueError("not yes with a fan, or no with a reason")
        cards = () if text == "-" else parse_cards(text)
    except ValueError as error:
        raise ValueError(f"not a {puzzle.kind.value} answer: {text!r} ({error})") from error
    if puzzle.kind is PuzzleKind.SAFE_SET:
        return SetGiven(frozenset(cards))
    if len(cards) != 1:
        raise ValueError(f"not one card: {text!r}")
    return CardGiven(cards[0])


def expected_text(puzzle: Puzzle) -> str:
    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        return f"yes {answer.fan} fan" if answer.win else f"no {answer.reason.value}"
    if isinstance(answer, SafeSetAnswer):
        return " ".join(str(c) for c in _sorted(answer.safe))
    assert isinstance(answer, LeastRiskAnswer)
    return str(answer.card)


# -- the 3-minute run --------------------------------------------------------------------------

def time_left(started_at: float, now: float, seconds: float = TIMED_SECONDS) -> float:
    """Seconds left in a timed run that started at ``started_at`` (wall-clock seconds), at
    ``now``: never negative, never more than the run's length (a clock set back does not
    extend it)."""
    return max(0.0, min(float(seconds), started_at + seconds - now))


def in_time(started_at: float, now: float, seconds: float = TIMED_SECONDS) -> bool:
    """Does an answer given at ``now`` count in the run? (Strictly before the deadline.)"""
    return time_left(started_at, now, seconds) > 0.0


@dataclass(frozen=True)
class RunSoFar:
    """A streak or 3-minute run as its stored answers tell it: when it began (wall-clock
    seconds: the first puzzle was shown that long before its answer), and how many were
    solved (in a streak, the streak: it ends at the first miss)."""

    started_at: float
    solved: int


def run_so_far(store: ProgressStore, learner_id: int, run: str) -> RunSoFar | None:
    """The run ``run`` of this learner, for a page reloaded in the middle of it (its clock and
    count live in the session); None when it has no answer yet (then nothing is lost)."""
    answers = store.ratings.run_answers(learner_id, run) if run else []
    if not answers:
        return None
    _, first_at, first_seconds = answers[0]
    return RunSoFar(first_at.timestamp() - first_seconds,
                    sum(1 for correct, _, _ in answers if correct))


# -- recording ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Attempt:
    grade: Grade
    rating: RatedAttempt

    @property
    def correct(self) -> bool:
        return self.grade.correct

    @property
    def rated(self) -> bool:
        return self.rating.rated

    @property
    def change(self) -> float:
        return self.rating.after.rating - self.rating.before.rating


def record(store: ProgressStore, learner_id: int, puzzle: Puzzle, given: Given,
           seconds: float, mode: str, run: str = "") -> Attempt:
    """Grade the answer and store it; the first attempt at a puzzle in a rated mode moves both
    ratings (Glicko-2), in the same transaction as the answer. Later attempts are practice."""
    graded = grade(puzzle, given)
    answer = PuzzleAnswer(
        puzzle_id=puzzle.id, question=f"puzzle:{puzzle.kind.value}", answer=given_text(given),
        expected=expected_text(puzzle), correct=graded.correct, seconds=seconds,
        rule_ids=puzzle.rules,
        skill=str(AnswerSkill(SkillFamily.PUZZLE, puzzle.kind.value)), themes=puzzle.themes,
        mode=mode, run=run)
    rated_mode = mode not in UNRATED_MODES and puzzle.provenance is not Provenance.FRESH
    stored = store.ratings.record_puzzle_answer(learner_id, answer, rated_mode=rated_mode,
                                        start=start_rating(puzzle), rate=play)
    return Attempt(graded, stored)


def last_attempt(store: ProgressStore, learner_id: int, puzzle: Puzzle
                 ) -> tuple[Given, Attempt] | None:
    """The learner's answer to ``puzzle`` when it is their newest puzzle answer — a reloaded
    page was showing its result — graded again, with the rating change it made (deviations
    are not kept with an answer: the ratings shown are); else None."""
    last: LastPuzzleAnswer | None = store.ratings.last_puzzle_answer(learner_id)
    if last is None or last.puzzle_id != puzzle.id:
        return None
    try:
        given = given_of(puzzle, last.answer)
    except ValueError:  # an answer stored by another version of the puzzle: ask it afresh
        return None
    rated = last.rating_before is not None and last.rating_after is not None
    before = Rating(last.rating_before) if last.rating_before is not None else Rating()
    after = Rating(last.rating_after) if last.rating_after is not None else before
    start = start_rating(puzzle)
    return given, Attempt(grade(puzzle, given), RatedAttempt(rated, before, after, start, start))

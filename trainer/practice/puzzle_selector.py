"""Choosing the next puzzle: near the learner's Glicko-2 rating, by theme, in a rising streak,
a little below the learner against the clock, or from the learner's own misses — the bank's
nearest read by index, never the whole ratings table."""

from __future__ import annotations

import bisect
import heapq
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from functools import cache

from trainer.engine import RuleSet
from trainer.practice.puzzle_bank import bank, bank_index, own_puzzles, puzzle_rating, themes
from trainer.puzzles import Puzzle
from trainer.puzzles.model import PuzzleKind
from trainer.rating import Rating
from trainer.store.progress_store import ProgressStore
from trainer.store.rows import PuzzleStanding


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
    BEST = "best"
    """The coach's best move at a moment of a real hand (:mod:`.best_move_puzzles`):
    practice, not rated."""


MODES = tuple(PuzzleMode)
UNRATED_MODES = (PuzzleMode.FAILED, PuzzleMode.FRESH, PuzzleMode.BEST)


NEAREST = 25
STREAK_START = 1250.0
STREAK_STEP = 40.0


def target_rating(mode: PuzzleMode | str, learner: Rating, streak: int) -> float:
    """Streak mode climbs from easy puzzles by a fixed step per puzzle solved; the 3-minute
    run serves puzzles a little below the learner; the rest serve at the learner's rating."""
    if mode == PuzzleMode.STREAK:
        return STREAK_START + STREAK_STEP * streak
    if mode == PuzzleMode.TIMED:
        return learner.rating - 150.0
    return learner.rating


BELOW_BANK = 300.0
"""Points by which the puzzle served may stand above the learner before the page says the
learner is below the easiest puzzles of the bank (a win there is then about one in seven)."""


def below_bank(learner: Rating, served: Rating) -> bool:
    """Is the puzzle served, the nearest the selector found, far above the learner? Then the
    learner is below the easiest puzzles of its kind (the "can you win?" bank starts near 1310):
    a miss costs them little, and the lessons teach what the puzzles ask."""
    return served.rating - learner.rating > BELOW_BANK


SAFETY_LESSON = "reading-the-table"
"""The lesson that teaches what the safe-discard puzzles ask (R-SAFE): reading the table."""


def lessons_done(store: ProgressStore, learner_id: int) -> frozenset[str]:
    """The lessons this learner has completed: what :func:`taught_kinds`,
    :func:`held_back_themes` and :func:`lessons_before` read, fetched once per page run."""
    return frozenset(lesson for lesson, state in store.lessons.states(learner_id).items()
                     if state.completed)


def taught_kinds(done: frozenset[str]) -> frozenset[PuzzleKind] | None:
    """The puzzle kinds served unasked to a learner who has completed the lessons ``done``:
    "can you win?" from the start, the safe-discard kinds once the lesson that teaches them is
    done (a rated puzzle should not ask what no lesson has taught yet); None when every kind
    is."""
    if SAFETY_LESSON in done:
        return None
    return frozenset({PuzzleKind.WIN})


SPECIALS_LESSON = "specials-fan-score"
"""The lesson that teaches the special wins (R-SPECIAL: 全红, 全黑, 接地, 天走)."""
SPECIAL_THEMES = frozenset({"special-win", "all-red", "all-black", "jiedi", "tianzou"})
"""The themes of puzzles whose answer is a special win."""


def held_back_themes(done: frozenset[str]) -> frozenset[str]:
    """The themes kept out of the puzzles served unasked: the special wins until their lesson
    is among those ``done`` (a newcomer's first rated puzzle was a 全红 win no lesson had taught
    yet)."""
    if SPECIALS_LESSON in done:
        return frozenset()
    return SPECIAL_THEMES


KIND_LESSONS = {PuzzleKind.SAFE_SET: SAFETY_LESSON, PuzzleKind.LEAST_RISK: "defence"}
"""The lesson that teaches each puzzle kind beyond "can you win?", in the track's order:
proving discards safe (reading the table), the least risk when none is proven (defence,
防守)."""


def lessons_before(done: frozenset[str]) -> dict[str, str | None]:
    """Each practice theme with the lesson that teaches what its puzzles ask while it is not
    among those ``done`` (the theme is then offered by choice only), else None: the special
    wins' lesson for their themes, else the earliest lesson of the theme's puzzle kinds when
    none of them is taught yet."""
    found: dict[str, str | None] = {}
    for theme, lessons in _theme_lessons().items():
        if theme in SPECIAL_THEMES and SPECIALS_LESSON not in done:
            found[theme] = SPECIALS_LESSON
        elif not lessons or None in lessons or lessons & done:
            found[theme] = None
        else:
            found[theme] = next(lesson for lesson in KIND_LESSONS.values() if lesson in lessons)
    return found


@cache
def _theme_lessons() -> dict[str, frozenset[str | None]]:
    """Each practice theme with the lessons of its puzzles' kinds (None: taught from the
    start)."""
    kinds: dict[str, set[str | None]] = {theme: set() for theme in themes()}
    for puzzle in bank():
        for theme in puzzle.themes:
            if theme in kinds:
                kinds[theme].add(KIND_LESSONS.get(puzzle.kind))
    return {theme: frozenset(found) for theme, found in kinds.items()}


def choose(store: ProgressStore, learner_id: int, rules: RuleSet, mode: PuzzleMode | str, *,
           theme: str | None = None, streak: int = 0, recent: Iterable[str] = (),
           rng: random.Random | None = None,
           kinds: frozenset[PuzzleKind] | None = None,
           held_back: frozenset[str] = frozenset()) -> Puzzle | None:
    """The next bank puzzle for this learner and mode (None when nothing fits), of ``kinds``
    only when given, with none of the themes ``held_back``. Puzzles seen in this session
    (``recent``) never come back; in rated modes, puzzles the learner has already answered
    come only when nothing new fits."""
    rng = rng or random.Random()
    seen = set(recent)
    if mode == PuzzleMode.FAILED:
        return _next_miss(store, learner_id, list(recent))
    target = target_rating(mode, store.ratings.learner(learner_id), streak)
    subject = theme if mode == PuzzleMode.THEME else None
    pool, stored = near(store, rules.players, subject, kinds, target, held_back)
    attempted = store.ratings.attempted(learner_id)

    def pick(pool: Sequence[Puzzle], stored: Mapping[str, PuzzleStanding],
             avoid: set[str]) -> Puzzle | None:
        nearest = heapq.nsmallest(
            NEAREST,
            ((abs(puzzle_rating(p, stored).rating - target), index, p)
             for index, p in enumerate(pool) if p.id not in avoid))
        return rng.choice(nearest)[2] if nearest else None

    for avoid in (attempted | seen, seen):
        found = pick(pool, stored, avoid)
        if found is None:  # everything near the target was answered: look at the whole bank
            everything = _eligible(rules.players, subject, kinds, held_back)[1]
            found = pick(everything, store.ratings.puzzles_of([p.id for p in everything]), avoid)
        if found is not None:
            return found
    return None


WINDOW = 6 * NEAREST
"""Bank puzzles looked at first on each side of the target, by starting rating: wide enough
that the reach seldom goes past them (many bank puzzles share a starting rating), so one read
usually does."""


@cache
def _eligible(players: int, theme: str | None, kinds: frozenset[PuzzleKind] | None,
              held_back: frozenset[str] = frozenset()
              ) -> tuple[list[float], tuple[Puzzle, ...], dict[str, Puzzle]]:
    """The bank puzzles for this table size (and theme, and kinds, and none of the themes held
    back), by starting rating."""
    chosen = sorted((p for p in bank() if p.players == players
                     and (theme is None or theme in p.themes)
                     and (kinds is None or p.kind in kinds)
                     and not held_back.intersection(p.themes)), key=lambda p: (p.rating, p.id))
    return [p.rating for p in chosen], tuple(chosen), {p.id: p for p in chosen}


def near(store: ProgressStore, players: int, theme: str | None,
         kinds: frozenset[PuzzleKind] | None, target: float,
         held_back: frozenset[str] = frozenset()
         ) -> tuple[list[Puzzle], dict[str, PuzzleStanding]]:
    """Every puzzle that may be among the ``NEAREST`` to ``target``, with its stored rating —
    read by key and by index, never the whole ratings table, so the work per answer does not
    grow with the bank.

    The puzzles starting nearest the target give a reach: the ``NEAREST``-th of their
    distances now. A puzzle nearer than that is either rated (then the rating index finds it)
    or unrated (then it still has its starting rating, within the reach of the target): both
    are read, so the nearest of the whole bank are all in the pool."""
    starts, ordered, by_id = _eligible(players, theme, kinds, held_back)
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


def _next_miss(store: ProgressStore, learner_id: int, recent: list[str]) -> Puzzle | None:
    """The next puzzle of "my misses": one not seen in this session first; then those seen,
    the longest ago first — a puzzle missed a minute ago in another mode is what the learner
    came for — so the one just shown comes again only when no other waits. None only when no
    miss is left unsolved."""
    known = {**bank_index(), **own_puzzles(store, learner_id)}
    missed = [known[pid] for pid in failed_puzzles(store, learner_id) if pid in known]
    last_seen = {pid: index for index, pid in enumerate(recent)}  # unseen: -1, first of all
    return min(missed, key=lambda puzzle: last_seen.get(puzzle.id, -1), default=None)


def failed_puzzles(store: ProgressStore, learner_id: int) -> list[str]:
    """Puzzles the learner missed and has not solved since, most recent miss first, then their
    own review set's puzzles not solved yet."""
    last: dict[str, bool] = {}
    order: list[str] = []
    for row in store.answers.rows(learner_id, context="puzzle"):
        last[row.item] = row.correct
        order.append(row.item)
    missed = [pid for pid in reversed(order) if not last[pid]]
    own = [pid for pid in own_puzzles(store, learner_id) if not last.get(pid, False)]
    return list(dict.fromkeys([*missed, *own]))

"""Finishing a puzzle: grade the answer and store it, moving both Glicko-2 ratings on the
learner's first attempt in a rated mode — answer and ratings in one transaction — and read a
finished answer back for a reloaded page."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.practice.puzzle_answers import Given, Grade, expected_text, given_of, given_text, grade
from trainer.practice.puzzle_bank import start_rating
from trainer.practice.puzzle_selector import UNRATED_MODES
from trainer.puzzles import Puzzle
from trainer.puzzles.model import Provenance
from trainer.rating import Rating, play
from trainer.store.progress_store import LastPuzzleAnswer, ProgressStore, PuzzleAnswer, RatedAttempt
from trainer.store.skill_names import AnswerSkill, SkillFamily


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

"""The learner's path through the track: the lesson to go on with, and when Home points to a
first whole hand in Play — after the lessons on a turn and on winning, issue 31, which the track
puts third and fourth, right after cards and red and the pairs of 14: the seats and the deal, the
lay-down round and pong and kong come after that first hand — before the rest of the lessons,
the drills and the puzzles."""

from __future__ import annotations

from collections.abc import Sequence, Set

from trainer.lessons import Lesson

FIRST_HAND_AFTER = frozenset({"a-turn", "winning"})
"""The lessons after which a learner can play a whole hand with the coach's hints: a turn (the
seats, the deal, a discard, a flip, chi, pong and who gets a card) and winning; in the track's
order they come after only cards and red and the pairs, so Home points to Play after four
lessons (the rest of the track comes after that first hand)."""


def next_lesson(lessons: Sequence[Lesson], completed: Set[str],
                started: Set[str] = frozenset()) -> Lesson | None:
    """The lesson to go on with: the first one ``started`` and not completed (the learner is in
    the middle of it), else the first not completed yet, in the track's order."""
    open_lessons = [lesson for lesson in lessons if lesson.id not in completed]
    return next((lesson for lesson in open_lessons if lesson.id in started),
                open_lessons[0] if open_lessons else None)


def lesson_after(lessons: Sequence[Lesson], done: Lesson, completed: Set[str]) -> Lesson | None:
    """The lesson to offer when ``done`` is finished: the next in the track's order not
    completed yet, else the first one skipped before it — never one already done."""
    open_lessons = [lesson for lesson in lessons
                    if lesson.id not in completed and lesson.id != done.id]
    return next((lesson for lesson in open_lessons if lesson.order > done.order),
                open_lessons[0] if open_lessons else None)


def ready_to_play(completed: Set[str]) -> bool:
    """Whether Home points to a first whole hand in Play."""
    return completed >= FIRST_HAND_AFTER

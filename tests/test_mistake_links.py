"""A link from every kind of mistake opens practice of its skill (issue 32): a lesson level
missed until its answer is shown, a missed puzzle, a missed review; a coach-flagged move in Play
has its own test (tests/test_app_mastery.py)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import app
from tests.test_app_practice import _answer, _solve
from tests.wrong_answers import another_wrong, wrong_answer
from trainer.i18n import t
from trainer.lessons import LessonRun, load_lessons
from trainer.mastery.skills import Skill
from trainer.practice.fact_reviews import fact_skill
from trainer.practice.guidance_service import puzzle_skill
from trainer.practice.lesson_service import task_of
from trainer.practice.mastery_service import target_of
from trainer.store import ProgressStore


def practice_links(at: AppTest) -> list[Any]:
    return [element.proto for element in at.get("page_link")
            if element.proto.label.startswith("Practise")]


def assert_opens_practice_of(link: Any, skill: Skill) -> None:
    target = target_of(skill)
    assert link.label == t("mistake.practise", "en", skill=t(f"skill.{skill.value}", "en"))
    query = parse_qs(link.query_string)
    if target.place.value == "drill":
        assert link.page.endswith("drills") and query["drill"] == [target.name]
    else:
        assert link.page.endswith("lessons") and query["lesson"] == [target.name]
        assert query["practise"] == ["1"]
    assert "learner" in query


def test_a_missed_puzzle_links_to_practice_of_its_kinds_skill(db: tuple[ProgressStore, str]
                                                                 ) -> None:
    store, learner = db
    at = app("puzzles", as_learner=learner, mode="theme", theme="least-risk")
    puzzle = at.session_state["puzzle_current"]
    _solve(at, right=False)
    assert not practice_links(at)  # the hint and a second try come first
    at.button(key="puzzle-reveal").click().run()
    (link,) = practice_links(at)
    skill = puzzle_skill(store, int(learner), puzzle.kind.value, tuple(puzzle.themes))
    assert skill is Skill.LEAST_RISK  # the question's skill, not a theme describing the table
    assert_opens_practice_of(link, skill)


def test_a_right_puzzle_has_no_practice_link(db: tuple[ProgressStore, str]) -> None:
    _, learner = db
    at = app("puzzles", as_learner=learner, mode="theme", theme="least-risk")
    _solve(at, right=True)
    assert not practice_links(at)


def test_a_missed_review_links_to_its_skills_drill(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    store.review_choices.set(int(learner), "red", True)
    at = app("drills", as_learner=learner, drill="review")
    question = at.session_state["review_question"]
    _answer(at, "review", question.task, wrong_answer(question.task), question.fact)
    (link,) = practice_links(at)
    skill = fact_skill(question.fact)
    assert skill is Skill.RED
    assert_opens_practice_of(link, skill)
    at.query_params["drill"] = "red"  # the link followed, in the same browser tab
    at.run()
    assert not at.exception
    assert at.session_state["drill_kind"] == "red"
    assert at.session_state["drill_item"].drill == "red"


def test_a_lesson_miss_links_to_practice_of_its_skill(db: tuple[ProgressStore, str]
                                                                ) -> None:
    """Missed twice, the answer shown: a link to the skill's practice — the drill for red; none
    link where the practice would be the stage the learner is in (not asked here)."""
    store, learner = db
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "cards-and-red")
    at = app("lessons", as_learner=learner, lesson=lesson.id)
    for _ in range(10):
        run = LessonRun.from_json(store.lessons.run(int(learner), lesson.id), lesson.id,
                                  len(lesson.steps))
        assert run is not None and run.current is not None
        step = lesson.steps[run.current.step]
        if hasattr(step, "task"):
            break
        at.button(key=f"cont-{run.index}").click().run()
    task = task_of(lesson, run)
    first = wrong_answer(task)
    for tries, given in enumerate((first, another_wrong(task, first))):
        _answer(at, f"lesson-{lesson.id}-{run.index}", task, given,
                f"{run.run_seed}-{run.index}-{tries}")
    (link,) = practice_links(at)
    assert_opens_practice_of(link, Skill.RED)

"""Drills, puzzles and progress through AppTest: each drill and each puzzle mode records the
right rows; the progress charts hold the learner's own data."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import app, click, tap, wrong_answer
from trainer.i18n import t
from trainer.lessons.answers import Answer, CardsAnswer, ChoiceAnswer, NumberAnswer
from trainer.lessons.task import Task
from trainer.practice import puzzle_service as service
from trainer.practice.drills import DRILLS, DrillItem
from trainer.store import ProgressStore


def _answer(at: AppTest, key: str, task: Task, given: Answer, seq: str) -> None:
    """Answer a drill or review question as a learner would (taps through the table's queue)."""
    if isinstance(given, CardsAnswer):
        tap(at, key, "check", sorted(given.indices), seq)
    elif isinstance(given, NumberAnswer):
        at.number_input(key=f"{key}-number").set_value(given.value)
        click(at, t("lessons.check", "en"))
    else:
        assert isinstance(given, ChoiceAnswer)
        at.button(key=f"{key}-option-{given.value}").click().run()
        assert not at.exception


@pytest.mark.parametrize("drill", DRILLS)
def test_each_drill_records_right_and_wrong(db: tuple[ProgressStore, str], drill: str) -> None:
    """Right at once: recorded with its level, and the next item comes. Wrong: recorded, a hint
    and another try; the second answer is not recorded again."""
    store, learner = db
    at = app("drills", learner=learner, drill=drill)
    item = at.session_state["drill_item"]
    assert isinstance(item, DrillItem) and item.drill == drill
    _answer(at, f"drill-{drill}", item.task, item.task.answer, f"{id(item)}-0")
    assert not at.error
    following = at.session_state["drill_item"]
    assert following is not item
    _answer(at, f"drill-{drill}", following.task, wrong_answer(following.task),
            f"{id(following)}-0")
    assert at.warning and any(m.value.startswith("**Hint:**") for m in at.markdown)
    _answer(at, f"drill-{drill}", following.task, following.task.answer, f"{id(following)}-1")
    assert at.success and at.button(key="drill-next")
    rows = store.answer_rows(int(learner))
    assert len(rows) == 2 and rows[0]["correct"] and not rows[1]["correct"]
    assert rows[0]["skill"] == f"drill:{drill}" and rows[0]["level"] == item.level
    assert rows[0]["mode"] == ""


def test_review_drill_schedules_facts(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    at = app("drills", learner=learner, drill="review")
    question = at.session_state["review_question"]
    _answer(at, "review", question.task, question.task.answer, question.fact)
    assert question.fact in store.review_items(int(learner))
    assert store.answer_rows(int(learner))[0]["context"] == "review"


def _solve(at: AppTest, right: bool = True) -> None:
    puzzle = at.session_state["puzzle_current"]
    if puzzle.kind == "win":
        win = puzzle.answer["win"] if right else not puzzle.answer["win"]
        at.radio(key="puzzle-win").set_value("yes" if win else "no")
        if win and right:
            at.number_input(key="puzzle-fan").set_value(puzzle.answer["fan"])
    else:
        choices = puzzle.answer["safe"] if right else [
            c for c in puzzle.answer["candidates"] if c not in puzzle.answer["safe"]]
        at.pills(key="puzzle-discard").set_value(choices[0])
    click(at, t("lessons.check", "en"))


@pytest.mark.parametrize("mode", ["rated", "theme", "streak", "timed", "fresh"])
def test_each_puzzle_mode_records_rows(db: tuple[ProgressStore, str], mode: str) -> None:
    store, learner = db
    at = app("puzzles", learner=learner, mode=mode)
    first = at.session_state["puzzle_current"]
    _solve(at, right=True)
    assert at.success[0].value == t("puzzles.right", "en")
    assert any(first.explanation["en"][0] in m.value for m in at.markdown)
    at.button(key="puzzle-next").click().run()
    assert at.session_state["puzzle_current"] is not None
    _solve(at, right=False)
    assert at.error[0].value == t("puzzles.wrong", "en")
    rows = store.answer_rows(int(learner))
    assert [r["mode"] for r in rows] == [mode, mode] and [r["correct"] for r in rows] == [
        True, False]
    assert rows[0]["context"] == "puzzle" and rows[0]["item"] == first.id
    if mode == "fresh":
        assert rows[0]["rating_before"] is None
    else:
        assert rows[0]["rating_after"] > rows[0]["rating_before"]
        assert rows[1]["rating_after"] < rows[1]["rating_before"]
    if mode == "streak":
        assert at.info[0].value == t("puzzles.streak_over", "en", streak=1)


def test_failed_mode_replays_misses_and_reopen_link(db: tuple[ProgressStore, str]) -> None:
    _store, learner = db
    at = app("puzzles", learner=learner, mode="rated")
    missed = at.session_state["puzzle_current"]
    _solve(at, right=False)
    assert any(f"puzzle={missed.id}" in m.value for m in at.markdown)
    replay = app("puzzles", learner=learner, mode="failed")
    assert replay.session_state["puzzle_current"].id == missed.id
    reopened = app("puzzles", learner=learner, puzzle=missed.id)
    assert reopened.session_state["puzzle_current"].id == missed.id


def _values(data: object) -> list[object]:
    """Plotly ≥ 6 may encode arrays as {"dtype", "bdata"} (base64 typed arrays)."""
    if isinstance(data, dict) and "bdata" in data:
        import base64

        import numpy as np

        return list(np.frombuffer(base64.b64decode(data["bdata"]), dtype=data["dtype"]))
    return list(data)  # type: ignore[call-overload]


def test_progress_charts_hold_the_learners_data(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    at = app("puzzles", learner=learner, mode="rated")
    for right in (True, False, True):
        _solve(at, right=right)
        at.button(key="puzzle-next").click().run()
    progress = app("progress", learner=learner)
    assert not progress.exception and not progress.error
    charts = {e.proto.id if hasattr(e.proto, "id") else i: json.loads(e.proto.spec)
              for i, e in enumerate(progress.get("plotly_chart"))}
    specs = list(charts.values())
    ratings = [round(r, 6) for _, r, _ in store.rating_history(int(learner))]
    assert [round(float(y), 6) for y in _values(specs[0]["data"][0]["y"])] == ratings
    accuracy = [trace for trace in specs[1]["data"] if trace["name"] == "puzzle:win"
                or trace["name"] == "puzzle:safe"]
    assert accuracy
    assert any("R-" in str(_values(spec["data"][0].get("x", []))) for spec in specs[3:])
    assert progress.button(key="practise-weakest")


def test_home_shows_what_is_due(db: tuple[ProgressStore, str]) -> None:
    _store, learner = db
    at = app(None, learner=learner)
    assert any(t("home.due", "en", count=12) in m.value for m in at.markdown)


def test_bank_is_loaded_once() -> None:
    assert service.bank() is service.bank()


def test_progress_import_reports_bad_rows(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    other = store.create_learner("Bo").id
    store.record_answer(other, context="drill", item="red:2", question="q", answer="7",
                        expected="8", correct=False, seconds=5.0, skill="drill:red")
    from trainer.practice import progress_figures as figures

    text = figures.export_csv(store, other) + "yesterday,drill,,x,q,a,b,true,1,,,,,,\n"
    at = app("progress", learner=learner)
    at.file_uploader(key="import").set_value(("mine.csv", text.encode(), "text/csv")).run()
    assert not at.exception
    assert at.success[0].value == t("progress.imported", "en", added=1, duplicates=0, bad=1)
    assert at.warning[0].value.startswith(t("progress.bad_row", "en", line=3, problem="")[:14])
    assert store.answer_count(int(learner)) == 1

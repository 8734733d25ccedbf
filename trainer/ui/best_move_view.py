"""The Puzzles page's "coach's best move" mode: one moment of a real hand at the card table,
answered by a move, graded as the coach's best (:mod:`trainer.practice.best_move_puzzles`). A
first miss is told what the move chosen gives up, never which move is best; a second, or "show
the answer", shows the coach's values. The moment is in the address (``puzzle=best-…``), so a
reload or a link opens it again."""

from __future__ import annotations

import random
import time

import streamlit as st

from trainer.engine.messages import Message
from trainer.lessons import Feedback
from trainer.lessons.answers import LessonAnswer
from trainer.practice import best_move_puzzles as best
from trainer.practice.guidance_service import puzzle_skill
from trainer.practice.stored_tries import StoredTry
from trainer.ui.lang import tr
from trainer.ui.lesson_view import cards_to_correct, show_feedback, show_question, words
from trainer.ui.practice_links import practice_button
from trainer.ui.session import store

VERDICT_KEY = "best-move-verdict"
"""The container of the verdict under the table, scrolled into view after an answer."""
_KEYS = ("best_puzzle", "best_feedback", "best_given", "best_misses", "best_started",
         "best_stored", "best_note", "best_refused", "best_first_miss")


def _show(puzzle: best.BestMovePuzzle, tried: StoredTry | None = None) -> None:
    """Ask ``puzzle``; ``tried``: its first try, already stored (a reload after it), shown again
    with what followed it — after a miss, the hint and the second try."""
    missed = tried is not None and not tried.correct
    given = None if tried is None else tried.given
    feedback = None if given is None else Feedback.HINT if missed else Feedback.RIGHT
    st.session_state.update(best_puzzle=puzzle, best_feedback=feedback, best_given=given,
                            best_misses=1 if missed else 0, best_started=time.monotonic(),
                            best_stored=tried is not None, best_note=None, best_refused=0,
                            best_first_miss=given if missed else None)
    if missed and given is None:  # the try no longer reads: at least say which try this is
        st.session_state["best_note"] = Message.of("puzzles.best_second_try")
    st.session_state["best_recent"] = [*st.session_state.get("best_recent", []),
                                       puzzle.id][-200:]
    st.query_params["puzzle"] = puzzle.id


def _next() -> None:
    for key in _KEYS:
        st.session_state.pop(key, None)
    st.query_params.pop("puzzle", None)


def _answered(learner_id: int, puzzle_id: str, given: LessonAnswer) -> None:
    """The first answer is recorded (practice); a miss gets the reasoning hint and another
    try, a second miss the answer."""
    puzzle = st.session_state.get("best_puzzle")
    if not isinstance(puzzle, best.BestMovePuzzle) or puzzle.id != puzzle_id:
        return  # a tap from an older screen
    refused = best.refusal(puzzle, given)
    st.session_state["best_note"] = refused
    if refused is not None:  # not a move the rules allow here: said why, and no try (the
        # table is drawn afresh, so it takes the next press at once)
        st.session_state["best_refused"] = int(st.session_state.get("best_refused", 0)) + 1
        return
    task = puzzle.task()
    misses = int(st.session_state.get("best_misses", 0))
    if misses == 0 and not st.session_state.get("best_stored"):
        seconds = time.monotonic() - st.session_state.get("best_started", time.monotonic())
        correct = best.record(store(), learner_id, puzzle, task, given, seconds)
        st.session_state["best_stored"] = True
    else:
        correct = task.is_correct(given)
    if correct:
        st.session_state.update(best_feedback=Feedback.RIGHT, best_given=given)
        return
    if misses == 0:
        st.session_state["best_first_miss"] = given
    st.session_state.update(best_misses=misses + 1, best_given=given,
                            best_feedback=Feedback.HINT if misses == 0 else Feedback.REVEALED)


def best_move_area(learner_id: int, players: int) -> None:
    """The current best-move puzzle (the address's, or the next one), its question, feedback
    and the way on."""
    puzzle = st.session_state.get("best_puzzle")
    wanted = st.query_params.get("puzzle", "")
    if not isinstance(puzzle, best.BestMovePuzzle) or (wanted and wanted != puzzle.id):
        found = best.by_id(store(), learner_id, wanted) if wanted else None
        found = found or best.next_best_move(store(), learner_id, players,
                                             st.session_state.get("best_recent", []),
                                             random.Random())
        if found is None:
            st.info(tr("puzzles.best_none"))
            return
        _show(found, best.stored_try(store(), learner_id, found) if wanted else None)
        puzzle = found
    task = puzzle.task()
    feedback: Feedback | None = st.session_state.get("best_feedback")
    given: LessonAnswer | None = st.session_state.get("best_given")
    misses = int(st.session_state.get("best_misses", 0))
    done = feedback in (Feedback.RIGHT, Feedback.REVEALED)
    if puzzle.own:
        st.caption(tr("puzzles.best_own"))
    st.markdown(f"#### {words(task.prompt) if task.prompt else ''}")
    if not done:
        st.caption(words(task.instruction))
    refused = int(st.session_state.get("best_refused", 0))
    note: Message | None = None if done else st.session_state.get("best_note")
    show_question(task, key="best-move", seq=f"{puzzle.id}-{misses}-{refused}", locked=done,
                  on_answer=lambda answer: _answered(learner_id, puzzle.id, answer),
                  raised=cards_to_correct(feedback, given),
                  show_after=VERDICT_KEY if feedback is not None or note is not None else "")
    if note is not None or feedback is not None:  # the verdict, brought into view under the
        with st.container(key=VERDICT_KEY):  # table (on a phone it falls below the fold)
            if note is not None:
                st.warning(words(note))
            if feedback is not None:
                show_feedback(task, feedback, given, misses=misses,
                              first_miss=st.session_state.get("best_first_miss"))
    if feedback is Feedback.HINT:
        st.button(tr("lessons.show_answer"), key="best-reveal", on_click=st.session_state.update,
                  kwargs={"best_feedback": Feedback.REVEALED})
    if misses:
        skill = puzzle_skill(store(), learner_id, puzzle.kind, ())
        if skill is not None and done:
            practice_button(skill, key="best-practise-skill")
    if done:
        st.button(tr("puzzles.next"), type="primary", key="best-next", on_click=_next)

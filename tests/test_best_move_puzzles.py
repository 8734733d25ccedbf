"""The coach's best moves as puzzles (issue 29): the shipped moments and the learner's own
flagged ones, served, graded as the coach's best, recorded as practice, and shown on the
Puzzles page with a hint that never names the best move."""

from __future__ import annotations

import random

import pytest

from tests.apptest_helpers import BUTTON_OF, app, tap
from tests.test_coached_hands import _careless_hand
from trainer.coach.best_moves import check, clear_best
from trainer.engine.game.actions import ActionKind
from trainer.i18n import render, t
from trainer.lessons.answers import MoveAnswer
from trainer.lessons.buttons import TableButton
from trainer.lessons.kinds.best_move import pool
from trainer.lessons.table_tasks import button_move
from trainer.mastery.skills import Answered, Skill, skills_of
from trainer.play.coach_review import price_hand
from trainer.practice import best_move_puzzles as best
from trainer.store import ProgressStore
from trainer.ui.lang import red_suits


def test_the_shipped_moments_are_every_pool_moment_once() -> None:
    for players in (4, 3):
        shipped = best.shipped(players)
        assert len(shipped) == len(pool(players, "best_discard")) + len(pool(players, "best_claim"))
        assert len({p.id for p in shipped}) == len(shipped)
        assert {p.kind for p in shipped} == {"best_discard", "best_claim"}
        assert all(p.players == players and p.id.startswith(best.PREFIX) for p in shipped)


def test_an_answer_is_graded_as_the_best_move_and_trains_its_skill(
        db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    puzzle = next(p for p in best.shipped(4) if p.kind == "best_discard")
    task = puzzle.task()
    assert best.record(store, int(learner), puzzle, task, task.answer, 4.0)
    wrong = next(MoveAnswer(ActionKind.DISCARD, (index,)) for index in range(len(
        task.board.hand)) if not task.is_correct(MoveAnswer(ActionKind.DISCARD, (index,))))
    assert not best.record(store, int(learner), puzzle, task, wrong, 2.0)
    rows = store.answers.rows(int(learner))
    assert [(r.item, r.correct, r.mode, r.skill) for r in rows] == [
        (puzzle.id, True, "best", "puzzle:best_discard"),
        (puzzle.id, False, "best", "puzzle:best_discard")]
    assert skills_of(Answered(rows[0].context, rows[0].skill, (), rows[0].rule_ids)) == (
        Skill.DISCARDING,)
    assert best.solved(store, int(learner)) == {puzzle.id: False}


def test_a_flagged_decision_of_ones_own_hand_comes_first_and_recomputes(
        db: tuple[ProgressStore, str]) -> None:
    """A decision of the learner's reviewed hand whose best clearly beats the next becomes
    their own puzzle: stored, served before any shipped one, reopened by its id, its values
    recomputed exactly by the search from what it stores."""
    store, learner = db
    for seed in range(1, 40):
        replay = _careless_hand(seed)
        priced = price_hand(replay, 0, deals=16)
        clear = [d for d in priced.decisions if d.mistake and clear_best(d.decision)]
        if clear:
            break
    else:
        pytest.fail("no careless hand with a clearly best move")
    decision = clear[0]
    own = best.own_of_decision(replay, 0, decision.step, decision.decision)
    assert own is not None and own.own and own.move.best.action == decision.decision.best.action
    assert check(own.move) == []
    assert own.task().is_correct(own.task().answer)
    unclear = next((d for d in priced.decisions if not clear_best(d.decision)), None)
    if unclear is not None:
        assert best.own_of_decision(replay, 0, unclear.step, unclear.decision) is None
    best.keep_own(store, int(learner), own)
    best.keep_own(store, int(learner), own)  # kept once
    assert [p.id for p in best.own_best_moves(store, int(learner))] == [own.id]
    chosen = best.next_best_move(store, int(learner), own.players, (), random.Random(1))
    assert chosen is not None and chosen.id == own.id
    assert best.by_id(store, int(learner), own.id) == own
    shipped = best.shipped(4)[0]
    assert best.by_id(store, int(learner), shipped.id) == shipped
    assert best.by_id(store, int(learner), "win-000000000000") is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_hints_then_shows_the_coachs_values(db: tuple[ProgressStore, str],
                                                     lang: str) -> None:
    store, learner = db
    at = app("puzzles", as_learner=learner, mode="best", lang=lang)
    assert not at.exception
    puzzle: best.BestMovePuzzle = at.session_state["best_puzzle"]
    assert at.query_params["puzzle"] in (puzzle.id, [puzzle.id])
    task = puzzle.task()
    answer = task.answer
    assert isinstance(answer, MoveAnswer)
    if answer.kind is ActionKind.DISCARD:
        wrong = next(MoveAnswer(ActionKind.DISCARD, (i,)) for i in range(len(task.board.hand))
                     if not task.is_correct(MoveAnswer(ActionKind.DISCARD, (i,))))
    else:
        claims = [MoveAnswer(kind) for kind in (ActionKind.PASS, ActionKind.PONG,
                                                ActionKind.KONG)]
        claims += [MoveAnswer(ActionKind.CHI, (i,)) for i in range(len(task.board.hand))]
        wrong = next(m for m in claims
                     if not task.is_correct(m) and best.refusal(puzzle, m) is None)
    # a press the rules refuse (a kong with no four, a lay-down of no joker) says why and is no
    # try; a press of a button the table does not show is no answer at all
    buttons = task.board.buttons
    tries = [(TableButton.KONG_DRAWN, (0,)), (TableButton.LAY_DOWN, (0,))] \
        if answer.kind is ActionKind.DISCARD else [(TableButton.KONG, ())]
    for hidden, hidden_press in tries:
        if hidden not in buttons:
            tap(at, "best-move", hidden.value, list(hidden_press), f"{puzzle.id}-0-0")
            assert at.session_state["best_refused"] == 0 and not at.warning
    refusals = [(button, press, said) for button, press in tries if button in buttons
                and (said := best.refusal(puzzle, button_move(button, press))) is not None]
    for button, press, refused in refusals[:1]:  # twice: the table is drawn afresh each time
        for times in (0, 1):
            tap(at, "best-move", button.value, list(press), f"{puzzle.id}-0-{times}")
            assert at.session_state["best_misses"] == 0 and not store.answers.rows(int(learner))
            assert at.session_state["best_refused"] == times + 1
            assert render(refused, lang, cite=False) in [w.value for w in at.warning]
    tap(at, "best-move", BUTTON_OF.get(wrong.kind, wrong.kind.value), list(wrong.indices),
        f"{puzzle.id}-0-{at.session_state['best_refused']}")
    assert at.session_state["best_misses"] == 1
    hint = render(task.hint(wrong), lang, cite=False)
    shown = " ".join(m.value for m in at.markdown)
    assert hint.split("：")[0][:20] in shown or hint[:20] in shown
    assert t("lessons.try_again", lang) in [w.value for w in at.warning]
    # a reload after the missed first try shows that try with its hint and goes on with the
    # second; the first is stored once
    reloaded = app("puzzles", as_learner=learner, mode="best", lang=lang, puzzle=puzzle.id)
    assert reloaded.session_state["best_puzzle"].id == puzzle.id  # the address keeps it
    assert reloaded.session_state["best_misses"] == 1
    assert reloaded.session_state["best_given"] == wrong
    again = " ".join(m.value for m in reloaded.markdown)
    assert hint.split("：")[0][:20] in again or hint[:20] in again
    assert t("lessons.try_again", lang) in [w.value for w in reloaded.warning]
    tap(reloaded, "best-move", BUTTON_OF.get(wrong.kind, wrong.kind.value),
        list(wrong.indices), f"{puzzle.id}-1-0")
    assert reloaded.session_state["best_feedback"].value == "revealed"
    assert len(store.answers.rows(int(learner))) == 1  # its first try is stored once
    assert task.compared is not None  # the best beside the learner's own move, when said
    beside = task.compared(wrong)
    revealed = " ".join(m.value for m in reloaded.markdown)
    assert (beside is not None) is (t("lessons.beside_yours", lang, why="")[:6] in revealed)
    if beside is not None:
        assert red_suits(render(beside, lang, cite=False)) in revealed
    tap(at, "best-move", BUTTON_OF.get(answer.kind, answer.kind.value), list(answer.indices),
        f"{puzzle.id}-1-{at.session_state['best_refused']}")
    assert at.session_state["best_feedback"].value == "right"
    assert task.tried is not None  # right after a miss: what the first try cost, beside it
    cost = task.tried(wrong)
    assert cost is not None and cost.key == "coach.first_try"
    assert red_suits(render(cost, lang, cite=False)) in [c.value for c in at.caption]
    rows = store.answers.rows(int(learner))
    assert [(r.item, r.correct, r.mode) for r in rows] == [(puzzle.id, False, "best")]
    at.button(key="best-next").click().run()
    assert not at.exception
    assert at.session_state["best_puzzle"].id != puzzle.id

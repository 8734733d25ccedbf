"""A lesson run: hints first, the answer after a second miss (or on request), every missed item
asked again as a fresh variant, stars from how the lesson ended; and moves at the table judged by
the engine (apply_table_action)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.game.actions import Action, ActionKind
from trainer.i18n import render
from trainer.lessons import Feedback, Lesson, LessonRun, Question, load_lessons
from trainer.lessons.answers import MoveAnswer
from trainer.lessons.kinds.moves import construct_scene
from trainer.lessons.run import MAX_REASKS, PlanItem
from trainer.lessons.table_tasks import after_move, apply_table_action, move_task, scene_of_task
from trainer.lessons.task import StepData, Task
from trainer.practice.lesson_service import Runs, task_of
from trainer.store import ProgressStore


def test_first_miss_hint_second_miss_answer_and_a_reask() -> None:
    run = LessonRun.start("x", 3, 1)
    assert not run.comes_back
    assert run.answer(False) is Feedback.HINT and not run.done
    assert len(run.plan) == 4 and run.plan[-1].step == 0 and run.plan[-1].seed is not None
    assert run.comes_back  # the page says why the count grew
    assert run.answer(False) is Feedback.REVEALED and run.done and run.revealed == 1
    assert len(run.plan) == 4  # the re-ask was queued once, at the first miss
    run.go_on()
    assert run.answer(True) is Feedback.RIGHT and run.done
    run.go_on()
    run.go_on()
    assert run.current is not None and run.current.seed is not None  # the variant comes last
    assert run.answer(True) is Feedback.RIGHT
    run.go_on()
    assert run.finished and run.stars() == 2 and not run.comes_back


@given(st.sets(st.integers(0, 7)), st.integers(0, 2**32 - 1))
def test_a_first_pass_varies_exactly_the_fresh_steps(fresh: set[int], seed: int) -> None:
    run = LessonRun.start("x", 8, seed, fresh)
    assert {item.step for item in run.plan if item.seed is not None} == fresh
    assert run.plan == LessonRun.start("x", 8, seed, fresh).plan  # the run seed decides
    assert [item.step for item in run.plan] == list(range(8))


def test_stars_count_first_answers_not_answers_shown() -> None:
    """Issue 31: a hint and a second try always solve a yes/no question, so a miss costs a star
    even when no answer was shown; three stars only with no miss at all."""
    run = LessonRun.start("x", 2, 5)
    run.answer(False)  # a hint, then right: no answer shown, but a miss
    run.answer(True)
    run.go_on()
    run.answer(True)
    run.go_on()
    assert run.current is not None and run.current.seed is not None
    run.answer(True)
    run.go_on()
    assert run.finished and run.revealed == 0 and run.stars() == 2
    clean = LessonRun.start("x", 2, 5)
    for _ in range(2):
        clean.answer(True)
        clean.go_on()
    assert clean.finished and clean.stars() == 3


def test_a_missed_yes_no_question_is_explained_at_once_and_comes_back_fresh() -> None:
    """Issue 31: a second try at a two-way question is no test — its first miss shows the answer
    and the working, and the re-ask is a fresh variant, not the same choice again."""
    run = LessonRun.start("x", 1, 4)
    assert run.answer(False, choices=2) is Feedback.REVEALED and run.done and run.revealed == 1
    assert len(run.plan) == 2 and run.plan[-1].step == 0 and run.plan[-1].seed is not None
    run.go_on()
    assert run.answer(True, choices=2) is Feedback.RIGHT
    run.go_on()
    assert run.finished and run.stars() == 2
    several = LessonRun.start("x", 1, 4)  # three options or more: a hint and another try
    assert several.answer(False, choices=3) is Feedback.HINT and not several.done


def test_asking_for_the_answer_counts_as_shown() -> None:
    run = LessonRun.start("x", 1, 2)
    run.answer(False)
    assert run.reveal() is Feedback.REVEALED and run.revealed == 1
    with pytest.raises(ValueError, match="already answered"):
        run.answer(True)


def test_reasks_are_capped() -> None:
    run = LessonRun.start("x", 1, 3)
    for _ in range(MAX_REASKS + 3):
        run.answer(False)
        run.answer(False)
        run.go_on()
        if run.finished:
            break
    assert len(run.plan) == 1 + MAX_REASKS and run.finished and run.stars() == 1


@given(st.lists(st.booleans(), max_size=30), st.integers(0, 2**32))
def test_a_run_survives_a_round_trip(answers: list[bool], seed: int) -> None:
    run = LessonRun.start("x", 4, seed)
    for correct in answers:
        if run.finished:
            break
        if run.done:
            run.go_on()
            continue
        run.answer(correct)
    again = LessonRun.from_json(run.to_json(), "x", 4)
    assert again == run


def test_a_stale_or_broken_run_starts_again() -> None:
    run = LessonRun.start("x", 4, 1)
    assert LessonRun.from_json(run.to_json(), "y", 4) is None  # another lesson
    assert LessonRun.from_json(run.to_json(), "x", 2) is None  # the lesson changed
    assert LessonRun.from_json("{not json", "x", 4) is None


LESSONS = {lesson.id: lesson for lesson in load_lessons()}


def _move_step(lesson: str, goal: str) -> Question:
    return next(s for s in LESSONS[lesson].steps
                if isinstance(s, Question) and s.kind == "move" and s.data["goal"] == goal)


@pytest.mark.rule("R-CHI", "R-PAIR14")
def test_a_chi_with_the_wrong_card_is_refused_with_the_sum() -> None:
    step = _move_step("a-turn", "chi")
    scene, goal = scene_of_task(StepData(step.data))
    hand = scene.view.hand
    wrong = next(i for i, c in enumerate(hand) if c.rank and c.rank + 5 != 14)
    outcome = apply_table_action(scene, goal, MoveAnswer(ActionKind.CHI, (wrong,)))
    assert not outcome.legal and not outcome.correct
    assert outcome.message.key == "hint.move_chi_sum"
    right = hand.index(goal.cards[0])
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.CHI, (right,))).correct


@pytest.mark.rule("R-PONG")
def test_passing_instead_of_ponging_is_allowed_but_not_what_was_asked() -> None:
    step = _move_step("pong-and-kong", "pong")
    scene, goal = scene_of_task(StepData(step.data))
    outcome = apply_table_action(scene, goal, MoveAnswer(ActionKind.PASS))
    assert outcome.legal and not outcome.correct and outcome.message.key == "hint.move_passed"
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.PONG)).correct


@pytest.mark.rule("R-KONG", "R-TOU")
def test_kong_and_lay_down_moves() -> None:
    step = _move_step("pong-and-kong", "kong")
    scene, goal = scene_of_task(StepData(step.data))
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.KONG)).correct
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.WIN)).message.key == \
        "hint.move_win_pairs"  # the kong's card pairs nothing: the one check that fails
    lay = _move_step("deal-and-tou", "lay_pong")
    scene, goal = scene_of_task(StepData(lay.data))
    hand = scene.view.hand
    nines = tuple(i for i, c in enumerate(hand) if c.rank == 9)
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.LAY_JOKER, nines)).correct
    two = nines[:2]
    refused = apply_table_action(scene, goal, MoveAnswer(ActionKind.LAY_JOKER, two))
    assert refused.message.key == "hint.move_lay_down_cards" and not refused.legal
    said = render(refused.message, "en", cite=False)  # says what was tried, and that it is refused
    assert said.startswith("Not allowed") and all(hand[i].symbol in said for i in two), said
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.LAY_JOKER, ())).message.key \
        == "hint.move_pick_cards"  # nothing tapped: nothing to refuse yet


@pytest.mark.rule("R-KONG")
def test_a_card_of_another_rank_added_to_a_pong_is_refused_by_its_rank() -> None:
    """Adding the card just drawn to a pong of another rank is refused by its rank, not with
    "only right after the pong's draw" — it is right after the draw. The refusal names the rank;
    the pong's fourth is taken."""
    step = next(s for s in LESSONS["pong-and-kong"].steps if isinstance(s, Question)
                and s.kind == "move" and s.data["goal"] == "kong_drawn")
    scene, goal = scene_of_task(StepData(step.data))
    hand = scene.view.hand
    wrong = next(i for i, c in enumerate(hand) if c.rank != goal.cards[0].rank)
    outcome = apply_table_action(scene, goal, MoveAnswer(ActionKind.KONG_DRAWN, (wrong,)))
    assert not outcome.legal and outcome.message.key == "hint.move_kong_rank"
    assert outcome.message.param("card") == hand[wrong]
    right = hand.index(goal.cards[0])
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.KONG_DRAWN, (right,))).correct


@pytest.mark.rule("R-KONG")
def test_adding_to_a_pong_with_no_pong_laid_says_there_is_none() -> None:
    """At a discard with no pong laid, "add to the pong" is refused as having no pong to add
    to — not "the fourth of none of your pongs"; with a pong laid, a card of another rank is
    refused by its rank."""
    from trainer.engine.melds import MeldKind
    from trainer.lessons.kinds.best_move import pool, refusal_of

    seen = set()
    for move in pool():
        view = move.view
        pongs = {m.cards[0].rank for m in view.melds[view.seat] if m.kind is MeldKind.PONG}
        index = next((i for i, c in enumerate(view.hand) if c.rank not in pongs), None)
        if index is None:
            continue
        said = refusal_of(move, MoveAnswer(ActionKind.KONG_DRAWN, (index,)))
        assert said is not None
        if not pongs:
            assert said.key == "hint.move_kong_no_pong"
        seen.add(said.key)
    assert "hint.move_kong_no_pong" in seen


@pytest.mark.rule("R-PAY", "R-SEAT")
def test_four_shares_habit_at_a_table_of_three_is_hinted_by_the_count() -> None:
    """At a table of three, "three shares" (the four-player habit) is a miss of the count, not
    of the share: the hint asks for the count of shares at this table."""
    from trainer.lessons.answers import NumberAnswer

    step = next(s for s in LESSONS["three-players"].steps
                if isinstance(s, Question) and s.kind == "pays")
    task = step.task
    assert isinstance(task, Task) and isinstance(task.answer, NumberAnswer)
    share = task.answer.value // 2  # the discarder pays the two others' shares
    hint = task.hint(NumberAnswer(3 * share))
    assert hint.key == "hint.pays_count" and hint.param("players") == 3
    assert "3" in render(hint, "en", cite=False) and "3" in render(hint, "zh", cite=False)
    assert task.hint(NumberAnswer(share)).key == "hint.pays_deal_in"


@pytest.mark.rule("R-WIN")
def test_a_what_stops_it_question_never_hints_the_check_that_fails() -> None:
    """After "win" on lesson 4's red-short hand, "is it at least 20?" would name the option to
    tap next. A wrong win hears every check in order; a wrong reason hears why its own check
    passes."""
    from trainer.lessons.answers import ChoiceAnswer

    steps = [s for s in LESSONS["winning"].steps if isinstance(s, Question) and s.kind == "reason"]
    assert steps
    for step in steps:
        task = step.task
        assert isinstance(task, Task) and isinstance(task.answer, ChoiceAnswer)
        assert task.hint(ChoiceAnswer("win")).key == "hint.win_checks"
        for said in ("own_flip", "joker_in_hand", "not_combined", "red_short"):
            if said != task.answer.value:
                assert task.hint(ChoiceAnswer(said)).key != {
                    "red_short": "hint.count_red_all", "not_combined": "hint.find_partner",
                    "joker_in_hand": "hint.win_joker",
                    "own_flip": "hint.win_whose_flip"}[task.answer.value]


@pytest.mark.rule("R-WIN")
def test_winning_on_the_table_and_the_table_after_the_move() -> None:
    step = _move_step("winning", "win")
    task = step.task
    assert task.solved_board is not None
    scene, goal = scene_of_task(StepData(step.data))
    assert apply_table_action(scene, goal, MoveAnswer(ActionKind.WIN)).correct
    missed = apply_table_action(scene, goal, MoveAnswer(ActionKind.PASS))
    assert missed.legal and missed.message.key == "hint.move_missed_win"


@pytest.mark.rule("R-SPECIAL")
@pytest.mark.parametrize("seed", [None, 4, 5])
def test_an_all_red_win_is_named_in_its_working_not_in_its_question(seed: int | None) -> None:
    """Lesson 8's 全红 step: the learner must see that every card is red, so the question does
    not say it; the working after the answer names the special win and its fan."""
    step = _move_step("specials-fan-score", "win")
    task = step.task if seed is None else step.variant(seed)
    assert [m.key for m in task.working] == ["move_why.win_special"]
    assert "R-SPECIAL" in task.rule_ids
    for lang in ("en", "zh"):
        asked = step.words(lang) if seed is None else render(task.prompt, lang)
        assert "全红" not in asked and "red" not in asked.replace("colours", "")
        said = render(task.working[0], lang)
        assert "全红" in said
        if seed is None:  # walk 47: the written table is the dealer's first discard, 接地 too
            scene, _ = scene_of_task(StepData(step.data))
            assert scene.state.offer is not None and scene.state.offer.dealer_first_discard
            assert "接地" in said


@pytest.mark.rule("R-STOCK-EMPTY")
@pytest.mark.parametrize("seed", [None, 1, 2, 3])
def test_a_drawn_hand_is_a_move_at_a_real_table(seed: int | None) -> None:
    """The last stock card flipped, a chi open but no win: letting it go ends the hand drawn and
    nobody pays; a chi is allowed but told what it risks. The written table and fresh ones
    alike are the end of a real hand (a replay)."""
    step = _move_step("pong-and-kong", "pass")
    data = StepData(step.data if seed is None else construct_scene(random.Random(seed), "pass"))
    scene, goal = scene_of_task(data)
    assert not scene.state.stock and data.has("replay")
    assert {a.kind for a in scene.state.legal_actions()} >= {ActionKind.CHI, ActionKind.PASS}
    assert ActionKind.WIN not in {a.kind for a in scene.state.legal_actions()}
    assert goal.kind is ActionKind.PASS
    after = after_move(scene, goal).state
    assert after.result is not None and after.result.winner is None
    assert after.result.payments == (0,) * scene.state.rules.players
    chi = next(a for a in scene.state.legal_actions() if a.kind is ActionKind.CHI)
    move = MoveAnswer(ActionKind.CHI, (scene.view.hand.index(chi.cards[0]),))
    told = apply_table_action(scene, goal, move)
    assert told.legal and not told.correct and told.message.key == "hint.move_drawn_claimed"
    task = move_task(data)
    assert task.rule_ids == ("R-STOCK-EMPTY",) and task.working[0].key == "move_why.drawn"


def test_an_answer_to_a_fresh_first_try_is_kept_with_the_words_it_was_asked_in(
        db: tuple[ProgressStore, str]) -> None:
    """Issue 31: the first try of "which card makes 14 with …" is a variant, so the answer is
    kept with the variant's own question — its card, not the written example's."""
    store, learner = db
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "pairs-of-14")
    runs = Runs(store, int(learner))
    run, _ = runs.load(lesson)
    while not isinstance(lesson.steps[run.plan[run.index].step], Question):
        runs.go_on(lesson, run.index)
        run, _ = runs.load(lesson)
    item = run.plan[run.index]
    step = lesson.steps[item.step]
    assert isinstance(step, Question) and item.seed is not None
    task = task_of(lesson, run)
    assert task.prompt is not None
    runs.answer(lesson, run.index, task.answer, 3.0)
    (row,) = store.answers.rows(int(learner), context="lesson")
    assert row.question == f"{lesson.id} #{item.step + 1}: {render(task.prompt, 'en', cite=False)}"
    assert str(task.board.offer and task.board.offer.symbol) in row.question


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_run_never_shows_a_table_twice(run_seed: int) -> None:
    """防守 asks two questions of one kind from a pool of a dozen mined tables, and a missed
    question comes back "with fresh cards": no item of the run shows a board an earlier item of
    the same kind showed (each missed once, so every question is asked twice)."""
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "defence")
    asked = [s.number for s in lesson.steps if isinstance(s, Question)]
    run = LessonRun.again(lesson.id, len(lesson.steps), asked, run_seed)
    while run.current is not None and not run.current.again:
        if isinstance(lesson.steps[run.current.step], Question):
            run.answer(False)
            if not run.done:
                run.reveal()
        run.go_on()
    assert len(run.plan) == len(lesson.steps) + len(asked)
    boards: dict[str, list[object]] = {}
    for index, item in enumerate(run.plan):
        step = lesson.steps[item.step]
        if isinstance(step, Question) and step.kind in ("pick_safe", "safe"):
            board = task_of(lesson, run, index).board
            assert board not in boards.setdefault(step.kind, []), (index, item)
            boards[step.kind].append(board)


@pytest.mark.rule("R-CHI", "R-PARITY")
def test_a_refused_chi_of_a_14_pair_names_the_rule_that_refuses_it() -> None:
    """Of the coached hands' offers: a chi making 14 that the engine refuses is refused for the
    card's seat when it came from elsewhere, and for the last concealed card otherwise."""
    from trainer.engine import Message
    from trainer.lessons.kinds.coached import pool
    from trainer.lessons.table_tasks import TableScene, judged_move

    seen = {"hint.move_chi_whose": 0, "hint.move_chi_last": 0}
    for hand in pool():
        for coached in hand.decisions:
            state = hand.replay.state_at(coached.step)
            offer = state.offer
            if offer is None or offer.card.rank is None:
                continue
            scene = TableScene(state, hand.seat)
            held = scene.view.hand
            for index, card in enumerate(held):
                if card.rank is None or card.rank + offer.card.rank != 14:
                    continue
                said = judged_move(scene, MoveAnswer(ActionKind.CHI, (index,)))
                if not isinstance(said, Message):
                    continue  # a legal chi
                takes = hand.seat in (offer.seat, (offer.seat + 1) % state.rules.players)
                assert said.key == ("hint.move_chi_last" if takes else "hint.move_chi_whose")
                seen[said.key] += 1
    assert all(seen.values()), seen


def test_a_pick_of_one_card_among_two_is_a_two_way_question() -> None:
    """With two cards to choose from, a hint after a miss would leave one card — the answer.
    Such a question is two-way: its first miss shows the answer and the working, as a yes/no
    question's does, and a fresh variant comes later; with more cards it hints."""
    from dataclasses import replace

    from trainer.lessons.answers import CardsAnswer, Shape

    lesson = next(lesson for lesson in load_lessons() if lesson.id == "reading-the-table")
    step = next(s for s in lesson.steps if isinstance(s, Question) and s.kind == "pick_safe")
    task = step.task
    assert task.shape is Shape.ONE_CARD and task.ways == len(task.board.tappable) > 2
    assert isinstance(task.answer, CardsAnswer)
    right = next(iter(task.answer.indices))
    other = next(i for i in range(len(task.board.hand)) if i != right)
    two = replace(task, board=replace(task.board, hand=(task.board.hand[right],
                                                        task.board.hand[other])))
    assert two.ways == 2
    for ways, feedback in ((two.ways, Feedback.REVEALED), (task.ways, Feedback.HINT)):
        run = LessonRun.start(lesson.id, len(lesson.steps), 1)
        run.index = step.number
        assert run.answer(False, choices=ways) is feedback
    choice = next(s.task for les in load_lessons() for s in les.steps
                  if isinstance(s, Question) and s.task.options)
    assert choice.ways == len(choice.options)


def test_a_re_ask_that_must_repeat_a_table_is_not_said_to_be_fresh() -> None:
    """Lesson 12's "pass" steps draw their re-asks from the pool's moments of one class, which
    holds fresh ones for them (rare moments mined for it): re-asked after every step was shown,
    a missed one never repeats a table. Where an item must repeat one (the step as written,
    asked again), the service says so (the page then says "once more", not "with fresh
    cards"); a first item never has."""
    from trainer.lessons.run import PlanItem
    from trainer.practice.lesson_service import shown_before

    lesson = next(found for found in load_lessons() if found.id == "claim-or-pass")
    questions = [i for i, step in enumerate(lesson.steps) if isinstance(step, Question)]
    run = LessonRun.start(lesson.id, len(lesson.steps), 1)
    assert not shown_before(lesson, LessonRun(lesson.id, run.plan, index=questions[0]))
    seen = [PlanItem(step) for step in range(len(lesson.steps))]
    repeats = [seed for seed in range(40) if shown_before(lesson, LessonRun(
        lesson.id, [*seen, PlanItem(4, seed, again=True)], index=len(seen)))]
    assert not repeats  # fresh cards for every re-ask
    assert shown_before(lesson, LessonRun(lesson.id, [*seen, PlanItem(4)], index=len(seen)))


def test_a_red_loose_card_thrown_beside_a_black_one_is_right_and_told_the_habit() -> None:
    """Walk 39, lesson 3: any card left over from the 14-pairs is a right discard, but throwing
    a red one while a black one is loose costs red a win needs. It stays right, and the words
    beside it name the black card; a fresh table's own answer is a black loose card when there
    is one."""
    from trainer.lessons import Question, load_lessons
    from trainer.lessons.move_goals import lone_cards

    lesson = {les.id: les for les in load_lessons()}["a-turn"]
    step = next(s for s in lesson.steps if isinstance(s, Question) and s.data.get("goal") ==
                "discard")
    told = 0
    for seed in range(40):
        task = step.variant(seed)
        hand = task.board.hand
        lone = lone_cards(hand)
        black = [c for c in lone if c.is_black]
        assert isinstance(task.answer, MoveAnswer)
        shown = hand[task.answer.indices[0]]
        assert shown in (black or lone)
        for card in lone:
            if card.is_red and black:
                given = MoveAnswer(ActionKind.DISCARD, (hand.index(card),))
                assert task.is_correct(given) and task.alike_said is not None
                said = task.alike_said(given)
                assert said is not None and said.key == "lessons.right_lone_red"
                assert said.param("black") in black
                told += 1
    assert told


@pytest.mark.rule("R-TOU")
def test_a_joker_thrown_where_its_lay_down_is_asked_is_told_it_is_gone() -> None:
    """Walk 40, lesson 7: a joker discarded where laying it down is asked got "the joker stays
    in your hand", false once it is thrown. Every lay-the-joker step: the joker thrown is
    allowed, wrong, and told it is gone for nothing."""
    steps = [s for lesson in LESSONS.values() for s in lesson.steps
             if isinstance(s, Question) and s.kind == "move" and s.data["goal"] == "lay_joker"]
    thrown = 0
    for step in steps:
        scene, goal = scene_of_task(StepData(step.data))
        hand = scene.view.hand
        joker = next(i for i, card in enumerate(hand) if card.is_joker)
        if Action(scene.seat, ActionKind.DISCARD, (hand[joker],)) not in \
                scene.state.legal_actions():
            continue  # the lay-down round: no discard yet
        outcome = apply_table_action(scene, goal, MoveAnswer(ActionKind.DISCARD, (joker,)))
        assert outcome.legal and not outcome.correct
        assert outcome.message.key == "hint.move_joker_thrown"
        thrown += 1
    assert thrown


def test_a_move_with_a_lone_joker_says_a_joker() -> None:
    """"You discard joker" reads as a name: a lone joker in a move's words is "a joker", in
    both languages, and any other card is named as it is."""
    from trainer.engine import JOKER, parse_card
    from trainer.lessons.table_tasks import move_words

    assert render(move_words(ActionKind.DISCARD, (JOKER,)), "en") == "You discard a joker"
    assert render(move_words(ActionKind.DISCARD, (JOKER,)), "zh") == "你打出一张鬼"
    assert render(move_words(ActionKind.DISCARD, (parse_card("5h"),)), "en") == "You discard 5♥"
    assert "a joker" in render(move_words(ActionKind.KONG_DRAWN, (JOKER,)), "en")


def test_a_question_asked_again_comes_before_the_closing_words() -> None:
    """Walk 40: "The next stage, 防守, puts the readings together" was read before three more
    questions asked again. A missed question comes back before the lesson's closing words
    (the explanations after its last question), in order of the misses; a lesson with no
    closing words takes it at the end, as before."""
    lesson = next(x for x in load_lessons() if x.closing)
    questions = [s.number for s in lesson.steps if isinstance(s, Question)]
    assert lesson.closing and max(questions) < min(lesson.closing)
    run = LessonRun.start(lesson.id, len(lesson.steps), 7, (), lesson.closing)
    missed = []
    while run.current is not None:
        step = lesson.steps[run.current.step]
        if isinstance(step, Question) and not run.current.again and len(missed) < 2:
            run.answer(False)
            run.answer(False)  # the answer is shown
            missed.append(step.number)
        elif isinstance(step, Question):
            run.answer(True)
        run.go_on()
        assert not run.finished or run.index == len(run.plan)
    order = [item.step for item in run.plan]
    tail = order[-len(lesson.closing):]
    assert tail == lesson.closing, order  # the closing words, last
    again = [item.step for item in run.plan if item.again]
    assert again == missed  # each miss comes back once, in order, before them
    plain = LessonRun.start("x", 3, 1)
    plain.answer(False)
    assert plain.plan[-1].again  # no closing words: at the end
    restored = LessonRun.from_json(run.to_json(), lesson.id, len(lesson.steps))
    assert restored is not None and restored.plan == run.plan
    again = LessonRun.again(lesson.id, len(lesson.steps), questions, 7, lesson.closing)
    assert [item.step for item in again.plan if item.closing] == lesson.closing  # done again


def test_a_claim_with_one_other_move_is_a_two_way_question(
        db: tuple[ProgressStore, str]) -> None:
    """Lesson 12 asks claims where the table allows two moves (pong or pass): a hint after a
    miss would leave the other move, the answer. Its first miss shows the answer and the
    working, and the step comes back later as a fresh table; a move question with more moves
    hints first."""
    from trainer.lessons.answers import Shape

    store, learner = db
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "claim-or-pass")
    seen: set[int] = set()

    def miss(item: PlanItem, task: Task) -> bool:
        assert task.shape is Shape.MOVE and task.moves is not None
        if task.moves in seen:
            return False
        seen.add(task.moves)
        return True

    def missed(run: LessonRun, task: Task) -> None:
        expected = Feedback.REVEALED if task.moves == 2 else Feedback.HINT
        assert run.feedback is expected, (task.moves, run.feedback)
        assert run.comes_back

    _walk(Runs(store, int(learner)), lesson, miss, missed)
    assert 2 in seen and any(ways > 2 for ways in seen), seen


def test_a_chi_s_working_names_this_table_s_14_pair() -> None:
    """Walk 50: the working of a chi question gave the rule only. It now names the pair the
    chi makes at this table: the learner's card and the card taken, adding to 14."""
    from trainer.lessons.answers import MoveAnswer as Move

    seen = 0
    for lesson in load_lessons():
        for step in lesson.steps:
            task = step.task if isinstance(step, Question) and step.kind == "move" else None
            if task is None or not isinstance(task.answer, Move) or \
                    task.answer.kind is not ActionKind.CHI:
                continue
            here = task.working[-1]
            card, offer = here.param("card"), here.param("offer")
            assert here.key == "move_why.chi_here", here.key
            assert card == task.board.hand[task.answer.indices[0]] and offer == task.board.offer
            assert card.rank is not None and offer.rank is not None
            assert card.rank + offer.rank == 14
            seen += 1
    assert seen >= 2


def test_a_re_ask_is_stored_as_one_and_is_no_first_attempt_of_its_skill(
        db: tuple[ProgressStore, str]) -> None:
    """Walk 54: four of lesson 12's questions missed, their re-asks answered right, and three
    questions later the hints said "you have mastered 吃、扯还是不要". A re-ask comes after the
    level's working was shown: the lesson's stars count it, the skill's first attempts do not."""
    from trainer.lessons.run import AGAIN
    from trainer.mastery.skills import Skill
    from trainer.practice.mastery_service import estimates, first_rows

    store, learner = db
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "claim-or-pass")
    missed: list[int] = []

    def miss(item: PlanItem, task: Task) -> bool:
        if len(missed) == 4 or item.again:
            return False
        missed.append(item.step)
        return True

    stars = _walk(Runs(store, int(learner)), lesson, miss)
    assert stars == 1
    rows = store.answers.rows(int(learner), context="lesson")
    again = [row for row in rows if row.mode == AGAIN]
    assert len(again) == 4 and all(row.correct for row in again)
    firsts = list(first_rows(rows))
    assert not any(row.mode == AGAIN for row in firsts)
    assert sum(not row.correct for row in firsts) == 4
    claiming = next(e for e in estimates(store, int(learner)) if e.skill is Skill.CLAIMING)
    assert not claiming.mastered and claiming.recent.count(False) == 4


def _walk(runs: Runs, lesson: Lesson, miss: Callable[[PlanItem, Task], bool],
          missed: Callable[[LessonRun, Task], None] | None = None) -> int:
    """A lesson run to its end, through the learner's service: each question where ``miss``
    says so (and a legal wrong move exists) answered wrong — ``missed`` then sees the run — and
    its answer taken; every other answered right. The stars it ends with."""
    run, _ = runs.load(lesson)
    while True:
        item = run.plan[run.index]
        if isinstance(lesson.steps[item.step], Question):
            task = task_of(lesson, run)
            wrong = _legal_miss(task)
            if wrong is not None and miss(item, task):
                runs.answer(lesson, run.index, wrong, 3.0)
                run, _ = runs.load(lesson)
                if missed is not None:
                    missed(run, task)
                if not run.done:
                    runs.reveal(lesson, run.index)
            else:
                runs.answer(lesson, run.index, task.answer, 3.0)
        stars = runs.go_on(lesson, run.index)
        if stars is not None:
            return stars
        run, _ = runs.load(lesson)


def _legal_miss(task: Task) -> MoveAnswer | None:
    """A move the rules allow at the task's table and that is not right (None: every legal
    move is right)."""
    return next((MoveAnswer(kind, cards) for kind in ActionKind
                 for cards in ((), *((i,) for i in range(len(task.board.hand))))
                 if task.refusal(MoveAnswer(kind, cards)) is None
                 and not task.is_correct(MoveAnswer(kind, cards))), None)

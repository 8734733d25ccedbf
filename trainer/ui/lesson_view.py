"""Drawing a lesson step and reading the learner's answer (UI only: grading is the task's,
answers come from the engine). Cards are tapped on the card table; numbers typed; choices and
moves are buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import streamlit as st

from trainer.engine import Message
from trainer.engine.messages import Points
from trainer.i18n import render
from trainer.lessons import Explain, Feedback, Task
from trainer.lessons.answers import (
    NUMBER_LIMIT,
    CardsAnswer,
    ChoiceAnswer,
    LessonAnswer,
    NumberAnswer,
    NumberProblem,
    Shape,
    read_number,
)
from trainer.lessons.board import Board
from trainer.lessons.buttons import TableButton
from trainer.lessons.table_tasks import button_move, move_words
from trainer.ui.board_view import table_view
from trainer.ui.card_table import ActionButton, CardView, TableAction, TableView, show_table
from trainer.ui.lang import cards_text, current_language, red_suits, tr
from trainer.ui.pictures import picture
from trainer.ui.widgets import bullet_list, rules_caption, show_cards, show_groups, show_melds

MOVE_LABEL = {TableButton.DISCARD: "button.discard_selected",
              TableButton.CHI: "button.chi_selected", TableButton.PONG: "button.pong",
              TableButton.KONG: "button.kong", TableButton.WIN: "button.win",
              TableButton.PASS: "button.pass", TableButton.LAY_DOWN: "button.lay_down",
              TableButton.KONG_DRAWN: "button.kong_drawn_selected",
              TableButton.DONE: "button.done", TableButton.TIANZOU: "button.tianzou"}


def words(message: Message) -> str:
    return render(message, current_language(), cite=False)


def show_explain(step: Explain, key: str) -> None:
    st.markdown(step.words(current_language()))
    if step.picture:
        show_table(picture(step.picture), key=f"{key}-picture")
    if step.groups:
        show_groups(step.groups)
    both = bool(step.cards and step.melds)  # a hand and its sets: each named
    show_cards(step.cards, label=tr("lesson.your_hand") if both else None)
    show_melds(step.melds, label=tr("lesson.your_melds") if both else None)


def coached_hands_line(losses: list[float]) -> str:
    """The points each reviewed hand lost, and their total (the lesson's level, Progress)."""
    key = "progress.coached_hands_one" if len(losses) == 1 else "progress.coached_hands"
    return tr(key, count=len(losses), total=Points(sum(losses), signed=False),
              each=tr("list.sep").join(tr("progress.coached_hand", lost=Points(loss, signed=False))
                                       for loss in losses))


def show_coached_hands(losses: list[float], hands: int, key: str) -> bool:
    """A level played in Play (``Explain.play_hands``): how many of the hands the coach has
    reviewed, the points each lost, and the way to Play; whether all are played."""
    done = min(len(losses), hands)
    st.progress(done / hands, text=tr("lessons.coached_progress", done=done, count=hands))
    if losses:
        st.caption(coached_hands_line(losses))
    if st.button(tr("lessons.play_coached"), type="primary" if done < hands else "secondary",
                 key=f"{key}-play"):
        st.switch_page("app_pages/play.py", query_params=st.query_params.to_dict())
    return done >= hands


def _move_buttons(task: Task) -> tuple[ActionButton, ...]:
    buttons = []
    for button in task.board.buttons:
        low, high = button.cards_needed
        buttons.append(ActionButton(button.value, tr(MOVE_LABEL[button]), low, high,
                                    primary=False))  # all alike: no button hints the answer
    return tuple(buttons)


def _pressed(pressed: TableAction, on_answer: Callable[[LessonAnswer], None]) -> None:
    """Forward a press of one of the table's buttons as the move it makes (a name this
    version has no button for is dropped: the table is drawn again)."""
    button = TableButton.read(pressed.action)
    if button is not None:
        on_answer(button_move(button, pressed.cards))


def note_refusal(key: str, refused: Message | None) -> None:
    """Keep under ``key`` a press that is no answer (:meth:`Task.refusal`) with how many such
    presses came so far — a new count draws the table afresh, so it takes the next press at
    once — or, for an answer, drop it."""
    if refused is None:
        st.session_state.pop(key, None)
        return
    kept = st.session_state.get(key)
    st.session_state[key] = (kept[0] + 1 if isinstance(kept, tuple) else 1, refused)


def noted_refusal(key: str, *, done: bool) -> tuple[str, Message | None]:
    """The press kept by :func:`note_refusal` while the question is open: the suffix its count
    adds to the table's ``seq`` (``-r2``) and why it was no answer; ``("", None)`` when none."""
    kept = st.session_state.get(key)
    if done or not isinstance(kept, tuple):
        return "", None
    return f"-r{kept[0]}", kept[1]


def cards_to_correct(feedback: Feedback | None, given: LessonAnswer | None) -> tuple[int, ...]:
    """The cards raised again with a hint: those of a missed tap-the-cards answer, for the
    learner to correct rather than tap all over. (Not a move's: its one card is to be changed,
    not added to.)"""
    if feedback is Feedback.HINT and isinstance(given, CardsAnswer):
        return tuple(sorted(given.indices))
    return ()


def answer_marks(task: Task) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Once a tap-the-cards question is answered or its answer shown, the answer's cards marked
    on the table, not said in words only."""
    if not isinstance(task.answer, CardsAnswer):
        return (), ()
    picked = task.answer.indices
    count = len(task.board.tappable)
    return (tuple(tr("lessons.mark_answer") if i in picked else "" for i in range(count)),
            tuple("safe" if i in picked else "" for i in range(count)))


def show_question(task: Task, *, key: str, seq: str, locked: bool,
                  on_answer: Callable[[LessonAnswer], None], raised: tuple[int, ...] = (),
                  show_after: str = "", asked: str = "") -> None:
    """The table and the controls of one question. An answer calls ``on_answer`` before the
    page runs again (one run per answer). ``locked``: answered already (the table stays, the
    controls go). ``raised``: the cards shown selected (a missed try's, to correct).
    ``show_after``: the key of what the page shows under the table (the verdict), scrolled
    into view when it is out of sight. ``asked``: the key of the question above the table,
    brought into view with a new table (:attr:`TableView.question`)."""
    board: Board = task.board

    def draw(view: TableView, **kwargs: Any) -> None:
        show_table(replace(view, show_first=show_after or view.show_first,
                           question=asked or view.question), **kwargs)

    shape = task.shape
    if shape in (Shape.ALL_CARDS, Shape.ONE_CARD):
        told = task.told_count  # "tap all 2 cards": the Check waits for 2
        multi = shape is Shape.ALL_CARDS and told != 1  # "the one card": a tap replaces
        low, high = (told, told) if told is not None else (1, len(board.tappable) if multi else 1)
        check = ActionButton("check", tr("lessons.check"), low, high, primary=True)
        labels, tones = answer_marks(task) if locked else ((), ())
        view = table_view(board, seq=seq, actions=() if locked else (check,),
                          tappable=not locked, multi=multi, preselected=raised, labels=labels,
                          tones=tones)
        draw(view, key=key,
             on_action=lambda pressed: on_answer(CardsAnswer(frozenset(pressed.cards))))
        return
    if shape is Shape.MOVE:
        view = table_view(board, seq=seq, actions=() if locked else _move_buttons(task),
                          tappable=not locked, multi=True, preselected=raised)
        draw(view, key=key, on_action=lambda pressed: _pressed(pressed, on_answer))
        return
    if board.hand or board.seats or board.melds or board.offer is not None:
        draw(table_view(board, seq=seq), key=key)
    if locked:
        return
    if shape is Shape.NUMBER:
        number_key = f"{key}-number"

        problem_key = f"{number_key}-problem"

        def typed() -> None:  # a text read by the lesson's rule, not a widget's: said, not cut
            read = read_number(str(st.session_state.get(number_key) or ""))
            st.session_state[problem_key] = (seq, read) if isinstance(read, NumberProblem) \
                else None  # said of this question only: a new one starts clean
            if isinstance(read, NumberAnswer):
                on_answer(read)

        with st.form(f"{key}-form", border=False):
            st.text_input(tr("lesson.number_label"), key=number_key,
                          placeholder=tr("lesson.type_number"))
            st.form_submit_button(tr("lessons.check"), type="primary", on_click=typed)
        said = st.session_state.get(problem_key)
        if isinstance(said, tuple) and said[0] == seq and isinstance(said[1], NumberProblem):
            st.warning(tr(f"lesson.number_{said[1].value}", limit=NUMBER_LIMIT))
        return
    row = st.container(horizontal=True, wrap=True, key=f"choices-{key}")
    for option in task.options:
        row.button(words(option.label), key=f"{key}-option-{option.value}", on_click=on_answer,
                   args=(ChoiceAnswer(option.value),))


def empty_number_box(key: str) -> None:
    """The number box of the question drawn under ``key`` emptied for a new item, and what was
    said of its last text dropped: set, not removed, or the browser keeps showing (and
    sending) the last answer typed."""
    st.session_state[f"{key}-number"] = ""
    st.session_state.pop(f"{key}-number-problem", None)


def answer_words(task: Task, answer: LessonAnswer) -> str:
    """An answer as the learner sees it: the cards tapped, the number, the option, the move."""
    if isinstance(answer, CardsAnswer):
        cards = task.board.tappable
        return cards_text(cards[i] for i in sorted(answer.indices)) or "—"
    if isinstance(answer, NumberAnswer):
        return str(answer.value)
    if isinstance(answer, ChoiceAnswer):
        for option in task.options:
            if option.value == answer.value:
                return words(option.label)
        return answer.value
    cards = tuple(task.board.hand[i] for i in sorted(answer.indices) if i < len(task.board.hand))
    return words(move_words(answer.kind, cards))


def _hint(task: Task, given: LessonAnswer, lang: str) -> str:
    """The hint after a miss, in words only: the rules it rests on are named by title under
    the step ("On the Rules page: …"), not as ids inside the sentence."""
    return render(task.hint(given), lang, cite=False)


def show_feedback(task: Task, feedback: Feedback, given: LessonAnswer | None,
                  working: Sequence[Message] | None = None, *, misses: int = 0,
                  first_miss: LessonAnswer | None = None) -> None:
    """After an answer: right (with the working, and after a miss what the first try cost), a
    hint (and another try), or the answer. The working's lines are words only; their rules are
    named once under them — or, where the page passes ``working`` (worked out once), by the page
    with the step's own."""
    lang = current_language()
    if feedback is Feedback.RIGHT:
        said = None if given is None else answer_words(task, given)
        st.success(red_suits(tr("lessons.right_answer", answer=said))
                   if said is not None else tr("lessons.right"))
        expected = answer_words(task, task.answer)
        if said is not None and said != expected:  # another right answer
            own = given is not None and task.solved_for(given) is not task.solved_board
            note = None if given is None or task.alike_said is None else task.alike_said(given)
            st.caption(red_suits(render(note, lang, cite=False) if note is not None else tr(
                "lessons.right_alike_own" if own else "lessons.right_alike", given=said,
                expected=expected)))
        cost = None if not misses or first_miss is None or task.tried is None \
            else task.tried(first_miss)
        if cost is not None:  # the first try valued beside the best, as a review does
            st.caption(red_suits(render(cost, lang, cite=False)))
    elif feedback is Feedback.HINT:
        st.warning(tr("lessons.try_again"))
        if given is not None:
            st.caption(red_suits(tr("lessons.you_said", answer=answer_words(task, given))))
            st.markdown(red_suits(tr("lessons.hint", hint=_hint(task, given, lang))))
        return
    else:
        if misses and given is not None:  # the reasoning for the answer given, then the answer
            st.caption(red_suits(tr("lessons.you_said", answer=answer_words(task, given))))
            if not (task.options and task.ways == 2):  # a yes-or-no hint only restates the
                # answer beside it; a card's or a move's says what was wrong with the one given
                st.markdown(red_suits(tr("lessons.hint", hint=_hint(task, given, lang))))
        two_way = "lessons.the_answer_two_moves" if task.shape is Shape.MOVE \
            else "lessons.the_answer_two_way"  # the table shows every button: two are open
        key = {0: "lessons.the_answer", 1: two_way if task.ways == 2
               else "lessons.the_answer_first_miss"}.get(misses, "lessons.the_answer_after_miss")
        st.info(red_suits(tr(key, answer=answer_words(task, task.answer))))
        beside = None if not misses or given is None or task.compared is None \
            else task.compared(given)
        if beside is not None:  # the best beside the learner's own move, not only the next
            st.markdown(red_suits(tr("lessons.beside_yours", why=render(beside, lang,
                                                                         cite=False))))
    # open after the answer is shown, and after a right judgement (the coach's reasons): a
    # move right by luck teaches only when its why is read, and a closed one goes unread
    opened = feedback is Feedback.REVEALED or task.more_working is not None
    with st.expander(tr("lessons.working"), expanded=opened):
        lines = task.full_working if working is None else working
        bullet_list(red_suits(render(line, lang, cite=False)) for line in lines)
        if working is None:
            rules_caption(rule for line in lines for rule in line.rules)


def empty_view(seq: str) -> TableView:
    return TableView(seq=seq, hand=(CardView(None),), selectable=False)

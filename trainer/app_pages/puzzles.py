"""Puzzles: "can you win on this card?", "tap every safe card" (hands open) and "least risk"
(hands hidden), mined from simulated play and drawn on the card table — rated (Glicko-2, first
attempt only), by theme, in a rising streak, against a 3-minute clock, or replaying misses.
Game logic lives in ``trainer.practice.puzzle_service``; this page only shows and forwards."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import streamlit as st

from trainer.engine import Card, Reason
from trainer.engine.messages import Amount
from trainer.i18n import render
from trainer.practice import puzzle_service as service
from trainer.practice.guidance_service import puzzle_skill
from trainer.practice.puzzle_boards import board_of
from trainer.puzzles import Puzzle, PuzzleKind
from trainer.puzzles.model import FAN_CHOICES, NO_REASONS, LeastRiskAnswer, Provenance, SafeSetAnswer
from trainer.puzzles.themes import Theme
from trainer.ui.best_move_view import best_move_area
from trainer.ui.board_view import table_view
from trainer.ui.card_table import ActionButton, TableAction, show_table
from trainer.ui.content import lesson_by_id
from trainer.ui.lang import (
    card_text,
    cards_text,
    current_language,
    holding_language,
    rating_line,
    red_suits,
    reset_choice,
    tr,
    translated_choice,
)
from trainer.ui.practice_links import practice_button
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import bullet_list, glossary_link, lesson_link, settings_link

lang = current_language()
learner = require_learner()
state = st.session_state

st.title(tr("puzzles.title"))
glossary_link()

top = st.columns(2)
mode_param = st.query_params.get("mode")
if mode_param in service.MODES:  # the URL's mode (a shared link, Back) wins
    state["puzzle_mode"] = mode_param
mode = translated_choice(top[0].selectbox, tr("puzzles.mode"), service.MODES, key="puzzle_mode",
                         prefix="puzzles.mode_", start=service.MODES[0])
if st.query_params.get("mode") != mode:
    st.query_params["mode"] = mode
theme = None
done = service.lessons_done(store(), learner.id)
taught = service.taught_kinds(done)  # safe discards after the lesson on them
held_back = service.held_back_themes(done)  # special wins after theirs
if mode == service.PuzzleMode.THEME:  # the themes already taught first
    waiting = service.lessons_before(done)
    names = sorted(service.themes(), key=lambda name: waiting.get(name) is not None)
    wanted = st.query_params.get("theme")
    if wanted in names:
        state["puzzle_theme"] = wanted
    theme = translated_choice(top[1].selectbox, tr("puzzles.theme"), names, key="puzzle_theme",
                              prefix="theme.", start=names[0])
    if wanted != theme:  # in the address, as the mode: a reload or a link keeps it
        st.query_params["theme"] = theme
    before = waiting.get(theme)
    if before is not None:  # offered by choice: said, with the way to the lesson
        lesson = lesson_by_id(before)
        title = lesson.title[lang] if lesson is not None else before
        st.caption(tr("puzzles.theme_before_lesson", title=title))
        lesson_link(before, tr("puzzles.open_lesson", title=title))
elif "theme" in st.query_params:
    del st.query_params["theme"]
fresh_kind = PuzzleKind.WIN.value
if mode == service.PuzzleMode.FRESH:
    fresh_kind = translated_choice(top[1].selectbox, tr("puzzles.kind"),
                                   [k.value for k in PuzzleKind], key="fresh_kind",
                                   prefix="puzzles.kind_", start=PuzzleKind.WIN.value)
st.caption(tr(f"puzzles.about_{mode}"))
if mode == service.PuzzleMode.BEST:  # the coach's best moves: a question at the table of its own
    best_move_area(learner.id, learner.rules.players)
    st.stop()
if taught is not None and mode not in (service.PuzzleMode.THEME, *service.UNRATED_MODES):
    st.caption(tr("puzzles.safety_after_lesson"))  # a link's label is cut to one line
    safety = lesson_by_id(service.SAFETY_LESSON)
    lesson_link(service.SAFETY_LESSON, tr("puzzles.open_lesson", title=safety.title[lang]
                                          if safety is not None else service.SAFETY_LESSON))

run_key = f"{mode}:{theme}:{fresh_kind}"
held: service.PuzzleRun | None = state.get("puzzle_run")
if held is None or held.key != run_key:
    if "puzzle_run" in state:  # another mode, theme or run: a puzzle of its own, not the
        state["puzzle_left"] = st.query_params.get("puzzle")  # one in the address
    # a reload in the middle of a streak or a 3-minute run goes on with it: the run is in the
    # address, its clock and count in the answers stored under it
    kept_run = st.query_params.get("run", "") if "puzzle_run" not in state else ""
    held = service.PuzzleRun.begin(store(), learner.id, run_key, service.PuzzleMode(mode),
                                   kept_run, time.time())
    if state.pop("puzzle_go", False):  # "Again" after a 3-minute run: no second go to press
        held.start(time.time())
    state.update(puzzle_run=held, puzzle_current=None, puzzle_result=None, puzzle_given=None)
    if held.in_address:
        st.query_params["run"] = held.id
    elif "run" in st.query_params:
        del st.query_params["run"]
    state.setdefault("puzzle_recent", [])
run: service.PuzzleRun = held


def next_puzzle() -> Puzzle | None:
    rng = random.Random()
    if mode == service.PuzzleMode.FRESH:
        with st.spinner(tr("puzzles.mining")):
            return service.fresh(fresh_kind, learner.rules, rng)
    return service.choose(store(), learner.id, learner.rules, mode, theme=theme,
                          streak=run.solved, recent=state["puzzle_recent"], rng=rng,
                          kinds=None if mode == service.PuzzleMode.THEME else taught,
                          held_back=frozenset() if mode == service.PuzzleMode.THEME
                          else held_back)


def show_puzzle(puzzle: Puzzle) -> None:
    state.update(puzzle_current=puzzle, puzzle_result=None, puzzle_given=None,
                 puzzle_shown_at=time.monotonic(), puzzle_fan_choice=None, puzzle_second=None,
                 puzzle_revealed=False)
    reset_choice("puzzle_win_choice")
    reset_choice("puzzle_reason_choice")
    state["puzzle_recent"] = [*state["puzzle_recent"], puzzle.id][-500:]
    if puzzle.provenance is not Provenance.FRESH:
        st.query_params["puzzle"] = puzzle.id  # one change of address per puzzle
    else:
        st.query_params.pop("puzzle", None)  # mined for this session: no address to reopen


def answer(given: service.Given) -> None:
    """Grade and store the first answer; grade a second try after a miss, which is not stored
    (a callback: it runs before the page does)."""
    puzzle: Puzzle = state["puzzle_current"]
    first: service.Attempt | None = state.get("puzzle_result")
    if first is not None:
        if not first.correct and state.get("puzzle_second") is None and \
                not state.get("puzzle_revealed"):
            state["puzzle_second"] = (given, service.grade(puzzle, given))
        return
    if not run.counts_at(time.time()):  # the 3-minute clock ran out before it
        return
    seconds = time.monotonic() - state.get("puzzle_shown_at", time.monotonic())
    attempt = service.record(store(), learner.id, puzzle, given, seconds, mode,
                             run.id)
    state.update(puzzle_result=attempt, puzzle_given=given)
    # kept for Back: a puzzle answered in this session shows its answer when opened again
    state["puzzle_answered"] = {**state.get("puzzle_answered", {}), puzzle.id: (given, attempt)}
    run.answered(attempt.correct)


def go_next() -> None:
    current = state.get("puzzle_current")
    if current is not None:  # its answer was shown: Back shows it again, not the hint
        state["puzzle_settled"] = {*state.get("puzzle_settled", ()), current.id}
    result = state.get("puzzle_result")
    if result is not None and run.ends_with(result.correct):
        state["puzzle_run"] = None  # the next puzzle starts a new run (not the address's)
    # the address keeps this puzzle until the next one replaces it (Back and a reload then
    # find a puzzle, not an address without one); it is not opened again meanwhile
    state.update(puzzle_current=None, puzzle_result=None, puzzle_given=None, puzzle_second=None,
                 puzzle_revealed=False, puzzle_left=st.query_params.get("puzzle"))


def restart_run() -> None:
    state.update(puzzle_run=None, puzzle_go=True)


def start_run() -> None:
    run.start(time.time())


# -- the 3-minute run: the server keeps the start; the browser sees the clock tick ------------

if mode == service.PuzzleMode.TIMED:
    if run.waiting:  # the clock starts when the learner says go
        st.button(tr("puzzles.timed_start"), type="primary", key="timed-start",
                  on_click=start_run, icon=":material/timer:")
        st.stop()
    if not run.counts_at(time.time()):
        st.success(tr("puzzles.timed_over", solved=run.solved, tried=run.tried))
        st.button(tr("puzzles.again"), type="primary", key="timed-again", on_click=restart_run)
        st.stop()

    @st.fragment(run_every=1.0)
    @holding_language
    def countdown() -> None:
        now = time.time()
        left = run.time_left(now)
        if not run.counts_at(now):
            st.rerun(scope="app")
        st.progress(left / service.TIMED_SECONDS,
                    text=tr("puzzles.timed_left", seconds=int(left + 0.999),
                            solved=run.solved))

    countdown()

@st.fragment
@holding_language
def puzzle_area() -> None:
    """The puzzle, its answer and the next one: a fragment, so answering reruns this part
    only (the mode choices above stay as they are). The rating is shown here, fresh, under
    the puzzle: on a phone the question comes first."""
    if state.get("puzzle_run") is not run:  # a streak ended by Next: the page begins a new run
        st.rerun(scope="app")
    if mode == service.PuzzleMode.STREAK:  # here, in the part an answer reruns: it counts at once
        st.caption(tr("puzzles.streak_now", streak=run.solved))
    opened = st.query_params.get("puzzle")
    shown: Puzzle | None = state.get("puzzle_current")
    # the address names the puzzle: a link, a reload, or Back and Forward after Next (the one
    # just left is not opened again while the next is found)
    if opened and (opened != shown.id if shown is not None else opened != state.get(
            "puzzle_left")):
        known = {**service.bank_index(), **service.own_puzzles(store(), learner.id)}
        if opened in known:
            show_puzzle(known[opened])
            answered = state.get("puzzle_answered", {}).get(opened) or service.last_attempt(
                store(), learner.id, known[opened])
            if answered is not None:  # answered in this session, or last: it stands, with Next
                # (a miss whose answer was shown in this session shows it again)
                state.update(puzzle_given=answered[0], puzzle_result=answered[1],
                             puzzle_revealed=opened in state.get("puzzle_settled", ()))
        else:  # a mistyped or outdated link: said, then another puzzle
            st.warning(tr("puzzles.unknown_link"))
            st.query_params.pop("puzzle", None)

    current: Puzzle | None = state.get("puzzle_current")
    if current is None:
        current = next_puzzle()
        if current is None:
            st.query_params.pop("puzzle", None)  # a reload must not bring back the last one
            if theme == Theme.THREE_PLAYERS and learner.rules.players != 3:
                st.info(tr("puzzles.three_players_only"))
                settings_link(tr("puzzles.open_settings"))
            else:
                st.info(tr("puzzles.no_misses" if mode == service.PuzzleMode.FAILED
                           else "puzzles.none_left"))
            st.stop()
        show_puzzle(current)
    puzzle: Puzzle = current
    result: service.Attempt | None = state.get("puzzle_result")
    given: service.Given | None = state.get("puzzle_given")
    second: tuple[service.Given, service.Grade] | None = state.get("puzzle_second")
    # a first miss: a hint and one more try (unrated), then the answer
    retrying = result is not None and not result.correct and second is None and \
        not state.get("puzzle_revealed")
    asking = result is None or retrying
    kind = puzzle.kind.value

    st.markdown(f"#### {tr(f'pz.ask_{kind}')}")
    if asking:  # how to answer, while there is an answer to give (as lessons do)
        st.caption(tr(f"pz.how_{kind}"))
    board = board_of(puzzle)


    def card_marks(cards: Sequence[Card]) -> tuple[list[str], list[str]]:
        """After the answer: each of your cards marked safe / deals in, or with its risk."""
        answer_data = puzzle.answer
        labels: list[str] = []
        tones: list[str] = []
        for card in cards:
            if isinstance(answer_data, SafeSetAnswer):
                safe = card in answer_data.safe
                labels.append(tr("pz.mark_safe" if safe else "pz.mark_danger"))
                tones.append("safe" if safe else "high")
            elif isinstance(answer_data, LeastRiskAnswer):
                risk = dict(answer_data.risks).get(card)
                percent = 0.0 if risk is None else float(risk) * 100
                labels.append(tr("pz.mark_risk", percent=Amount(percent, 1)))
                tones.append("safe" if percent == 0 else "low" if percent < 5 else
                             "mid" if percent < 15 else "high")
        return labels, tones


    def on_table(action: TableAction) -> None:
        cards = frozenset(board.hand[i] for i in action.cards)
        if action.action == "check" and puzzle.kind is PuzzleKind.SAFE_SET and cards:
            answer(service.SetGiven(cards))
        elif action.action == "check" and puzzle.kind is PuzzleKind.LEAST_RISK and len(cards) == 1:
            answer(service.CardGiven(next(iter(cards))))


    tappable = asking and puzzle.kind is not PuzzleKind.WIN
    actions: tuple[ActionButton, ...] = ()
    if tappable:
        multi = puzzle.kind is PuzzleKind.SAFE_SET
        actions = (ActionButton("check", tr("lessons.check"), 1, len(board.hand) if multi else 1,
                                primary=True),)
    marks, tones = card_marks(board.hand) if not asking else ([], [])
    stage = "retry" if retrying else "open" if asking else "done"
    kept_taps = tuple(i for i, card in enumerate(board.hand) if card in given.cards) \
        if retrying and isinstance(given, service.SetGiven) else ()  # the first try's, to correct
    view = table_view(board, seq=f"{puzzle.id}:{stage}", actions=actions,
                      tappable=tappable, multi=puzzle.kind is PuzzleKind.SAFE_SET, labels=marks,
                      tones=tones, preselected=kept_taps)
    show_table(view, key="puzzle-table", on_action=on_table)
    if puzzle.players != 4 or board.rules.red_threshold != learner.rules.red_threshold:
        st.caption(tr("lesson.table_rules", players=puzzle.players,
                      scoring=tr(f"settings.scoring_{board.rules.scoring}"), base=board.rules.base))


    # -- "can you win?": yes and the fan, or no and the reason -------------------------------------

    def check_win() -> None:
        said = state.get("puzzle_win_choice")
        detail = state.get("puzzle_fan_choice" if said == "yes" else "puzzle_reason_choice")
        if said is None or detail is None:
            state["puzzle_incomplete"] = True
            return
        if said == "yes":
            answer(service.WinGiven(True, fan=int(detail)))
        else:
            answer(service.WinGiven(False, reason=Reason(detail)))


    if retrying:
        assert result is not None and given is not None
        st.warning(tr("puzzles.wrong_hint_streak", streak=run.solved) if run.ends_with(False)
                   else tr("puzzles.wrong_hint"))  # a streak ends at a first miss; a miss
        # with a try left is a warning, as in lessons
        st.info(red_suits(render(service.hint(puzzle, given, result.grade), lang)))
        if result.rated:
            st.caption(rating_line(result.rating.before.rating, result.rating.after.rating))

    if puzzle.kind is PuzzleKind.WIN and asking:
        said = translated_choice(st.segmented_control, tr("puzzles.can_win"), ("yes", "no"),
                                 key="puzzle_win_choice", prefix="choice.", by_default=True)
        if said == "yes":
            st.segmented_control(tr("pz.pick_fan"), [str(f) for f in FAN_CHOICES],
                                 key="puzzle_fan_choice")
        elif said == "no":
            translated_choice(st.segmented_control, tr("pz.pick_reason"),
                              [r.value for r in NO_REASONS], key="puzzle_reason_choice",
                              prefix="choice.reason.", by_default=True)
        if state.pop("puzzle_incomplete", False):
            st.warning(tr("pz.answer_both"))
        st.button(tr("lessons.check"), type="primary", key="puzzle-check-win", on_click=check_win)
    if retrying:
        st.button(tr("lessons.show_answer"), key="puzzle-reveal", on_click=state.update,
                  kwargs={"puzzle_revealed": True})


    # -- the answer -----------------------------------------------------------------------------------

    if result is not None and not asking:
        if second is not None:  # the second try's answer is the one shown
            given, graded = second
        else:
            graded = result.grade
        if result.correct:
            st.success(tr("puzzles.right"))
        elif graded.correct:
            st.success(tr("puzzles.right_second"))
        elif second is None:
            st.info(tr("puzzles.revealed"))
        elif puzzle.kind is PuzzleKind.WIN and not graded.verdict_right:
            st.error(tr("pz.wrong_verdict"))
        else:
            st.error(tr("puzzles.wrong_again"))
        if graded.first_reason is not None and isinstance(given, service.WinGiven):
            st.caption(tr("pz.reason_also", given=tr(f"choice.reason.{given.reason}"),
                          first=tr(f"choice.reason.{graded.first_reason}")))
        if graded.missed:
            st.warning(tr("pz.missed", cards=cards_text(graded.missed)))
        if graded.extra:
            st.warning(tr("pz.extra", cards=cards_text(graded.extra)))
        if given is not None and puzzle.kind is PuzzleKind.WIN and not graded.correct:
            assert isinstance(given, service.WinGiven)
            said_text = (tr("pz.you_said_yes", fan=given.fan) if given.win else
                         tr("pz.you_said_no", reason=tr(f"choice.reason.{given.reason}")))
            st.caption(said_text)
        if isinstance(given, service.CardGiven) and not graded.correct:  # least risk: the pick
            st.caption(red_suits(tr("pz.you_picked", card=card_text(given.card))))
        st.markdown(f"**{red_suits(render(service.why_shown(puzzle), lang, cite=False))}**")
        with st.expander(tr("pz.working")):
            bullet_list(red_suits(render(message, lang)) for message in service.working(puzzle))
        if result.rated:
            st.caption(rating_line(result.rating.before.rating, result.rating.after.rating))
        elif mode not in service.UNRATED_MODES:
            st.caption(tr("pz.practice"))
        skill = None if result.correct else puzzle_skill(store(), learner.id, puzzle.kind.value,
                                                          tuple(puzzle.themes))
        if skill is not None:
            practice_button(skill, key="puzzle-practise-skill")
        if run.ends_with(result.correct):
            st.info(tr("puzzles.streak_over", streak=run.solved))
        st.button(tr("puzzles.next"), type="primary", key="puzzle-next", on_click=go_next)
    rating = store().ratings.learner(learner.id)
    st.metric(tr("puzzles.your_rating"), rating.shown(),
              help=tr("puzzles.rating_help", rd=Amount(rating.rd)))
    if rating.provisional:  # before the first answer moves it by a hundred points or more
        st.caption(tr("puzzles.provisional"))
    if mode == service.PuzzleMode.RATED:  # only the rated mode serves by the learner's rating
        served = service.puzzle_rating(current, store().ratings.puzzles_of([current.id]))
        if service.below_bank(rating, served):
            st.caption(tr("puzzles.below_bank", served=f"{served.rating:.0f}"))


puzzle_area()

"""Puzzles: "can you win?" and "which discard is safe?", rated (Glicko-2), by theme, in a streak,
against the clock, or replaying misses; every answer explained by the engine."""

from __future__ import annotations

import random
import time
import uuid

import streamlit as st

from trainer.analysis.safety import SafetyTable
from trainer.engine import Card, Position, parse_cards
from trainer.practice import puzzle_service as service
from trainer.puzzles import Puzzle
from trainer.ui.lang import current_language, tr
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import glossary_link, show_cards, show_melds

lang = current_language()
learner = require_learner()


def card_label(card: Card) -> str:
    return tr("card.joker") if card.is_joker else card.symbol


st.title(tr("puzzles.title"))
glossary_link()

rating = store().learner_rating(learner.id)
top = st.columns([2, 2, 2])
top[0].metric(tr("puzzles.your_rating"), f"{rating.rating:.0f}", help=tr("puzzles.rating_help",
                                                                           rd=f"{rating.rd:.0f}"))
mode_param = st.query_params.get("mode")
mode = top[1].selectbox(tr("puzzles.mode"), service.MODES,
                        index=service.MODES.index(mode_param) if mode_param in service.MODES
                        else 0, format_func=lambda m: tr(f"puzzles.mode_{m}"), key="puzzle_mode")
theme = None
if mode == "theme":
    names = service.themes()
    wanted = st.query_params.get("theme")
    theme = top[2].selectbox(tr("puzzles.theme"), names,
                             index=names.index(wanted) if wanted in names else 0,
                             format_func=lambda name: tr(f"theme.{name}"), key="puzzle_theme")
fresh_kind = "win"
if mode == "fresh":
    fresh_kind = top[2].radio(tr("puzzles.kind"), ("win", "safe"), horizontal=True,
                              format_func=lambda k: tr(f"puzzles.kind_{k}"), key="fresh_kind")

run_key = f"{mode}:{theme}"
if st.session_state.get("puzzle_run_key") != run_key:
    st.session_state.update(puzzle_run_key=run_key, puzzle_run=uuid.uuid4().hex[:12],
                            puzzle_streak=0, puzzle_solved=0, puzzle_started_run=time.time(),
                            puzzle_recent=[], puzzle_current=None, puzzle_result=None)


def next_puzzle() -> Puzzle | None:
    rng = random.Random()
    if mode == "fresh":
        return service.fresh(fresh_kind, learner.rules, rng)
    return service.choose(store(), learner.id, learner.rules, mode, theme=theme,
                          streak=st.session_state["puzzle_streak"],
                          recent=st.session_state["puzzle_recent"], rng=rng)


opened = st.query_params.get("puzzle")
if opened and st.session_state.get("puzzle_current") is None and \
        opened in service.bank_index():
    st.session_state["puzzle_current"] = service.bank_index()[opened]
    st.session_state["puzzle_shown_at"] = time.monotonic()

if mode == "timed":
    left = service.TIMED_SECONDS - (time.time() - st.session_state["puzzle_started_run"])
    if left <= 0:
        st.success(tr("puzzles.timed_over", solved=st.session_state["puzzle_solved"]))
        if st.button(tr("puzzles.again"), type="primary", key="timed-again"):
            st.session_state["puzzle_run_key"] = None
            st.rerun()
        st.stop()
    st.progress(max(0.0, left / service.TIMED_SECONDS),
                text=tr("puzzles.timed_left", seconds=int(left),
                        solved=st.session_state["puzzle_solved"]))
if mode == "streak":
    st.caption(tr("puzzles.streak_now", streak=st.session_state["puzzle_streak"]))

puzzle = st.session_state.get("puzzle_current")
if puzzle is None:
    puzzle = next_puzzle()
    if puzzle is None:
        st.info(tr("puzzles.none_left"))
        st.stop()
    st.session_state["puzzle_current"] = puzzle
    st.session_state["puzzle_shown_at"] = time.monotonic()
assert isinstance(puzzle, Puzzle)


def show_board(puzzle: Puzzle) -> None:
    if puzzle.kind == "win":
        position = Position.from_json(puzzle.board)
        columns = st.columns([3, 3, 2] if position.melds else [3, 2])
        with columns[0]:
            show_cards(position.hand, label=tr("lesson.your_hand"))
        if position.melds:
            with columns[1]:
                show_melds(position.melds, label=tr("lesson.your_melds"))
        with columns[-1]:
            origin = ("lesson.first_discard" if position.dealer_first_discard else
                      f"lesson.source_{position.source}")
            if position.card is not None:
                show_cards([position.card], label=tr(origin))
        st.caption(tr("lesson.table_rules", players=position.rules.players,
                      scoring=tr(f"settings.scoring_{position.rules.scoring}"),
                      base=position.rules.base))
        return
    table = SafetyTable.from_json(puzzle.board)
    show_cards(table.hand, label=tr("puzzles.your_hand_discard"))
    show_melds(table.melds[table.seat], label=tr("lesson.your_melds"))
    for other in table.opponents():
        with st.container(border=True):
            st.markdown(tr("puzzles.opponent", seat=other, cards=table.hand_sizes[other]))
            if table.hands is not None:
                show_cards(table.hands[other], width=44)
            else:
                show_cards([None] * table.hand_sizes[other], width=30)
            show_melds(table.melds[other])
    if table.table_cards:
        show_cards(table.table_cards, label=tr("puzzles.on_table"), width=34)


st.markdown(f"#### {puzzle.question[lang]}")
show_board(puzzle)
result = st.session_state.get("puzzle_result")
if result is None:
    with st.form("puzzle-form", clear_on_submit=False):
        given: dict[str, object] = {}
        if puzzle.kind == "win":
            given["win"] = st.radio(tr("puzzles.can_win"), ("yes", "no"), index=None,
                                    horizontal=True, format_func=lambda v: tr(f"choice.{v}"),
                                    key="puzzle-win")
            given["fan"] = st.number_input(tr("puzzles.fan_if_win"), min_value=0,
                                           max_value=30, step=1, value=None,
                                           key="puzzle-fan")
        else:
            cards = list(parse_cards(" ".join(puzzle.answer["candidates"])))
            given["discard"] = st.pills(tr("puzzles.pick_discard"),
                                        [str(c) for c in cards],
                                        format_func=lambda c: card_label(parse_cards(c)[0]),
                                        key="puzzle-discard")
        submitted = st.form_submit_button(tr("lessons.check"), type="primary")
    if submitted:
        if (puzzle.kind == "win" and given["win"] is None) or \
                (puzzle.kind == "safe" and not given["discard"]):
            st.warning(tr("lessons.answer_first"))
        else:
            seconds = time.monotonic() - st.session_state.get("puzzle_shown_at", time.monotonic())
            attempt = service.record(store(), learner.id, puzzle, given, seconds, mode,
                                     st.session_state["puzzle_run"])
            st.session_state["puzzle_result"] = attempt
            st.session_state["puzzle_recent"] = [*st.session_state["puzzle_recent"], puzzle.id]
            if attempt.correct:
                st.session_state["puzzle_streak"] += 1
                st.session_state["puzzle_solved"] += 1
            st.rerun()
else:
    if result.correct:
        st.success(tr("puzzles.right"))
    else:
        st.error(tr("puzzles.wrong"))
    if mode not in ("failed", "fresh"):
        st.caption(tr("puzzles.rating_change", change=f"{result.change:+.0f}",
                      before=f"{result.before.rating:.0f}", after=f"{result.after.rating:.0f}"))
    for line in puzzle.explanation[lang]:
        st.markdown(f"- {line}")
    if puzzle.source != "fresh":
        st.markdown(tr("puzzles.reopen",
                       link=f"?learner={learner.id}&puzzle={puzzle.id}&mode=rated&lang={lang}"))
    streak_over = mode == "streak" and not result.correct
    if streak_over:
        st.info(tr("puzzles.streak_over", streak=st.session_state["puzzle_streak"]))
    if st.button(tr("puzzles.next"), type="primary", key="puzzle-next"):
        if streak_over:
            st.session_state["puzzle_run_key"] = None
        st.session_state.update(puzzle_current=None, puzzle_result=None)
        st.query_params.pop("puzzle", None)
        st.rerun()

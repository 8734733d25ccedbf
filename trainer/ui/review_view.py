"""The review of a finished hand of Play (R-PUBLIC, issue 29): the hand step by step with every
hand open, the engine's flags, the coach's review in points, and the whole hand's log. The Play
page shows it for a hand of the match or a replay file; it only shows and forwards."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

import streamlit as st

from trainer.engine.cards import Card
from trainer.engine.game.events import Event
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.messages import Message
from trainer.i18n import join_words, render
from trainer.play.coach_jobs import mistake_steps, review_of
from trainer.play.coach_review import PricedHand, decision_line
from trainer.play.hand_review import Flag, FlagKind, reviewed
from trainer.play.hints import CardRisk, discard_risks
from trainer.play.session import LEARNER
from trainer.play.story import led_here, story
from trainer.practice.puzzle_bank import keep_own_puzzle, own_puzzle_of
from trainer.puzzles.rejection import Rejection
from trainer.store import ProgressStore
from trainer.ui.card_table import show_table
from trainer.ui.coach_view import coach_section, step_buttons
from trainer.ui.lang import current_language, tr
from trainer.ui.play_view import review_table


def full_log(told: list[tuple[Event, Message]], key: str) -> None:
    """Every move of the hand in order, numbered: one element, drawn only while the learner
    keeps it open (a hand has a hundred lines; sent and drawn again on every move otherwise)."""
    # A fixed label: a label that changed with each move would make a new expander, closed.
    log = st.expander(tr("play.full_log"), key=key, on_change="rerun")
    if log.open:
        log.caption("\n".join(f"{number}. {render(message, current_language())}"
                               for number, (_event, message) in enumerate(told, start=1)))


def _joined(text: str) -> str:
    """A later event's words as the middle of one sentence: "You draw" → "you draw", but a
    seat's name keeps its capital, so "then Seat 1 draws" reads as a name."""
    return text if re.match(r"\S+ \d", text) else text[:1].lower() + text[1:]


REVIEW_TOP = "review-top"
"""The review's step line, above its table: a jump from a flag or a mistake below scrolls
back up to it."""
JUMPED = "review_jumped"


def show_review(db: ProgressStore, learner_id: int, replay: Replay, step: int, title: str,
                go: Callable[[int], None], close: Callable[[], None],
                next_hand: Callable[[], None] | None) -> None:
    """A finished hand step by step, every hand open (R-PUBLIC no longer hides anything): the
    engine's flags and the coach's review below, each with a jump to its moment. ``go`` opens
    a step, ``close`` returns to the table, ``next_hand`` deals on (none for a file)."""
    lang = current_language()
    steps = len(replay.actions)
    st.subheader(title)
    st.caption(tr("play.review_open_hands"))
    flags = reviewed(replay.dumps(), LEARNER)
    priced = review_of(db, learner_id, replay, LEARNER)
    costly = mistake_steps(priced)
    step_buttons(step, steps, sorted({flag.step for flag in flags} | set(costly)), go)
    st.container(key=REVIEW_TOP).caption(tr("play.review_step", step=step, steps=steps))
    state = replay.state_at(step)
    for flag in flags:
        if flag.step == step:
            st.warning(render(flag.message, lang))
    told = story(state.events, seen_by=None)
    let_go = next((flag.message for flag in flags
                   if flag.step == step - 1 and flag.kind is FlagKind.PASSED_WIN), None)
    led = [render(message, lang, cite=False) for message in led_here(
        told, step, replay.actions[step - 1] if step else None,
        state.offer.card if state.offer is not None else None, let_go)]
    if led:  # the move that led to the table below, not the decision it shows; a move of
        # several events (a pong and its draw) in one line; above the table, so that Forward
        # needs no scroll to read it
        st.markdown(tr("play.review_led_here", move=join_words(
            tr("play.led_sep"), [led[0], *(_joined(text) for text in led[1:])], lang)))
    decided = next((d for d in (priced.decisions if isinstance(priced, PricedHand) else ())
                    if d.step == step), None)
    if decided is not None:  # the learner's decision at this table, valued
        st.caption(render(decision_line(decided), lang, cite=False))
        note = decided.quick_note()
        if note is not None:
            st.caption(render(note, lang, cite=False))
    jumped = st.session_state.pop(JUMPED, False)  # from a flag below: back up to the table
    risks = risks_then(state)
    if risks:
        st.caption(tr("play.review_badges"))
    show_table(replace(review_table(state, seq=f"review-{step}", risks=risks),
                       show_first=REVIEW_TOP if jumped else ""), key="review-table")
    row = st.container(horizontal=True, wrap=True)
    row.button(tr("play.back_to_table"), type="primary", key="review-close", on_click=close)
    if next_hand is not None:
        row.button(tr("play.next_hand"), key="review-next-hand", on_click=next_hand)
    full_log(told, "review-log")
    st.markdown(f"**{tr('play.flags')}**")
    if not flags and costly:
        st.info(tr("play.no_flags_but_coach", count=len(costly)))
    elif not flags:
        st.success(tr("play.no_flags"))

    def jump(to: int) -> None:
        st.session_state[JUMPED] = True
        go(to)

    for index, flag in enumerate(flags):
        flag_row(db, learner_id, index, flag, jump)
    coach_section(db, learner_id, replay, step, jump, priced)


def risks_then(state: HandState) -> dict[Card, CardRisk]:
    """At the learner's discard, each card's chance of dealing in as Play's badges read it
    then (without the risk a flagged discard could not be judged)."""
    if state.over or state.to_act != LEARNER:
        return {}
    return _risks_of(view_of(state, LEARNER))


@lru_cache(maxsize=16)
def _risks_of(view: PlayerView) -> dict[Card, CardRisk]:
    return discard_risks(view)


def flag_row(db: ProgressStore, learner_id: int, index: int, flag: Flag,
             go: Callable[[int], None]) -> None:
    """One flag of the engine's: what it says, a jump to its moment, and — for a discard with a
    clear best — a button that keeps it as the learner's own puzzle."""
    with st.container(border=True):
        st.markdown(render(flag.message, current_language()))
        cols = st.columns(2)
        cols[0].button(tr("coach.jump_step", step=flag.step), key=f"jump-{index}", on_click=go,
                       args=(flag.step,))
        made = None if flag.table is None else own_puzzle_of(flag.table)
        if isinstance(made, Rejection):  # a moment with no clear best discard teaches nothing as one
            cols[1].caption(tr(declined_key(made, flag)))
        elif made is not None and cols[1].button(tr("play.make_puzzle"), key=f"pz-{index}"):
            keep_own_puzzle(db, learner_id, made)
            st.success(tr("play.puzzle_made"))


_DECLINED = {Rejection.TOO_FEW_CARDS: "play.puzzle_few_cards",
             Rejection.JOKER_IN_HAND: "play.puzzle_joker",
             Rejection.NO_REAL_RISK: "play.puzzle_no_risk"}
"""Why a flagged discard makes no puzzle, where the reason is not the margin."""


def declined_key(rejection: Rejection, flag: Flag) -> str:
    """The catalog key of why the flagged moment makes no puzzle: its own reason, and — when
    the flag itself names more than one card that could not deal in — that ("no one card is
    clearly the least likely" would contradict "9♦ could not deal in at all" beside it)."""
    if len(flag.proven) > 1 or rejection is Rejection.SEVERAL_PROVED:
        return "play.puzzle_several_safe"
    return _DECLINED.get(rejection, "play.puzzle_unclear")


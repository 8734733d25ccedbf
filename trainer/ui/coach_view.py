"""The coach's review as the page draws it: the summary, the curve of points lost over the
learner's decisions (plotly, labels as plain text), each mistake's words with a jump to its
moment, a link to practice of its skill (留哪张, or 吃、扯还是不要 for a claim) and — when the
coach's best clearly beats the next — a "make this a puzzle" that keeps the moment as the
learner's own best-move puzzle; and the progress while it is computed (issue 29)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import plotly.graph_objects as go
import streamlit as st

from trainer.engine.game.replay import Replay
from trainer.i18n import render
from trainer.play.coach_jobs import Job
from trainer.play.coach_review import PricedHand, decision_line, verdict_line
from trainer.play.session import LEARNER
from trainer.practice import best_move_puzzles as best_moves
from trainer.practice.mastery_service import practice_of_move
from trainer.store import ProgressStore
from trainer.ui.lang import current_language, tr
from trainer.ui.practice_links import open_practice
from trainer.ui.widgets import CHART_CONFIG, bullet_list, rules_caption


def step_buttons(step: int, steps: int, marked: Sequence[int], go: Callable[[int], None]
                 ) -> None:
    """The review's way through a hand: to the deal, back, forward, to the end, and to the next
    marked moment (the engine's flags and the coach's mistakes, ``marked`` in order; after the
    last, round to the first)."""
    later = [at for at in marked if at > step]
    row = st.container(horizontal=True, wrap=True, key="review-steps")
    row.button(tr("play.review_start"), key="review-start", on_click=go, args=(0,),
               disabled=step <= 0, icon=":material/first_page:")
    row.button(tr("play.back"), key="review-back", on_click=go, args=(step - 1,),
               disabled=step <= 0, icon=":material/chevron_left:")
    row.button(tr("play.forward"), key="review-forward", on_click=go, args=(step + 1,),
               disabled=step >= steps, icon=":material/chevron_right:")
    row.button(tr("play.review_end"), key="review-end", on_click=go, args=(steps,),
               disabled=step >= steps, icon=":material/last_page:")
    target = later[0] if later else marked[0] if marked else steps
    row.button(tr("play.next_flag"), key="review-next-flag", icon=":material/flag:", on_click=go,
               args=(target,), disabled=not marked or target == step)


CURVE_TICKS = 8
"""The most steps the points-lost curve names under its axis."""


def spread_ticks(steps: Sequence[int], most: int = CURVE_TICKS) -> list[int]:
    """The steps to name under the curve: the first and the last, and between them steps at
    least a ``most``-th of the hand's span apart — two decisions a step apart (11, 12) drew
    their labels over each other on a phone.

    >>> spread_ticks([3, 11, 12, 14, 15, 16, 21, 22, 25, 26, 30])
    [3, 11, 15, 21, 25, 30]
    >>> spread_ticks([4])
    [4]
    """
    if not steps:
        return []
    gap = (steps[-1] - steps[0]) / max(1, most - 1)
    ticks = [steps[0]]
    for step in steps[1:]:
        if step - ticks[-1] >= gap:
            ticks.append(step)
    if ticks[-1] != steps[-1]:  # the last decision named, in place of one too near it
        ticks[-1 if len(ticks) > 1 and steps[-1] - ticks[-1] < gap else len(ticks):] = [steps[-1]]
    return ticks


def points_lost_curve(priced: PricedHand) -> go.Figure:
    """Points lost so far, decision by decision (mistakes only: a loss within the noise adds
    nothing), each at the step of the hand it was made at."""
    lost, total = [], 0.0
    for decision in priced.decisions:
        total += decision.shown_loss.value if decision.mistake else 0.0  # as the review says
        lost.append(round(total, 2))
    steps = [d.step for d in priced.decisions]
    figure = go.Figure(go.Scatter(  # by step, as the list and the Go buttons name them
        x=steps, y=lost, mode="lines+markers", line_shape="hv",  # a loss lands at its step
        hovertemplate=tr("coach.curve_hover") + "<extra></extra>",
        line={"color": "#ef553b"}))
    top = max(lost, default=0.0)
    figure.update_layout(height=220, margin={"l": 40, "r": 10, "t": 10, "b": 40},
                         xaxis_title=tr("coach.curve_x"), yaxis_title=tr("coach.curve_y"),
                         # steps as far apart as in the hand; at most 8 named, level (a
                         # label at every step ran together on a phone, walk 53)
                         xaxis={"tickmode": "array", "tickvals": spread_ticks(steps),
                                "tickangle": 0},
                         yaxis={"range": [0, max(1.0, top * 1.2)]})  # as the hand: room above
    return figure


def coach_section(db: ProgressStore, learner_id: int, replay: Replay, step: int,
                  go: Callable[[int], None], found: PricedHand | Job) -> None:
    """The coach's review of the learner's hand (seat 0), priced in points (``found``, from
    :func:`~trainer.play.coach_jobs.review_of`): computed in the background, with its
    progress, then kept with the hand."""
    lang = current_language()
    st.markdown(f"**{tr('coach.review_title')}**")
    if isinstance(found, Job):
        if not found.finished:
            coach_progress(found)
        else:
            st.caption(tr("coach.review_failed"))
        return
    priced = found
    if not priced.decisions:
        st.caption(tr("coach.review_nothing"))
        return
    st.caption(render(priced.summary(), lang, cite=False))
    mistakes = [d for d in priced.decisions if d.mistake]
    if not mistakes:  # (a curve flat at 0 says nothing more)
        st.success(tr("coach.no_mistakes_hint" if any(d.hint_missed for d in priced.decisions)
                      else "coach.no_mistakes"))
    else:
        st.plotly_chart(points_lost_curve(priced), key="coach-curve", config=CHART_CONFIG)
    for number, decision in enumerate(mistakes):
        with st.container(border=True, key=f"coach-mistake-{number}"):
            box = st.warning if decision.step == step else st.markdown
            verdict = verdict_line(decision)  # its rule named under it, not inside
            box(render(verdict, lang, cite=False))
            if decision.contrast is not None:  # the reason first, then the details
                st.markdown(f"**{render(decision.contrast, lang, cite=False)}**")
            differs = decision.quick_differs()
            if differs is not None:
                st.caption(render(differs, lang, cite=False))
            outcomes = decision.outcomes()
            said = [decision.best_why, decision.chosen_why, *(() if outcomes is None else (outcomes,))]
            bullet_list([render(message, lang, cite=False) for message in said])
            rules_caption(rule for message in (verdict, *said) for rule in message.rules)
            row = st.container(horizontal=True, wrap=True)
            row.button(tr("coach.jump_step", step=decision.step), key=f"coach-jump-{number}",
                       on_click=go, args=(decision.step,), disabled=decision.step == step)
            skill, target = practice_of_move(decision.about, replay.rules.players)
            if row.button(tr("home.practise_skill", skill=tr(f"skill.{skill.value}")),
                          key=f"coach-practise-{number}"):
                open_practice(target)
            own = best_moves.own_of_decision(replay, LEARNER, decision.step, decision.decision)
            if own is None:  # no clear best: it teaches nothing as a puzzle
                st.caption(tr("coach.puzzle_unclear"))
            elif row.button(tr("play.make_puzzle"), key=f"coach-puzzle-{number}"):
                best_moves.keep_own(db, learner_id, own)
                st.success(tr("coach.puzzle_made"))
    # keyed, its state kept by the server: a Go below reruns a page whose elements above
    # differ by step, and a keyless expander there would close under the learner's tap
    with st.expander(tr("coach.every_decision", count=len(priced.decisions)), key="coach-every",
                     on_change="rerun"):
        for number, decision in enumerate(priced.decisions):  # each valued beside the best
            line = render(decision_line(decision), lang, cite=False)
            row = st.container(horizontal=True, wrap=False, vertical_alignment="center",
                               key=f"coach-every-{number}")
            row.button(tr("coach.go"), key=f"coach-every-jump-{number}",  # first: one column
                       icon=":material/arrow_forward:", on_click=go, args=(decision.step,),
                       disabled=decision.step == step)
            row.markdown(f"**{line}**" if decision.step == step else line, width="stretch")
    for number, decision in enumerate(d for d in priced.decisions if (
            d.followed_quick_look and d.decision.is_mistake(d.chosen)) or d.passed_quick_look):
        with st.container(border=True, key=f"coach-close-{number}"):
            st.info(render(verdict_line(decision), lang, cite=False))
            st.button(tr("coach.jump_step", step=decision.step),
                      key=f"coach-close-jump-{number}", on_click=go, args=(decision.step,),
                      disabled=decision.step == step)


@st.fragment(run_every=1.0)
def coach_progress(job: Job) -> None:
    """The review's progress, drawn again each second until it is done (then the page)."""
    if job.finished:
        st.rerun()
    st.progress(job.done / max(1, job.total),
                text=tr("coach.reviewing", done=job.done, total=job.total or "…"))

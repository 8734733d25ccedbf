"""Progress: rating history, accuracy and speed per skill, themes, mistakes by rule, records,
and the learner's data as CSV (export, and a merging import)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from trainer.i18n import catalog
from trainer.practice import import_jobs
from trainer.practice import progress_figures as figures
from trainer.ui.lang import current_language, holding_language, plain, safe_file_name, tr
from trainer.ui.session import require_learner, store

MARGIN = {"l": 10, "r": 10, "t": 10, "b": 10}


def chart(traces: list[dict[str, Any]], *, height: int, x_title: str, y_title: str,
          legend: str | None = None, **axes: dict[str, Any]) -> go.Figure:
    """A figure built from plain dicts in one go (five times faster than ``go.Scatter`` and
    ``update_layout``, which validate every property path one by one)."""
    layout: dict[str, Any] = {"height": height, "margin": MARGIN,
                              "xaxis": {"title": {"text": x_title}, **axes.get("xaxis", {})},
                              "yaxis": {"title": {"text": y_title}, **axes.get("yaxis", {})}}
    if legend is not None:
        layout["legend"] = {"title": {"text": legend}}
    return go.Figure(data=traces, layout=layout)


def lines(x: object, y: object, name: str) -> dict[str, Any]:
    return {"type": "scatter", "x": x, "y": y, "mode": "lines+markers", "name": name}


def skill_label(skill: str) -> str:
    """A skill as the learner knows it: the drill, puzzle kind or lessons it comes from (an
    unknown one, say from an imported file, as it is written)."""
    kind, _, name = skill.partition(":")
    key = {"puzzle": f"puzzles.kind_{name}", "drill": f"drills.{name}", "review": "drills.review",
           "lesson": "nav.lessons"}.get(kind, "")
    if not key or key not in catalog(current_language()):
        return skill
    return tr(key, threshold=learner.rules.red_threshold)


@st.cache_data(max_entries=64, ttl=60, show_spinner=False)
def summary(database: str, learner_id: int, version: tuple[int, int]
            ) -> figures.ProgressSummary:
    """The learner's figures, read again once they answered (``version``) or after a minute
    (puzzle ratings move with other learners' answers): the page's reruns and reopenings
    between answers take them from here instead of summing every answer again. ``database``
    keeps apart learners of the same id in two databases (the tests open many)."""
    del database, version  # the cache key
    return figures.progress_summary(store(), learner_id)


learner = require_learner()
st.title(tr("progress.title"))

shown_now = summary(store().engine.url.render_as_string(), learner.id,
                    store().answers_version(learner.id))
answered, history, rating = shown_now.answered, shown_now.history, shown_now.rating
best = shown_now.records

cols = st.columns(4)
cols[0].metric(tr("puzzles.your_rating"), f"{rating.rating:.0f}")
cols[1].metric(tr("progress.answers"), f"{answered}")
cols[2].metric(tr("progress.best_streak"), f"{best.best_streak}")
cols[3].metric(tr("progress.best_timed"), f"{best.best_timed}")

if not answered:
    st.info(tr("progress.empty"))
else:
    st.subheader(tr("progress.rating_history"))
    if history:
        ratings = pd.DataFrame(history, columns=["time", "rating", "rd"])
        figure = chart([lines(ratings["time"], ratings["rating"], tr("progress.rating"))],
                       height=300, x_title=tr("progress.time"), y_title=tr("progress.rating"))
        st.plotly_chart(figure, key="rating-chart")
    else:
        st.caption(tr("progress.no_rating"))

    st.subheader(tr("progress.skills"))
    by_day = shown_now.by_day.assign(skill=shown_now.by_day["skill"].map(skill_label))
    left, right = st.columns(2)
    skills = [(str(skill), part) for skill, part in by_day.groupby("skill")]
    accuracy = chart([lines(part["day"], part["accuracy"], skill) for skill, part in skills],
                     height=320, x_title=tr("progress.day"), y_title=tr("progress.accuracy"),
                     legend=tr("progress.skill"), xaxis={"type": "category"},
                     yaxis={"tickformat": ".0%", "range": [0, 1.05]})
    left.plotly_chart(accuracy, key="accuracy-chart")
    speed = chart([lines(part["day"], part["median_seconds"], skill) for skill, part in skills],
                  height=320, x_title=tr("progress.day"), y_title=tr("progress.median"),
                  legend=tr("progress.skill"), xaxis={"type": "category"})
    right.plotly_chart(speed, key="speed-chart")

    st.subheader(tr("progress.themes"))
    themes = shown_now.themes
    if themes.empty:
        st.caption(tr("progress.no_puzzles"))
    else:
        weakest = str(themes.iloc[0]["theme"])
        shown = themes.assign(theme=themes["theme"].map(lambda name: tr(f"theme.{name}")))
        shown = shown.rename(columns={"theme": tr("puzzles.theme"),
                                       "attempts": tr("progress.attempts"),
                                       "wins": tr("progress.wins"),
                                       "performance": tr("progress.performance")})
        st.dataframe(shown, hide_index=True, key="theme-table")
        if st.button(tr("progress.practise", theme=tr(f"theme.{weakest}")), type="primary",
                     key="practise-weakest"):
            st.switch_page("app_pages/puzzles.py",
                           query_params={"learner": learner.public_id, "mode": "theme",
                                         "theme": weakest})

    st.subheader(tr("progress.mistakes"))
    mistakes = shown_now.mistakes
    if mistakes.empty:
        st.caption(tr("progress.no_mistakes"))
    else:
        bars = chart([{"type": "bar", "x": mistakes["rule"], "y": mistakes["mistakes"],
                       "name": tr("progress.mistakes_n")}], height=300,
                     x_title=tr("progress.rule"), y_title=tr("progress.mistakes_n"))
        st.plotly_chart(bars, key="mistakes-chart")

st.subheader(tr("progress.data"))
st.download_button(tr("progress.export"), lambda: figures.export_csv(store(), learner.id),
                   file_name=f"dou14-{safe_file_name(learner.name)}.csv", mime="text/csv",
                   key="export", on_click="ignore")  # the CSV is made when asked for
upload = st.file_uploader(tr("progress.import"), type=["csv"], key="import",
                          max_upload_size=figures.MAX_IMPORT_MB)
if upload is not None and st.session_state.get("imported") != upload.file_id:
    st.session_state["imported"] = upload.file_id  # one import per file, however many reruns
    if upload.size > figures.MAX_IMPORT_MB * 1024 * 1024:  # checked before a byte is read
        st.error(tr("progress.import_too_big", mb=figures.MAX_IMPORT_MB))
        st.stop()
    try:
        text = upload.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        st.error(tr("progress.import_not_text"))
    else:  # in a thread of its own: the learner's pages stay usable meanwhile
        st.session_state["importing"] = import_jobs.start_import(
            store(), learner.id, upload.file_id, text)[0]


@st.fragment(run_every=0.5)
@holding_language
def import_progress(upload_id: str) -> None:
    """The import's progress bar, redrawn twice a second until it ends; then the whole page
    again, with its report and the new answers in the charts."""
    job = import_jobs.import_job(learner.id, upload_id)
    if job is None or job.finished.is_set():
        st.rerun()
    assert job is not None
    st.progress(job.done, text=tr("progress.importing"))


def import_report(job: import_jobs.ImportJob | None) -> None:
    if job is None:  # started by a process that has since stopped: nothing was kept
        st.warning(tr("progress.import_lost"))
    elif job.problem:
        st.error(tr("db.failed", reason=tr(f"db.problem_{job.problem}")))
    elif job.report is not None and job.report.bad:  # all or nothing: refused, row by row
        st.error(tr("progress.import_refused", bad=len(job.report.bad)))
        for line, problem in job.report.bad[:20]:
            st.warning(tr("progress.bad_row", line=line, problem=plain(problem)))
    elif job.report is not None:
        st.success(tr("progress.imported", added=job.report.added,
                      duplicates=job.report.duplicates))


if not st.session_state.get("importing"):  # one still running from before a reload: shown too
    st.session_state["importing"] = import_jobs.running_import(learner.id)
importing = st.session_state.get("importing")
if importing:
    running = import_jobs.import_job(learner.id, importing)
    if running is not None and not running.finished.is_set():
        import_progress(importing)
    else:
        st.session_state.pop("importing", None)
        import_report(running)

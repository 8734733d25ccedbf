"""Progress: rating history, accuracy and speed per skill, themes, mastery by skill and the
improvement areas of a period (each with a way to practise it), mistakes by rule, records, and
the learner's data as CSV (export, and a merging import)."""

from __future__ import annotations

from datetime import UTC, datetime

import pandas as pd
import streamlit as st

from trainer.i18n import catalog
from trainer.mastery.guidance import FADE_AFTER, SETTLED_OVER
from trainer.play.coach_jobs import recent_losses, recent_mistakes
from trainer.practice import csv_export, import_jobs
from trainer.practice import mastery_service as mastery
from trainer.practice import progress_figures as figures
from trainer.practice.drills import DRILLS, reached_level
from trainer.practice.fact_reviews import due_facts
from trainer.practice.kept import kept
from trainer.ui.content import all_lessons
from trainer.ui.lang import (
    current_language,
    holding_language,
    mastery_percent,
    plain,
    safe_file_name,
    tr,
    translated_choice,
)
from trainer.ui.lesson_view import coached_hands_line
from trainer.ui.practice_links import open_practice, play_focus_box
from trainer.ui.progress_charts import mastery_bars, mastery_history, shown
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import CHART_CONFIG, metric_row

learner = require_learner()
PERIODS = {"7": 7, "30": 30, "all": None}
known = catalog(current_language())


def mastery_section() -> None:
    """Mastery by skill, then the improvement areas of a chosen period, each with a way to
    practise it (issue 32)."""
    st.subheader(tr("progress.mastery"))
    found = mastery.kept_estimates(store(), learner.id, version=version)
    st.plotly_chart(kept(store(), learner.id, "mastery bars", current_language(),
                         lambda: mastery_bars(found), version=version), key="mastery-chart",
                    config=CHART_CONFIG)
    st.caption(tr("progress.mastery_caption"))
    asked = store().hint_asks.by_skill(learner.id)
    if asked:
        st.caption(tr("progress.hints_asked", list=tr("list.sep").join(
            f"{tr(f'skill.{skill}') if f'skill.{skill}' in known else plain(skill)} {count}"
            for skill, count in sorted(asked.items()))))
    rules = mastery.kept_rule_estimates(store(), learner.id, version=version)
    if rules:
        with st.expander(tr("progress.by_rule")):
            numbers = st.column_config.Column(width="small")
            st.dataframe(pd.DataFrame({  # four columns, mastery first: on a phone's width
                tr("progress.rule"): [  # a cell is plain text
                    f"{r.rule_id} · {tr(f'ruleref.{r.rule_id}.title')}"
                    if f"ruleref.{r.rule_id}.title" in known else r.rule_id for r in rules],
                tr("progress.mastery_pct"): [
                    f"{mastery_percent(r.mastery, r.mastered)}%" + (" ✓" if r.mastered else "")
                    for r in rules],
                tr("progress.first_tries"): [r.attempts for r in rules],
                tr("progress.right"): [r.right for r in rules],
            }), hide_index=True, key="rule-mastery", column_config={
                tr("progress.mastery_pct"): numbers, tr("progress.first_tries"): numbers,
                tr("progress.right"): numbers})
    st.subheader(tr("progress.areas"))
    period = translated_choice(st.segmented_control, tr("progress.period"), list(PERIODS),
                               key="areas_period", prefix="progress.period_", start="30",
                               by_default=True, required=True) or "30"
    since = mastery.period_start(PERIODS[period], datetime.now(UTC))
    estimates = mastery.kept_estimates(store(), learner.id, since=since, version=version)
    weak = mastery.improvement_areas(estimates)
    areas, more = weak[:mastery.AREAS_SHOWN], weak[mastery.AREAS_SHOWN:]
    early = tr("list.sep").join(tr(f"skill.{e.skill.value}") for e in mastery.too_early(estimates))
    if not areas:
        st.caption(tr("progress.areas_early", skills=early) if early
                   else tr("progress.areas_none"))
        return
    st.caption(tr("progress.areas_intro"))
    for area in areas:
        name = tr(f"skill.{area.skill.value}")
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(tr("progress.area_line_settling" if area.settling else
                           "progress.area_line", skill=name,
                           percent=mastery_percent(area.mastery, area.mastered),
                           right=area.right, attempts=area.attempts,
                           missed=area.recent.count(False), count=len(area.recent),
                           fade=FADE_AFTER, settled=SETTLED_OVER))
            if st.button(tr("home.practise_skill", skill=name), key=f"area-{area.skill.value}"):
                open_practice(mastery.target_of(area.skill))
    if more:  # weaker than mastered too, each named with its figure
        st.caption(tr("progress.areas_more", skills=tr("list.sep").join(
            tr("progress.area_short", skill=tr(f"skill.{e.skill.value}"),
               percent=mastery_percent(e.mastery, e.mastered), missed=e.recent.count(False),
               count=len(e.recent))
            for e in more)))
    if early:  # too few tries to be an area, yet missed: named, not passed over
        st.caption(tr("progress.areas_also_early", skills=early))
    st.plotly_chart(kept(store(), learner.id, "mastery history", (period, current_language()),
                         lambda: mastery_history(areas), version=version),
                    key="mastery-history", config=CHART_CONFIG)


def track_section() -> None:
    """Where the learner is beyond the answers: lessons and stars, hands played, reviews due,
    and the level each drill has reached."""
    states = store().lessons.states(learner.id)
    done = [state for state in states.values() if state.completed]
    lessons = all_lessons()
    reviewing = store().review_choices.enabled(learner.id)
    cols = metric_row(4)
    cols[0].metric(tr("progress.lessons_done"), f"{len(done)}/{len(lessons)}")
    cols[1].metric(tr("progress.stars"),
                   f"{sum(state.best_stars for state in done)}/{3 * len(lessons)}")
    cols[2].metric(tr("progress.hands_played"), f"{store().replays.count(learner.id)}")
    cols[3].metric(tr("progress.reviews_due"),
                   f"{len(due_facts(store(), learner.id, skills=reviewing))}" if reviewing
                   else "—",
                   help=None if reviewing else tr("progress.reviews_off"))
    levels = kept(store(), learner.id, "drill levels", None,
                  lambda: {drill: reached_level(store(), learner.id, drill) for drill in DRILLS},
                  version=version)
    threshold = learner.rules.red_threshold
    names = {drill: tr(f"drills.{drill}", threshold=threshold) for drill in levels}
    st.caption(tr("progress.drill_levels", list=tr("list.sep").join(
        tr("progress.drill_level_item", drill=names[drill], level=level) if level is not None
        else tr("progress.drill_not_started", drill=names[drill])
        for drill, level in levels.items())))
    losses = recent_losses(store(), learner.id)
    if losses:
        st.caption(coached_hands_line(losses))
    else:
        st.caption(tr("progress.coached_none"))
    focus = mastery.play_focus(recent_mistakes(store(), learner.id), learner.rules.players)
    if focus is not None:  # what Play cost: the same box as Home's, beside the hands' losses
        play_focus_box(focus, page="progress")


st.title(tr("progress.title"))

version = store().answers.version(learner.id)  # read once: every kept figure below is of it
now = shown(store().engine.url.render_as_string(), learner.id, version, current_language(),
            learner.rules.red_threshold)
answered, rating, best = now.summary.answered, now.summary.rating, now.summary.records

cols = metric_row(4)
rated = now.rating is not None  # before a rated puzzle, 1500? says nothing: a dash and why
cols[0].metric(tr("puzzles.your_rating"), rating.shown() if rated else "—",
               help=tr("progress.no_rating") if not rated
               else tr("puzzles.provisional") if rating.provisional else None)
cols[1].metric(tr("progress.answers"), f"{answered}")
cols[2].metric(tr("progress.best_streak"), f"{best.best_streak}",
               help=tr("progress.best_streak_help"))  # a bare 0 says nothing
cols[3].metric(tr("progress.best_timed"), f"{best.best_timed}", help=tr("progress.best_timed_help"))

track_section()

if not answered:
    st.info(tr("progress.empty"))
else:
    st.subheader(tr("progress.rating_history"))
    if now.rating is not None:
        st.plotly_chart(now.rating, key="rating-chart", config=CHART_CONFIG)
    else:
        st.caption(tr("progress.no_rating"))

    st.subheader(tr("progress.skills"))
    if now.summary.by_day["day"].nunique() == 1:  # one dot per skill: say what comes
        st.caption(tr("progress.one_day"))
    left, right = st.columns(2)
    left.plotly_chart(now.accuracy, key="accuracy-chart", config=CHART_CONFIG)
    right.plotly_chart(now.speed, key="speed-chart", config=CHART_CONFIG)

    st.subheader(tr("progress.themes"))
    themes = now.summary.themes
    if themes.empty:
        st.caption(tr("progress.no_puzzles"))
    else:
        weakest = figures.weakest_theme(themes)
        st.dataframe({tr("puzzles.theme"): [tr(f"theme.{name}") for name in themes["theme"]],
                      tr("progress.attempts"): themes["attempts"].tolist(),
                      tr("progress.wins"): themes["wins"].tolist(),
                      tr("progress.performance"): themes["performance"].tolist()},
                     hide_index=True, key="theme-table")
        st.caption(tr("progress.themes_note"))
        if weakest is not None:  # how it was chosen: not simply the lowest row
            st.caption(tr("progress.practise_why", misses=figures.MIN_THEME_FAILURES))
        if weakest is not None and st.button(tr("progress.practise",
                                                theme=tr(f"theme.{weakest}")),
                                             type="primary", key="practise-weakest"):
            st.switch_page("app_pages/puzzles.py",
                           query_params={"learner": learner.public_id, "mode": "theme",
                                         "theme": weakest})

    mastery_section()

    st.subheader(tr("progress.mistakes"))
    if now.mistakes is None:
        st.caption(tr("progress.no_mistakes"))
    else:
        st.plotly_chart(now.mistakes, key="mistakes-chart", config=CHART_CONFIG)
        st.caption(tr("progress.mistakes_note"))

st.subheader(tr("progress.data"))
st.download_button(tr("progress.export"), lambda: csv_export.export_csv(store(), learner.id),
                   file_name=f"dou14-{safe_file_name(learner.name)}.csv", mime="text/csv",
                   key="export", on_click="ignore")  # the CSV is made when asked for
upload = st.file_uploader(tr("progress.import"), type=["csv"], key="import",
                          max_upload_size=figures.MAX_IMPORT_MB)
if upload is not None and st.session_state.get("imported") != upload.file_id:
    st.session_state["imported"] = upload.file_id  # one import per file, however many reruns
    if upload.size > figures.MAX_IMPORT_MB * 1024 * 1024:  # checked before a byte is read
        st.error(tr("progress.import_too_big", mb=figures.MAX_IMPORT_MB))
        st.stop()
    # read where it is, in a thread of its own: the learner's pages stay usable meanwhile
    st.session_state["importing"] = import_jobs.start_import(
        store(), learner.id, upload.file_id, upload)[0]


@st.fragment(run_every=0.5)
@holding_language
def import_progress(upload_id: str) -> None:
    """The import's progress bar, redrawn twice a second until it ends; then the whole page
    again, with its report and the new answers in the charts."""
    job = import_jobs.import_job(learner.id, upload_id)
    if job is None or job.finished.is_set():
        st.rerun()
    assert job is not None
    st.progress(job.done, text=tr("import_csv.waiting" if job.waiting else "progress.importing"))


_BAD_LINES_SHOWN = 20  # a refused file lists this many rows; a count says the rest


def import_report(job: import_jobs.ImportJob | None) -> None:
    if job is None:  # started by a process that has since stopped: nothing was kept
        st.warning(tr("progress.import_lost"))
    elif job.problem:
        st.error(tr("db.failed", reason=tr(f"db.problem_{job.problem}")))
    elif job.report is not None and job.report.bad:  # all or nothing: refused, row by row
        st.error(tr("progress.import_refused", bad=job.report.refused))
        lang = current_language()
        for line, problem in job.report.bad[:_BAD_LINES_SHOWN]:
            st.warning(tr("import_csv.bad_line", line=line, problem=plain(problem.said(lang))))
        if job.report.refused > _BAD_LINES_SHOWN:
            st.caption(tr("import_csv.more_bad", count=job.report.refused - _BAD_LINES_SHOWN))
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

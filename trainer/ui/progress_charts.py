"""The Progress page's figures and charts, made once per change of a learner's answers and
shared by every run and session that shows them (a page script's own cached functions would be
made again, their source read, on each of its runs)."""

from __future__ import annotations

import html
import math
import unicodedata
import zlib
from dataclasses import dataclass
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from trainer.mastery.bkt import MASTERED
from trainer.practice import progress_figures as figures
from trainer.practice.drills import DRILLS
from trainer.practice.fact_reviews import FACT_SKILL
from trainer.practice.mastery_service import AREAS_MIN_ATTEMPTS, SkillEstimate
from trainer.rating import Rating
from trainer.store.skill_names import AnswerSkill, SkillFamily
from trainer.ui.lang import tr, tr_or
from trainer.ui.session import store

MARGIN = {"l": 10, "r": 10, "t": 10, "b": 10}



class DrawnFigure(go.Figure):  # type: ignore[misc]  # plotly has no type hints
    """A figure built once and drawn on many runs. ``st.plotly_chart`` asks a figure for its
    dict on every run and plotly deep-copies the whole figure to make it, a third of a chart's
    cost; this one keeps the dict it made first (Streamlit only writes it out as JSON)."""

    _drawn: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        if self._drawn is None:
            self._drawn = super().to_dict()
        return self._drawn


LEGEND_ROW = 22
"""Pixels a skill's legend row takes: the charts grow by one a skill past three, so that a
phone's one-column legend is not cut into a scroll box."""


def chart(traces: list[dict[str, Any]], *, height: int, x_title: str, y_title: str,
          legend: str | None = None, **axes: dict[str, Any]) -> DrawnFigure:
    """A figure built from plain dicts in one go (five times faster than ``go.Scatter`` and
    ``update_layout``, which validate every property path one by one)."""
    layout: dict[str, Any] = {"height": height, "margin": MARGIN,
                              "xaxis": {"title": {"text": x_title}, **axes.get("xaxis", {})},
                              "yaxis": {"title": {"text": y_title}, **axes.get("yaxis", {})}}
    if any(trace["type"] == "scatter" for trace in traces):  # a day's every skill on hover
        layout["hovermode"] = "x unified"
        if axes.get("xaxis", {}).get("type") == "category":  # side by side, not on one spot
            layout["scattermode"] = "group"
    if legend is not None:  # under the chart: beside it, it took 40% of a phone's width
        layout["legend"] = {"title": {"text": legend}, "orientation": "h", "yanchor": "top",
                            "y": -0.3}
        layout["showlegend"] = True  # plotly hides a one-line legend: the dot needs its name
    return DrawnFigure(data=traces, layout=layout)


def lines(x: object, y: object, name: str, colour: str | None = None,
          symbol: str = "circle") -> dict[str, Any]:
    trace: dict[str, Any] = {"type": "scatter", "x": x, "y": y, "mode": "lines+markers",
                             "name": name,  # outlines larger: they ring a dot at one point
                             "marker": {"symbol": symbol, "size": 14 if _outline(symbol) else 8}}
    if colour is not None:
        trace["line"] = {"color": colour}
        trace["marker"]["color"] = colour
    return trace


def rating_line(ratings: pd.DataFrame) -> dict[str, Any]:
    """The rating after each rated puzzle, counted from the start (0): evenly spaced however
    the answers fell in time (a few seconds apart, or weeks), the time said on hover."""
    trace = lines(list(range(len(ratings))), ratings["rating"], tr("progress.rating"))
    trace["customdata"] = [at.strftime("%Y-%m-%d %H:%M") for at in ratings["time"]]
    trace["hovertemplate"] = "%{customdata} · %{y:.0f}<extra></extra>"
    return trace


def _filled_first(traces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Traces drawn filled markers first, outlines over them (so a dot never hides a ring at
    the same point), the legend still in the given order (``legendrank``)."""
    for rank, trace in enumerate(traces):
        trace["legendrank"] = rank
    return sorted(traces, key=lambda trace: _outline(trace["marker"]["symbol"]))


def _outline(symbol: str) -> bool:
    return symbol.endswith("-open") or symbol.startswith(("x-thin", "cross-thin"))


SYMBOLS = ("circle", "square-open", "diamond", "x-thin-open", "triangle-up-open",
           "cross-thin-open", "star-open", "hexagon-open")
"""Two filled markers only: a filled one hides another filled at the same point (red points'
filled cross vanished under a puzzle's dot); outlines drawn over them all stay visible."""


def skill_symbol(skill: str) -> str:
    """Each skill's own marker: two skills at the same accuracy on the same day show as two
    marks (a dot and a ring, a diamond and a cross), not one dot hiding the other."""
    kind = "review" if skill.startswith("review") else skill
    number = KNOWN_SKILLS.index(kind) if kind in KNOWN_SKILLS else zlib.crc32(skill.encode())
    return SYMBOLS[number % len(SYMBOLS)]


PALETTE = ("#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3", "#ff6692",
           "#b6e880", "#ff97ff", "#fecb52", "#8c564b", "#7f7f7f", "#bcbd22")
KNOWN_SKILLS = tuple(str(skill) for skill in (
    *(AnswerSkill(SkillFamily.PUZZLE, kind) for kind in ("win", "safe_set", "least_risk")),
    AnswerSkill(SkillFamily.LESSON), AnswerSkill(SkillFamily.REVIEW),
    *(AnswerSkill(SkillFamily.DRILL, drill) for drill in DRILLS)))


def skill_colour(skill: str) -> str:
    """Each skill's own colour, whatever else the learner has practised and in either
    language (reviews of every kind share one); a skill this version does not know gets one
    from its name."""
    kind = "review" if skill.startswith("review") else skill
    if kind in KNOWN_SKILLS:
        return PALETTE[KNOWN_SKILLS.index(kind) % len(PALETTE)]
    return PALETTE[zlib.crc32(skill.encode()) % len(PALETTE)]


def plain_label(text: str) -> str:
    """Text drawn by plotly as it is written: plotly reads ``<b>``, ``<i>``, ``<a href>`` and
    the like in names, tick labels and hover text as markup, and entities as characters."""
    return html.escape(text, quote=False)


def wrapped_label(text: str, width: int = 22) -> str:
    """A tick label in lines of about ``width`` columns (a Chinese character two), broken at a
    space or beside a Chinese character: a long skill name otherwise takes half a phone's chart.
    Escaped as :func:`plain_label`; the breaks are plotly's ``<br>``.

    >>> wrapped_label("who may take a card (chi, pong, priority)")
    'who may take a card<br>(chi, pong, priority)'
    >>> wrapped_label("谁能拿牌（吃、扯、优先顺序）", 12)
    '谁能拿牌<br>（吃、扯、优<br>先顺序）'

    Text with spaces (an English name with its Chinese term) breaks at spaces only, so the
    term stays whole:

    >>> wrapped_label("reading a wait (读下叫)")
    'reading a wait<br>(读下叫)'
    """
    spaced = " " in text
    def columns(part: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in part)

    lines: list[str] = []
    line = ""
    for char in text:
        if columns(line + char) > width:
            # the last place a line may end: after a space, or after a Chinese character
            # that opens nothing and is not followed by a mark that closes (、，。）)
            cuts = [i for i in range(len(line)) if line[i] == " " or (
                not spaced and columns(line[i]) == 2 and line[i] not in "（(" and
                (line + char)[i + 1] not in CLOSING)]
            if cuts:
                lines.append(line[:cuts[-1] + 1].rstrip())
                line = line[cuts[-1] + 1:].lstrip()
        line += char
    lines.append(line)
    return "<br>".join(plain_label(part) for part in lines if part)


CLOSING = "、，。；：）)」"
"""Marks a line never starts with (Chinese line breaking)."""


def skill_label(skill: str, threshold: int) -> str:
    """A skill as the learner knows it: the drill, puzzle kind or lessons it comes from (an
    unknown one, say from an imported file, as it is written — never as markup)."""
    read = AnswerSkill.read(skill)
    if read is not None and read.family is SkillFamily.REVIEW and read.name in FACT_SKILL:
        return plain_label(tr("progress.review_of", skill=tr(f"skill.{FACT_SKILL[read.name]}")))
    key = "" if read is None else {
        SkillFamily.PUZZLE: f"puzzles.kind_{read.name}", SkillFamily.DRILL: f"drills.{read.name}",
        SkillFamily.REVIEW: "drills.review", SkillFamily.LESSON: "nav.lessons"}[read.family]
    return plain_label(tr_or(key, skill, threshold=threshold))


@dataclass(frozen=True)
class Shown:
    """The page's figures and charts for one version of a learner's answers, in one language."""

    summary: figures.ProgressSummary
    rating: DrawnFigure | None
    accuracy: DrawnFigure | None
    speed: DrawnFigure | None
    mistakes: DrawnFigure | None


@st.cache_resource(max_entries=64, ttl=60, show_spinner=False)
def shown(database: str, learner_id: int, version: int, language: str,
          threshold: int) -> Shown:
    """The learner's figures and charts, made again once they answered (``version``) or after
    a minute (puzzle ratings move with other learners' answers): the page's reruns and
    reopenings between answers draw them from here instead of summing every answer and
    building every chart again. ``database`` keeps apart learners of the same id in two
    databases (the tests open many); ``language`` and ``threshold`` are in the charts' words."""
    del database, version, language  # the cache key
    summary = figures.progress_summary(store(), learner_id)
    if not summary.answered:
        return Shown(summary, None, None, None, None)
    rating = None
    if summary.history:  # from the rating every learner starts with, at the first answer
        start = (summary.history[0][0], Rating().rating, Rating().rd)
        ratings = pd.DataFrame([start, *summary.history], columns=["time", "rating", "rd"])
        rating = chart([rating_line(ratings)], height=300, x_title=tr("progress.rated"),
                       y_title=tr("progress.rating"),
                       xaxis={"tick0": 0, "dtick": max(1, math.ceil(len(ratings) / 8))})
    # in the order of the skills' ids, not of their names, and each in its own colour
    skills = [(skill_label(str(skill), threshold), skill_colour(str(skill)),
               skill_symbol(str(skill)), part) for skill, part in summary.by_day.groupby("skill")]
    if summary.by_day["day"].nunique() == 1:  # a lone day: bars named by activity, not dots
        return Shown(summary, rating, day_bars(skills, "accuracy", tr("progress.accuracy"), ".0%"),
                     day_bars(skills, "median_seconds", tr("progress.median"), ".1f"),
                     mistakes_chart(summary.mistakes))
    height = 380 + LEGEND_ROW * max(0, len(skills) - 3)  # a phone lists the skills one a row
    accuracy = chart(_filled_first([lines(part["day"], part["accuracy"], name, colour, symbol)
                                    for name, colour, symbol, part in skills]),
                     height=height, x_title=tr("progress.day"), y_title=tr("progress.accuracy"),
                     legend=tr("progress.skill"), xaxis={"type": "category"},
                     yaxis={"tickformat": ".0%", "range": [-0.05, 1.05]})
    speed = chart(_filled_first([lines(part["day"], part["median_seconds"], name, colour, symbol)
                                 for name, colour, symbol, part in skills]),
                  height=height, x_title=tr("progress.day"), y_title=tr("progress.median"),
                  legend=tr("progress.skill"), xaxis={"type": "category"},
                  yaxis={"rangemode": "tozero"})  # from 0 s: a lone day's dot not at the edge
    return Shown(summary, rating, accuracy, speed, mistakes_chart(summary.mistakes))


def day_bars(skills: list[tuple[str, str, str, pd.DataFrame]], column: str, title: str,
             number: str) -> DrawnFigure:
    """One day's figure of each activity as a bar named beside it, its value written on it:
    a dot per activity at one spot on the axis had to be matched against a legend."""
    names = [name for name, _, _, _ in skills]
    values = [float(part[column].iloc[0]) for _, _, _, part in skills]
    trace = {"type": "bar", "orientation": "h", "x": values, "y": names,
             "marker": {"color": [colour for _, colour, _, _ in skills]},
             "texttemplate": f"%{{x:{number}}}", "textposition": "outside",  # 0% said too
             "cliponaxis": False,
             "hovertemplate": f"%{{y}}: %{{x:{number}}}<extra></extra>"}
    xaxis: dict[str, Any] = {"tickformat": ".0%", "range": [0, 1.15], "tickvals": [0, 0.5, 1]} \
        if column == "accuracy" else {"range": [0, max(values, default=0) * 1.2 or 1]}
    return chart([trace], height=max(160, 40 * len(skills) + 70), x_title=title, y_title="",
                 xaxis=xaxis, yaxis={"autorange": "reversed", "automargin": True})


def mistakes_chart(mistakes: pd.DataFrame) -> DrawnFigure | None:
    """Wrong answers per rule, the rule by its name (its id on hover), the most missed on top,
    whole numbers on the axis."""
    if mistakes.empty:
        return None
    rules = [plain_label(str(rule)) for rule in mistakes["rule"]]  # imported ids: any text
    names = [plain_label(tr_or(f"ruleref.{rule}.title", str(rule))) for rule in mistakes["rule"]]
    most = int(mistakes["mistakes"].max())
    bars = {"type": "bar", "orientation": "h", "x": mistakes["mistakes"], "y": names,
            "customdata": rules, "name": tr("progress.mistakes_n"),
            "hovertemplate": "%{y} (%{customdata}): %{x}<extra></extra>"}
    return chart([bars], height=80 + 30 * len(rules), x_title=tr("progress.mistakes_n"),
                 y_title="",  # the rules' names say it; a title was cut at a phone's edge
                 xaxis={"tick0": 0, "dtick": max(1, math.ceil(most / 6)), "rangemode": "tozero"},
                 yaxis={"autorange": "reversed", "automargin": True})


def mastery_bars(found: list[SkillEstimate]) -> DrawnFigure:
    """Each skill met: its mastery now, the 95% line marked (issue 32); a skill of too few first
    tries to judge grey, as the page says it is too early to tell."""
    met = [e for e in found if e.attempts]
    names = [wrapped_label(tr(f"skill.{e.skill.value}")) for e in met]
    colours = ["#2e7d32" if e.mastered else "#9e9e9e" if e.attempts < AREAS_MIN_ATTEMPTS
               else "#c62828" if e.mastery < 0.5 else "#ef6c00" for e in met]
    trace = {"type": "bar", "orientation": "h", "x": [round(e.mastery, 3) for e in met],
             "y": names, "marker": {"color": colours},
             "customdata": [e.attempts for e in met],
             "hovertemplate": "%{y}: %{x:.0%} (%{customdata})<extra></extra>"}
    figure = chart([trace], height=max(160, 44 * len(met) + 60), x_title=tr("progress.mastery_y"),
                   y_title="", xaxis={"range": [0, 1.06], "tickformat": ".0%",  # room for "100%"
                                      "tickvals": [0, 0.5, 1]},
                   yaxis={"autorange": "reversed"})
    figure.add_vline(x=MASTERED, line_dash="dot", line_color="#2e7d32")
    return figure


def mastery_history(areas: list[SkillEstimate]) -> DrawnFigure:
    """How each improvement area's estimate moved over its first tries."""
    traces = [lines(list(range(1, len(e.history) + 1)), [round(v, 3) for _, v in e.history],
                    plain_label(tr(f"skill.{e.skill.value}")), skill_colour(e.skill.value),
                    skill_symbol(e.skill.value)) for e in areas]
    return chart(traces, height=260, x_title=tr("progress.mastery_x"),
                 y_title=tr("progress.mastery_y"), legend="",
                 xaxis={"tick0": 1, "tickformat": "d",  # tries come whole
                        "dtick": max(1, math.ceil(max(len(e.history) for e in areas) / 8))},
                 yaxis={"range": [-0.04, 1.06], "tickformat": ".0%"})  # a dot at 100% whole

"""The coach's review as the page draws it: the curve of points lost over the learner's decisions
(plotly, labels as plain text) and each mistake's words (issue 29)."""

from __future__ import annotations

import plotly.graph_objects as go

from trainer.play.coach_review import PricedHand
from trainer.ui.lang import tr


def points_lost_curve(priced: PricedHand) -> go.Figure:
    """Points lost so far, decision by decision (mistakes only: a loss within the noise adds
    nothing), each point labelled with the step of the hand."""
    lost, total = [], 0.0
    for decision in priced.decisions:
        total += decision.loss if decision.mistake else 0.0
        lost.append(round(total, 2))
    figure = go.Figure(go.Scatter(
        x=list(range(1, len(lost) + 1)), y=lost, mode="lines+markers",
        customdata=[d.step for d in priced.decisions],
        hovertemplate=tr("coach.curve_hover") + "<extra></extra>",
        line={"color": "#ef553b"}))
    figure.update_layout(height=220, margin={"l": 40, "r": 10, "t": 10, "b": 40},
                         xaxis_title=tr("coach.curve_x"), yaxis_title=tr("coach.curve_y"),
                         xaxis={"dtick": 1}, yaxis={"rangemode": "tozero"})
    return figure

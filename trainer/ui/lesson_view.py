"""Drawing one lesson step and reading the learner's answer (UI only: grading is
``Task.is_correct``, answers come from the engine)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from trainer.engine import Card
from trainer.engine.priority import seats_from
from trainer.i18n import render_all
from trainer.lessons import Step, Task
from trainer.ui.lang import current_language, tr
from trainer.ui.widgets import show_cards, show_melds


def card_label(card: Card) -> str:
    """A card's label on a pill: ``7♥``; the joker by its name, 鬼."""
    return tr("card.joker") if card.is_joker else card.symbol


def choice_label(task: Task, value: str) -> str:
    if task.kind == "priority" and value.isdigit():
        return tr("choice.seat", seat=value)
    specific = f"choice.{task.kind}.{value}"
    from trainer.i18n import catalog

    return tr(specific) if specific in catalog("en") else tr(f"choice.{value}")


def show_context(step: Step) -> None:
    """The cards a lesson task is about."""
    assert step.task is not None
    show_task(step.task)


def show_task(task: Task) -> None:
    """The cards a task is about (lessons, drills, reviews)."""
    kind = task.kind
    if kind in ("win", "reason", "fan", "share", "pays", "special"):
        position = task.extra["position"]
        columns = st.columns([3, 3, 2] if position.melds else [3, 2])
        with columns[0]:
            show_cards(position.hand, label=tr("lesson.your_hand"))
        if position.melds:
            with columns[1]:
                show_melds(position.melds, label=tr("lesson.your_melds"))
        claimed = columns[-1]
        if position.card is not None:
            origin = ("lesson.first_discard" if position.dealer_first_discard else
                      f"lesson.source_{position.source}")
            with claimed:
                show_cards([position.card], label=tr(origin))
        if position.rules.players != 4 or position.rules.scoring != "doubling":
            st.caption(tr("lesson.table_rules", players=position.rules.players,
                          scoring=tr(f"settings.scoring_{position.rules.scoring}"),
                          base=position.rules.base))
    elif kind == "kong":
        st.caption(tr(f"kong_event.{task.extra['event']}",
                      card=task.claimed.symbol if task.claimed is not None else ""))
        show_cards(task.cards, label=tr("lesson.your_hand"))
        show_melds(task.melds, label=tr("lesson.your_melds"))
        if task.claimed is not None:
            show_cards([task.claimed], label=tr("lesson.the_card"))
    elif kind == "priority":
        if task.claimed is not None:
            show_cards([task.claimed], label=tr(f"lesson.priority_{task.extra['source']}",
                                                 seat=task.extra["origin"]))
        for claim in task.extra["claims"]:
            st.markdown(tr("lesson.claim_line", seat=claim.seat,
                           kind=tr(f"priority.kind.{claim.kind.value}")))
        order = " → ".join(str(seat) for seat in seats_from(task.extra["origin"],
                                                             task.extra["players"]))
        st.caption(tr("lesson.seat_order", origin=task.extra["origin"], order=order))
    elif kind == "pick_waits":
        show_cards(task.extra["hand"], label=tr("lesson.your_hand"))
        show_melds(task.melds, label=tr("lesson.your_melds"))
    elif kind == "pick_partner":
        assert task.claimed is not None
        show_cards([task.claimed], label=tr("lesson.your_card"))
    elif kind == "safe":
        assert task.claimed is not None
        show_cards([task.claimed], label=tr("lesson.your_card"))
        show_cards(task.cards, label=tr("lesson.visible"))
    elif kind in ("red_total", "red20", "combined", "pick_leftover", "pick_red"):
        if kind != "pick_red" and task.answer_type != "pick":
            show_cards(task.cards, label=tr("lesson.cards"))
        show_melds(task.melds, label=tr("lesson.your_melds"))


def answer_widget(task: Task, key: str) -> Any:
    """The input for a task, inside the caller's form."""
    if task.answer_type == "pick":
        show_cards(task.cards, label=tr("lesson.choose_from"))
        return st.pills(tr("lesson.pick_label"), options=list(range(len(task.cards))),
                        selection_mode="multi", format_func=lambda i: card_label(task.cards[i]),
                        key=key)
    if task.answer_type == "number":
        return st.number_input(tr("lesson.number_label"), min_value=0, max_value=9999,
                               step=1, value=None, key=key, placeholder=tr("lesson.type_number"))
    return st.radio(tr("lesson.choose_label"), task.options, index=None, horizontal=True,
                    format_func=lambda value: choice_label(task, value), key=key)


def shown_answer(task: Task, given: Any) -> str:
    """The learner's answer as they saw it: cards, a number, or the option's label."""
    if task.answer_type == "pick":
        return " ".join(card_label(task.cards[i]) for i in sorted(given or ())) or "—"
    if task.answer_type == "choice":
        return choice_label(task, str(given))
    return str(given)


def explanation_lines(task: Task) -> list[str]:
    return render_all(task.explanation, current_language())

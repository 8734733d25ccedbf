"""The card table: one Streamlit component (custom components v2) that draws the table from the
learner's seat and takes their taps.

A tap selects a card in the browser, with no server round trip; the action buttons are part of
the component, and each press sends one trigger — the action and the selected cards — which
:func:`show_table` hands to the page's callback before the page runs again. The page passes
it to a plain function (lessons: ``trainer.lessons.table_tasks.apply_table_action``), tested
without Streamlit.

Seats are placed as at a real table seen from your chair: you at the bottom, your lower player
(下家, who acts after you, counterclockwise) on the right, your upper player (上家) on the left,
the player opposite at the top.

AppTest cannot tap inside a v2 component. Tests put an action into
``st.session_state[ACTION_QUEUE][key]``, and :func:`show_table` hands it to the same callback as
a trigger from the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any

import streamlit as st

from trainer.engine import Card, Meld
from trainer.ui.cards_svg import card_svg

ACTION_QUEUE = "card_table_actions"
"""Session-state key of actions handed in without the browser (AppTest)."""

PICTURES_SENT = "card_table_pictures_sent"
"""Session-state key: the codes of the card pictures this session has sent. The table's script
keeps every picture it is sent for the page's lifetime (one module for every table of the
page), so a table carries only the pictures its browser has not had yet — on Puzzles 54 → 17 KB
a run. A table that finds a picture missing (a run cut short before its table reached the
browser) says so, and the next run sends them all again."""

_FILES = resources.files(__package__)
_COMPONENT = st.components.v2.component(
    "dou14_card_table",
    js=_FILES.joinpath("table.js").read_text(encoding="utf-8"),
    css=_FILES.joinpath("table.css").read_text(encoding="utf-8"),
)


@dataclass(frozen=True)
class CardView:
    """One card as drawn: ``None`` is a face-down back; ``label`` a caption under it (its origin,
    its risk); ``tone`` colours that caption (safe, low, mid, high)."""

    card: Card | None
    label: str = ""
    tone: str = ""
    detail: str = ""
    """Shown under the hand while this card alone is selected (Play: why it is safe or risky)."""

    @property
    def code(self) -> str:
        return "back" if self.card is None else str(self.card)

    def to_data(self) -> dict[str, str]:
        alt = "🂠" if self.card is None else self.card.symbol
        return {"code": self.code, "label": self.label, "tone": self.tone,
                "detail": self.detail, "alt": f"{alt} {self.label}".strip()}


@dataclass(frozen=True)
class MeldView:
    meld: Meld
    caption: str

    def to_data(self) -> dict[str, Any]:
        return {"cards": [CardView(card).to_data() for card in self.meld.cards],
                "caption": self.caption}


@dataclass(frozen=True)
class SeatView:
    """Another player's place at the table: ``place`` is ``left``, ``top`` or ``right``."""

    place: str
    name: str
    hidden: int | None
    hidden_text: str
    melds: tuple[MeldView, ...] = ()
    pile: tuple[CardView, ...] = ()
    pile_title: str = ""
    dealer: str = ""
    to_act: bool = False
    hand: tuple[CardView, ...] = ()
    """Open-hand teaching: the player's concealed cards shown."""
    passed: tuple[CardView, ...] = ()
    """The cards that passed this player since their concealed hand last changed (R-READ)."""
    passed_title: str = ""
    passed_help: str = ""
    """What the passed cards prove, on hover."""

    def to_data(self) -> dict[str, Any]:
        return {"place": self.place, "name": self.name, "hidden": self.hidden,
                "hidden_text": self.hidden_text, "melds": [m.to_data() for m in self.melds],
                "pile": [c.to_data() for c in self.pile], "pile_title": self.pile_title,
                "dealer": self.dealer, "to_act": self.to_act,
                "hand": [c.to_data() for c in self.hand],
                "passed": [c.to_data() for c in self.passed], "passed_title": self.passed_title,
                "passed_help": self.passed_help}


@dataclass(frozen=True)
class ActionButton:
    """A button of the table: enabled while ``min_cards`` to ``max_cards`` cards are selected."""

    id: str
    label: str
    min_cards: int = 0
    max_cards: int = 0
    primary: bool = False

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "min": self.min_cards,
                "max": self.max_cards, "primary": self.primary}


@dataclass(frozen=True)
class TableView:
    """Everything the component draws. ``seq`` names the question: a new ``seq`` clears the
    selection in the browser."""

    seq: str
    hand: tuple[CardView, ...]
    actions: tuple[ActionButton, ...] = ()
    selectable: bool = True
    multi: bool = False
    seats: tuple[SeatView, ...] = ()
    my_name: str = ""
    my_dealer: str = ""
    my_melds: tuple[MeldView, ...] = ()
    my_pile: tuple[CardView, ...] = ()
    my_pile_title: str = ""
    hand_title: str = ""
    """Said above the tappable cards where they are not your hand (the cards to choose from)."""
    stock: int | None = None
    stock_text: str = ""
    offer: CardView | None = None
    offer_caption: str = ""
    selected_text: str = ""
    tap_again: str = ""
    """The action a second tap on the selected card fires (Play: tap twice to discard)."""
    preselected: tuple[int, ...] = field(default=())
    centre_note: str = ""
    legend: str = ""
    """What the marks under table cards mean, kept on a phone (the centre note is not)."""
    """A line in the middle of the table (the direction of play)."""
    compact: bool = False
    """Play: on a phone, each other player on one short line, so the hand and buttons fit."""
    need_one: str = ""
    """Said when a button is pressed without its cards tapped ("{action}", and "{min}" for the
    count); the buttons never grey out, so none hints whether its move is allowed."""
    need_range: str = ""
    """The same for a button taking a range of cards ("{min}" to "{max}")."""
    need_fewer: str = ""
    """The same with more cards tapped than the button takes ("{n}", "{max}")."""
    need_count: str = ""
    """The same for a button taking an exact number of cards, more than one ("{min}")."""
    need_none: str = ""
    """Said when a card is tapped where no button takes one (Play at a claim: the buttons, each
    naming its cards, answer it)."""
    prompt: str = ""
    """The question the buttons answer, drawn just above them (Play: "8♠ is on the table: take
    it or not?" — below the table it came after its own buttons on a phone)."""
    show_first: str = ""
    """The key of an element the page draws above the table, brought into view when this
    table first shows if it is out of sight (Play: the hand's result, which the learner,
    scrolled down to their hand, would not see)."""
    question: str = ""
    """The key of the question the page asks above the table: when the table first shows, it
    is brought into view if the page was left scrolled below it — never at the cost of the
    hand and its buttons, which stay on the screen (a lesson's next question on a phone)."""

    @cached_property
    def card_codes(self) -> frozenset[str]:
        """The codes of every picture the table draws (worked out once per view)."""
        codes = {c.code for c in self.hand} | {c.code for c in self.my_pile} | {"back"}
        for meld in self.my_melds:
            codes |= {str(c) for c in meld.meld.cards}
        for seat in self.seats:
            codes |= {c.code for c in seat.pile} | {c.code for c in seat.hand}
            for meld in seat.melds:
                codes |= {str(c) for c in meld.meld.cards}
        if self.offer is not None:
            codes.add(self.offer.code)
        return frozenset(codes)

    def to_json(self, key: str, held: Set[str] = frozenset()) -> bytes:
        """The table as the component reads it: JSON, with the pictures of its cards but those
        the browser ``held`` already spliced in ready-encoded (each card's SVG is encoded once
        per process, not on every run); ``every_picture`` says whether none was left out."""
        shown = self.card_codes
        art = ",".join(_art_json(code) for code in sorted(shown - held))
        every = "true" if not held & shown else "false"
        return ('{"art":{' + art + '},"every_picture":' + every + ","
                + json.dumps(self.to_data(key))[1:]).encode()

    def to_data(self, key: str) -> dict[str, Any]:
        """Everything but the pictures (:meth:`to_json` adds them)."""
        return {
            "id": key, "seq": self.seq,
            "hand": [c.to_data() for c in self.hand], "selectable": self.selectable,
            "multi": self.multi, "actions": [a.to_data() for a in self.actions],
            "seats": [s.to_data() for s in self.seats], "my_name": self.my_name,
            "my_dealer": self.my_dealer, "my_melds": [m.to_data() for m in self.my_melds],
            "my_pile": [c.to_data() for c in self.my_pile], "my_pile_title": self.my_pile_title,
            "hand_title": self.hand_title,
            "stock": self.stock, "stock_text": self.stock_text,
            "offer": None if self.offer is None else {"card": self.offer.to_data(),
                                                       "caption": self.offer_caption},
            "selected_text": self.selected_text, "tap_again": self.tap_again,
            "preselected": list(self.preselected), "centre_note": self.centre_note, "legend": self.legend,
            "compact": self.compact, "show_first": self.show_first, "prompt": self.prompt,
            "question": self.question,
            "need_text": {"one": self.need_one, "range": self.need_range,
                          "count": self.need_count or self.need_range,
                          "fewer": self.need_fewer, "still": self.need_none}
            if self.need_one else None,
        }


_ART: dict[str, str] = {}


def _art_json(code: str) -> str:
    """``"code":"<svg …>"``, a member of the table's ``art`` object (cached: the same 55
    pictures over and over)."""
    art = _ART.get(code)
    if art is None:
        from trainer.engine import parse_card

        svg = card_svg(None if code == "back" else parse_card(code))
        art = f"{json.dumps(code)}:{json.dumps(svg)}"
        _ART[code] = art
    return art


@dataclass(frozen=True)
class TableAction:
    """One press of a table button: the action's id and the indices of the selected cards."""

    action: str
    cards: tuple[int, ...]
    seq: str


def show_table(view: TableView, *, key: str,
               on_action: Callable[[TableAction], None] | None = None,
               on_stale: Callable[[], None] | None = None) -> None:
    """Draw the table. A press of one of its buttons calls ``on_action`` before the page runs
    again (one run per action, as for any Streamlit widget callback); a press made on a table
    that has since changed (another tab moved on) calls ``on_stale`` instead."""
    state = st.session_state  # "in" first: a miss of session state costs a KeyError raised
    queued = state[ACTION_QUEUE].pop(key, None) if ACTION_QUEUE in state else None
    if queued is not None and on_action is not None:  # handed in by a test (AppTest)
        action = _read_action(queued, view)
        if action is not None:
            on_action(action)
            st.rerun()
        elif on_stale is not None and isinstance(queued, dict) and \
                queued.get("seq") != view.seq:
            on_stale()
            st.rerun()

    def pressed() -> None:
        raw = st.session_state.get(key)
        action = _read_action(raw.get("action") if isinstance(raw, dict) else None, view)
        if action is not None and on_action is not None:
            on_action(action)

    def pictures_lost() -> None:
        state[PICTURES_SENT] = set()

    sent: set[str] = state.setdefault(PICTURES_SENT, set())
    payload = view.to_json(key, sent)
    sent |= view.card_codes
    # bytes: Streamlit passes them on as they are (a dict it would search for dataframes and
    # encode twice, every run)
    _COMPONENT(key=key, data=payload, on_action_change=pressed,
               on_missing_change=pictures_lost)


def _read_action(raw: object, view: TableView) -> TableAction | None:
    """A well-formed action for this very question, or None (stale or malformed input is
    ignored: it cannot be acted on)."""
    if not isinstance(raw, dict):
        return None
    action, cards, seq = raw.get("action"), raw.get("cards", []), raw.get("seq")
    known = {button.id for button in view.actions}
    if action not in known or seq != view.seq or not isinstance(cards, list):
        return None
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(view.hand)
               for i in cards):
        return None
    return TableAction(str(action), tuple(sorted(set(cards))), str(seq))


def queue_action(key: str, action: str, cards: Sequence[int], seq: str) -> dict[str, Any]:
    """The payload a test puts under ``st.session_state[ACTION_QUEUE][key]``."""
    return {"action": action, "cards": list(cards), "seq": seq}

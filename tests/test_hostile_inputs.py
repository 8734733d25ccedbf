"""Hostile input at the edges of the app: URL parameters that are not plain numbers, names made
of markdown, replays that are not replays. None gives a traceback; user text shows as typed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.apptest_helpers import app
from trainer.engine.inputs import bounded_int
from trainer.i18n import t
from trainer.store import ProgressStore
from trainer.ui.lang import plain

ODD_NUMBERS = ["²", "٣", "1e9", "-1", "0x10", " 7 ", "9" * 30, "", "1.5", "True", "७"]


@given(st.text(max_size=40))
def test_bounded_int_takes_only_ascii_digits_in_range(text: str) -> None:
    value = bounded_int(text, 1, 1000)
    stripped = text.strip()
    if value is not None:
        assert stripped.isascii() and stripped.isdigit() and 1 <= value <= 1000
    elif stripped.isascii() and stripped.isdigit() and len(stripped) <= 18:
        assert not 1 <= int(stripped) <= 1000


@given(st.text(max_size=60))
def test_plain_text_leaves_nothing_for_markdown_to_act_on(text: str) -> None:
    escaped = plain(text)
    unescaped = escaped.replace("\\\\", "").replace("\\", "")
    assert unescaped == text.replace("\\", "")
    for index, char in enumerate(escaped):
        if char in "[]()*_`!<>:#~|$":
            assert escaped[index - 1] == "\\"


@pytest.mark.parametrize("raw", ODD_NUMBERS)
@pytest.mark.parametrize("page", ["home", "play", "puzzles", "progress"])
def test_odd_learner_and_seed_parameters_never_crash(db: tuple[ProgressStore, str], raw: str,
                                                    page: str) -> None:
    at = app(page, learner=raw, seed=raw, lang="en")
    assert not at.exception


def test_a_markdown_name_shows_as_typed(db: tuple[ProgressStore, str]) -> None:
    store, _learner = db
    name = "![b](http://host/x.png) :red[big]"
    learner = store.create_learner(name)
    at = app("home", learner=str(learner.id), lang="en")
    hello = t("home.hello", "en", name=plain(name))
    assert hello in [h.value for h in at.subheader]

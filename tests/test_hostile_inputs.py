"""Hostile input at the edges of the app: URL parameters that are not plain numbers, names made
of markdown, replays that are not replays. None gives a traceback; user text shows as typed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.apptest_helpers import app
from trainer.engine import Dou14Error
from trainer.engine.game.replay import Replay
from trainer.engine.inputs import bounded_int
from trainer.i18n import t
from trainer.store import DatabaseUnreadable, ProgressStore, open_database
from trainer.store.lesson_store import Lessons
from trainer.store.names import skeleton
from trainer.store.progress_store import ProgressError
from trainer.ui.lang import WORD_JOINER, plain

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
    assert unescaped.replace(WORD_JOINER, "") == text.replace("\\", "").replace(WORD_JOINER, "")
    shown = unescaped.lower()  # what markdown links on its own, escaped or not: broken
    assert "://" not in shown and "www." not in shown
    assert not re.search(f"@[^{WORD_JOINER}]", shown + WORD_JOINER)
    for index, char in enumerate(escaped):
        if char in "[]()*_`!<>:#~|$":
            assert escaped[index - 1] == "\\"


@pytest.mark.parametrize("raw", ODD_NUMBERS)
@pytest.mark.parametrize("page", ["home", "play", "puzzles", "progress"])
def test_odd_learner_and_seed_parameters_never_crash(db: tuple[ProgressStore, str], raw: str,
                                                    page: str) -> None:
    at = app(page, learner=raw, seed=raw, lang="en")
    assert not at.exception


@pytest.mark.parametrize("name", ["![b](http://host/x.png) :red[big]",
                                  "[link](http://example.com)44c", "www.x.cn", "me@x.cn"])
def test_a_markdown_name_shows_as_typed(db: tuple[ProgressStore, str], name: str) -> None:
    """Walk 44: a name holding a web address showed as a live link, though escaped."""
    store, _learner = db
    learner = store.create_learner(name)
    at = app("home", as_learner=learner.id, lang="en")
    hello = t("home.hello_new", "en", name=plain(name))
    assert hello in [h.value for h in at.subheader]


@pytest.mark.parametrize(("text", "says"), [
    ('{"seed": 1, "rules": {}, "dealer": 99, "actions": []}', "dealer"),
    ('{"seed": 1, "rules": {}, "dealer": -1, "actions": []}', "dealer"),
    ('{"seed": 1, "rules": {}, "dealer": 1180591620717411303424, "actions": []}', "dealer"),
    ('{"seed": -5, "rules": {}, "dealer": 0, "actions": []}', "seed"),
    ("[" * 5000 + "]" * 5000, "JSON"),
    ('{"seed": ' + "9" * 5000 + "}", "JSON"),
    ('{"seed": 1, "rules": {}, "dealer": 0, "actions": [' + ",".join(
        ['{"seat": 0, "kind": "pass"}'] * 2001) + "]}", "at most"),
    ("x" * (300 * 1024), "at most"),
])
def test_a_hostile_replay_is_refused_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(Dou14Error) as raised:
        Replay.from_json(text)
    assert says in str(raised.value)


def test_an_oversized_replay_upload_is_refused_before_reading(
        db: tuple[ProgressStore, str]) -> None:
    _store, learner = db
    at = app("play", as_learner=learner, lang="en")
    big = b'{"seed": 1, "actions": [' + b" " * (300 * 1024) + b"]}"
    at.file_uploader(key="open-replay").set_value(("big.json", big, "application/json")).run()
    assert not at.exception
    assert at.error[0].value == t("play.bad_replay", "en",
                                  error=t("play.replay_too_big", "en", kb=256))


def test_the_command_line_reports_hostile_lines_and_goes_on() -> None:
    lines = ['{"hand": "7h 7d", "red": 1' + "1" * 5000 + "}", "[" * 3000 + "]" * 3000,
             "not json", '{"hand": "7h Kd Ac 5h 9c", "melds": [{"kind": "chi", "cards": "8h 6s"}], '
             '"card": "7d"}']
    done = subprocess.run([str(Path(sys.executable).parent / "dou14"), "check"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=60, check=False)
    assert "Traceback" not in done.stderr + done.stdout
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert [a["reason"] for a in answers[:3]] == ["invalid"] * 3
    assert answers[3]["reason"] != "invalid"


def test_database_places_get_their_own_messages(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(DatabaseUnreadable, match="cannot be created"):
        open_database(f"sqlite:///{blocker / 'sub' / 'db.sqlite3'}")
    good = tmp_path / "good.sqlite3"
    open_database(f"sqlite:///{good}").dispose()
    before = good.read_bytes()
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != good)
    with pytest.raises(DatabaseUnreadable, match="read-only"):
        open_database(f"sqlite:///{good}")
    assert good.read_bytes() == before  # refused without touching a byte
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != tmp_path)
    with pytest.raises(DatabaseUnreadable, match=r"folder .* is read-only"):
        open_database(f"sqlite:///{good}")
    with pytest.raises(DatabaseUnreadable, match="driver") as raised:
        open_database("mysql+nosuchdriver://user:secret@localhost/db")
    assert "secret" not in str(raised.value)


@pytest.mark.parametrize("lookalike", ["Аlice", "ALICE", "alice", "Alíce", "Ａｌｉｃｅ", " Alice  ",
                                       "Ꭺlice", "𝐀lice", "Αlice", "A1ice", "Alıce"])
def test_lookalike_names_are_one_profile(db: tuple[ProgressStore, str], lookalike: str) -> None:
    store, _ann = db
    store.create_learner("Alice")
    with pytest.raises(ProgressError) as raised:
        store.create_learner(lookalike)
    assert raised.value.key == "profile.name_taken"


@pytest.mark.parametrize("hidden", ["Alice\u200b", "\u202eecilA", "Al\u2066ice", "Bob\x00"])
def test_invisible_characters_are_refused(db: tuple[ProgressStore, str], hidden: str) -> None:
    store, _ann = db
    with pytest.raises(ProgressError) as raised:
        store.create_learner(hidden)
    assert raised.value.key == "profile.name_invisible"


def test_distinct_names_stay_distinct(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    for name in ("Alice", "Alicia", "李雷", "韩梅梅", "Zoë", "Bob"):
        store.create_learner(name)
    assert skeleton("Аlice") == skeleton("Alice") != skeleton("Alicia")


@pytest.mark.parametrize(("raised", "problem"), [
    ("database or disk is full", "full"), ("attempt to write a readonly database", "read_only"),
    ("disk I/O error", "io"), ("connection to server at 10.0.0.9 failed", "unreachable"),
])
def test_a_failing_database_is_said_plainly(db: tuple[ProgressStore, str],
                                            monkeypatch: pytest.MonkeyPatch, raised: str,
                                            problem: str) -> None:
    """A write that fails mid-lesson (a full disk, a read-only file, a server gone) gives the
    catalog's words for it — no traceback, no SQL, no path."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    _store, learner = db

    def fail(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("UPDATE lesson_progress SET …", {}, sqlite3.OperationalError(raised))

    monkeypatch.setattr(Lessons, "states", fail)
    at = app("lessons", as_learner=learner, lang="zh")
    assert not at.exception
    said = at.error[0].value
    assert said == t("db.failed", "zh", reason=t(f"db.problem_{problem}", "zh"))
    assert "UPDATE" not in said and "10.0.0.9" not in said


@given(st.text(max_size=200))
def test_bounded_json_reads_json_or_says_why(text: str) -> None:
    """Any text: the same value as json.loads where that reads it within the bounds, else a
    ValueError (never a RecursionError or another exception)."""
    import json

    from trainer.engine.inputs import bounded_json

    try:
        expected: object = json.loads(text)
    except (ValueError, RecursionError):
        expected = ValueError
    try:
        got: object = bounded_json(text)
    except ValueError:
        got = ValueError
    assert got == expected or (got is ValueError and expected is not ValueError
                               and text.count("[") + text.count("{") > 32)


@pytest.mark.parametrize(("text", "says"), [
    ("[" * 40 + "]" * 40, "nested more than 32"), ("[" * 100_000, "nested"),
    ('"' + "x" * 1_000_001 + '"', "longer than"), ("9" * 5000, "digits"),
    ('{"a": "' + "[" * 40 + '"}', None),
])
def test_bounded_json_limits(text: str, says: str | None) -> None:
    from trainer.engine.inputs import bounded_json

    if says is None:
        assert bounded_json(text) == {"a": "[" * 40}  # brackets inside a string do not count
    else:
        with pytest.raises(ValueError, match=says):
            bounded_json(text)

"""The placeholder app page with Streamlit's AppTest: a verdict, waits, an error, both languages."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "trainer" / "app.py")


def _app() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    assert not at.exception
    return at


def test_default_hand_wins() -> None:
    at = _app()
    assert at.success[0].value == "Win — 糊"
    assert any("R-PAY" in m.value for m in at.markdown)


def test_bad_card_gives_a_message_not_a_traceback() -> None:
    at = _app()
    at.text_input(key="hand").set_value("7h 1x Kd").run()
    assert not at.exception
    assert "'1x' at 3" in at.warning[0].value


def test_empty_card_shows_waits() -> None:
    at = _app()
    at.text_input(key="card").set_value("").run()
    assert not at.exception
    assert "7♦" in at.success[0].value


def test_switch_to_chinese() -> None:
    at = _app()
    at.sidebar.radio(key="lang_choice").set_value("zh").run()
    assert not at.exception
    assert at.title[0].value == "斗十四 练习"
    assert at.success[0].value == "糊"

"""Decisions said as decisions: every catalog, glossary and lesson text that teaches a capped fan
or one of this trainer's table rules carries its "recommended" / "table rule" marker, in both
languages (trainer.content.decisions)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.content.decisions import DECISIONS, unmarked

ROOT = Path(__file__).resolve().parent.parent / "trainer"
CATALOGS = {"en": ("i18n/en.toml", "i18n/rules_en.toml"), "zh": ("i18n/zh.toml", "i18n/rules_zh.toml")}


def _strings(table: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(table, dict):
        for key, value in table.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(table, list):
        for number, value in enumerate(table):
            yield from _strings(value, f"{path}[{number}]")
    elif isinstance(table, str):
        yield path, table


def texts(lang: str) -> Iterator[tuple[str, str]]:
    for name in CATALOGS[lang]:
        with (ROOT / name).open("rb") as handle:
            yield from ((f"{name}:{key}", text) for key, text in _strings(tomllib.load(handle)))
    for lesson in sorted((ROOT / "data" / "lessons").glob("*.toml")):
        with lesson.open("rb") as handle:
            for key, text in _strings(tomllib.load(handle)):
                if key.endswith(f".{lang}"):
                    yield f"{lesson.name}:{key}", text


@pytest.mark.rule("R-SPECIAL", "R-SCORE", "R-OWN-FLIP", "R-KONG", "R-STOCK-EMPTY", "R-FAN")
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_decision_taught_is_marked(lang: str) -> None:
    found = [(where, [d.key for d in unmarked(text, lang)]) for where, text in texts(lang)
             if unmarked(text, lang)]
    assert not found, "\n".join(f"{where}: {keys}" for where, keys in found)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_decision_is_taught_somewhere(lang: str) -> None:
    """The patterns find real texts (a pattern that matches nothing would check nothing)."""
    for decision in DECISIONS:
        assert any(decision.mentions[lang].search(text) for _, text in texts(lang)), decision.key


def test_the_check_can_fail() -> None:
    assert [d.key for d in unmarked("接地 is capped at 4 fan.", "en")] == ["jiedi_cap"]
    assert not unmarked("接地 is capped at 4 fan (recommended).", "en")
    assert [d.key for d in unmarked("自己翻出的牌不能糊。", "zh")] == ["own_flip"]

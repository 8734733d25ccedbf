"""Both languages: one lookup function over the zh/en catalogs (``en.toml``, ``zh.toml``).

Every string a user sees comes from these catalogs; ``tests/test_i18n.py`` checks that both hold
the same keys with the same placeholders.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("zh", "en")
DEFAULT_LANGUAGE = "en"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flat key → text catalog of ``lang``."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use {' or '.join(LANGUAGES)})")
    folder = resources.files(__package__)
    flat: dict[str, str] = {}
    for name in (f"{lang}.toml", f"rules_{lang}.toml"):
        flat.update(_flatten(tomllib.loads(folder.joinpath(name).read_text(encoding="utf-8"))))
    return flat


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a catalog text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def t(key: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The text of ``key`` in ``lang``, with ``params`` filled in. A missing key is a bug: it
    raises ``KeyError`` (the catalog test keeps this from reaching a user)."""
    text = catalog(lang)[key]
    return text.format(**params) if params else text


def _render_param(value: object, lang: str) -> str:
    from trainer.engine.cards import Card
    from trainer.engine.explain import Message

    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, tuple) and value and isinstance(value[0], Message):
        return " + ".join(_render_param(item, lang) for item in value)
    if isinstance(value, tuple):
        symbols = [card.symbol if isinstance(card, Card) else str(card) for card in value]
        if len(symbols) <= 1:
            return "".join(symbols)
        return t("list.and", lang, head=t("list.sep", lang).join(symbols[:-1]), last=symbols[-1])
    return str(value)


def render_message(key: str, params: Mapping[str, object], rules: tuple[str, ...],
                   lang: str = DEFAULT_LANGUAGE) -> str:
    """Render one engine message, with its rule ids appended, e.g. ``… (R-WIN)``."""
    text = t(key, lang, **{name: _render_param(value, lang) for name, value in params.items()})
    if rules:
        text += t("rules.cite", lang, rules=", ".join(rules))
    return text

"""Explanations as data: a :class:`Message` is a catalog key with parameters, rendered in
Chinese or English by :mod:`trainer.i18n`. The engine builds messages; it never holds prose."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from trainer.engine.cards import Card

Param: TypeAlias = "str | int | Card | tuple[Card, ...] | Message | tuple[Message, ...]"
"""A message parameter: text and numbers as they are, cards by their symbols, a tuple of cards
as a list ("6♥ and 6♦"), a nested message rendered in the same language, and a tuple of messages
as a sum ("a + b")."""


@dataclass(frozen=True, slots=True)
class Message:
    """One sentence of an explanation: ``key`` in the zh/en catalogs, ``params`` to fill in,
    and the rule ids (RULES.md) it rests on."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()
    rules: tuple[str, ...] = ()

    @classmethod
    def of(cls, key: str, rules: Iterable[str] = (), **params: Param) -> Message:
        return cls(key, tuple(params.items()), tuple(rules))

    def render(self, lang: str = "en") -> str:
        from trainer.i18n import render_message

        return render_message(self.key, dict(self.params), self.rules, lang)


def render_all(messages: Iterable[Message], lang: str = "en") -> list[str]:
    """Render each message in ``lang`` (``"en"`` or ``"zh"``)."""
    return [message.render(lang) for message in messages]

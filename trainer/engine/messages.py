"""Explanations as data: a :class:`Message` is a catalog key with typed parameters and the rule
ids it rests on. The engine builds messages and never holds prose; :mod:`trainer.i18n` renders
them in Chinese or English."""

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
    and the rule ids (docs/rules.md) it rests on."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()
    rules: tuple[str, ...] = ()

    @classmethod
    def of(cls, key: str, rules: Iterable[str] = (), **params: Param) -> Message:
        return cls(key, tuple(params.items()), tuple(rules))

    def param(self, name: str) -> Param | None:
        """The value of parameter ``name`` (``None`` when the message has none)."""
        for key, value in self.params:
            if key == name:
                return value
        return None

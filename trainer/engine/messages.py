"""Explanations as data: a :class:`Message` is a catalog key with typed parameters and the rule
ids it rests on. The engine builds messages and never holds prose; :mod:`trainer.i18n` renders
them in Chinese or English."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from trainer.engine.cards import Card

Param: TypeAlias = ("str | int | Points | Amount | Percent | Card | tuple[Card, ...] | Message"
                    " | tuple[Message, ...]")
"""A message parameter: text and whole numbers as they are, points signed to one decimal, an
amount to its stated decimals, a chance as a percentage, cards by
their symbols, a tuple of cards as a list ("6♥ and 6♦"), a nested message rendered in the same
language, and a tuple of messages as a sum ("a + b")."""


POINT_DIGITS = 1
"""Decimals a value in points is shown with."""


@dataclass(frozen=True, slots=True)
class Points:
    """A value in points (R-PAY), e.g. an option's mean payment; rendered signed, one decimal
    (``+1.3``), only when shown."""

    value: float
    signed: bool = True
    """``False`` for a spread (``±0.6``, the sign said by the sentence)."""
    digits: int = POINT_DIGITS
    """Decimals shown (``0`` for a rating change, ``+12``)."""


def points_gap(first: float, second: float) -> Points:
    """The gap between two values in points as they are shown, each to :data:`POINT_DIGITS`
    decimals — what a learner gets by subtracting the figures on the page (+4.3 and −0.7: 5.0,
    not the 4.96 between the unrounded means, said 4.9 …).

    >>> points_gap(4.26, -0.66).value
    5.0
    """
    return Points(abs(round(first, POINT_DIGITS) - round(second, POINT_DIGITS)), signed=False)


@dataclass(frozen=True, slots=True)
class Amount:
    """A measured number (a percentage, seconds, a rating), kept a number until the catalog
    renders it in the learner's language with ``digits`` decimals.

    >>> Amount(12.345, 1)
    Amount(value=12.345, digits=1)
    """

    value: float
    digits: int = 0


@dataclass(frozen=True, slots=True)
class Percent:
    """A chance (0 to 1) said as a percentage — whole percents, with two decimals under 1% and
    over 99%, so that a chance that is not 0 never reads "0%" and two small chances set side
    by side stay apart — as a card's working says it (docs/format.md's figures are raw).

    >>> Percent(0.0062)
    Percent(value=0.0062)
    """

    value: float


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


def message_to_json(message: Message) -> dict[str, object]:
    """A message as plain JSON data: its key, rule ids, and typed parameters (cards in
    notation), so stored explanations are rendered in any language later."""
    params: dict[str, object] = {}
    for name, value in message.params:
        params[name] = _param_to_json(value)
    data: dict[str, object] = {"key": message.key}
    if params:
        data["params"] = params
    if message.rules:
        data["rules"] = list(message.rules)
    return data


def _param_to_json(value: Param) -> object:
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, Points):
        if value.digits != 1:
            return {"points": value.value, "signed": value.signed, "digits": value.digits}
        return {"points": value.value, "signed": value.signed}
    if isinstance(value, Amount):
        return {"amount": value.value, "digits": value.digits}
    if isinstance(value, Percent):
        return {"percent": value.value}
    if isinstance(value, Message):
        return {"message": message_to_json(value)}
    if isinstance(value, tuple):
        if value and isinstance(value[0], Message):
            return {"messages": [message_to_json(m) for m in value if isinstance(m, Message)]}
        return {"cards": " ".join(str(c) for c in value)}
    return value


def message_from_json(data: object) -> Message:
    """The message stored by :func:`message_to_json`; :class:`ValueError` names what is wrong."""
    from trainer.engine.cards import parse_card, parse_cards

    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise ValueError(f"a message is an object with a 'key', not {data!r}")
    unknown = sorted(set(data) - {"key", "params", "rules"})
    if unknown:
        raise ValueError(f"unknown message field {unknown[0]!r}")
    rules = data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise ValueError("a message's rules are a list of rule ids")
    params_data = data.get("params", {})
    if not isinstance(params_data, dict):
        raise ValueError("a message's params are an object")
    params: list[tuple[str, Param]] = []
    for name, value in params_data.items():
        if isinstance(value, bool) or value is None:
            raise ValueError(f"parameter {name!r} is not text, a number, cards or a message")
        if isinstance(value, str | int):
            params.append((str(name), value))
        elif isinstance(value, dict) and set(value) == {"card"}:
            params.append((str(name), parse_card(str(value["card"]))))
        elif isinstance(value, dict) and set(value) in ({"points", "signed"},
                                                        {"points", "signed", "digits"}) and \
                isinstance(value["points"], int | float) and \
                not isinstance(value["points"], bool) and isinstance(value["signed"], bool) and \
                isinstance(value.get("digits", 1), int) and 0 <= value.get("digits", 1) <= 6:
            params.append((str(name), Points(float(value["points"]), value["signed"],
                                             value.get("digits", 1))))
        elif isinstance(value, dict) and set(value) == {"amount", "digits"} and \
                isinstance(value["amount"], int | float) and \
                not isinstance(value["amount"], bool) and isinstance(value["digits"], int) and \
                0 <= value["digits"] <= 6:
            params.append((str(name), Amount(float(value["amount"]), value["digits"])))
        elif isinstance(value, dict) and set(value) == {"percent"} and \
                isinstance(value["percent"], int | float) and \
                not isinstance(value["percent"], bool) and 0 <= value["percent"] <= 1:
            params.append((str(name), Percent(float(value["percent"]))))
        elif isinstance(value, dict) and set(value) == {"cards"}:
            params.append((str(name), parse_cards(str(value["cards"]))))
        elif isinstance(value, dict) and set(value) == {"message"}:
            params.append((str(name), message_from_json(value["message"])))
        elif isinstance(value, dict) and set(value) == {"messages"} and \
                isinstance(value["messages"], list):
            params.append((str(name), tuple(message_from_json(m) for m in value["messages"])))
        else:
            raise ValueError(f"parameter {name!r} is not text, a number, cards or a message")
    return Message(str(data["key"]), tuple(params), tuple(rules))

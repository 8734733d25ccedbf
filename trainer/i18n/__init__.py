"""Both languages: one lookup function over the zh/en catalogs (``en.toml``, ``zh.toml``), and the
rendering of the engine's :class:`~trainer.engine.Message` values.

Every string a user sees comes from these catalogs; ``tests/test_i18n.py`` checks that both hold
the same keys with the same placeholders.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Protocol

from trainer.content.languages import DEFAULT_LANGUAGE, LANGUAGES
from trainer.engine import Card, Message, NotationError, Verdict, verdict_messages
from trainer.engine.messages import Amount, Percent, Points

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "catalog", "explain", "join_words", "placeholders", "render",
           "render_all", "said", "t", "typo"]



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


PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")
"""A word that follows a number, ``{count|card|cards}``: the first form when the parameter
``count`` is 1, else the second. Only languages that inflect need it (the Chinese catalog
writes none)."""


def plurals(text: str, params: Mapping[str, object]) -> str:
    """``text`` with each :data:`PLURAL` form chosen by its parameter.

    >>> plurals("{n} unseen {n|card|cards}", {"n": 1})
    '{n} unseen card'
    >>> plurals("{n} unseen {n|card|cards}", {"n": "12"})
    '{n} unseen cards'
    """
    return PLURAL.sub(lambda m: m[2] if str(params.get(m[1])) == "1" else m[3], text)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a catalog text (a plural form names its field too)."""
    plain = PLURAL.sub(lambda m: "{" + m[1] + "}", text)
    return {name for _, name, _, _ in string.Formatter().parse(plain) if name}


def t(key: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The text of ``key`` in ``lang``, with ``params`` filled in. A missing key is a bug: it
    raises ``KeyError`` (the catalog test keeps this from reaching a user)."""
    text = catalog(lang)[key]
    if not params:
        return text
    text = plurals(text, params)
    values = {name: _render_param(value, lang) if isinstance(value, _TYPED) else value
              for name, value in params.items()}
    return _spaced(text, values) if lang == "zh" else text.format(**values)


_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[0-9A-Za-z♠♥♣♦]")
"""What Chinese text here sets apart from Han by a space: Latin letters, digits and the cards
(a card's suit ends it: "A♣ 和 5♣")."""


def _spaced(text: str, values: dict[str, object]) -> str:
    """``text`` filled in as Chinese is typeset here: a space between a Han character and a
    Latin letter, digit or card where a part meets the words around it ("接着 2 号翻出",
    "现在 Bob 翻出"), as the catalog's own words are written. Text that is not a part is left
    as written (a source's words are quoted to the letter).

    >>> _spaced("接着{who}翻出", {"who": "2 号"})
    '接着 2 号翻出'
    >>> _spaced("{n}张，给{who}{m}", {"n": 3, "who": "上家", "m": 2})
    '3 张，给上家 2'
    >>> _spaced("{head}和{last}", {"head": "A♣", "last": "5♣"})
    'A♣ 和 5♣'
    """
    pieces: list[tuple[str, bool]] = []
    for literal, field, spec, _ in string.Formatter().parse(text):
        pieces.append((literal, False))
        if field is not None:
            pieces.append((format(values[field], spec or ""), True))
    return _typeset(pieces)


def join_words(separator: str, parts: Iterable[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """``parts`` joined by ``separator`` (a catalog text), spaced as :func:`_spaced` spaces a
    part in Chinese.

    >>> join_words("；接着", ["2 号打出 2♣", "3 号翻出 Q♠"], "zh")
    '2 号打出 2♣；接着 3 号翻出 Q♠'
    """
    if lang != "zh":
        return separator.join(parts)
    pieces: list[tuple[str, bool]] = []
    for index, part in enumerate(parts):
        pieces += [(separator, False)] if index else []
        pieces.append((part, True))
    return _typeset(pieces)


def _typeset(pieces: list[tuple[str, bool]]) -> str:
    """Text and parts (``True``) put together, a space where a part meets Han text on one side
    and Latin, a digit or a card on the other — and none between Han and Han, where the
    catalog spaced a card's place and the part is a word (a joker: "翻出 {card}" → "翻出鬼").

    >>> _typeset([("翻出 ", False), ("鬼", True)])
    '翻出鬼'
    """
    out = ""
    last_part = False
    for piece, part in pieces:
        if piece and part and out.endswith(" ") and _HAN.match(out[-2:-1]) and \
                _HAN.match(piece[0]):
            out = out[:-1]
        if piece and last_part and piece.startswith(" ") and _HAN.match(out[-1:]) and \
                _HAN.match(piece[1:2]):
            piece = piece[1:]
        if piece and (part or last_part) and (
                (_HAN.match(out[-1:]) and _LATIN.match(piece[0])) or
                (_LATIN.match(out[-1:]) and _HAN.match(piece[0]))):
            out += " "
        if piece:
            out, last_part = out + piece, part
    return out


DIGIT_GROUPS = {"en": ","}
"""Thousands are grouped in English (12,345); Chinese text writes them ungrouped (12345)."""


_TYPED = (Card, Points, Amount, Percent)
"""Parameters :func:`t` renders itself; text and whole numbers are filled in as given."""


def amount(value: float, digits: int, lang: str) -> str:
    """``value`` with ``digits`` decimals, thousands grouped as ``lang`` writes them."""
    shown = round(value, digits) or 0.0  # no "−0.0"
    return f"{shown:,.{digits}f}".replace(",", DIGIT_GROUPS.get(lang, "")).replace("-", "−")


def percent_figure(chance: float) -> str:
    """The figure of a chance in percent (:class:`~trainer.engine.messages.Percent`): whole
    percents, two decimals from 0.01 to 0.99 and from 99.01 to 99.99 (a chance strictly
    between 0 and 1 is never shown as 0 or 100).

    >>> [percent_figure(x) for x in (0, 0.00004, 0.0062, 0.4, 0.99995, 1)]
    ['0', '0.01', '0.62', '40', '99.99', '100']
    """
    percent = chance * 100
    if 0 < percent < 1:
        return f"{min(0.99, max(0.01, round(percent, 2))):.2f}"
    if 99 < percent < 100:
        return f"{min(99.99, max(99.01, round(percent, 2))):.2f}"
    return f"{percent:.0f}"


def card_words(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card in a sentence: ``10♥``, and a joker by its name (鬼, joker), as the tables say it.

    >>> from trainer.engine import parse_cards
    >>> [card_words(card, "zh") for card in parse_cards("10h X")]
    ['10♥', '鬼']
    """
    return t("names.joker", lang) if card.is_joker else card.symbol


def cards_words(cards: Iterable[Card], lang: str = DEFAULT_LANGUAGE) -> str:
    """Cards in a sentence, a space between them."""
    return " ".join(card_words(card, lang) for card in cards)


def _render_param(value: object, lang: str) -> str:
    if isinstance(value, Card):
        return card_words(value, lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}".replace(",", DIGIT_GROUPS.get(lang, ""))
    if isinstance(value, Points):
        digits = value.digits
        shown_value = round(value.value, digits) or 0.0  # no "−0.0" for a value that rounds to 0
        shown = f"{shown_value:+.{digits}f}" if value.signed and shown_value else \
            f"{abs(shown_value):.{digits}f}"
        return shown.replace("-", "−")
    if isinstance(value, Amount):
        return amount(value.value, value.digits, lang)
    if isinstance(value, Percent):
        return percent_figure(value.value)
    if isinstance(value, Message):  # its rules are cited once, by the sentence around it
        return _text(value, lang)
    if isinstance(value, tuple) and value and isinstance(value[0], Message):
        return " + ".join(_render_param(item, lang) for item in value)
    if isinstance(value, tuple):
        symbols = [card_words(card, lang) if isinstance(card, Card) else str(card)
                   for card in value]
        if len(symbols) <= 1:
            return "".join(symbols)
        return t("list.and", lang, head=t("list.sep", lang).join(symbols[:-1]), last=symbols[-1])
    return str(value)


def render(message: Message, lang: str = DEFAULT_LANGUAGE, *, cite: bool = True) -> str:
    """One engine message in ``lang``, with its rule ids appended (``… (R-WIN)``) unless
    ``cite`` is false. A sentence starts with a capital even when its first word comes from a
    part (``{seat} won on it`` → "Your lower player won on it"); a part inside a sentence
    keeps its case."""
    text = _text(message, lang)
    if text[:1].islower():
        text = text[0].upper() + text[1:]
    rules = _cited(message)
    if cite and rules:
        text += t("rules.cite", lang, rules=t("list.sep", lang).join(rules))
    return text


def _text(message: Message, lang: str) -> str:
    """A message's words in ``lang``, its parts rendered in place, nothing added."""
    params = {name: _render_param(value, lang) for name, value in message.params}
    return t(message.key, lang, **params)


def _cited(message: Message) -> list[str]:
    """The rule ids of a message and of the messages inside it, each once, in order of use."""
    found = list(message.rules)
    for _, value in message.params:
        inner = (value,) if isinstance(value, Message) else value if isinstance(value, tuple) \
            else ()
        for item in inner:
            if isinstance(item, Message):
                found.extend(rule for rule in _cited(item) if rule not in found)
    return found


def render_all(messages: Iterable[Message], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Each message rendered in ``lang``."""
    return [render(message, lang) for message in messages]


class Explained(Protocol):
    """A result of the engine or the analysis that explains itself as messages."""

    def messages(self) -> list[Message]: ...


def explain(subject: Verdict | Explained, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """A verdict, waits, kong check, claim resolution or safety result in words."""
    messages = verdict_messages(subject) if isinstance(subject, Verdict) else subject.messages()
    return render_all(messages, lang)


def typo(error: BaseException, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """A card typed wrong, said in ``lang`` — found among the error's causes (a position or a
    meld that could not be read because of it) — or None for another kind of error."""
    found: BaseException | None = error
    while found is not None and not isinstance(found, NotationError):
        found = found.__cause__
    if found is None or f"notation.{found.kind}" not in catalog(lang):
        return None
    token = found.token
    return t(f"notation.{found.kind}", lang, token=token, at=found.offset + 1,
             suit=token[-1:], rank=token[:-1])


def said(error: BaseException, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """An engine error in ``lang``: a card typed wrong (:func:`typo`), else the first error
    along the causes that carries its own message (a meld or a position that cannot occur,
    ``Dou14Error.said``) — or None when none does (the English text is all there is)."""
    typed = typo(error, lang)
    if typed is not None:
        return typed
    found: BaseException | None = error
    while found is not None:
        message = getattr(found, "said", None)
        if isinstance(message, Message):
            return render(message, lang)
        found = found.__cause__
    return None

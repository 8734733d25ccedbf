"""Reading what comes from outside. Small numbers (URL parameters, environment, stored text):
ASCII digits only, bounded in length and value, so "²", "٣", a 5,000-digit number or "1e9" is
simply not a number here — never a ValueError or a traceback further on. JSON (positions, puzzle
lines, replays): length and nesting bounded before it is parsed."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any, TypeVar

from trainer.engine.errors import Dou14Error

MAX_DIGITS = 18
Named = TypeVar("Named", bound=StrEnum)


def member(kind: type[Named], value: object) -> Named | None:
    """The member of ``kind`` whose value is ``value`` (a name stored as text, sent back by a
    component, read from a file), or None for anything else."""
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    return None


def bounded_int(text: object, low: int, high: int) -> int | None:
    """``text`` as an integer in ``low``..``high``, or None when it is anything else."""
    if not isinstance(text, str | int) or isinstance(text, bool):
        return None
    raw = str(text).strip()
    if not raw or len(raw) > MAX_DIGITS or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if low <= value <= high else None


def stored_object(text: str, what: str) -> dict[str, Any]:
    """A JSON object this trainer stored (a coached hand, a review): :class:`Dou14Error` naming
    ``what`` when the text is not JSON, or not an object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise Dou14Error(f"{what} is JSON: {error}") from None
    if not isinstance(data, dict):
        raise Dou14Error(f"{what} is a JSON object")
    return data


MAX_JSON_CHARS = 1_000_000
MAX_JSON_DEPTH = 32


def bounded_json(text: str | bytes, *, max_chars: int = MAX_JSON_CHARS,
                 max_depth: int = MAX_JSON_DEPTH) -> object:
    """JSON from outside (a position, a puzzle line, a replay), its length and nesting checked
    before it is parsed: ``ValueError`` names what is wrong — too long, too deep, or not JSON
    (bad syntax, an integer of more than 4,300 digits)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("not UTF-8 text") from None
    if len(text) > max_chars:
        raise ValueError(f"longer than {max_chars:,} characters")
    depth, deepest, in_string, escaped = 0, 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > max_depth:
                raise ValueError(f"nested more than {max_depth} levels deep")
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError(str(error)[:200]) from None

"""Reading small numbers from outside (URL parameters, environment, stored text): ASCII digits
only, bounded in length and value, so "²", "٣", a 5,000-digit number or "1e9" is simply not a
number here — never a ValueError or a traceback further on."""

from __future__ import annotations

MAX_DIGITS = 18


def bounded_int(text: object, low: int, high: int) -> int | None:
    """``text`` as an integer in ``low``..``high``, or None when it is anything else."""
    if not isinstance(text, str | int) or isinstance(text, bool):
        return None
    raw = str(text).strip()
    if not raw or len(raw) > MAX_DIGITS or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if low <= value <= high else None

"""A list of names in one column (an answer's rule ids and themes): a JSON array of strings,
stored whole — never joined with commas and cut to a column's length.

>>> encode(("R-RED", "R-WIN"))
'["R-RED","R-WIN"]'
>>> decode('["R-RED","R-WIN"]')
('R-RED', 'R-WIN')
>>> decode("")
()
"""

from __future__ import annotations

import json
from collections.abc import Iterable


def encode(names: Iterable[str]) -> str:
    """The names as the column stores them, in order."""
    return json.dumps([str(name) for name in names], ensure_ascii=False, separators=(",", ":"))


def decode(text: str | None) -> tuple[str, ...]:
    """The names a column holds. A cell that is not an array of strings (edited by hand) is
    read as comma-separated names, so a bad row still reads instead of stopping a page."""
    if not text:
        return ()
    try:
        names = json.loads(text)
    except ValueError:
        names = None
    if isinstance(names, list) and all(isinstance(name, str) for name in names):
        return tuple(names)
    return comma_names(text)


def comma_names(text: str) -> tuple[str, ...]:
    """Names separated by commas (a CSV cell, an old comma-joined column), blanks dropped.

    >>> comma_names("R-RED, R-WIN,,")
    ('R-RED', 'R-WIN')
    """
    return tuple(name.strip() for name in text.split(",") if name.strip())

"""Learner names as people read them: NFKC-normalised, with no invisible or direction-changing
characters, and compared by a skeleton so that lookalikes ("Alice", "Аlice" with a Cyrillic А,
"ALICE", "Ꭺlice" with a Cherokee Ꭺ) are one name: Unicode TR39's confusable skeleton after
casefolding, built from the Unicode confusables table (``confusable-homoglyphs`` ships it): each
character maps to one representative of its group of lookalikes, accents dropped."""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data


@cache
def _representatives() -> dict[str, str]:
    """Each single character of the confusables table → one member of its lookalike group (the
    lowest code point, which is the ASCII letter or digit where the group has one)."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.get(char, char) != char:
            parent[char] = parent.get(parent[char], parent[char])
            char = parent[char]
        return char

    def join(one: str, other: str) -> None:
        first, second = root(one), root(other)
        if first != second:
            low, high = sorted((first, second))
            parent[high] = low

    for char, lookalikes in confusables_data.items():
        if len(char) != 1:
            continue
        for entry in lookalikes:
            glyph = entry["c"]
            if len(glyph) == 1:
                join(char, glyph)
    for one, other in _ALSO_ALIKE:
        join(one, other)
    return {char: root(char) for char in parent}


_ALSO_ALIKE = (("0", "o"), ("0", "O"), ("1", "l"), ("|", "l"))
"""Digits and letters that read alike in a name, beyond the table's pairs."""


class NameProblem(ValueError):
    """Why a name cannot be used: ``key`` in the catalogs."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def clean_name(raw: str) -> str:
    """The name as stored: NFKC, single spaces; refuses invisible characters (format, control,
    private use, unassigned) such as zero-width spaces and bidi overrides."""
    text = unicodedata.normalize("NFKC", str(raw))
    if any(unicodedata.category(c) in _REFUSED for c in text):
        raise NameProblem("profile.name_invisible")
    return " ".join(text.split())


def skeleton(name: str) -> str:
    """What a name looks like: casefolded, each character replaced by its lookalike group's
    representative (casefolded again: "0", "O" and "o" read alike), accents and spaces off."""
    table = _representatives()
    text = clean_name(name).casefold()
    for _ in range(2):  # a representative may itself fold or map further
        text = "".join(table.get(c, c) for c in unicodedata.normalize("NFKD", text)).casefold()
    plain = "".join(c for c in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(c))
    return plain.replace(" ", "")


SKELETON_LENGTH = 160
"""The stored skeleton's column width: a 40-character name's skeleton is seldom longer than the
name, but decomposition can lengthen it; a longer one is cut (two names equal that far are
refused as one, which errs on the safe side)."""

_REFUSED = {"Cf", "Cc", "Co", "Cn", "Cs"}


def stored_skeleton(name: str) -> str:
    """The skeleton kept with a stored name (indexed: creation and sign-in find a lookalike by
    one lookup, not by the skeleton of every name). Never refuses: a name stored before
    invisible characters were refused is read without them."""
    visible = "".join(c for c in unicodedata.normalize("NFKC", str(name))
                      if unicodedata.category(c) not in _REFUSED)
    return skeleton(visible)[:SKELETON_LENGTH]

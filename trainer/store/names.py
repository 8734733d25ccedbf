"""Learner names as people read them: NFKC-normalised, with no invisible or direction-changing
characters, and compared by a skeleton so that lookalikes ("Alice", "Аlice" with a Cyrillic А,
"ALICE") are one name, in the spirit of Unicode TR39's confusable skeletons (the common Cyrillic
and Greek lookalikes of Latin letters and digits; casefolded)."""

from __future__ import annotations

import unicodedata

_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ɡ": "g", "һ": "h",
    "ԛ": "q", "ԝ": "w", "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin and digits that read alike
    "ı": "i", "ł": "l", "0": "o", "1": "l", "|": "l",
})


class NameProblem(ValueError):
    """Why a name cannot be used: ``key`` in the catalogs."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def clean_name(raw: str) -> str:
    """The name as stored: NFKC, single spaces; refuses invisible characters (format, control,
    private use, unassigned) such as zero-width spaces and bidi overrides."""
    text = unicodedata.normalize("NFKC", str(raw))
    if any(unicodedata.category(c) in {"Cf", "Cc", "Co", "Cn", "Cs"} for c in text):
        raise NameProblem("profile.name_invisible")
    return " ".join(text.split())


def skeleton(name: str) -> str:
    """What a name looks like: casefolded, accents off, lookalike letters mapped to Latin."""
    folded = unicodedata.normalize("NFKD", clean_name(name).casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return plain.translate(_LOOKALIKES).replace(" ", "")

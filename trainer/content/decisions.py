"""Decisions and recommendations, said as such (R-SPECIAL, R-SCORE, R-FAN, R-STOCK-EMPTY,
R-OWN-FLIP, R-KONG, R-DEALER).

The sources *recommend* some figures ("建议接地4番封顶", "建议…5番封顶", and neither scoring: "本交底
不做建议") and are silent or split on others, which this trainer settles as its own table rules
(docs/rules.md, [decision]). A learner must be able to tell the game's rules from those: every
text that teaches one of them carries its marker — "recommended" / "建议" for a recommendation,
"table rule" / "桌规" (or "some tables …" / "有的桌") for a decision — and names the Settings
option where there is one. This registry says which texts those are (``mentions``) and what
marks them (:data:`MARKERS`); ``tests/test_decisions.py`` checks every catalog and lesson text
against it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class DecisionKind(StrEnum):
    RECOMMENDED = "recommended"
    """A figure the sources recommend, not require."""
    TABLE_RULE = "table_rule"
    """A point the sources leave open or disagree on, settled by this trainer."""


@dataclass(frozen=True, slots=True)
class Decision:
    key: str
    kind: DecisionKind
    rules: tuple[str, ...]
    option: str | None
    """The ``RuleSet`` option a table changes it with (None: no option)."""
    mentions: dict[str, re.Pattern[str]]
    """By language: a text that teaches this point."""


def _patterns(en: str, zh: str) -> dict[str, re.Pattern[str]]:
    return {"en": re.compile(en, re.IGNORECASE), "zh": re.compile(zh)}


DECISIONS: tuple[Decision, ...] = (
    Decision("jiedi_cap", DecisionKind.RECOMMENDED, ("R-SPECIAL",), "jiedi_cap", _patterns(
        r"接地[^\n]{0,60}\bcap|\bcap[^\n]{0,30}接地|at most 4 fan|capped at 4",
        r"接地[^\n]{0,30}(封顶|最多)|4 ?番封顶|最多算 ?4 ?番")),
    Decision("fan_cap", DecisionKind.RECOMMENDED, ("R-SCORE",), "fan_cap", _patterns(
        r"capped at 5|5-fan cap|up to 5 fan|caps the fan|cap(ped)? at 5",
        r"5 ?番封顶|最多(按|算) ?5 ?番|算分封顶")),
    Decision("scoring", DecisionKind.RECOMMENDED, ("R-SCORE",), "scoring", _patterns(
        r"doubling[^\n]{0,30}default", r"跟头翻[^\n]{0,12}默认")),
    Decision("joker_kong", DecisionKind.TABLE_RULE, ("R-FAN",), "joker_kong_fan", _patterns(
        r"joker kong[^\n]{0,12}\b5\b", r"杠鬼[^\n]{0,6}5")),
    Decision("drawn_hand", DecisionKind.TABLE_RULE, ("R-STOCK-EMPTY",), None, _patterns(
        r"nobody pays|no one pays|pays nothing", r"谁也不付|没人付|不付分|都不付")),
    Decision("own_flip", DecisionKind.TABLE_RULE, ("R-OWN-FLIP",), "win_pong_kong_on_own_flip",
             _patterns(r"own flip[^\n]{0,60}\b(not|never|no)\b|\b(not|never|no)\b[^\n]{0,40}"
                       r"own flip",
                       r"自己翻出的牌?[^\n]{0,16}(不能|只能吃)|不能[^\n]{0,12}自己翻出")),
    Decision("gathered_four", DecisionKind.TABLE_RULE, ("R-KONG",), "kong_from_gathered_four",
             _patterns(r"gathered", r"摸齐")),
    Decision("same_dealer", DecisionKind.TABLE_RULE, ("R-DEALER",), "same_dealer_after_draw",
             _patterns(r"same dealer", r"同一个首家|首家不变|还是[^\n]{0,4}首家")),
)

MARKERS: dict[tuple[str, DecisionKind], re.Pattern[str]] = {
    ("en", DecisionKind.RECOMMENDED): re.compile(r"recommend", re.IGNORECASE),
    ("zh", DecisionKind.RECOMMENDED): re.compile(r"建议"),
    ("en", DecisionKind.TABLE_RULE): re.compile(r"table rule|table option|some tables",
                                                re.IGNORECASE),
    ("zh", DecisionKind.TABLE_RULE): re.compile(r"桌规(?!则)|有的桌"),
}


def unmarked(text: str, lang: str) -> list[Decision]:
    """The decisions ``text`` teaches without saying that they are decisions."""
    return [decision for decision in DECISIONS if decision.mentions[lang].search(text)
            and not MARKERS[lang, decision.kind].search(text)]

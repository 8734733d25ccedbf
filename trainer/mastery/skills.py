"""The skill map (issue 32): what a learner can know or do, each skill with the rules it rests on
and the exercises that train it — the lesson stages, the drills and the puzzle themes — and the
one function that says which skills an answer exercised.

The skills are the track's judgements and rule families, in the order the track teaches them; an
answer exercises the skill of its lesson level's kind, its drill, or its puzzle's kind and themes
(an answer that names none of these is read by its rule ids).

>>> skills_of(Answered("drill", "drill:red", (), ()))
(<Skill.RED: 'red'>,)
>>> skills_of(Answered("puzzle", "puzzle:least_risk", ("hidden", "read-the-table"), ()))
(<Skill.READING: 'reading'>, <Skill.LEAST_RISK: 'least_risk'>)
>>> skills_of(Answered("review", "review:pair", (), ("R-PAIR14", "R-WIN")))
(<Skill.PAIRS: 'pairs'>, <Skill.WINNING: 'winning'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Skill(StrEnum):
    RED = "red"
    PAIRS = "pairs"
    TABLE = "table"
    CLAIM_RULES = "claim_rules"
    KONG = "kong"
    WINNING = "winning"
    SCORING = "scoring"
    PROOFS = "proofs"
    PLANNING = "planning"
    DISCARDING = "discarding"
    CLAIMING = "claiming"
    READING = "reading"
    LEAST_RISK = "least_risk"


@dataclass(frozen=True)
class SkillInfo:
    """Where a skill is trained: its rules, the lesson stage to practise it in (and the level
    kinds that exercise it), the drills and puzzle themes that train it."""

    rules: tuple[str, ...]
    lesson: str
    kinds: tuple[str, ...] = ()
    drills: tuple[str, ...] = ()
    themes: tuple[str, ...] = ()
    puzzle_kinds: tuple[str, ...] = ()


SKILLS: dict[Skill, SkillInfo] = {
    Skill.RED: SkillInfo(("R-RED",), "cards-and-red",
                         ("pick_red", "red_total", "red_needed", "red_enough"),
                         ("red", "red20"), ("red-short",)),
    Skill.PAIRS: SkillInfo(("R-PAIR14",), "pairs-of-14",
                           ("pick_partner", "combined", "pick_leftover", "move_discard"),
                           ("pairs", "split"),
                           ("not-combined",)),
    Skill.TABLE: SkillInfo(("R-SEAT", "R-DEALER", "R-DEAL", "R-TOU"), "table-and-seats",
                           ("who_acts_next", "first_dealer", "deal_number", "move_lay")),
    Skill.CLAIM_RULES: SkillInfo(("R-PRIORITY", "R-CHI", "R-PONG", "R-OWN-FLIP"), "a-turn",
                                 ("priority", "move_chi", "move_pong", "move_pass"),
                                 themes=("own-flip", "whose-flip")),
    Skill.KONG: SkillInfo(("R-KONG",), "pong-and-kong", ("kong", "move_kong"), ("kong",),
                          ("kong", "concealed-triple")),
    Skill.WINNING: SkillInfo(("R-WIN", "R-WAIT"), "winning",
                             ("win", "reason", "pick_waits", "move_win"), ("waits",),
                             themes=("wins", "near-miss", "joker-in-hand", "colour-decides"),
                             puzzle_kinds=("win",)),
    Skill.SCORING: SkillInfo(("R-FAN", "R-SCORE", "R-PAY", "R-SPECIAL"), "specials-fan-score",
                             ("fan", "share", "pays", "special", "move_special"), ("fan", "pays"),
                             ("fan", "special-win", "tianzou", "jiedi", "all-red", "all-black")),
    Skill.PROOFS: SkillInfo(("R-SAFE", "R-PUBLIC"), "reading-the-table", ("pick_safe", "safe"),
                            themes=("partners-visible", "red-unreachable", "colour", "safe-set",
                                    "several-deal-in"), puzzle_kinds=("safe_set",)),
    Skill.PLANNING: SkillInfo(("R-RED", "R-SPECIAL"), "plan-the-hand", ("best_discard_first",)),
    Skill.DISCARDING: SkillInfo(("R-WAIT", "R-PAY"), "which-discard",
                                ("best_discard", "coached_move"),
                                puzzle_kinds=("best_discard",)),
    Skill.CLAIMING: SkillInfo(("R-CHI", "R-PONG"), "claim-or-pass", ("best_claim",),
                              puzzle_kinds=("best_claim",)),
    Skill.READING: SkillInfo(("R-READ",), "read-the-wait", ("read_wait",),
                             themes=("read-the-table",)),
    Skill.LEAST_RISK: SkillInfo(("R-SAFE", "R-READ"), "defence", ("least_risk",),
                                themes=("lowest-risk", "least-risk"),
                                puzzle_kinds=("least_risk",)),
}
"""Every skill, in the order the track teaches it."""


@dataclass(frozen=True)
class Answered:
    """What the store says of one answer that the skills are read from: its context
    (``lesson``, ``puzzle``, ``drill``, ``review`` …), its skill column (``drill:red``,
    ``puzzle:win``), its puzzle themes, and its rule ids; ``kind`` is the lesson level's kind
    when the answer is a lesson's (``best_discard_first`` for a first discard)."""

    context: str
    skill: str
    themes: tuple[str, ...]
    rule_ids: tuple[str, ...]
    kind: str = ""
    lesson: str = ""
    """The lesson of a lesson's answer: a move at the table trains what its lesson teaches."""


def skills_of(answer: Answered) -> tuple[Skill, ...]:
    """The skills ``answer`` exercised, in the map's order (none for an answer the map does
    not know — an imported row may carry anything)."""
    family, _, name = answer.skill.partition(":")
    found = [skill for skill, info in SKILLS.items() if _trains(info, answer, family, name)]
    if found or answer.kind or family in ("drill", "puzzle"):
        return tuple(found)
    rules = set(answer.rule_ids)
    return tuple(skill for skill in SKILLS if skill in {RULE_FAMILY[r] for r in rules
                                                        if r in RULE_FAMILY})


MOVES_BY_LESSON: dict[str, Skill] = {"deal-and-tou": Skill.TABLE}
"""A move in a lesson no skill calls its own trains this skill (the lay-down round, R-TOU, is
the table's); a move elsewhere trains its lesson's skill, and one in no known lesson the claim
rules'."""


def move_skill(lesson: str) -> Skill:
    """The skill a move at the table trains in ``lesson``: a lay-down in the lesson on the deal
    is the table's, a kong in the lesson on pong and kong the kong's, a win in the lesson on
    winning winning's — not all one skill."""
    own = next((skill for skill, info in SKILLS.items() if info.lesson == lesson), None)
    return own or MOVES_BY_LESSON.get(lesson, Skill.CLAIM_RULES)


def _trains(info: SkillInfo, answer: Answered, family: str, name: str) -> bool:
    """Does the answer come from an exercise of this skill: a level of one of its kinds (a move,
    of its lesson's), one of its drills, a puzzle of its kind or with one of its themes?"""
    if answer.kind == "move" and answer.lesson:
        return info is SKILLS[move_skill(answer.lesson)]
    if answer.kind:
        return answer.kind in info.kinds
    if family == "drill":
        return name in info.drills
    return family == "puzzle" and (name in info.puzzle_kinds
                                   or bool(set(answer.themes) & set(info.themes)))


RULE_FAMILY: dict[str, Skill] = {
    rule: skill for skill in (Skill.RED, Skill.PAIRS, Skill.TABLE, Skill.CLAIM_RULES, Skill.KONG,
                              Skill.WINNING, Skill.SCORING, Skill.PROOFS, Skill.READING)
    for rule in SKILLS[skill].rules}
"""The skill a rule id belongs to, for an answer known only by its rules (a fact review): the
rule families, not the judgements that rest on several of them."""

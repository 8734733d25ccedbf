"""The skill an answer is stored under (the ``skill`` column): a family — the lessons, a puzzle
kind, a drill, a review of a fact — and, but for lessons, the name within it, written
``family:name``.

>>> str(AnswerSkill(SkillFamily.DRILL, "red"))
'drill:red'
>>> AnswerSkill.read("puzzle:least_risk")
AnswerSkill(family=<SkillFamily.PUZZLE: 'puzzle'>, name='least_risk')
>>> AnswerSkill.read("lesson") == AnswerSkill(SkillFamily.LESSON)
True
>>> AnswerSkill.read("<b>imported</b>") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trainer.engine.inputs import member


class SkillFamily(StrEnum):
    LESSON = "lesson"
    PUZZLE = "puzzle"
    DRILL = "drill"
    REVIEW = "review"


@dataclass(frozen=True, order=True, slots=True)
class AnswerSkill:
    family: SkillFamily
    name: str = ""

    def __str__(self) -> str:
        return f"{self.family.value}:{self.name}" if self.name else self.family.value

    @classmethod
    def drill(cls, name: str) -> str:
        """The stored name of drill ``name``'s skill."""
        return str(cls(SkillFamily.DRILL, name))

    @classmethod
    def read(cls, text: str) -> AnswerSkill | None:
        """The skill ``text`` names, or ``None`` for one this version does not know (an
        imported file may carry anything)."""
        family, _, name = text.partition(":")
        found = member(SkillFamily, family)
        return None if found is None else cls(found, name)

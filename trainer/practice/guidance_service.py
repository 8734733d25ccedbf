"""Hints that fade, as the pages ask for them (issue 32): the help a question shows before it
is answered — from the mastery of its skill (:mod:`trainer.mastery.guidance`) and the learner's
asks for more at this question, which are recorded — and the skill each kind of question
exercises."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.messages import Message
from trainer.mastery.guidance import HintLevel, guide, hint_level, raised
from trainer.mastery.skills import SKILLS, Answered, Skill, skills_of
from trainer.practice.mastery_service import kept_estimates, lesson_kind
from trainer.store.progress_store import ProgressStore
from trainer.store.skill_names import AnswerSkill


def mastery_of(store: ProgressStore, learner_id: int) -> dict[Skill, float]:
    """Every skill's estimate now (kept until the learner's next answer)."""
    return {e.skill: e.mastery for e in kept_estimates(store, learner_id)}


def lesson_skill(lesson_id: str, step: int) -> Skill | None:
    """The skill a lesson level exercises (by its kind)."""
    kind = lesson_kind(lesson_id, step)
    found = skills_of(Answered("lesson", "", (), (), kind, lesson_id)) if kind else ()
    return found[0] if found else None


def lesson_topic(lesson_id: str, step: int) -> str:
    """What a lesson level's help speaks of: its kind (a move's by what it does, so a lay-down
    is helped with the lay-down, not with who gets a card)."""
    return lesson_kind(lesson_id, step)


def drill_skill(drill: str) -> Skill | None:
    found = skills_of(Answered("drill", AnswerSkill.drill(drill), (), ()))
    return found[0] if found else None


def puzzle_skill(store: ProgressStore, learner_id: int, kind: str,
                 themes: tuple[str, ...]) -> Skill | None:
    """The skill a missed puzzle points to: the skill of its kind ("can you win?" → winning,
    "least risk" → least-risk defence …); for a kind no skill owns, of the skills its themes
    train, the one the learner is weakest at. (A theme such as "whose flip" describes the
    position, not what the question asks: it does not outrank the kind.)"""
    own = [skill for skill, info in SKILLS.items() if kind in info.puzzle_kinds]
    if own:
        return own[0]
    found = skills_of(Answered("puzzle", f"puzzle:{kind}", themes, ()))
    if not found:
        return None
    known = mastery_of(store, learner_id)
    return min(found, key=lambda skill: (known.get(skill, 0.0), found.index(skill)))


def decision_skill(offered: bool) -> Skill:
    """Play: an answer to an offered card is 吃、扯还是不要, any other decision 留哪张."""
    return Skill.CLAIMING if offered else Skill.DISCARDING


@dataclass(frozen=True)
class Help:
    """The help at one question: its level, its words (None at none) and whether more can be
    asked for."""

    skill: Skill
    level: HintLevel
    words: Message | None
    asked: int

    @property
    def more(self) -> bool:
        return self.level < HintLevel.FULL


def help_at(store: ProgressStore, learner_id: int, skill: Skill, *, context: str,
            item: str, at_least: HintLevel = HintLevel.NONE, topic: str = "") -> Help:
    """The help a question shows now: its skill's level, raised by each ask at this item, and
    never below ``at_least`` (a question asked again after a miss; Play while the learner's
    first coached hands are still to come); in the words of its ``topic`` where it has its
    own (:func:`trainer.mastery.guidance.guide`)."""
    asked = store.hint_asks.count(learner_id, context=context, item=item)
    known = next((e for e in kept_estimates(store, learner_id) if e.skill is skill), None)
    unasked = HintLevel.FULL if known is None else \
        hint_level(known.mastery, recent=known.recent,
                   attempts=known.attempts)
    level = max(at_least, raised(unasked, asked))
    return Help(skill, level, guide(skill, level, topic), asked)


def ask_more(store: ProgressStore, learner_id: int, skill: Skill, *, context: str,
             item: str, topic: str = "") -> Help:
    """The learner asks for more at this question: recorded, and the help one level up."""
    now = help_at(store, learner_id, skill, context=context, item=item, topic=topic)
    if now.more:
        store.hint_asks.record(learner_id, context=context, item=item, skill=skill.value,
                               level=int(now.level) + 1)
    return help_at(store, learner_id, skill, context=context, item=item, topic=topic)

"""Which facts are due for review today (FSRS), and recording a review. Reviews are the
learner's choice, skill by skill (issue 32: no hidden repetition — Lichess removed its own
because "no one enjoys it"): only the facts of the skills they turned on are due, and each
skill's schedule is shown — due now, new today, the next date."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, time

from trainer.i18n import render
from trainer.lessons.answers import LessonAnswer
from trainer.mastery.skills import Skill
from trainer.practice.srs import NEW_PER_DAY, FactQuestion, all_facts, question, review
from trainer.store.progress_store import ProgressStore
from trainer.store.skill_names import AnswerSkill, SkillFamily

FACT_SKILL = {"red": Skill.RED, "partner": Skill.PAIRS, "kong": Skill.KONG,
              "special": Skill.SCORING}
"""The skill each family of facts belongs to (a fact is ``family:name``)."""
REVIEW_SKILLS = tuple(dict.fromkeys(FACT_SKILL.values()))
"""The skills that have facts to review, in the skill map's order."""


def fact_skill(fact: str) -> Skill | None:
    return FACT_SKILL.get(fact.partition(":")[0])


def due_facts(store: ProgressStore, learner_id: int, now: datetime | None = None, *,
              skills: frozenset[str] | None = None) -> list[str]:
    """Facts due now, then new facts up to today's allowance, in a stable order — of the
    skills the learner turned on (``skills``: these instead)."""
    now = now or datetime.now(UTC)
    chosen = store.review_choices.enabled(learner_id) if skills is None else skills
    items = store.fact_reviews.items(learner_id)
    due = sorted((fact for fact, (_card, when) in items.items()
                  if when <= now and _in(fact, chosen)), key=lambda fact: items[fact][1])
    start_of_day = datetime.combine(now.astimezone(UTC).date(), time.min, UTC)
    introduced_today = store.answers.count(learner_id, context="review", mode="new",
                                          since=start_of_day)
    new = [fact for fact in all_facts() if fact not in items and _in(fact, chosen)]
    return due + new[: max(0, NEW_PER_DAY - introduced_today)]


def _in(fact: str, skills: frozenset[str]) -> bool:
    skill = fact_skill(fact)
    return skill is not None and skill.value in skills


@dataclass(frozen=True)
class SkillSchedule:
    """One skill's reviews as the learner sees them."""

    skill: Skill
    enabled: bool
    due: int
    """Facts due now (answered before, scheduled for now or earlier)."""
    new: int
    """Facts of the skill never reviewed yet."""
    scheduled: int
    """Facts reviewed and scheduled for later."""
    next_due: datetime | None
    """When the next scheduled fact falls due."""


def schedules(store: ProgressStore, learner_id: int,
              now: datetime | None = None) -> list[SkillSchedule]:
    """Every reviewable skill: on or off, due now, new, later and when — the "why" of a due
    fact is its FSRS date, set by the learner's last answer to it."""
    now = now or datetime.now(UTC)
    chosen = store.review_choices.enabled(learner_id)
    items = store.fact_reviews.items(learner_id)
    found = []
    for skill in REVIEW_SKILLS:
        facts = [fact for fact in all_facts() if fact_skill(fact) is skill]
        dates = [items[fact][1] for fact in facts if fact in items]
        later = [when for when in dates if when > now]
        found.append(SkillSchedule(skill, skill.value in chosen, len(dates) - len(later),
                                   len(facts) - len(dates), len(later),
                                   min(later) if later else None))
    return found


def next_question(store: ProgressStore, learner_id: int, rng: random.Random) -> FactQuestion | None:
    due = due_facts(store, learner_id)
    return question(due[0], rng) if due else None


def record_review(store: ProgressStore, learner_id: int, fact_question: FactQuestion,
                  given: LessonAnswer, seconds: float) -> bool:
    """Grade the answer, schedule the fact again and store the answer; returns correctness."""
    task = fact_question.task
    correct = task.is_correct(given)
    items = store.fact_reviews.items(learner_id)
    previous = items.get(fact_question.fact)
    card = review(previous[0] if previous else None, correct, seconds)
    store.fact_reviews.save(learner_id, fact_question.fact, card.to_json(), card.due)
    store.answers.record(learner_id, context="review", item=fact_question.fact,
                        question=render(fact_question.prompt, "en"),
                        answer=task.answer_text(given), expected=task.answer_text(task.answer),
                        correct=correct, seconds=seconds, rule_ids=task.rule_ids,
                        skill=str(AnswerSkill(SkillFamily.REVIEW, fact_question.fact.split(':')[0])),
                        mode="new" if previous is None else "review")
    return correct

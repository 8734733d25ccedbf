"""Which facts are due for review today (FSRS), and recording a review."""

from __future__ import annotations

import random
from datetime import UTC, datetime, time

from trainer.i18n import render
from trainer.lessons.answers import LessonAnswer
from trainer.practice.srs import NEW_PER_DAY, FactQuestion, all_facts, question, review
from trainer.store.progress_store import ProgressStore
from trainer.store.skill_names import AnswerSkill, SkillFamily


def due_facts(store: ProgressStore, learner_id: int, now: datetime | None = None) -> list[str]:
    """Facts due now, then new facts up to today's allowance, in a stable order."""
    now = now or datetime.now(UTC)
    items = store.review_items(learner_id)
    due = sorted((fact for fact, (_card, when) in items.items() if when <= now),
                 key=lambda fact: items[fact][1])
    start_of_day = datetime.combine(now.astimezone(UTC).date(), time.min, UTC)
    introduced_today = store.answer_count(learner_id, context="review", mode="new",
                                          since=start_of_day)
    new = [fact for fact in all_facts() if fact not in items]
    return due + new[: max(0, NEW_PER_DAY - introduced_today)]


def next_question(store: ProgressStore, learner_id: int, rng: random.Random) -> FactQuestion | None:
    due = due_facts(store, learner_id)
    return question(due[0], rng) if due else None


def record_review(store: ProgressStore, learner_id: int, fact_question: FactQuestion,
                  given: LessonAnswer, seconds: float) -> bool:
    """Grade the answer, schedule the fact again and store the answer; returns correctness."""
    task = fact_question.task
    correct = task.is_correct(given)
    items = store.review_items(learner_id)
    previous = items.get(fact_question.fact)
    card = review(previous[0] if previous else None, correct, seconds)
    store.save_review(learner_id, fact_question.fact, card.to_json(), card.due)
    store.record_answer(learner_id, context="review", item=fact_question.fact,
                        question=render(fact_question.prompt, "en"),
                        answer=task.answer_text(given), expected=task.answer_text(task.answer),
                        correct=correct, seconds=seconds, rule_ids=task.rule_ids,
                        skill=str(AnswerSkill(SkillFamily.REVIEW, fact_question.fact.split(':')[0])),
                        mode="new" if previous is None else "review")
    return correct

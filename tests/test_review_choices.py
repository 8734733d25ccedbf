"""Reviews on the learner's terms (issue 32): only the facts of the skills the learner turned on
come back, each skill's schedule is shown, and a choice is kept per skill."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from trainer.practice.fact_reviews import REVIEW_SKILLS, due_facts, fact_skill, schedules
from trainer.practice.srs import all_facts
from trainer.store import ProgressStore


def test_every_fact_belongs_to_a_reviewable_skill() -> None:
    assert all(fact_skill(fact) in REVIEW_SKILLS for fact in all_facts())


def test_only_the_chosen_skills_come_back(db: tuple[ProgressStore, str]) -> None:
    store, learner_text = db
    learner = int(learner_text)
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    store.fact_reviews.save(learner, "red:Qd", "{}", now - timedelta(hours=1))
    store.fact_reviews.save(learner, "kong:case1", "{}", now - timedelta(hours=2))
    store.fact_reviews.save(learner, "partner:A", "{}", now + timedelta(days=3))
    assert due_facts(store, learner, now) == []  # nothing until chosen
    store.review_choices.set(learner, "red", True)
    due = due_facts(store, learner, now)
    assert due[0] == "red:Qd" and {fact_skill(f).value for f in due} == {"red"}  # type: ignore[union-attr]
    store.review_choices.set(learner, "kong", True)
    assert due_facts(store, learner, now)[:2] == ["kong:case1", "red:Qd"]  # oldest due first
    store.review_choices.set(learner, "red", False)
    assert store.review_choices.enabled(learner) == {"kong"}
    assert "red:Qd" not in due_facts(store, learner, now)
    by_skill = {s.skill.value: s for s in schedules(store, learner, now)}
    assert by_skill["kong"].enabled and by_skill["kong"].due == 1
    assert not by_skill["pairs"].enabled and by_skill["pairs"].scheduled == 1
    assert by_skill["pairs"].next_due == now + timedelta(days=3)
    assert by_skill["red"].due == 1 and not by_skill["red"].enabled

"""Hints that fade (issue 32): the help before an answer falls as a skill's mastery rises —
full, a nudge, none —, a mastered skill's is the smallest, the learner can always ask for more
and each ask is recorded; on the Drills, Lessons and Play pages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import app
from trainer.i18n import render, t
from trainer.lessons import Question, load_lessons
from trainer.mastery.bkt import MASTERED
from trainer.mastery.guidance import HintLevel, guide, hint_level, raised
from trainer.mastery.skills import SKILLS, Skill
from trainer.practice.guidance_service import ask_more, help_at, lesson_skill, mastery_of
from trainer.store import ProgressStore

unit = st.floats(min_value=0.0, max_value=1.0)


@given(unit, unit)
def test_more_mastery_never_shows_more_help(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert hint_level(high) <= hint_level(low)


@given(unit)
def test_a_mastered_skill_shows_the_smallest_help(mastery: float) -> None:
    assert hint_level(max(mastery, MASTERED)) is HintLevel.NONE == min(HintLevel)
    assert hint_level(mastery) >= hint_level(MASTERED)


@given(st.sampled_from(list(HintLevel)), st.integers(min_value=0, max_value=5))
def test_asking_raises_the_help_one_level_a_time(level: HintLevel, asked: int) -> None:
    assert raised(level, asked) == min(HintLevel.FULL, level + asked)


def test_every_skill_has_both_hints_in_both_languages() -> None:
    for skill in SKILLS:
        for level in (HintLevel.FULL, HintLevel.NUDGE):
            words = guide(skill, level)
            assert words is not None
            for lang in ("en", "zh"):
                assert render(words, lang) != words.key
        assert guide(skill, HintLevel.NONE) is None


def test_every_lesson_level_has_a_skill_for_its_hints() -> None:
    for lesson in load_lessons():
        for step in lesson.steps:
            if isinstance(step, Question):
                assert lesson_skill(lesson.id, step.number) is not None, (lesson.id, step.number)


def master(store: ProgressStore, learner: int, drill: str = "red", count: int = 12) -> None:
    """Right first tries at a drill until its skill is mastered."""
    for number in range(count):
        store.answers.record(learner, context="drill", item=f"{drill}:{number}", question="q",
                            answer="a", expected="a", correct=True, seconds=2.0,
                            skill=f"drill:{drill}", level=1)


def test_help_falls_with_right_answers_and_rises_when_asked(db: tuple[ProgressStore, str]
                                                              ) -> None:
    store, learner_text = db
    learner = int(learner_text)
    where = {"context": "drill", "item": "red:1:n7"}
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.FULL
    master(store, learner)
    assert mastery_of(store, learner)[Skill.RED] >= MASTERED
    found = help_at(store, learner, Skill.RED, **where)
    assert found.level is HintLevel.NONE and found.words is None and found.more
    assert ask_more(store, learner, Skill.RED, **where).level is HintLevel.NUDGE
    assert ask_more(store, learner, Skill.RED, **where).level is HintLevel.FULL
    last = ask_more(store, learner, Skill.RED, **where)
    assert last.level is HintLevel.FULL and not last.more and last.asked == 2
    assert store.hint_asks.by_skill(learner) == {"red": 2}
    # another question of the same skill starts from the skill's level again
    assert help_at(store, learner, Skill.RED, context="drill",
                   item="red:1:n8").level is HintLevel.NONE


def _has_text(at: AppTest, text: str) -> bool:
    blocks = [*at.info, *at.caption, *at.markdown]
    return any(text in str(block.value) for block in blocks)


def test_drills_show_the_full_hint_then_none_once_mastered(db: tuple[ProgressStore, str]
                                                             ) -> None:
    store, learner = db
    full = render(guide(Skill.RED, HintLevel.FULL), "en", cite=False)  # type: ignore[arg-type]
    at = app("drills", as_learner=learner, drill="red")
    assert any(full.split("**")[1] in block.value for block in at.info)
    master(store, int(learner))
    at = app("drills", as_learner=learner, drill="red")
    assert not at.info
    assert _has_text(at, t("guide.faded", "en", skill=t("skill.red", "en")))
    at.button(key="guide-ask-drill-red").click().run()
    nudge = render(guide(Skill.RED, HintLevel.NUDGE), "en", cite=False)  # type: ignore[arg-type]
    assert _has_text(at, nudge)
    assert store.hint_asks.by_skill(int(learner)) == {"red": 1}


def test_a_lesson_level_shows_its_skills_help_before_the_answer(db: tuple[ProgressStore, str]
                                                               ) -> None:
    store, learner = db
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "cards-and-red")
    at = app("lessons", as_learner=learner, lesson=lesson.id)
    while not any(b.key and b.key.startswith("guide-ask-") for b in at.button) and not at.info:
        at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("cont-"))) \
            .click().run()
    full = render(guide(Skill.RED, HintLevel.FULL), "en", cite=False)  # type: ignore[arg-type]
    assert any(full.split("**")[1] in block.value for block in at.info)
    master(store, int(learner))  # mastered elsewhere: the same level shows none, unasked
    at = app("lessons", as_learner=learner, lesson=lesson.id)
    assert not at.info
    ask = next(b for b in at.button if b.key and b.key.startswith("guide-ask-"))
    ask.click().run()
    assert store.hint_asks.by_skill(int(learner)) == {"red": 1}
    at = app("lessons", as_learner=learner, lesson=lesson.id)  # a reload keeps what was asked
    nudge = render(guide(Skill.RED, HintLevel.NUDGE), "en", cite=False)  # type: ignore[arg-type]
    assert _has_text(at, nudge)


def test_a_drill_reload_keeps_the_item_and_the_help_asked(db: tuple[ProgressStore, str]
                                                          ) -> None:
    """A reload (a new session with the same address) shows the same drill item, and the help
    asked for it stays; an address naming nonsense deals a fresh item, no error."""
    store, learner = db
    master(store, int(learner))
    at = app("drills", as_learner=learner, drill="red")
    item = at.session_state["drill_item"]
    address = at.query_params["item"]
    at.button(key="guide-ask-drill-red").click().run()
    again = app("drills", as_learner=learner, drill="red", item=str(address))
    assert again.session_state["drill_item"].data == item.data
    nudge = render(guide(Skill.RED, HintLevel.NUDGE), "en", cite=False)  # type: ignore[arg-type]
    assert _has_text(again, nudge)
    for broken in ("red.99.1", "red.2.x", "pairs.2.5", "red.2.99999999999999999999"):
        other = app("drills", as_learner=learner, drill="red", item=broken)
        assert not other.exception and other.session_state["drill_item"].drill == "red"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_help_before_an_answer_gives_the_way_not_the_pairs(lang: str) -> None:
    """The full pairing help is shown before "which card pairs with 4♠?": it says how to find a
    partner, not the table of pairs that answers the question (the walk found "4+10" in it)."""
    from trainer.engine import RANKED_CARDS, partner_rank, rank_name

    said = t("guide.full.pairs", lang) + t("guide.nudge.pairs", lang)
    for card in RANKED_CARDS:
        pair = f"{rank_name(card.rank or 7)}+{rank_name(partner_rank(card.rank or 7))}"
        assert pair not in said

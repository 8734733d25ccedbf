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
from trainer.mastery.guidance import FADE_AFTER, FULL_BELOW, HintLevel, guide, hint_level, raised
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


def test_a_miss_brings_a_nudge_back_even_while_mastered(db: tuple[ProgressStore, str]
                                                       ) -> None:
    """One miss after a long right run leaves the estimate mastered, but the next question of
    the skill still nudges: the learner who just missed is not told they know it well."""
    store, learner_text = db
    learner = int(learner_text)
    master(store, learner, count=30)
    where = {"context": "drill", "item": "red:1:n9"}
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NONE
    store.answers.record(learner, context="drill", item="red:miss", question="q", answer="b",
                         expected="a", correct=False, seconds=2.0, skill="drill:red", level=1)
    assert mastery_of(store, learner)[Skill.RED] >= MASTERED
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NUDGE
    for _ in range(FADE_AFTER - 1):  # right again, but the miss is among the last five
        master(store, learner, count=1)
        assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NUDGE
    master(store, learner, count=1)  # five right since: the help fades again
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NONE


def test_misses_among_the_last_first_tries_keep_a_nudge(db: tuple[ProgressStore, str]) -> None:
    """Four misses in twelve first tries of 吃、扯还是不要 can leave the estimate at 0.995, yet
    "You know chi, pong or pass well" would be wrong. While any of the skill's last five first
    tries was a miss, the help stays a nudge."""
    store, learner_text = db
    learner = int(learner_text)
    for n, right in enumerate((False, True, True, False, True, False, True, True, True, True,
                               False, True)):
        store.answers.record(learner, context="drill", item=f"red:1:w{n}", question="q",
                             answer="a" if right else "b", expected="a", correct=right,
                             seconds=2.0, skill="drill:red", level=1)
    assert mastery_of(store, learner)[Skill.RED] >= MASTERED  # the estimate alone: mastered
    assert help_at(store, learner, Skill.RED, context="drill",
                   item="red:1:n9").level is HintLevel.NUDGE


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


ABOUT = {"move_discard": "pair", "move_lay": "投牌", "move_chi": "吃", "move_pong": "扯",
         "move_kong": "杠", "move_win": "糊", "move_pass": "stock", "move_special": "Special",
         "special": "Special", "priority": "beat", "red_needed": "table", "deal_number": "deal",
         "who_acts_next": "counterclockwise", "first_dealer": "count",
         "pick_red": "red", "red_total": "red", "red_enough": "red", "pick_partner": "partner",
         "combined": "partner", "pick_leftover": "partner", "win": "pair", "reason": "pair",
         "pick_waits": "pair", "kong": "Kong", "fan": "fan", "share": "base"}
"""A word the help before each kind of level must speak of: its own reasoning (issue 31's
walk found the claim-priority hint before a lay-down, "win first, then pong" before a discard)."""


def _help_words(lesson_id: str, step: int, level: HintLevel, lang: str) -> str:
    from trainer.practice.guidance_service import lesson_topic

    skill = lesson_skill(lesson_id, step)
    assert skill is not None
    words = guide(skill, level, lesson_topic(lesson_id, step))
    assert words is not None
    return render(words, lang, cite=False)


def test_help_before_an_answer_speaks_of_the_questions_own_reasoning() -> None:
    """Each level's help (full and nudge) is that of its own reasoning: a move by what it does
    (a discard keeps pairs, a lay-down trades what never pairs, a chi makes 14 …), never the
    claim-priority help before a lay-down or a discard."""
    from trainer.practice.guidance_service import lesson_topic

    claim_help = {render(guide(Skill.CLAIM_RULES, level), "en", cite=False)  # type: ignore[arg-type]
                  for level in (HintLevel.FULL, HintLevel.NUDGE)}
    seen = set()
    for lesson in load_lessons():
        for step in lesson.steps:
            if not isinstance(step, Question):
                continue
            topic = lesson_topic(lesson.id, step.number)
            full = _help_words(lesson.id, step.number, HintLevel.FULL, "en")
            if topic in ABOUT:
                seen.add(topic)
                assert ABOUT[topic] in full, (lesson.id, step.number, topic, full)
            if topic in ("move_discard", "move_lay"):
                for level in (HintLevel.FULL, HintLevel.NUDGE):
                    said = _help_words(lesson.id, step.number, level, "en")
                    assert said not in claim_help, (lesson.id, step.number)
    assert {"move_discard", "move_lay", "move_chi", "move_pong", "move_kong", "move_win",
            "move_pass", "move_special", "priority", "red_needed"} <= seen


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_help_before_an_answer_never_gives_the_answer(lang: str) -> None:
    """Issue 31: the help shown before an answer, full or nudge, names none of the answer's
    cards (the card to discard, to chi with, to lay down, those that win), states no number a
    fact question asks (the red a win needs, the cards dealt) and no option's label — on the
    written steps and on fresh variants alike."""
    from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, MoveAnswer, NumberAnswer

    facts = {"red_needed", "deal_number"}
    for lesson in load_lessons():
        for step in lesson.steps:
            if not isinstance(step, Question):
                continue
            helps = [_help_words(lesson.id, step.number, level, lang)
                     for level in (HintLevel.FULL, HintLevel.NUDGE)]
            for task in (step.task, *(step.variant(seed) for seed in range(3))):
                answer = task.answer
                cards = task.board.tappable if isinstance(answer, CardsAnswer) else \
                    task.board.hand if isinstance(answer, MoveAnswer) else ()
                named = [cards[i] for i in getattr(answer, "indices", ()) if i < len(cards)]
                for said in helps:
                    for card in named:
                        assert card.symbol not in said, (lesson.id, step.number, card)
                    if isinstance(answer, NumberAnswer) and step.kind in facts:
                        assert str(answer.value) not in said, (lesson.id, step.number)
                    if isinstance(answer, ChoiceAnswer) and lang == "en":
                        label = next(render(o.label, lang, cite=False) for o in task.options
                                     if o.value == answer.value)
                        assert label not in said or len(label) < 4, (lesson.id, step.number)


def test_a_skill_mastered_in_a_few_answers_keeps_a_nudge(db: tuple[ProgressStore, str]) -> None:
    """Three right first tries at stage 16's discards do not make 留哪张 'mastered', and leave
    stage 11, never opened, its hint. Until FADE_AFTER first attempts the help stays a nudge."""
    from trainer.mastery.guidance import FADE_AFTER

    store, learner_text = db
    learner = int(learner_text)
    where = {"context": "drill", "item": "red:1:n7"}
    master(store, learner, count=FADE_AFTER - 2)
    assert mastery_of(store, learner)[Skill.RED] >= MASTERED
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NUDGE
    master(store, learner, count=FADE_AFTER)
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NONE


def test_two_misses_among_the_last_five_keep_the_full_hint(db: tuple[ProgressStore, str]) -> None:
    """Walk 55: four misses in the first five claim questions, then one right, and the hint
    shrank to a nudge — the estimate had climbed to 0.62. Two misses or more among the last
    five first tries keep the full help; one keeps a nudge."""
    store, learner_text = db
    learner = int(learner_text)
    where = {"context": "drill", "item": "red:1:n5"}
    for n, right in enumerate((False, False, True, False, True)):
        store.answers.record(learner, context="drill", item=f"red:1:v{n}", question="q",
                             answer="a" if right else "b", expected="a", correct=right,
                             seconds=2.0, skill="drill:red", level=1)
    assert mastery_of(store, learner)[Skill.RED] >= FULL_BELOW  # the estimate alone: a nudge
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.FULL
    master(store, learner, count=3)  # one miss left among the last five
    assert help_at(store, learner, Skill.RED, **where).level is HintLevel.NUDGE

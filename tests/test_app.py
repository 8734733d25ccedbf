"""The app through Streamlit's AppTest: every page, two lessons completed through the widgets with
their stars and database rows, a refresh resuming the learner, settings, a damaged database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import (
    app,
    click,
    current,
    give,
    table_data,
    tap,
    to_question,
    translated,
    walk_lesson,
)
from tests.wrong_answers import another_wrong, wrong_answer
from trainer.engine.messages import Message
from trainer.i18n import render, t
from trainer.lessons import Explain, Lesson, LessonRun, Question, Step, load_lessons
from trainer.lessons.answers import CardsAnswer, MoveAnswer
from trainer.lessons.run import PlanItem
from trainer.practice.lesson_service import task_of
from trainer.store import ProgressStore, database_url, open_database
from trainer.store.progress_store import KeptRun
from trainer.ui import session
from trainer.ui.lang import plain, red_suits
from trainer.ui.widgets import unbroken_rule_ids

PAGES = ["home", "lessons", "rules", "glossary", "check", "settings"]
LESSONS = {lesson.id: lesson for lesson in load_lessons()}


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("DOU14_DATABASE_URL", url)
    session._store.clear()
    yield url
    session._store.clear()


@pytest.fixture
def learner_id(db_url: str) -> str:
    return str(ProgressStore(open_database(db_url)).create_learner("Ann").id)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_runs(page: str, lang: str, learner_id: str) -> None:
    at = app(page, as_learner=learner_id, lang=lang)
    assert not at.error
    assert at.title


@pytest.mark.parametrize("page", PAGES)
def test_pages_without_a_learner(page: str, db_url: str) -> None:
    at = app(page)
    assert not at.error
    if page in ("lessons", "settings"):
        assert at.info[0].value == t("profile.needed", "en")


def test_create_profile_and_resume_after_refresh(db_url: str) -> None:
    at = app("home")
    at.text_input(key="new_name").set_value("  Li   Wei ")
    click(at, t("profile.create", "en"))
    link = at.query_params["learner"]
    assert not link.isdecimal() and len(link) >= 20  # a random public id, not the row id
    found = ProgressStore(open_database(db_url)).learner_by_link(link)
    assert found is not None and found.name == "Li Wei"
    again = app("home", learner=link)
    assert any("Li Wei" in s.value for s in again.subheader)


def test_the_landing_page_switches_language_without_the_sidebar(db_url: str) -> None:
    """On a phone the sidebar, and the language switch in it, starts closed: the signed-out page
    offers the other language at the top; it becomes the page's and the address's."""
    at = app("home")
    assert any(t("home.welcome", "en") in m.value for m in at.markdown)
    at.button(key="landing-language").click().run()
    assert not at.exception
    assert at.query_params["lang"] in ("zh", ["zh"])
    assert any(t("home.welcome", "zh") in m.value for m in at.markdown)
    at.button(key="landing-language").click().run()  # and back
    assert any(t("home.welcome", "en") in m.value for m in at.markdown)


def test_home_tells_a_password_is_set_only_where_the_profile_was_made(db_url: str) -> None:
    """Walk 42: Home told every browser to "add a password in Settings", and Settings, in a
    browser that opened the profile by its link, said it cannot be done there. The browser that
    made it is sent to Settings; another is told where a password can be set."""
    at = app("home")
    at.text_input(key="new_name").set_value("Mei")
    click(at, t("profile.create", "en"))
    assert any(c.value == t("profile.open_note", "en") for c in at.caption)
    other = app("home", learner=at.query_params["learner"])  # the link, in another browser
    said = [c.value for c in other.caption]
    assert t("profile.open_note_elsewhere", "en") in said and t("profile.open_note", "en") \
        not in said


def test_a_name_pasted_too_long_is_told_its_length(db_url: str) -> None:
    """Walk 42: a paste of more than 40 characters was dropped whole by the field (its limit),
    and the form then said "please enter a name". The field takes it; the store refuses it with
    the longest name allowed, and no profile is made."""
    at = app("home")
    field = at.text_input(key="new_name")
    assert field.max_chars is None or field.max_chars > 60  # a browser would drop the paste
    field.set_value("长" * 60)
    click(at, t("profile.create", "en"))
    assert at.error[0].value == t("profile.name_long", "en", max=40)
    assert "learner" not in at.query_params


def test_duplicate_name_is_refused(learner_id: str) -> None:
    at = app("home")
    at.text_input(key="new_name").set_value("Ann")
    click(at, t("profile.create", "en"))
    assert at.error[0].value == t("profile.name_taken", "en", name="Ann")
    assert "learner" not in at.query_params


def test_complete_lesson_1_with_one_mistake(db_url: str, learner_id: str) -> None:
    """A miss gets a hint and another try; the missed step comes back as a fresh variant; no
    answer shown, but a miss: the lesson ends with two stars (issue 31)."""
    lesson = LESSONS["cards-and-red"]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    first_task = next(i for i, s in enumerate(lesson.steps) if isinstance(s, Question))
    walk_lesson(at, store, int(learner_id), lesson, mistakes_at=frozenset({first_task}))
    state = store.lessons.state(int(learner_id), lesson.id)
    assert state.completed and state.best_stars == 2
    answers = store.answers.rows(int(learner_id))
    assert len(answers) == lesson.task_count + 2  # the miss, and the variant asked again
    assert [a.correct for a in answers].count(False) == 1
    assert any(":v" in a.item for a in answers)
    assert at.success[0].value == t("lessons.done", "en", title=lesson.title["en"])
    assert any('aria-label="2/3"' in h.value for h in at.html)


def test_an_answer_shown_costs_a_star(db_url: str, learner_id: str) -> None:
    lesson = LESSONS["pong-and-kong"]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    while True:  # to a question with more than two answers: a two-way one shows it at once
        run = current(store, int(learner_id), lesson)
        step = lesson.steps[run.current.step] if run.current else None
        if isinstance(step, Question):
            task = task_of(lesson, run)
            if task.ways != 2:
                break
            give(at, lesson, run, task, task.answer)
            at.button(key=f"next-{run.index}").click().run()
            continue
        at.button(key=f"cont-{run.index}").click().run()
    give(at, lesson, run, task, wrong_answer(task))
    # the step count grew by one (the question comes back): the page says why
    assert t("lessons.comes_back_later", "en") in [c.value for c in at.caption]
    at.button(key=f"reveal-{run.index}").click().run()
    # asked for after one miss: the answer, said as the answer to a miss
    assert at.info and at.info[0].value.startswith(
        t("lessons.the_answer_first_miss", "en", answer="").split(".")[0])
    working = t("lessons.working", "en")
    assert t("lessons.comes_back", "en", working=working) in [c.value for c in at.caption]
    at.button(key=f"next-{run.index}").click().run()
    kept = current(store, int(learner_id), lesson)  # the count says why it grew
    shown = [bar.proto.text for bar in at.get("progress")]
    assert t("lessons.step_of_added", "en", step=kept.index + 1, steps=len(kept.plan),
             added=1) in shown
    walk_lesson(at, store, int(learner_id), lesson)
    state = store.lessons.state(int(learner_id), lesson.id)
    assert state.completed and state.best_stars == 2
    listing = app("lessons", as_learner=learner_id)
    assert any('aria-label="2/3"' in h.value for h in listing.html)


def test_a_question_asked_again_for_the_last_time_promises_no_more(db_url: str,
                                                                     learner_id: str) -> None:
    """A question already asked again as often as a run asks it: its answer shown says why, and
    not that a question like it comes back (none does: the lesson ends)."""
    from trainer.lessons.run import MAX_REASKS

    lesson = LESSONS["pong-and-kong"]
    step = next(i for i, s in enumerate(lesson.steps) if isinstance(s, Question)
                and s.task.ways != 2)  # a two-way question shows its answer at the miss
    run = LessonRun.start(lesson.id, len(lesson.steps), 1)
    run.plan = [PlanItem(step, 7, again=True)]
    run.reasks = {step: MAX_REASKS}
    store = ProgressStore(open_database(db_url))
    store.lessons.save_run(int(learner_id), KeptRun(lesson.id, run.to_json(), 0, 0))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    kept = current(store, int(learner_id), lesson)
    task = task_of(lesson, kept)
    give(at, lesson, kept, task, wrong_answer(task))
    at.button(key=f"reveal-{kept.index}").click().run()
    working = t("lessons.working", "en")
    captions = [c.value for c in at.caption]
    assert t("lessons.see_working", "en", working=working) in captions
    assert t("lessons.comes_back", "en", working=working) not in captions


def test_the_lesson_list_offers_start_continue_or_again(db_url: str, learner_id: str) -> None:
    """Each lesson's button says what it does: Start (never opened), Continue (a run kept,
    finished before or not), Again (finished, nothing in progress)."""
    store = ProgressStore(open_database(db_url))
    learner = int(learner_id)
    store.lessons.save_run(learner, KeptRun("pairs-of-14", LessonRun.start(
        "pairs-of-14", len(LESSONS["pairs-of-14"].steps), 1).to_json(), 0, 0))
    store.lessons.complete(learner, "winning", 3, 9)
    store.lessons.complete(learner, "pong-and-kong", 2, 9)
    store.lessons.save_run(learner, KeptRun("pong-and-kong", LessonRun.start(
        "pong-and-kong", len(LESSONS["pong-and-kong"].steps), 2).to_json(), 0, 0))
    listing = app("lessons", as_learner=learner_id)
    labels = {lesson_id: listing.button(key=f"open-{lesson_id}").label
              for lesson_id in ("cards-and-red", "pairs-of-14", "winning", "pong-and-kong")}
    assert labels == {"cards-and-red": t("lessons.start", "en"),
                      "pairs-of-14": t("lessons.continue", "en"),
                      "winning": t("lessons.again", "en"),
                      "pong-and-kong": t("lessons.continue", "en")}


def test_a_lesson_done_again_asks_fresh_positions(db_url: str, learner_id: str) -> None:
    """Issue 31: "Again" on a finished lesson keeps its explanations and asks every question as
    a fresh variant — new positions, not the ones the learner remembers."""
    store = ProgressStore(open_database(db_url))
    lesson = LESSONS["winning"]
    store.lessons.complete(int(learner_id), lesson.id, 3, len(lesson.steps))
    listing = app("lessons", as_learner=learner_id)
    listing.button(key=f"open-{lesson.id}").click().run()
    assert not listing.exception
    run = current(store, int(learner_id), lesson)
    questions = {s.number for s in lesson.steps if isinstance(s, Question)}
    assert [item.step for item in run.plan] == list(range(len(lesson.steps)))
    assert all((item.seed is not None) == (item.step in questions) for item in run.plan)
    assert len({item.seed for item in run.plan if item.seed is not None}) == len(questions)


def test_a_replay_never_lowers_the_stars(db_url: str, learner_id: str) -> None:
    store = ProgressStore(open_database(db_url))
    assert store.lessons.complete(int(learner_id), "winning", 3, 9) == 3
    assert store.lessons.complete(int(learner_id), "winning", 1, 9) == 3
    assert store.lessons.state(int(learner_id), "winning").best_stars == 3


def _past_the_first_explanation(db_url: str, learner_id: str, lesson: Lesson
                                ) -> tuple[ProgressStore, AppTest, LessonRun, Step]:
    """``lesson``'s page, opened and continued past its first step (an explanation), with the
    store, the run and the step it stands at."""
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    at.button(key="cont-0").click().run()
    run = current(store, int(learner_id), lesson)
    return store, at, run, lesson.steps[run.current.step]


def test_a_reload_resumes_the_run_exactly(db_url: str, learner_id: str) -> None:
    """The run lives in the database: a reload shows the same item, with the same hint."""
    lesson = LESSONS["pairs-of-14"]
    store, at, run, _step = _past_the_first_explanation(db_url, learner_id, lesson)
    task = task_of(lesson, run)
    give(at, lesson, run, task, wrong_answer(task))
    hint = [m.value for m in at.markdown if m.value.startswith("**Hint:**")]
    assert hint
    refreshed = app("lessons", as_learner=learner_id, lesson=lesson.id)
    assert [m.value for m in refreshed.markdown if m.value.startswith("**Hint:**")] == hint
    assert refreshed.progress[0].value == round(100 * 1 / len(current(
        store, int(learner_id), lesson).plan))
    assert [a.correct for a in store.answers.rows(int(learner_id))] == [False]


@pytest.mark.parametrize(("lesson_id", "kept"), [("pairs-of-14", True), ("a-turn", False)])
def test_a_missed_try_keeps_its_cards_raised_to_correct(db_url: str, learner_id: str,
                                                        lesson_id: str, kept: bool) -> None:
    """After a wrong tap-the-cards answer the hint comes with the cards tapped still raised, so
    the learner corrects them rather than tapping them all again; a missed move's card is not
    (its one card is to be changed: a second tap would make two, and the button go grey). A
    right answer then goes through."""
    lesson = LESSONS[lesson_id]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    run, task = to_question(at, store, int(learner_id), lesson, lambda task: isinstance(
        task.answer, CardsAnswer) or (isinstance(task.answer, MoveAnswer)
                                      and len(task.answer.indices) == 1))
    key = f"lesson-{lesson.id}-{run.index}"
    assert table_data(at, key)["preselected"] == []
    wrong = wrong_answer(task)
    if isinstance(task.answer, MoveAnswer):  # the same move with another card, graded wrong
        kind = task.answer.kind
        other = next(i for i in range(len(task.board.tappable)) if i not in task.answer.indices
                     and not task.is_correct(MoveAnswer(kind, (i,))))
        wrong = MoveAnswer(kind, (other,))
    give(at, lesson, run, task, wrong)
    assert at.warning, "a hint"
    indices = sorted(wrong.indices)
    assert table_data(at, key)["preselected"] == (indices if kept else [])
    give(at, lesson, current(store, int(learner_id), lesson), task, task.answer)
    assert at.success
    assert table_data(at, key)["preselected"] == []


def test_the_table_is_drawn_for_a_move(db_url: str, learner_id: str) -> None:
    """AppTest sees the card table as a component it cannot tap; what it is given is checked."""
    lesson = LESSONS["a-turn"]
    store, at, run, step = _past_the_first_explanation(db_url, learner_id, lesson)
    while isinstance(step, Explain):  # the seats, then a turn: then the first move
        at.button(key=f"cont-{run.index}").click().run()
        run = current(store, int(learner_id), lesson)
        step = lesson.steps[run.current.step]
    assert isinstance(step, Question) and step.kind == "move"
    task = task_of(lesson, run)
    assert run.current.seed is not None  # a fresh table from the first try (issue 31)
    assert isinstance(task.answer, MoveAnswer)
    discarded = task.board.hand[task.answer.indices[0]]
    give(at, lesson, run, task, task.answer)
    assert at.success and red_suits(discarded.symbol) in at.success[0].value


def test_settings_saves_house_rules(db_url: str, learner_id: str) -> None:
    at = app("settings", as_learner=learner_id)
    # every choice says what it changes at the table (a newcomer walk found three without)
    assert [at.radio(key="rules_players").help, at.radio(key="rules_jokers").help,
            translated(at.radio, "rules_scoring").help, at.checkbox(key="rules_capped").help] == \
        [t(f"settings.{name}_help", "en") for name in ("players", "jokers", "scoring", "capped")]
    at.radio(key="rules_players").set_value(3).run()
    assert at.radio(key="rules_jokers").options == ["2", "4", "6"]  # in order
    at.radio(key="rules_jokers").set_value(6).run()
    translated(at.radio, "rules_scoring").set_value("ladder").run()
    # Choosing the ladder brings its defaults: base 5 and no cap (R-SCORE).
    assert at.text_input(key="rules_base").value == "5"
    assert at.checkbox(key="rules_capped").value is False
    assert t("settings.scoring_defaults", "en") in [c.value for c in at.caption]  # and says so
    assert any("25" in c.value for c in at.caption)
    # walk 44: the sidebar leaves the page and drops what was not saved: said before it
    assert [w.value for w in at.warning] == [t("settings.unsaved", "en")]
    click(at, t("settings.save", "en"))
    assert at.success[0].value == t(
        "settings.saved_uncapped", "en", threshold=25, base=5, players=3, jokers=6,
        scoring=t("settings.scoring_ladder", "en"),
        own_flip=t("settings.saved_no_own_flip", "en"))  # all it saved, said
    rules = ProgressStore(open_database(db_url)).learner(int(learner_id)).rules
    assert (rules.players, rules.jokers, rules.scoring, rules.base, rules.fan_cap) == \
        (3, 6, "ladder", 5, None)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_settings_refuses_a_number_out_of_range_in_the_pages_language(
        db_url: str, learner_id: str, lang: str) -> None:
    """A base out of range is refused in the page's language, not in an English hover tip, and
    never saved as another value: the box says what is wrong under it, Save refuses, nothing
    changes."""
    before = ProgressStore(open_database(db_url)).learner(int(learner_id)).rules
    at = app("settings", as_learner=learner_id, lang=lang)
    assert not at.error
    assert not at.warning  # nothing changed: nothing to save
    at.text_input(key="rules_base").set_value("0").run()
    assert [e.value for e in at.error] == [t("settings.out_of_range", lang, low=1, high=1000)]
    for typed in ("2.5", "1e9", "9" * 12):  # walk 44: cut, misread or kept as the old value
        at.text_input(key="rules_base").set_value(typed).run()
        assert [e.value for e in at.error] == [
            t("settings.out_of_range", lang, low=1, high=1000)]
    at.checkbox(key="rules_capped").check().run()
    at.text_input(key="rules_cap").set_value("25").run()
    assert [e.value for e in at.error] == [t("settings.out_of_range", lang, low=1, high=1000),
                                           t("settings.out_of_range", lang, low=0, high=20)]
    click(at, t("settings.save", lang))
    assert t("settings.not_saved", lang) in [e.value for e in at.error] and not at.success
    assert ProgressStore(open_database(db_url)).learner(int(learner_id)).rules == before
    at.text_input(key="rules_base").set_value("2").run()
    at.text_input(key="rules_cap").set_value("6").run()
    assert not at.error and [w.value for w in at.warning] == [t("settings.unsaved", lang)]
    click(at, t("settings.save", lang))
    assert at.success and ProgressStore(open_database(db_url)).learner(
        int(learner_id)).rules.base == 2


def test_language_switch_applies_at_once_and_is_remembered(db_url: str, learner_id: str) -> None:
    at = app("home", as_learner=learner_id)
    translated(at.sidebar.radio, "lang_choice").set_value("zh").run()
    assert at.title[0].value == t("app.title", "zh")
    assert at.query_params["lang"] == "zh"
    assert ProgressStore(open_database(db_url)).learner(int(learner_id)).language == "zh"
    fresh = app("home", as_learner=learner_id)
    assert fresh.title[0].value == t("app.title", "zh")


def test_check_page_verdict_and_error(learner_id: str) -> None:
    """A typo is named in the learner's words: the card, where it is, what is wrong."""
    at = app("check", as_learner=learner_id)
    assert at.success[0].value == t("app.verdict_win", "en")
    at.text_input(key="hand").set_value("7h 7x Kd")  # a form: judged when the learner asks
    at.button(key="judge").click().run()
    problem = plain(t("notation.suit", "en", token="7x", at=4, suit="x", rank="7"))
    assert at.warning[0].value == t("app.error_in", "en", field=t("app.hand_label", "en"),
                                    error=problem)  # the box is named too
    at.text_input(key="hand").set_value("7h Kd Ac 5h 9c")
    at.text_input(key="card").set_value("Zz")
    at.button(key="judge").click().run()
    assert at.warning[0].value.startswith(t("app.error_in", "en", field=t(
        "app.card_label", "en"), error=""))
    at.text_input(key="hand").set_value("8h 5h 9c")
    at.text_input(key="card").set_value("")
    at.text_area(key="melds").set_value("")
    at.button(key="judge").click().run()
    assert not at.exception
    assert at.subheader[0].value == t("app.waits_title", "en")  # judged as typed, and said:
    count = Message.of("reach.count", ("R-PARITY", "R-DEAL"),
                       moment=Message.of("reach.moment.waiting"), held=3, expected=7, sets=0)
    assert [w.value for w in at.warning] == [  # waiting with nothing laid: 7 concealed, not 3
        unbroken_rule_ids(t("app.unreachable", "en", reasons=render(count, "en")))]
    at.text_input(key="hand").set_value("Kh Ah")  # two cards: no real hand, though read as 天走
    at.button(key="judge").click().run()
    assert at.warning and "8" in at.warning[0].value and "2" in at.warning[0].value
    at.text_input(key="hand").set_value("7h Kd Ac 5h 9c")  # the page's own example: reachable
    at.text_input(key="card").set_value("7d")
    at.text_area(key="melds").set_value("chi:8h,6s")
    at.button(key="judge").click().run()
    assert not at.warning and at.success
    offered = t("board.offer_discard", "en", card="7♦", seat=t("seat.upper", "en"))
    assert any(offered in h.value for h in at.html)  # who offered it, as chosen (upper: default)
    at.text_area(key="melds").set_value("chi:8h,6s\nchi:3d,Jd\nchi:4s,10s\npong:Qh,Qs,Qd")
    at.button(key="judge").click().run()  # four sets: too many for any hand, not "−1 cards"
    said = Message.of("reach.too_many_sets", ("R-PARITY", "R-DEAL"),
                      moment=Message.of("reach.moment.waiting"), sets=4, most=3)
    assert [w.value for w in at.warning] == [
        unbroken_rule_ids(t("app.unreachable", "en", reasons=render(said, "en")))]


def test_rule_ids_in_a_list_never_break_across_lines() -> None:
    from trainer.ui.widgets import unbroken_rule_ids

    said = unbroken_rule_ids("番数：无——平糊 0 番（R-FAN, R-PAIR14、R-OWN-FLIP）; R-version")
    assert "R\u2011FAN" in said and "R\u2011PAIR14" in said and "R-version" in said
    assert "R\u2011OWN\u2011FLIP" in said  # every hyphen of an id, never broken in two
    assert "R-" not in said.replace("R-version", "")
    cited = render(Message.of("glossary.rule", ("R-OWN-FLIP", "R-PAY"), rule="x"), "zh")
    assert cited.endswith("（规则\u00a0R-OWN-FLIP、R-PAY）")  # one unbroken label, 、 between


def test_check_page_says_an_impossible_meld_in_chinese(learner_id: str) -> None:
    """A chi that does not make 14 is said in the learner's language, not the engine's English."""
    at = app("check", as_learner=learner_id, lang="zh")
    at.text_area(key="melds").set_value("chi:8h,5s")
    at.button(key="judge").click().run()
    problem = plain(t("engine_error.chi_sum", "zh", cards="8♥ 5♠", total=13)
                    + t("rules.cite", "zh", rules="R-PAIR14"))
    assert at.warning[0].value == t("app.error_in", "zh", field=t("app.melds_label", "zh"),
                                    error=problem)


def test_damaged_database_gives_a_message_and_is_untouched(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = tmp_path / "progress.sqlite3"
    payload = b"this is not a database\n" * 100
    damaged.write_bytes(payload)
    monkeypatch.setenv("DOU14_DATABASE_URL", f"sqlite:///{damaged}")
    session._store.clear()
    try:
        at = app("lessons", learner="1")
        assert "not a SQLite database" in at.error[0].value
        assert damaged.read_bytes() == payload
    finally:
        session._store.clear()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_glossary_opens_at_a_term(learner_id: str, lang: str) -> None:
    at = app("glossary", as_learner=learner_id, lang=lang, term="baqi")
    assert at.expander[0].label.startswith("巴起")
    first = next(m.value for m in at.expander[0].markdown)
    assert first == t("glossary.baqi.text", lang)
    assert t("glossary.baqi.picture", lang) in [c.value for c in at.expander[0].caption]
    assert len(at.expander) >= 25
    closed = at.expander[1]  # the others are drawn when opened, not before
    assert not list(closed.markdown)
    at.session_state[_term_key(at, 1)] = True
    at.run()
    assert not at.exception, at.exception
    assert [m.value for m in at.expander[1].markdown]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_glossary_finds_a_term_by_its_chinese_pinyin_or_words(learner_id: str,
                                                                   lang: str) -> None:
    """Finding 扯, 下叫 or 点炮 needs no opening of expanders one by one: a search box keeps the
    terms whose Chinese, pinyin (tones or none) or words hold the text; one found is opened;
    none found says what to try."""
    at = app("glossary", as_learner=learner_id, lang=lang)
    everything = len(at.expander)
    for query, term in (("扯", "扯"), ("xiajiao", "下叫"), ("diǎnpào", "点炮")):
        at.text_input(key="glossary-search").set_value(query).run()
        names = [e.label.split(" · ")[0].split(" / ")[0] for e in at.expander]
        assert names[0] == term and len(names) < everything  # its own term first
    assert len(at.expander) == 1 and [m.value for m in at.expander[0].markdown]  # one: opened
    for words in ("deal-in", "deal in", "Deal  in"):  # English words, any page, any spelling
        at.text_input(key="glossary-search").set_value(words).run()
        assert any(e.label.startswith("点炮") for e in at.expander)
    at.text_input(key="glossary-search").set_value("zzqq<b>").run()
    assert not at.expander and t("glossary.search_none", lang, query="zzqq<b>") in \
        at.info[0].value.replace("\\", "")
    at.text_input(key="glossary-search").set_value("").run()
    assert len(at.expander) == everything


def test_every_glossary_picture_is_said_in_words() -> None:
    """A picture alone (点炮's lone 7♦) says little: every term drawn with cards has a line
    saying what they show, in both languages, and no term without a picture has one."""
    from trainer.content.glossary import TERMS
    from trainer.i18n import catalog

    for term in TERMS:
        for lang in ("en", "zh"):
            said = f"glossary.{term.id}.picture" in catalog(lang)
            assert said is bool(term.cards or term.melds), (term.id, lang)


def test_every_table_label_of_a_term_is_in_the_glossary() -> None:
    """The tables label each player's "passed, not won" cards with a dotted underline; walk 46
    searched the glossary for 放过 and "passed" and found nothing."""
    from trainer.content.glossary import find_terms
    from trainer.i18n import catalog

    for lang, query in (("zh", "放过"), ("en", "passed, not won")):
        found = find_terms(query, lambda term, lang=lang: catalog(lang)[f"glossary.{term.id}.name"])
        assert found and found[0].id == "fangguo", lang
        assert catalog(lang)["board.passed"].rstrip(":：") == \
            catalog(lang)["glossary.fangguo.name"].capitalize()


def _term_key(at: object, index: int) -> str:
    """The session-state key of the glossary's ``index``-th expander (``term-<id>``)."""
    from trainer.content.glossary import TERMS

    label = at.expander[index].label  # type: ignore[attr-defined]
    term = next(term for term in TERMS if label.startswith(f"{term.chinese} · {term.pinyin}"))
    return f"term-{term.id}"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rules_page_draws_the_open_section_only_and_every_section_opens(lang: str) -> None:
    """Rules: one section drawn at a time (the others wait for their tab), each with exactly
    its rules, in the page's language; a switch of language keeps the page working."""
    from trainer.content.rule_examples import EXAMPLES, SECTIONS

    at = app("rules", lang=lang)
    for section, rule_ids in SECTIONS:
        at.session_state["rules_section"] = t(f"ruleref.section.{section}", lang)
        at.run()
        assert not at.exception, at.exception
        text = " ".join(m.value for m in at.markdown)
        shown = {rule for _, rules in SECTIONS for rule in rules if f"`{rule}`" in text}
        assert shown == set(rule_ids), section
        assert t(f"ruleref.{rule_ids[0]}.title", lang) in text
        captions = [c.value for c in at.caption]
        for rule in rule_ids:  # every example says what it shows: the engine's line or words
            if EXAMPLES[rule].get("check") is None:
                assert t(f"ruleref.{rule}.example", lang) in captions, rule
    other = "zh" if lang == "en" else "en"
    translated(at.radio, "lang_choice").set_value(other).run()
    assert not at.exception, at.exception
    assert t("rules_page.title", other) in [title.value for title in at.title]
    assert any("`R-" in m.value for m in at.markdown)  # a section is open, in the new words


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rule_linked_from_a_lesson_opens_at_its_section_first(lang: str) -> None:
    """Rule ids under the lessons and in the glossary are not plain text: each is a link (a new
    tab) to the Rules page, which opens at the rule's section with the rule first, said to be
    the one opened; an id it does not know opens the page as it is."""
    from trainer.content.rule_examples import SECTIONS

    for section, rule_ids in SECTIONS:
        wanted = rule_ids[-1]
        at = app("rules", lang=lang, rule=wanted)
        text = [m.value for m in at.markdown if "`R-" in m.value]
        assert f"`{wanted}`" in text[0] and len(text) == len(rule_ids), section
        assert t("rules_page.opened", lang) in [c.value for c in at.caption]
    at = app("rules", lang=lang, rule="no-such-rule")
    assert not at.exception and t("rules_page.opened", lang) not in [c.value for c in at.caption]


def test_home_points_to_a_first_hand_after_a_turn_and_winning(db_url: str,
                                                               learner_id: str) -> None:
    """A newcomer plays a whole hand early (after the lessons on a turn and on winning), not
    after the whole track; once a hand is played, Home still offers Play, less loudly."""
    store = ProgressStore(open_database(db_url))
    learner = int(learner_id)
    store.lessons.complete(learner, "a-turn", 3, 9)
    home = app("home", as_learner=learner_id)
    assert not [b for b in home.button if b.key == "home-open-play"]
    store.lessons.complete(learner, "winning", 2, 9)
    home = app("home", as_learner=learner_id)
    assert t("home.first_hand", "en") in [m.value for m in home.markdown]
    assert home.button(key="home-open-play").proto.type == "primary"
    # the first hand is the one loud button: the next lesson waits beside it, quietly
    assert home.button(key="home-next-lesson").proto.type == "secondary"
    keys = [b.key for b in home.button]
    assert keys.index("home-open-play") < keys.index("home-next-lesson")
    store.replays.save(learner, '{"seed": 1}', "drawn")
    home = app("home", as_learner=learner_id)
    assert t("home.play_again", "en") in [m.value for m in home.markdown]
    assert home.button(key="home-open-play").proto.type == "secondary"
    assert home.button(key="home-next-lesson").proto.type == "primary"


def test_the_lesson_that_makes_a_first_hand_ready_points_to_play(db_url: str,
                                                                   learner_id: str) -> None:
    """Issue 31: the track puts a turn and winning third and fourth; finishing the second of
    them offers the first whole hand at once (the next lesson second), until a hand is played;
    a lesson before that point offers the next lesson only."""
    from trainer.practice.track import FIRST_HAND_AFTER

    order = [lesson.id for lesson in load_lessons()]
    assert {order.index(lesson_id) for lesson_id in FIRST_HAND_AFTER} == {2, 3}
    store = ProgressStore(open_database(db_url))
    learner = int(learner_id)
    store.lessons.complete(learner, "a-turn", 3, 9)
    done = app("lessons", as_learner=learner_id, lesson="a-turn")
    assert not [b for b in done.button if b.key == "to-first-hand"]
    store.lessons.complete(learner, "winning", 3, 9)
    done = app("lessons", as_learner=learner_id, lesson="winning")
    assert t("home.first_hand", "en") in [m.value for m in done.markdown]
    assert done.button(key="to-first-hand").proto.type == "primary"
    assert done.button(key="next-lesson-winning").proto.type == "secondary"
    store.replays.save(learner, '{"seed": 1}', "drawn")
    done = app("lessons", as_learner=learner_id, lesson="winning")
    assert not [b for b in done.button if b.key == "to-first-hand"]
    assert done.button(key="next-lesson-winning").proto.type == "primary"


def test_a_flagged_move_links_to_a_stage_that_practises_it() -> None:
    """Issue 32: a coach-flagged discard opens 留哪张, a flagged claim 吃、扯还是不要 (at three
    players, the three-player stage) — each a stage with levels of that very kind."""
    from trainer.engine.game.actions import ActionKind
    from trainer.practice.mastery_service import Place, practice_of_move

    for players in (4, 3):
        for kind, level in ((ActionKind.DISCARD, "best_discard"), (ActionKind.PONG, "best_claim"),
                            (ActionKind.PASS, "best_claim")):
            _skill, target = practice_of_move(kind, players)
            assert target.place is Place.LESSON
            kinds = {getattr(step, "kind", None) for step in LESSONS[target.name].steps}
            assert level in kinds, (players, kind)


def test_a_right_answer_unlike_the_workings_is_said_to_be_right_too(
        db_url: str, learner_id: str) -> None:
    """留哪张 with two cards of one rank and colour in hand (J♠ and J♣): the coach's working
    speaks of one, the learner discards the other — graded right (the same rank and colour),
    and the page says the working's card and theirs are both right instead of leaving them to
    wonder."""
    store = ProgressStore(open_database(db_url))
    lesson = LESSONS["which-discard"]
    for seed in range(300):  # a variant of step 8 (ready, four cards and more) with a twin
        run = LessonRun("which-discard", [PlanItem(8, seed)], run_seed=5)
        task = task_of(lesson, run)
        assert isinstance(task.answer, MoveAnswer)
        hand = task.board.hand
        best = hand[task.answer.indices[0]]
        twin = next((i for i, card in enumerate(hand) if card != best and card.rank == best.rank
                     and card.is_red == best.is_red), None)
        if twin is not None:
            break
    assert twin is not None
    store.lessons.save_run(int(learner_id), KeptRun(lesson.id, run.to_json(), 0, 0))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    give(at, lesson, run, task, MoveAnswer(task.answer.kind, (twin,)))
    assert at.success and hand[twin].symbol in at.success[0].value
    note = red_suits(t("lessons.right_alike_own", "en",  # the table goes on with theirs
                       given=f"You discard {hand[twin].symbol}",
                       expected=f"You discard {best.symbol}"))
    assert [c.value for c in at.caption if c.value == note], [c.value for c in at.caption]


@pytest.mark.parametrize(("page", "param", "key"), [
    ("lessons", "lesson", "lessons.unknown_link"),
    ("puzzles", "puzzle", "puzzles.unknown_link"),
    ("drills", "drill", "drills.unknown_link"),
])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_link_to_nothing_says_so_and_goes_on(learner_id: str, page: str, param: str, key: str,
                                               lang: str) -> None:
    """A mistyped or outdated link is said in the learner's language, and the page goes on
    (the list of lessons, another puzzle) — never silently, never a traceback."""
    at = app(page, as_learner=learner_id, lang=lang, **{param: "does-not-exist"})
    assert [w.value for w in at.warning] == [t(key, lang)]
    assert param not in at.query_params or at.query_params[param] != "does-not-exist"


def test_a_link_to_no_profile_says_so_above_the_forms(db_url: str) -> None:
    """A bookmark whose profile id is mistyped: the sign-up page says the link names no profile
    (the learner's answers are not lost: the link is wrong)."""
    at = app("home", learner="NOTREAL")
    assert t("profile.unknown_link", "en") in [w.value for w in at.warning]
    fresh = app("home")
    assert t("profile.unknown_link", "en") not in [w.value for w in fresh.warning]


def test_a_link_to_no_profile_from_ones_own_says_so_once(learner_id: str) -> None:
    """In one's own profile, an address whose profile id names nobody (mistyped, old): the page
    goes on in one's own, says so once, and the address names it again."""
    at = app("home", as_learner=learner_id)
    own = at.query_params["learner"]
    at.query_params["learner"] = "NOTREAL"
    at.run()
    learner = session._store(database_url()).learner(int(learner_id))
    assert learner is not None
    assert [w.value for w in at.warning] == [t("profile.stray_link", "en", name=learner.name)]
    assert at.query_params["learner"] in (own, [own])
    at.run()
    assert not at.warning


def test_a_press_the_rules_refuse_after_a_miss_is_said_beside_the_hint(
        db_url: str, learner_id: str) -> None:
    """At lesson 12, a miss and then a press the rules refuse (a win on a card that does not
    win): the refusal is said above the miss's hint, in one verdict (a verdict's container drawn
    twice breaks the page), and costs no try."""
    from trainer.engine.game.actions import ActionKind
    from trainer.i18n import render
    from trainer.lessons.answers import MoveAnswer as Move
    from trainer.lessons.run import Feedback

    store = ProgressStore(open_database(db_url))
    lesson = LESSONS["claim-or-pass"]
    win = Move(ActionKind.WIN, ())
    step = next(s for s in lesson.steps if isinstance(s, Question)
                and s.task.refusal(win) is not None and s.task.ways != 2)  # a hint to miss
    run = LessonRun(lesson.id, [PlanItem(step.number)], run_seed=5)
    store.lessons.save_run(int(learner_id), KeptRun(lesson.id, run.to_json(), 0, 0))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    task = task_of(lesson, run)
    give(at, lesson, run, task, wrong_answer(task))
    missed = current(store, int(learner_id), lesson)
    assert missed.feedback is Feedback.HINT and missed.attempts == 1
    refused = task.refusal(win)
    assert refused is not None
    tap(at, f"lesson-{lesson.id}-0", "win", [], f"{run.run_seed}-0-1")
    assert not at.exception
    assert [w.value for w in at.warning][:1] == [render(refused, "en", cite=False)]
    again = current(store, int(learner_id), lesson)
    assert again.attempts == 1 and again.feedback is Feedback.HINT
    assert len(store.answers.rows(int(learner_id))) == 1


@pytest.mark.parametrize(("lesson_id", "kind", "said"), [
    ("cards-and-red", None, "hint.same_answer"),
    ("pong-and-kong", "kong", "hint.same_move"),  # passing a kong: legal, wrong (a chi or
    # pass is two-way: its miss shows the answer at once)
])
def test_the_missed_answer_given_again_costs_no_try(
        db_url: str, learner_id: str, lesson_id: str, kind: str | None, said: str) -> None:
    """After a miss the wrong cards stay raised (or the wrong number in its box), so pressing
    Check again sends the same answer, which is no second miss. The very answer just missed is
    said to be so — at a table, as the same move (a table has no Check button to speak of) —
    and no try is spent."""
    from trainer.i18n import render
    from trainer.lessons.run import Feedback

    store = ProgressStore(open_database(db_url))
    lesson = LESSONS[lesson_id]
    step = next(s for s in lesson.steps if isinstance(s, Question) and s.task.ways != 2 and (
        isinstance(s.task.answer, CardsAnswer) if kind is None else
        isinstance(s.task.answer, MoveAnswer) and s.task.answer.kind.value == kind))
    run = LessonRun(lesson.id, [PlanItem(step.number)], run_seed=5)
    store.lessons.save_run(int(learner_id), KeptRun(lesson.id, run.to_json(), 0, 0))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    task = task_of(lesson, run)
    wrong = wrong_answer(task)
    give(at, lesson, run, task, wrong)
    missed = current(store, int(learner_id), lesson)
    assert missed.feedback is Feedback.HINT and missed.attempts == 1
    give(at, lesson, missed, task, wrong)
    warnings = [w.value for w in at.warning]
    assert [key for key in ("hint.same_answer", "hint.same_move")
            if render(Message.of(key), "en", cite=False) in warnings] == [said]
    again = current(store, int(learner_id), lesson)
    assert again.attempts == 1 and again.feedback is Feedback.HINT
    assert len(store.answers.rows(int(learner_id))) == 1
    if isinstance(task.answer, CardsAnswer):  # a changed answer, on the table drawn afresh
        tap(at, f"lesson-{lesson.id}-0", "check", sorted(task.answer.indices), "5-0-1-r1")
        assert current(store, int(learner_id), lesson).feedback is Feedback.RIGHT


def test_a_press_the_rules_refuse_at_a_question_of_values_costs_no_try(
        db_url: str, learner_id: str) -> None:
    """A press the rules refuse (at stage 16, a kong with no three alike at the winning flip) is
    no miss. At a question the coach grades by values, such a press is said why — in the
    catalog's words, with its rule — and is no answer: nothing is recorded, no try is spent, the
    table takes the next press (as the best-move puzzles do)."""
    from trainer.engine.game.actions import ActionKind
    from trainer.i18n import render
    from trainer.lessons.buttons import TableButton
    from trainer.lessons.table_tasks import button_move

    store = ProgressStore(open_database(db_url))
    lesson = LESSONS["play-with-the-coach"]
    kong = button_move(TableButton.KONG, ())
    step = next(s for s in lesson.steps if isinstance(s, Question)
                and isinstance(s.task.answer, MoveAnswer) and s.task.answer.kind is ActionKind.WIN
                and TableButton.KONG in s.task.board.buttons)
    run = LessonRun(lesson.id, [PlanItem(step.number)], run_seed=5)
    store.lessons.save_run(int(learner_id), KeptRun(lesson.id, run.to_json(), 0, 0))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    task = task_of(lesson, run)
    refused = task.refusal(kong)
    assert refused is not None and refused.key == "hint.move_kong_needs"
    tap(at, f"lesson-{lesson.id}-0", TableButton.KONG.value, [], f"{run.run_seed}-0-0")
    assert [w.value for w in at.warning] == [render(refused, "en", cite=False)]
    assert not store.answers.rows(int(learner_id))
    again = current(store, int(learner_id), lesson)
    assert again.attempts == 0 and again.feedback is None
    seq = f"{run.run_seed}-0-0-r1"  # the table drawn afresh takes the next press
    tap(at, f"lesson-{lesson.id}-0", "win", [], seq)
    assert at.success and len(store.answers.rows(int(learner_id))) == 1


def test_a_shown_answer_is_marked_on_the_table(db_url: str, learner_id: str) -> None:
    """A shown answer ("4♥") is not said in words only: once the answer of a tap-the-cards
    question is shown, its cards carry a mark on the table; while the question is open, none
    does (the marks would give it away)."""
    lesson = LESSONS["pairs-of-14"]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    run, task = to_question(at, store, int(learner_id), lesson,
                            lambda task: isinstance(task.answer, CardsAnswer))
    key = f"lesson-{lesson.id}-{run.index}"
    mark = t("lessons.mark_answer", "en")
    assert all(card["label"] != mark for card in table_data(at, key)["hand"])
    wrong = wrong_answer(task)
    give(at, lesson, run, task, wrong)
    assert all(card["label"] != mark for card in table_data(at, key)["hand"])  # a hint only
    give(at, lesson, current(store, int(learner_id), lesson), task, another_wrong(task, wrong))
    assert current(store, int(learner_id), lesson).done  # shown after the second miss
    marked = [i for i, card in enumerate(table_data(at, key)["hand"]) if card["label"] == mark]
    assert marked == sorted(task.answer.indices)


def test_lessons_say_they_teach_at_the_standard_table(db_url: str, learner_id: str) -> None:
    """With a saved three-player table (25 red), lesson 4 marks 24 red a win — rightly, at the
    standard table the lessons teach at, and said so. A learner whose house rules differ is
    told, on the list and in a lesson; one at the standard table is not."""
    note = t("lessons.standard_table", "en", threshold=20)
    at = app("lessons", as_learner=learner_id)
    assert note not in [c.value for c in at.caption]
    ProgressStore(open_database(db_url)).set_rules(int(learner_id), {"players": 3})
    for page in (app("lessons", as_learner=learner_id),
                 app("lessons", as_learner=learner_id, lesson="winning")):
        assert not page.exception
        assert note in [c.value for c in page.caption]


@pytest.mark.parametrize(("lesson_id", "judged"), [("which-discard", True), ("cards-and-red", False)])
def test_the_working_opens_after_a_right_judgement(db_url: str, learner_id: str, lesson_id: str,
                                                    judged: bool) -> None:
    """A learner right by luck learns only from the coach's reason, and a closed working goes
    unread: after a right judgement (a question graded by the coach's values) it is open; after
    a right rule question it stays closed, for pace."""
    lesson = LESSONS[lesson_id]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    run, task = to_question(at, store, int(learner_id), lesson, lambda task: True)
    assert (task.more_working is not None) is judged
    give(at, lesson, run, task, task.answer)
    working = [e for e in at.expander if e.label == t("lessons.working", "en")]
    assert len(working) == 1 and working[0].proto.expanded is judged
    # its lines in words; every rule they rest on named once, in the step's rules line
    bullets = [m.value for m in working[0].markdown if m.value.startswith("- ")]
    assert bullets and not [b for b in bullets if "(R-" in b]
    ruled = [c.value for c in at.caption if c.value.startswith(t("lessons.rules", "en", rules=""))]
    assert len(ruled) == 1
    assert all(f"({rule})" in ruled[0].replace("\u2011", "-")
               for line in task.full_working for rule in line.rules)
    # each a link to the rule on the Rules page, for this learner
    public = ProgressStore(open_database(db_url)).learner(int(learner_id)).public_id  # type: ignore[union-attr]
    assert all(f"](rules?learner={public}&lang=en&rule={rule})" in ruled[0]
               for line in task.full_working for rule in line.rules)


def test_the_rules_page_says_its_examples_are_of_four(db_url: str, learner_id: str) -> None:
    """With house rules of three, the Rules page's examples ("short of 20", "3 shares") say that
    they are of a table of four."""
    store = ProgressStore(open_database(db_url))
    note = t("rules_page.your_table", "en", players=3, threshold=25, shares=2)
    at = app("rules", as_learner=learner_id)
    assert note not in [c.value for c in at.caption]
    store.set_rules(int(learner_id), {"players": 3})
    at = app("rules", as_learner=learner_id)
    assert not at.exception and note in [c.value for c in at.caption]


def test_a_miss_between_two_cards_says_why_the_answer_comes_at_once(
        db_url: str, learner_id: str) -> None:
    """Walk 52, lesson 14: a miss at a pick of one card among two showed the answer with no
    reason given and nothing on the card tapped. The answer now says that a second try could
    only be the other card, and the hint for the card tapped (what was wrong with it) stays."""
    from dataclasses import replace

    from trainer.lessons.answers import Shape

    lesson = LESSONS["defence"]
    run = LessonRun.start(lesson.id, len(lesson.steps), 1)
    run.plan = next([PlanItem(step, seed)] for seed in range(50) for step in range(len(lesson.steps))
                    if isinstance(lesson.steps[step], Question) and (task := task_of(lesson, replace(
                        run, plan=[PlanItem(step, seed)]))).shape is Shape.ONE_CARD
                    and task.ways == 2)  # a fresh variant of a pick among six: two left
    store = ProgressStore(open_database(db_url))
    store.lessons.save_run(int(learner_id), KeptRun(lesson.id, run.to_json(), 0, 0))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)
    kept = current(store, int(learner_id), lesson)
    task = task_of(lesson, kept)
    assert task.ways == 2
    missed = wrong_answer(task)
    give(at, lesson, kept, task, missed)
    assert current(store, int(learner_id), lesson).done
    answer = t("lessons.the_answer_two_way", "en", answer="")
    assert at.info and at.info[0].value.startswith(answer.split(":")[0])
    hint = red_suits(t("lessons.hint", "en", hint=render(task.hint(missed), "en", cite=False)))
    assert hint in [m.value for m in at.markdown]


def test_a_right_second_try_at_the_coached_hand_says_what_the_first_cost(
        db_url: str, learner_id: str) -> None:
    """Walk 51, lesson 16: a miss then the coach's best — the right answer is shown with the
    first try's value beside the best's (its loss had been said only in the hint), in the
    figures of the decision; and a reload keeps it."""
    from trainer.engine.game.actions import ActionKind
    from trainer.lessons.task import Task

    lesson = LESSONS["play-with-the-coach"]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)

    def wrong(task: Task) -> MoveAnswer | None:
        tries = [MoveAnswer(ActionKind.DISCARD, (i,)) for i in range(len(task.board.hand))]
        return next((given for given in tries if not task.is_correct(given)
                     and task.refusal(given) is None), None)

    run, task = to_question(at, store, int(learner_id), lesson, lambda task: (
        task.kind == "coached_move" and wrong(task) is not None))
    first = wrong(task)
    assert first is not None and isinstance(task.answer, MoveAnswer)
    give(at, lesson, run, task, first)
    assert current(store, int(learner_id), lesson).first_miss == first
    give(at, lesson, current(store, int(learner_id), lesson), task, task.answer)
    assert current(store, int(learner_id), lesson).done
    assert task.tried is not None
    cost = task.tried(first)
    assert cost is not None and cost.key == "coach.first_try"
    said = red_suits(render(cost, "en", cite=False))
    assert said in [c.value for c in at.caption]
    reloaded = app("lessons", as_learner=learner_id, lesson=lesson.id)
    assert said in [c.value for c in reloaded.caption]


def test_a_revealed_judgement_goes_on_with_the_answer_and_sets_it_beside_yours(
        db_url: str, learner_id: str) -> None:
    """Two misses at 留哪张: the table shown goes on with the answer's move, and the words
    under it say so (it had said "nobody took your 10♣" above "You said: discard 7♦"); the
    answer is set beside the learner's own last move where the working does not do it."""
    from trainer.engine.game.actions import ActionKind
    from trainer.lessons.task import Task

    lesson = LESSONS["which-discard"]
    store = ProgressStore(open_database(db_url))
    at = app("lessons", as_learner=learner_id, lesson=lesson.id)

    def misses(task: Task) -> list[MoveAnswer]:
        tries = [MoveAnswer(ActionKind.DISCARD, (i,)) for i in range(len(task.board.hand))]
        return [given for given in tries if not task.is_correct(given)]

    run, task = to_question(at, store, int(learner_id), lesson, lambda task: (
        task.solved_board is not None and task.solved_board.then is not None
        and len(misses(task)) >= 2))
    first, second = misses(task)[:2]
    give(at, lesson, run, task, first)
    give(at, lesson, current(store, int(learner_id), lesson), task, second)
    assert current(store, int(learner_id), lesson).done
    assert task.solved_board is not None and task.solved_board.then is not None
    then = red_suits(render(task.solved_board.then, "en", cite=False))
    assert t("lessons.then_with_answer", "en", then=then) in [c.value for c in at.caption]
    assert then not in [c.value for c in at.caption]  # never bare, as if the move were theirs
    assert task.compared is not None
    beside = task.compared(second)
    shown = " ".join(m.value for m in at.markdown)
    assert (beside is not None) is (t("lessons.beside_yours", "en", why="")[:10] in shown)

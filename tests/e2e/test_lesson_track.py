"""A new learner completes the whole lesson track by clicking only — cards tapped on the table,
options and numbers entered as a learner would, one wrong answer that gets a hint and a retry,
the kong made on the table — in both languages, on a phone (390 px) and a desktop (1300 px)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.accounts import sign_up
from tests.e2e.waits import TIMEOUT_MS, idle
from tests.wrong_answers import wrong_answer
from trainer.engine import Message
from trainer.i18n import render, t
from trainer.lessons import Explain, Lesson, LessonRun, load_lessons
from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, LessonAnswer, MoveAnswer, NumberAnswer
from trainer.lessons.task import Task
from trainer.practice.lesson_service import task_of
from trainer.store import ProgressStore, open_database

LESSONS = load_lessons()
BUTTON = {"lay_joker": "lay_down", "lay_pong": "lay_down", "lay_kong": "lay_down"}
PRESSED = "nodes => nodes.map(node => node.getAttribute('aria-pressed') === 'true')"


def _settle(page: Page) -> None:
    idle(page)


def _run(store: ProgressStore, learner: int, lesson: Lesson) -> LessonRun | None:
    text = store.lessons.run(learner, lesson.id)
    return LessonRun.from_json(text, lesson.id, len(lesson.steps)) if text else None


def _wait_for_move(page: Page, store: ProgressStore, learner: int, lesson: Lesson,
                   before: str, lang: str) -> None:
    """Until the run in the database has moved on from ``before`` and the page shows it. Every
    click is made on an idle page (a click on widgets a run is replacing would be lost), so
    one click is enough: none is repeated."""
    for _ in range(1200):
        now = store.lessons.run(learner, lesson.id)
        if now != before:
            break
        page.wait_for_timeout(25)  # polling the database, the condition waited for
    else:
        page.screenshot(path="/tmp/e2e-fail.png", full_page=True)
        raise AssertionError("the click changed nothing")
    run = _run(store, learner, lesson)
    if run is None or run.current is None:
        expect(page.get_by_text(t("lessons.done", lang, title=lesson.title[lang]))
               ).to_be_visible()
    else:
        expect(page.get_by_text(t("lessons.step_of_added" if run.added else "lessons.step_of",
                                  lang, step=run.index + 1, steps=len(run.plan),
                                  added=run.added), exact=True)).to_be_visible()
        step = lesson.steps[run.current.step]
        if run.done or isinstance(step, Explain):
            expect(page.get_by_role("button", name=t("lessons.continue_step", lang),
                                    exact=True)).to_have_count(1)
    _settle(page)


def _continue(page: Page, lang: str, key: str) -> None:
    """Press this item's Continue (by its widget key: a rerun briefly keeps the old button)."""
    button = page.locator(f".st-key-{key} button")
    expect(button).to_have_text(t("lessons.continue_step", lang))
    idle(page)
    try:
        button.click()
    except Exception:
        page.screenshot(path="/tmp/e2e-fail.png", full_page=True)
        raise


def _words(message: Message, lang: str) -> str:
    return render(message, lang, cite=False)


def _answer(page: Page, task: Task, given: LessonAnswer, lang: str, seq: str) -> None:
    if isinstance(given, CardsAnswer | MoveAnswer):
        indices = sorted(given.indices) if isinstance(given, CardsAnswer) else given.indices
        table = page.locator(f'.d14-table[data-seq="{seq}"]')  # this question's table, not
        cards = table.locator(".hand .card")  # a stale one from the run before
        cards.first.wait_for()
        idle(page)
        action = "check" if isinstance(given, CardsAnswer) else BUTTON.get(
            given.kind.value, given.kind.value)
        button = table.locator(f"button[data-action={action}]")
        chosen = cards.evaluate_all(PRESSED)  # a card may come raised (a preselected move)
        for _ in range(len(chosen) + 1):  # cards to raise first: on a one-card table a tap
            now = cards.evaluate_all(PRESSED)  # lowers the card raised before
            todo = [i for i, on in enumerate(now) if not on and i in indices] + \
                [i for i, on in enumerate(now) if on and i not in indices]
            if not todo:
                break
            cards.nth(todo[0]).click()  # each tap once, and its effect waited for
            expect(cards.nth(todo[0])).to_have_attribute(
                "aria-pressed", "true" if todo[0] in indices else "false")
        assert cards.evaluate_all(PRESSED) == [i in indices for i in range(len(chosen))]
        button.click()
    elif isinstance(given, NumberAnswer):
        idle(page)
        field = page.locator("[data-testid=stTextInput] input")
        expect(field).to_have_count(1)  # the last question's field is gone
        field.fill(str(given.value))
        expect(field).to_have_value(str(given.value))  # not a field the rerun replaced
        page.locator("[data-testid=stTextInput]").locator(
            "xpath=ancestor::*[@data-testid='stForm']").get_by_role(
            "button", name=t("lessons.check", lang)).click()
    else:
        assert isinstance(given, ChoiceAnswer)
        label = next(_words(o.label, lang) for o in task.options if o.value == given.value)
        idle(page)
        page.get_by_role("button", name=label, exact=True).click()


def _wrong(task: Task) -> LessonAnswer:
    answer = task.answer
    if isinstance(answer, CardsAnswer) and task.told_count is not None:
        return wrong_answer(task)  # as many cards as the question asks, one of them wrong
    if isinstance(answer, CardsAnswer):
        return CardsAnswer(frozenset({next(i for i in range(len(task.board.tappable))
                                           if i not in answer.indices)}))
    if isinstance(answer, NumberAnswer):
        return NumberAnswer(answer.value + 3)
    if isinstance(answer, ChoiceAnswer):
        return ChoiceAnswer(next(o.value for o in task.options if o.value != answer.value))
    raise AssertionError("the first question of the track is not a move")


def _walk(page: Page, store: ProgressStore, learner: int, lesson: Lesson, lang: str,
          wrong_once: bool) -> bool:
    """Click through ``lesson``; returns whether the one wrong answer is still to be given."""
    while True:
        run = _run(store, learner, lesson)
        if run is None or run.current is None:
            return wrong_once
        stored = store.lessons.run(learner, lesson.id)
        item = run.current
        step = lesson.steps[item.step]
        if isinstance(step, Explain):
            key = f"cont-{run.index}"
            _continue(page, lang, key)
            _wait_for_move(page, store, learner, lesson, stored, lang)
            continue
        task = task_of(lesson, run)
        if wrong_once and not run.done:
            seq = f"{run.run_seed}-{run.index}-{run.attempts}"
            _answer(page, task, _wrong(task), lang, seq)
            _wait_for_move(page, store, learner, lesson, stored, lang)
            expect(page.get_by_text(t("lessons.try_again", lang))).to_be_visible()
            hint = re.sub(r"\*\*", "", t("lessons.hint", lang, hint="")).strip()
            expect(page.get_by_text(hint, exact=False).first).to_be_visible()
            stored = store.lessons.run(learner, lesson.id)
            wrong_once = False
        now = _run(store, learner, lesson)
        assert now is not None
        if not now.done:
            seq = f"{now.run_seed}-{now.index}-{now.attempts}"
            _answer(page, task, task.answer, lang, seq)
            _wait_for_move(page, store, learner, lesson, stored, lang)
            stored = store.lessons.run(learner, lesson.id)
        key = f"next-{run.index}"
        _continue(page, lang, key)
        _wait_for_move(page, store, learner, lesson, stored, lang)


@pytest.mark.rule("R-KONG", "R-CHI", "R-PONG", "R-TOU")
@pytest.mark.parametrize(("lang", "width", "stages"), [
    ("en", 1300, len(LESSONS)), ("zh", 390, len(LESSONS)),  # the whole track
    ("zh", 1300, 1), ("en", 390, 1)])  # the first stage, and the kong lesson below
def test_a_new_learner_completes_the_track_by_clicking(browser: Browser, server: str,
                                                      server_database: Path, lang: str,
                                                      width: int, stages: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 500 else 844})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    store = ProgressStore(open_database(f"sqlite:///{server_database}"))
    link = sign_up(page, server, f"Track {lang} {width}", lang)
    learner = store.learner_by_link(link).id  # type: ignore[union-attr]
    page.get_by_role("button", name=t("home.start", lang)).click()
    _settle(page)
    wrong_once = True
    track = LESSONS[:stages]
    for number, lesson in enumerate(track):
        expect(page.get_by_role("heading", name=f"{lesson.order}. {lesson.title[lang]}")
               ).to_be_visible()
        missed = wrong_once
        wrong_once = _walk(page, store, learner, lesson, lang, wrong_once)
        state = store.lessons.state(learner, lesson.id)
        missed = missed and not wrong_once  # the one wrong answer fell in this lesson
        assert state.completed and state.best_stars == (2 if missed else 3), lesson.id
        expect(page.get_by_text(t("lessons.done", lang, title=lesson.title[lang]))).to_be_visible()
        if number + 1 < len(track):
            following = track[number + 1]
            button = page.get_by_role("button", name=t("lessons.next", lang,
                                                       title=following.title[lang]))
            heading = page.get_by_role("heading",
                                       name=f"{following.order}. {following.title[lang]}")
            idle(page)
            button.click()
            heading.wait_for()
            _settle(page)
    if width == 390:
        page.screenshot(path=str(server_database.parent / f"track-{lang}-{width}.png"),
                        full_page=True)
    if stages < len(LESSONS):  # then the kong lesson, opened from the list
        kong = next(lesson for lesson in LESSONS if lesson.id == "pong-and-kong")
        page.goto(f"{server}/lessons?learner={link}&lang={lang}&lesson={kong.id}")
        expect(page.get_by_role("heading", name=f"{kong.order}. {kong.title[lang]}")
               ).to_be_visible()
        expect(page.get_by_text(t("lessons.step_of", lang, step=1, steps=len(kong.steps)),
                                exact=True)).to_be_visible()
        _settle(page)
        _walk(page, store, learner, kong, lang, False)
        assert store.lessons.state(learner, kong.id).best_stars == 3
    answers = store.answers.rows(learner)
    assert [a.correct for a in answers].count(False) == 1
    assert any(a.item.startswith("pong-and-kong:") and a.answer == "kong" for a in answers)
    context.close()


def _first_table_question(page: Page, store: ProgressStore, learner: int, lesson: Lesson,
                          lang: str) -> None:
    """Continue past the stage's reading steps to its first question at the table."""
    while True:
        run = _run(store, learner, lesson)
        index = 0 if run is None else run.index
        step = lesson.steps[0 if run is None or run.current is None else run.current.step]
        if not isinstance(step, Explain):
            return
        stored = store.lessons.run(learner, lesson.id)
        _continue(page, lang, f"cont-{index}")
        _wait_for_move(page, store, learner, lesson, stored, lang)


def _at_first_question(browser: Browser, server: str, server_database: Path, name: str,
                       lang: str, lesson_id: str, size: tuple[int, int]
                       ) -> tuple[BrowserContext, Page, ProgressStore, int, Lesson, LessonRun]:
    """A new learner ``name`` at ``lesson_id``'s first question at the table, in a browser of
    ``size``: the context, its page, the store, the learner, the lesson and the run."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    store = ProgressStore(open_database(f"sqlite:///{server_database}"))
    link = sign_up(page, server, name, lang)
    learner = store.learner_by_link(link).id  # type: ignore[union-attr]
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    page.goto(f"{server}/lessons?lang={lang}&learner={link}&lesson={lesson.id}")
    _settle(page)
    _first_table_question(page, store, learner, lesson, lang)
    run = _run(store, learner, lesson)
    assert run is not None
    return context, page, store, learner, lesson, run


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1300, 900), ("zh", 390, 844)])
def test_a_lesson_table_fits_the_screen(browser: Browser, server: str, server_database: Path,
                                        lang: str, width: int, height: int) -> None:
    """Issue 31: at a laptop's 1300×900 and a phone's 390×844, a lesson's hand and the table's
    buttons are on screen without scrolling (a discard of 留哪张 and a claim of 吃、扯还是不要)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    store = ProgressStore(open_database(f"sqlite:///{server_database}"))
    link = sign_up(page, server, f"Fits {lang} {width}", lang)
    learner = store.learner_by_link(link).id  # type: ignore[union-attr]
    for lesson in (next(x for x in LESSONS if x.id == "which-discard"),
                   next(x for x in LESSONS if x.id == "claim-or-pass")):
        page.goto(f"{server}/lessons?lang={lang}&learner={link}&lesson={lesson.id}")
        _settle(page)
        _first_table_question(page, store, learner, lesson, lang)
        table = page.locator(".d14-table").last
        table.locator(".hand .card").first.wait_for()
        _settle(page)
        elements = [*table.locator("button[data-action]").all(),
                    *table.locator(".hand .card").all()]
        assert elements
        for element in elements:
            box = element.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
                lesson.id, box)
        run = _run(store, learner, lesson)
        assert run is not None
        board = task_of(lesson, run).board  # what D / F mean, on a phone too
        legend = table.locator(".legend")
        piles = bool(board.pile) or any(seat.pile for seat in board.seats)
        if piles and (not board.pile or (width < 520 and board.seats)):
            expect(legend).to_be_visible()  # a phone hides the title of your own pile
            expect(legend).to_have_text(t("board.pile_legend", lang))
        elif piles:
            expect(legend).to_be_hidden()  # your own pile's title says it
        else:
            expect(legend).to_have_count(0)
        tops = [table.locator(f".seat-{place}").bounding_box() for place in
                ("right", "top", "left")]  # 下家, 对家, 上家
        assert all(box is not None for box in tops)
        ys = [box["y"] for box in tops if box is not None]
        assert ys == sorted(ys) if width < 520 else ys[0] == ys[2]  # a phone: in play order
    context.close()


def test_the_next_question_opens_in_sight_on_a_phone(browser: Browser, server: str,
                                                     server_database: Path) -> None:
    """Walk 41: on a phone, the learner reads the working below the table, presses Continue,
    and the next question's table came with its words scrolled off the top. A new table brings
    the question above it into view, and its hand and buttons stay on the screen."""
    height = 844
    context, page, store, learner, lesson, run = _at_first_question(
        browser, server, server_database, "Next in sight", "zh", "which-discard", (390, height))
    assert not isinstance(lesson.steps[run.plan[run.index + 1].step], Explain)
    stored = store.lessons.run(learner, lesson.id)
    task = task_of(lesson, run)
    _answer(page, task, task.answer, "zh", f"{run.run_seed}-{run.index}-{run.attempts}")
    _wait_for_move(page, store, learner, lesson, stored, "zh")
    # a long working read to its end: room below, as under a late table's, so that the page
    # keeps its scroll when the next question is drawn (a short page would snap back to the top)
    page.add_style_tag(content="[data-testid=stMainBlockContainer] { padding-bottom: 2500px; }")
    page.locator(f".st-key-next-{run.index}").scroll_into_view_if_needed()
    page.mouse.wheel(0, 4000)
    stored = store.lessons.run(learner, lesson.id)
    _continue(page, "zh", f"next-{run.index}")
    _wait_for_move(page, store, learner, lesson, stored, "zh")
    now = _run(store, learner, lesson)
    assert now is not None and now.index == run.index + 1
    asked = page.locator(f".st-key-lesson-{lesson.id}-{now.index}-prompt")
    table = page.locator(f'.d14-table[data-seq="{now.run_seed}-{now.index}-{now.attempts}"]')
    table.locator(".hand .card").first.wait_for()
    _settle(page)
    box = asked.bounding_box()
    assert box is not None and box["y"] >= 0, box  # the question's words, in sight
    for element in (*table.locator("button[data-action]").all(),
                    *table.locator(".hand .card").all()):
        card = element.bounding_box()
        assert card is not None and card["y"] >= 0 and card["y"] + card["height"] <= height
    context.close()


@pytest.mark.rule("R-RED")
def test_a_card_question_takes_as_many_cards_as_it_asks(browser: Browser, server: str,
                                                        server_database: Path) -> None:
    """At "which card…?" a missed card raised beside the next tap would make Check say "First
    tap one of your cards". A one-card question's tap replaces the card raised; a question of n
    cards pressed with more tapped says how many are tapped and how many it takes, and sends
    nothing."""
    context, page, _store, _learner, lesson, run = _at_first_question(
        browser, server, server_database, "Taps as asked", "en", "cards-and-red", (1300, 900))
    task = task_of(lesson, run)
    told = task.told_count
    assert told is not None and len(task.board.tappable) > told
    table = page.locator(f'.d14-table[data-seq="{run.run_seed}-{run.index}-{run.attempts}"]')
    cards = table.locator(".hand .card")
    cards.first.wait_for()
    _settle(page)
    if told == 1:
        for index in (0, 1):
            cards.nth(index).click()
            expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
        expect(cards.nth(0)).to_have_attribute("aria-pressed", "false")
    else:
        for index in range(told + 1):
            cards.nth(index).click()
            expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
        table.locator("button[data-action=check]").click()
        expect(table.locator(".need")).to_have_text(t(
            "board.need_fewer", "en", n=told + 1, max=told, action=t("lessons.check", "en")))
        expect(table).not_to_have_class(re.compile(r"\bpending\b"))  # nothing was sent
    context.close()

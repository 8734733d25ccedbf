"""Lessons in a real browser (headless Chromium against `streamlit run`): the time from a click
to the page settled, per kind of click — a card tap (selection is in the browser: measured from
the click to the next painted frame), checking an answer (to the feedback shown) and continuing
(to the next step shown). Median and p95 over several learners walking the first two stages.
Targets: a card tap < 50 ms; check and continue p95 < 300 ms. Run by ``make bench``."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from benchmarks.stats import p95  # noqa: E402
from tests.e2e.server import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.lessons import Explain, LessonRun, load_lessons  # noqa: E402
from trainer.lessons.answers import CardsAnswer  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402

TAP = """el => new Promise(done => {
  const start = performance.now();
  el.click();
  requestAnimationFrame(() => done(performance.now() - start));
})"""


def _run(store: ProgressStore, learner: int, lesson_id: str, steps: int) -> LessonRun | None:
    text = store.lessons.run(learner, lesson_id)
    return LessonRun.from_json(text, lesson_id, steps) if text else None


SHOWN = """text => [...document.querySelectorAll('[data-testid=stMain] *')].some(
  el => el.childElementCount === 0 && el.textContent.trim() === text
    && !el.closest('[data-stale=true]') && el.getClientRects().length > 0)"""


def _shown(page: Page, text: str) -> None:
    """Wait, checking every animation frame, until ``text`` is on the page (not a stale one)."""
    try:
        page.wait_for_function(SHOWN, arg=text, polling="raf", timeout=20_000)
    except Exception:
        page.screenshot(path="/tmp/bench-fail.png", full_page=True)
        print("waiting for", repr(text))
        raise


def _timed(page: Page, click: object, text: str) -> float:
    start = time.perf_counter()
    click.click()  # type: ignore[attr-defined]
    _shown(page, text)
    return time.perf_counter() - start


def _answer_click(page: Page, step: object) -> object:
    """The click that gives the engine's answer (after the card taps, for a tap task)."""
    task = step.task  # type: ignore[attr-defined]
    if isinstance(task.answer, CardsAnswer):
        return page.locator("button[data-action=check]")
    label = t(task.options[[o.value for o in task.options].index(task.answer.value)].label.key,
              "en")
    return page.get_by_role("button", name=label, exact=True)


def walk(page: Page, url: str, store: ProgressStore, learner: int,
         samples: dict[str, list[float]]) -> None:
    continue_label = t("lessons.continue_step", "en")
    for lesson in load_lessons()[:2]:
        link = store.learner(learner).public_id  # type: ignore[union-attr]
        page.goto(f"{url}/lessons?learner={link}&lang=en&lesson={lesson.id}")
        _shown(page, t("lessons.step_of", "en", step=1, steps=len(lesson.steps)))
        page.wait_for_timeout(300)
        while (run := _run(store, learner, lesson.id, len(lesson.steps))) and run.current:
            step = lesson.steps[run.current.step]
            if not isinstance(step, Explain):
                task = step.task
                if isinstance(task.answer, CardsAnswer):
                    seq = f"{run.run_seed}-{run.index}-{run.attempts}"
                    cards = page.locator(f'.d14-table[data-seq="{seq}"] .hand .card')
                    cards.first.wait_for()
                    for index in sorted(task.answer.indices):
                        samples["card tap"].append(cards.nth(index).evaluate(TAP) / 1000)
                if task.options or isinstance(task.answer, CardsAnswer):
                    samples["check answer"].append(
                        _timed(page, _answer_click(page, step), continue_label))
                else:
                    field = page.locator("[data-testid=stNumberInput] input")
                    field.fill(str(task.answer.value))  # type: ignore[union-attr]
                    start = time.perf_counter()
                    field.press("Enter")
                    _shown(page, continue_label)
                    samples["check answer"].append(time.perf_counter() - start)
                page.wait_for_timeout(100)
            key = f"cont-{run.index}" if isinstance(step, Explain) else f"next-{run.index}"
            cont = page.locator(f".st-key-{key} button")
            expect(cont).to_have_text(continue_label)
            if run.index + 1 < len(run.plan):
                samples["continue"].append(_timed(page, cont, t(
                    "lessons.step_of", "en", step=run.index + 2, steps=len(run.plan))))
            else:
                cont.click()
                _shown(page, t("lessons.done", "en", title=lesson.title["en"]))
            page.wait_for_timeout(100)


def main(learners: int = 3) -> None:
    samples: dict[str, list[float]] = {"card tap": [], "check answer": [], "continue": []}
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        store = ProgressStore(open_database(f"sqlite:///{database}"))
        ids = [store.create_learner(f"Bench {n}").id for n in range(learners)]
        process, url = start_server(database)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS)
                for learner in ids:
                    page = browser.new_page(viewport={"width": 1300, "height": 900})
                    try:
                        walk(page, url, store, learner, samples)
                    except Exception as error:  # a stuck walk is reported, not fatal
                        print(f"  (walk {learner} stopped early: {type(error).__name__})")
                    page.close()
                browser.close()
        finally:
            stop_server(process)
    print("lessons in Chromium: click → page settled (median / p95 / samples); targets: tap "
          "< 50 ms, check and continue p95 < 300 ms")
    for kind, values in samples.items():
        print(f"  {kind:<14} {statistics.median(values) * 1000:7.1f} ms  "
              f"{p95(values) * 1000:7.1f} ms"
              f"  ({len(values)})")


if __name__ == "__main__":
    main()

"""One learner action on the Play page, including the bots' replies at instant pace:

- the engine alone (act, bots to the learner's next decision, the hints' risk analysis and best
  discard);
- the server side of one action: the play service on a real SQLite database (read the stored
  match, act, bots, save with compare-and-set) [target < 150 ms];
- the page's whole script run (AppTest, hints on) [target < 150 ms];
- in a real browser (headless Chromium against ``streamlit run``): from the second tap on a card
  (a discard) to the page settled on the learner's next decision [target p95 < 300 ms on an
  idle machine].

Median and p95. Run by ``make bench``."""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from benchmarks.run_times import Run, runs_of, summary, timer_env  # noqa: E402
from benchmarks.stats import p95  # noqa: E402
from tests.e2e.server import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from trainer.bots import HeuristicBot  # noqa: E402
from trainer.engine import RuleSet  # noqa: E402
from trainer.engine.game.actions import ActionKind  # noqa: E402
from trainer.play import table_service  # noqa: E402
from trainer.play.choices import DISCARD, choices  # noqa: E402
from trainer.play.hints import best_discard, discard_risks  # noqa: E402
from trainer.play.session import Pace, PlaySession, PlaySettings  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402
from trainer.store.progress_store import LearnerInfo  # noqa: E402
from trainer.ui import session  # noqa: E402
from trainer.ui.card_table import ACTION_QUEUE  # noqa: E402


def _learner(store: ProgressStore, name: str) -> LearnerInfo:
    """A new profile whose Play table plays the bots instantly, hints on."""
    profile = store.create_learner(name)
    store.play.set_settings(profile.id, PlaySettings(True, Pace.INSTANT).dumps())
    return profile


def _playing(store: ProgressStore, learner: int) -> PlaySession | None:
    """The learner's hand as stored, or None once it is over."""
    row = store.play.table(learner)
    assert row is not None
    play = PlaySession.loads(row.state_json)
    return None if play.state.over else play


def engine_actions(hands: int = 60) -> list[float]:
    times = []
    bot = HeuristicBot()
    for seed in range(hands):
        play = PlaySession(seed, RuleSet())
        rng = random.Random(seed)
        play.run_bots()
        while not play.state.over:
            action = bot.choose(play.view(), rng)
            start = time.perf_counter()
            play.act(action)
            play.run_bots()
            if play.learner_to_act:
                view = play.view()
                best_discard(view, discard_risks(view))
            times.append(time.perf_counter() - start)
    return times


def service_actions(hands: int = 20) -> list[float]:
    times = []
    bot = HeuristicBot()
    with tempfile.TemporaryDirectory() as folder:
        store = ProgressStore(open_database(f"sqlite:///{folder}/bench.sqlite3"))
        learner = store.create_learner("Bench").id
        for seed in range(hands):
            if seed:
                table_service.new_match(store, learner, table_service.open_table(
                    store, learner, RuleSet()).session.move, RuleSet(), seed)
            rng = random.Random(seed)
            table_service.change(store, learner, table_service.open_table(
                store, learner, RuleSet(), seed).session.move, lambda s: None, Pace.INSTANT)
            while True:
                play = table_service.open_table(store, learner, RuleSet()).session
                if play.state.over:
                    break
                action = bot.choose(play.view(), rng)
                start = time.perf_counter()
                table_service.change(store, learner, play.move,
                                     lambda s, a=action: s.act(a), Pace.INSTANT)
                times.append(time.perf_counter() - start)
    return times


def _press(play: PlaySession, rng: random.Random) -> dict[str, object]:
    view = play.view()
    action = HeuristicBot().choose(view, rng)
    if action.kind is ActionKind.DISCARD:
        return {"action": DISCARD, "cards": [view.hand.index(action.cards[0])],
                "seq": str(play.move)}
    choice = next(c for c in choices(view) if c.action == action)
    return {"action": choice.id, "cards": [], "seq": str(play.move)}


def page_actions(hands: int = 4) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DOU14_DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        session._store.clear()
        store = ProgressStore(open_database())
        for seed in range(hands):
            profile = _learner(store, f"Bench {seed}")
            learner = profile.id
            at = AppTest.from_file(str(ROOT / "trainer" / "app.py"), default_timeout=60)
            at.query_params.update(learner=profile.public_id, seed=str(seed))
            at.switch_page("app_pages/play.py")
            at.run()
            rng = random.Random(seed)
            for _ in range(60):
                play = _playing(store, learner)
                if play is None:
                    break
                at.session_state[ACTION_QUEUE] = {"play-table": _press(play, rng)}
                start = time.perf_counter()
                at.run()
                times.append(time.perf_counter() - start)
    return times


SETTLED = """seq => { let tables = window.__d14tables;
  if (!tables || !tables.length || !tables.every(x => x.isConnected)) {  // found once, then kept
    tables = [];
    const walk = root => { root.querySelectorAll('.d14-table').forEach(x => tables.push(x));
      root.querySelectorAll('*').forEach(e => { if (e.shadowRoot) walk(e.shadowRoot); }); };
    walk(document);  // the card table draws inside its component's shadow root
    window.__d14tables = tables;
  }
  return tables.length > 0 && tables.every(x => x.getAttribute('data-seq') !== seq)
    && !document.querySelector('[data-testid=stStatusWidget]') && performance.now(); }"""
"""The page settled on a new question: the time (the page's clock) it was seen, else false."""

ANSWERED = """seq => { const found = [];
  const walk = root => { root.querySelectorAll('.d14-table').forEach(x => found.push(x));
    root.querySelectorAll('*').forEach(e => { if (e.shadowRoot) walk(e.shadowRoot); }); };
  walk(document);
  const table = found.find(x => x.getAttribute('data-seq') === seq);
  const at = table && table.getAttribute('data-answered');
  return at ? Number(at) : null; }"""
"""When the table showed the answer (table.js ``fire``: the cards played lift away at once), on
the page's clock; None once the next table has replaced it."""

TAP_CLOCK = """document.addEventListener('pointerdown', event => { window.__d14tap = event.timeStamp; },
  true);"""
"""Remembers when the last tap reached the page (its clock): the tap as the learner makes it,
without the test driver's own checks before it clicks (about 80 ms here)."""


def browser_discards(hands: int = 12
                     ) -> tuple[list[float], list[float], list[float], list[Run]]:
    """From the discarding tap to the next decision drawn and the page idle: from the tap's
    event in the page, and from the test driver's click call; from the tap to the answer shown
    on the table (before the server's reply); and the server's page runs, timed inside its
    process."""
    times, driver, shown = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        run_times = Path(folder) / "run-times"
        process, url = start_server(database, timer_env(run_times))
        store = ProgressStore(open_database(f"sqlite:///{database}"))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS)
                for seed in range(hands):
                    profile = _learner(store, f"Browser {seed}")
                    learner = profile.id
                    page: Page = browser.new_page(viewport={"width": 1300, "height": 900})
                    page.add_init_script(TAP_CLOCK)
                    page.goto(f"{url}/play?learner={profile.public_id}&lang=en&seed={seed}")
                    page.locator(".d14-table").first.wait_for(timeout=30_000)
                    rng = random.Random(seed)
                    for _ in range(60):
                        play = _playing(store, learner)
                        if play is None:
                            break
                        page.locator(f'.d14-table[data-seq="{play.move}"]').wait_for()
                        page.wait_for_function(
                            "() => !document.querySelector('[data-testid=stStatusWidget]')")
                        press = _press(play, rng)
                        table = page.locator(f'.d14-table[data-seq="{play.move}"]')
                        if press["action"] == DISCARD:
                            card = table.locator(".hand .card").nth(press["cards"][0])  # type: ignore[index]
                            card.click()
                            start = time.perf_counter()
                            card.click()
                            answered = page.evaluate(ANSWERED, str(play.move))
                        else:
                            start = time.perf_counter()
                            table.locator(f'button[data-action="{press["action"]}"]').click()
                        settled = page.wait_for_function(SETTLED, arg=str(play.move),
                                                         polling="raf", timeout=30_000)
                        if press["action"] == DISCARD:
                            driver.append(time.perf_counter() - start)
                            tapped = page.evaluate("() => window.__d14tap")
                            times.append((settled.json_value() - tapped) / 1000)
                            if answered is not None:
                                shown.append((answered - tapped) / 1000)
                    page.close()
                browser.close()
            runs = runs_of(run_times, process.pid)
        finally:
            stop_server(process)
    return times, driver, shown, runs


def report(label: str, times: list[float]) -> None:
    print(f"  {label:<52} median {statistics.median(times) * 1000:6.1f} ms, "
          f"p95 {p95(times) * 1000:6.1f} ms, n={len(times)}")


if __name__ == "__main__":
    print("one learner action including the bots' replies (instant pace):")
    report("engine: act + bots + risk + best discard", engine_actions())
    report("server: play service on SQLite [< 150 ms]", service_actions())
    report("Play page script run (AppTest, hints on) [< 150 ms]", page_actions())
    tapped, clicked, shown, runs = browser_discards()
    report("Chromium: discard tap -> answer shown on the table", shown)
    report("Chromium: discard tap -> page settled [p95 < 300 ms]", tapped)
    report("  the same from the test driver's click call", clicked)
    print(f"  the server meanwhile: {summary(runs)}")

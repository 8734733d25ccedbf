"""Page speed: the server time of one run of each page (measured inside a Streamlit process,
opened through Streamlit's own protocol) with the whole puzzle bank rated and a learner with
10,000 answers (issue 15: p95 < 30 ms), then with 100,000; and the time from starting
`streamlit run` to the home page painted in headless Chromium. Run by ``make bench``."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load import Client  # noqa: E402
from benchmarks.practice import fill, rate_bank  # noqa: E402
from benchmarks.run_times import runs_of, summary, timer_env  # noqa: E402
from tests.e2e.server import start_server, stop_server  # noqa: E402
from trainer.practice import puzzle_service as service  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402

APP = str(ROOT / "trainer" / "app.py")
PAGES = {"home": ("", ""), "lessons (list)": ("lessons", ""),
         "lesson step": ("lessons", "&lesson=red-points"), "puzzles": ("puzzles", "&mode=rated"),
         "drills": ("drills", ""), "play": ("play", ""), "check": ("check", ""),
         "rules": ("rules", ""), "glossary": ("glossary", ""), "progress": ("progress", ""),
         "settings": ("settings", "")}
ANSWERS = (10_000, 100_000)


def page_runs(answers: int, rounds: int = 20, only: Sequence[str] = ()) -> None:
    """Each page (or those named in ``only``) opened ``rounds`` times through Streamlit's own
    protocol by a learner with ``answers`` answers, its runs timed inside the server
    (``run_timer``)."""
    with tempfile.TemporaryDirectory() as folder:
        times = Path(folder) / "run-times"
        database = Path(folder) / "bench.sqlite3"
        store = ProgressStore(open_database(f"sqlite:///{database}"))
        profile = store.create_learner("Bench")
        rate_bank(store)
        fill(store, profile.id, answers)
        process, url = start_server(database, timer_env(times))
        try:
            print(f"server time of one page run, {len(service.bank())} puzzles rated, a learner "
                  f"with {answers:,} answers ({rounds} runs each, measured inside the "
                  "process; target p95 < 30 ms):")
            for label, (page, extra) in PAGES.items():
                if only and label not in only:
                    continue
                query = f"learner={profile.public_id}&lang=en{extra}"
                asyncio.run(_open(url, query, page, 2))  # warm: the page's first run
                before = len(runs_of(times, process.pid))
                asyncio.run(_open(url, query, page, rounds))
                print(f"  {label:<16} {summary(runs_of(times, process.pid)[before:])}")
        finally:
            stop_server(process)


async def _open(url: str, query: str, page: str, rounds: int) -> None:
    async with Client(url, query, page=page) as tab:
        for _ in range(rounds):
            tab.query = query
            await tab.run()


def start_to_paint() -> None:
    from playwright.sync_api import sync_playwright

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DOU14_DATABASE_URL": f"sqlite:///{folder}/paint.sqlite3"}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"])
            page = browser.new_page()
            start = time.perf_counter()
            server = subprocess.Popen(
                [sys.executable, "-m", "streamlit", "run", APP, "--server.headless", "true",
                 "--server.port", str(port), "--server.address", "127.0.0.1",
                 "--browser.gatherUsageStats", "false"], env=env, cwd=ROOT,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                while True:
                    try:
                        page.goto(f"http://127.0.0.1:{port}/", timeout=2000)
                        break
                    except Exception:
                        if time.perf_counter() - start > 60:
                            raise
                        time.sleep(0.1)
                page.locator("img.d14-card").first.wait_for(timeout=60_000)
                painted = time.perf_counter() - start
                page.reload()
                reload_start = time.perf_counter()
                page.locator("img.d14-card").first.wait_for(timeout=60_000)
                reloaded = time.perf_counter() - reload_start
            finally:
                server.terminate()
                server.wait(10)
                browser.close()
    print(f"start `streamlit run` → home painted in Chromium: {painted:.2f} s "
          f"(a reload of a running server: {reloaded:.2f} s)")


if __name__ == "__main__":  # with page labels (``progress home``): those pages' runs only
    for count in ANSWERS:
        page_runs(count, only=sys.argv[1:])
    if not sys.argv[1:]:
        start_to_paint()

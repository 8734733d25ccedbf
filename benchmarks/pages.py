"""Page speed: the server-side time of one script run of each page (AppTest, median of repeated
runs on a warm process), and the time from starting `streamlit run` to the home page painted in
headless Chromium. Run by ``make bench``."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.store import ProgressStore, open_database  # noqa: E402
from trainer.ui import session  # noqa: E402

APP = str(ROOT / "trainer" / "app.py")
PAGES = {"home": None, "lessons (list)": "lessons", "lesson step": "lessons", "rules": "rules",
         "check": "check", "settings": "settings"}


def page_runs(rounds: int = 15) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DOU14_DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        session._store.clear()
        learner = ProgressStore(open_database()).create_learner("Bench").public_id
        print("server-side time of one script run (AppTest, median of "
              f"{rounds} warm runs; target < 150 ms for home and lessons):")
        for label, page in PAGES.items():
            at = AppTest.from_file(APP, default_timeout=60)
            at.query_params["learner"] = learner
            if label == "lesson step":
                at.query_params["lesson"] = "red-points"
            if page:
                at.switch_page(f"app_pages/{page}.py")
            at.run()
            times = []
            for _ in range(rounds):
                start = time.perf_counter()
                at.run()
                times.append(time.perf_counter() - start)
            assert not at.exception
            print(f"  {label:<16} {statistics.median(times) * 1000:7.1f} ms "
                  f"(min {min(times) * 1000:.1f})")


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


if __name__ == "__main__":
    page_runs()
    start_to_paint()

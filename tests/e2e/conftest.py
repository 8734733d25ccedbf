"""A real server and a real browser: `streamlit run` on a free local port with a fresh database,
driven by Playwright in Debian's headless Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    database = tmp_path_factory.mktemp("e2e") / "progress.sqlite3"
    env = {**os.environ, "DOU14_DATABASE_URL": f"sqlite:///{database}"}
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "trainer" / "app.py"),
         "--server.headless", "true", "--server.port", str(port), "--server.address",
         "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        process.kill()
        output = process.stdout.read().decode() if process.stdout else ""
        raise RuntimeError(f"streamlit did not start:\n{output}")
    yield url
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: .ci/run installs Debian's chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    tab = context.new_page()
    yield tab
    context.close()

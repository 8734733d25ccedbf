"""A real server and a real browser: `streamlit run` on a free local port with a fresh database,
driven by Playwright in Debian's headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.e2e.server import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server
from tests.e2e.waits import TIMEOUT_MS, watch_runs

# A busy two-core CI machine runs the server, Chromium and pytest at once: a page can take
# several seconds to settle, so every expectation and action waits as long as an idle page
# does (waits.TIMEOUT_MS; Playwright's default is 5 s).
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="session")
def server_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SQLite file the test server keeps progress in (tests read it to know where a
    learner is, as a teacher looking over their shoulder would)."""
    return tmp_path_factory.mktemp("e2e") / "progress.sqlite3"


@pytest.fixture(scope="session")
def server(server_database: Path) -> Iterator[str]:
    process, url = start_server(server_database)
    yield url
    stop_server(process)


@pytest.fixture(scope="session")
def short_clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second server whose timed puzzle run lasts 12 seconds instead of 180."""
    database = tmp_path_factory.mktemp("e2e-clock") / "progress.sqlite3"
    process, url = start_server(database, {"DOU14_TIMED_SECONDS": "12"})
    yield url
    stop_server(process)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: .ci/run installs Debian's chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    watch_runs(context)
    tab = context.new_page()
    yield tab
    context.close()

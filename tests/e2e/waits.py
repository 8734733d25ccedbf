"""Waiting for Streamlit by its own state, never by the clock.

Streamlit marks its root ``stApp`` with the script's run state and the connection's, and each
element drawn by an earlier run with ``data-stale`` while a run is under way. A click that
lands on an element the running script is about to replace is lost, as a person's would be:
so a test waits until the app is idle before it acts, and waits for the effect after."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

IDLE = ('[data-testid="stApp"][data-test-script-state="notRunning"]'
        '[data-test-connection-state="CONNECTED"]')
TIMEOUT_MS = 30_000  # a busy machine (both cores taken) runs a page in seconds, not 30


def idle(page: Page) -> None:
    """Until the script has finished its run and nothing on the page is left from before."""
    expect(page.locator(IDLE)).to_have_count(1, timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0, timeout=TIMEOUT_MS)
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=TIMEOUT_MS)
    expect(page.locator(IDLE)).to_have_count(1, timeout=TIMEOUT_MS)


COUNT_MESSAGES = """(() => {
  const Native = window.WebSocket;
  window.__d14messages = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { window.__d14messages += 1; });
    }
  };
})()"""
"""An init script for a browser context: counts the messages the server sends the page. A run,
however short, sends at least its end (``scriptFinished``); the script state attribute does
not do (a quick fragment run can start and end within one render)."""


def watch_runs(context: BrowserContext) -> None:
    """Let :func:`after_run` see runs in the pages of ``context`` (before they are opened)."""
    context.add_init_script(COUNT_MESSAGES)


def after_run(page: Page, act: Callable[[], object]) -> None:
    """Do ``act`` (a click, a key) and wait for the run it starts to finish. An act that starts
    no run is a lost click, and fails here instead of being pressed again."""
    idle(page)
    before = page.evaluate("window.__d14messages")
    assert isinstance(before, int), "the page's context was not given watch_runs()"
    act()
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while page.evaluate("window.__d14messages") == before:  # polled from here: a page's
        assert time.monotonic() < deadline, "the act started no run"  # policy may forbid
        page.wait_for_timeout(25)  # the eval wait_for_function needs (the nginx CSP)
    idle(page)

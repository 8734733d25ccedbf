"""Waiting for Streamlit by its own state, never by the clock.

Streamlit marks its root ``stApp`` with the script's run state and the connection's, and each
element drawn by an earlier run with ``data-stale`` while a run is under way. A click that
lands on an element the running script is about to replace is lost, as a person's would be:
so a test waits until the app is idle before it acts, and waits for the effect after."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

IDLE = ('[data-testid="stApp"][data-test-script-state="notRunning"]'
        '[data-test-connection-state="CONNECTED"]')
TIMEOUT_MS = 30_000  # a busy machine (both cores taken) runs a page in seconds, not 30


def idle(page: Page) -> None:
    """Until the script has finished its run and nothing on the page is left from before."""
    expect(page.locator(IDLE)).to_have_count(1, timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0, timeout=TIMEOUT_MS)
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=TIMEOUT_MS)
    expect(page.locator(IDLE)).to_have_count(1, timeout=TIMEOUT_MS)


_WATCH = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  window.__d14ran = false;
  if (window.__d14watch) window.__d14watch.disconnect();
  window.__d14watch = new MutationObserver(() => {
    if (app.getAttribute('data-test-script-state') !== 'notRunning') window.__d14ran = true;
  });
  window.__d14watch.observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
}"""
_RAN = "() => window.__d14ran !== false"  # true, or a new document (undefined): it ran


def after_run(page: Page, act: Callable[[], object]) -> None:
    """Do ``act`` (a click, a key) and wait for the run it starts to finish. A watcher set on
    the app root before acting sees the run begin however short it is; an act that starts
    no run is a lost click, and fails here instead of being pressed again."""
    idle(page)
    page.evaluate(_WATCH)
    act()
    page.wait_for_function(_RAN, timeout=TIMEOUT_MS)
    idle(page)

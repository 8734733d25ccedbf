"""Behind nginx, in headless Chromium (issue 26): an export of 18,000 answers (1.5 MB; nginx
refused anything over 1 MB with a 413) imports; an open profile's link is not in nginx's access
log; the app and nginx both send frame-ancestors, X-Frame-Options and a content security policy,
and the pages — the card table, the browser-memory component, the charts — work under it."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from tests.e2e.accounts import sign_up
from tests.e2e.waits import TIMEOUT_MS
from tests.test_csv_import import exported
from trainer.i18n import t
from trainer.serve import NGINX, Arrangement, arrangement


@pytest.fixture(scope="module")
def behind_nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arrangement]:
    assert Path(NGINX).exists(), f"{NGINX} is missing: make test installs Debian's nginx-light"
    folder = tmp_path_factory.mktemp("nginx")
    with arrangement(1, f"sqlite:///{folder / 'p.sqlite3'}", folder=folder / "serve") as running:
        yield running


def _open_profile(page: Page, url: str, name: str) -> str:
    return sign_up(page, url, name)


def _until_cookie(context: BrowserContext, name: str) -> None:
    """Wait for the browser to hold cookie ``name``, and check page script cannot read it."""
    deadline = time.monotonic() + 30
    while not any(cookie["name"] == name for cookie in context.cookies()):
        assert time.monotonic() < deadline, f"the browser never held {name}"
        time.sleep(0.1)
    held = next(cookie for cookie in context.cookies() if cookie["name"] == name)
    assert held.get("httpOnly") is True and held.get("sameSite") == "Strict", held


def _violations(page: Page) -> list[str]:
    seen: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            seen.append(message.text)

    page.on("console", heard)
    return seen


def test_a_large_export_imports_through_nginx(browser: Browser,
                                              behind_nginx: Arrangement, tmp_path: Path) -> None:
    csv_file = tmp_path / "dou14-export.csv"
    csv_file.write_text(exported(18_000), encoding="utf-8")
    assert csv_file.stat().st_size > 1024 * 1024  # over nginx's old limit
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    link = _open_profile(page, behind_nginx.url, "Big importer")
    page.goto(f"{behind_nginx.url}/progress?learner={link}&lang=en")
    page.locator("input[type=file]").set_input_files(str(csv_file))
    expect(page.get_by_text(t("progress.imported", "en", added=18_000, duplicates=0)))\
        .to_be_visible(timeout=120_000)
    expect(page.get_by_text("413")).to_have_count(0)
    context.close()


def test_an_open_profiles_link_is_not_logged(browser: Browser,
                                             behind_nginx: Arrangement) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    link = _open_profile(page, behind_nginx.url, "Unlogged")
    page.goto(f"{behind_nginx.url}/lessons?learner={link}&lang=en")
    expect(page.get_by_role("heading", name=t("nav.lessons", "en"))).to_be_visible()
    context.close()
    log = (behind_nginx.folder / "access.log").read_text()
    assert "/lessons " in log  # the visit is logged, by its path
    assert link not in log and "learner=" not in log


@pytest.mark.parametrize("where", ["nginx", "app"])
def test_security_headers_are_sent(where: str, behind_nginx: Arrangement) -> None:
    url = behind_nginx.url if where == "nginx" else \
        f"http://127.0.0.1:{next(iter(behind_nginx.replicas))}"
    with urllib.request.urlopen(url + "/") as answer:
        headers = answer.headers
    policy = headers.get_all("Content-Security-Policy") or []
    assert len(policy) == 1 and "frame-ancestors 'self'" in policy[0]
    assert "script-src 'self' blob: 'sha256-" in policy[0] and "unsafe-eval" not in policy[0]
    assert headers.get_all("X-Frame-Options") == ["SAMEORIGIN"]
    assert headers.get("Referrer-Policy") == "same-origin"


def test_the_pages_work_under_the_policy(browser: Browser, behind_nginx: Arrangement) -> None:
    from trainer.store import ProgressStore, open_database

    context = browser.new_context(viewport={"width": 1300, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    blocked = _violations(page)
    link = _open_profile(page, behind_nginx.url, "Under policy")
    _until_cookie(context, "dou14_session")  # browser memory ran
    page.goto(f"{behind_nginx.url}/puzzles?learner={link}&lang=en&mode=rated")
    expect(page.locator(".d14-table").first).to_be_visible()  # the card table's own script
    store = ProgressStore(open_database(behind_nginx.database_url))
    learner = store.learner_by_link(link)
    assert learner is not None
    for number in range(3):
        store.answers.record(learner.id, context="drill", item=f"red:{number}", question="q",
                            answer="7", expected="8", correct=bool(number % 2), seconds=3.0,
                            skill="drill:red", rule_ids=("R-RED",))
    page.goto(f"{behind_nginx.url}/progress?learner={link}&lang=en")
    expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible()  # the charts
    assert not blocked, blocked  # nothing fetched from outside (the tab icon is ours)
    context.close()

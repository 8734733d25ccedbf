"""Two replicas behind nginx on a throwaway PostgreSQL (issue 15): a learner works through one
replica; that replica is stopped; the browser reconnects through nginx to the other and goes on
where it was, with nothing lost."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.waits import TIMEOUT_MS
from trainer.i18n import t
from trainer.lessons import load_lessons
from trainer.serve import NGINX, arrangement
from trainer.store import ProgressStore, open_database

LESSON = load_lessons()[0]


def _replica_of(log: Path, key: str) -> int:
    """The upstream port that answered this browser's last logged request (all of a
    browser's requests go to one replica by its cookie; a websocket is logged only once it
    closes, so the page's own requests tell where the open one went)."""
    ports = [int(match.group(1)) for line in log.read_text().splitlines()
             if f"key={key}" in line and '/_stcore/stream' not in line
             and (match := re.search(r"-> (?:[\d.:]+, )*127\.0\.0\.1:(\d+) ", line))]
    assert ports, "the browser never went through nginx"
    return ports[-1]


def _step_shown(page: Page, step: int) -> None:
    expect(page.get_by_text(t("lessons.step_of", "en", step=step, steps=len(LESSON.steps)),
                            exact=True)).to_be_visible(timeout=30_000)


@pytest.mark.rule("R-RED")
def test_a_learner_goes_on_through_the_other_replica(browser: Browser, fresh_postgres_url: str,
                                                    tmp_path: Path) -> None:
    assert Path(NGINX).exists(), f"{NGINX} is missing: make test installs Debian's nginx-light"
    with arrangement(2, fresh_postgres_url, folder=tmp_path / "serve") as running:
        context = browser.new_context(viewport={"width": 1300, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        page.goto(f"{running.url}/?lang=en")
        page.get_by_label(t("profile.name_label", "en")).first.fill("Relay")
        page.get_by_role("button", name=t("profile.create", "en")).click()
        expect(page.get_by_text(t("home.hello_new", "en", name="Relay"))).to_be_visible()
        link = re.search(r"learner=([\w-]+)", page.url).group(1)  # type: ignore[union-attr]
        page.goto(f"{running.url}/lessons?learner={link}&lang=en&lesson={LESSON.id}")
        _step_shown(page, 1)
        page.get_by_role("button", name=t("lessons.continue", "en"), exact=True).click()
        _step_shown(page, 2)

        key = next(c["value"] for c in context.cookies() if c["name"] == "dou14_replica")
        first = _replica_of(running.folder / "access.log", key)
        assert set(running.replicas) - {first}, "two replicas"
        running.stop_replica(first)  # the learner's replica dies

        page.reload()  # what the learner does when the page says it lost the connection
        _step_shown(page, 2)  # the same learner, the same step: nothing lived only in memory
        second = _replica_of(running.folder / "access.log", key)
        assert second != first
        store = ProgressStore(open_database(fresh_postgres_url))
        learner = store.learner_by_link(link)
        assert learner is not None and learner.name == "Relay"
        assert store.lessons.state(learner.id, LESSON.id).step == 1  # the step reached before
        context.close()

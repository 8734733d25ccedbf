"""In headless Chromium (issue 26): setting or changing a password keeps this browser signed in
through a reload — the new sign-in is written before the old one is revoked — and an open
profile's link alone cannot give it a password: only the browser that made it can."""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.accounts import sign_up
from trainer.i18n import t

SECRET = "a long enough secret"
NEWER = "an even longer secret"


def _eventually(condition: Callable[[], bool], what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"never: {what}")


def _cookie(context: BrowserContext, name: str) -> str:
    return next((c["value"] for c in context.cookies() if c["name"] == name), "")


def _revoked(database: Path, token: str) -> bool:
    digest = hashlib.sha256(token.encode()).hexdigest()
    with sqlite3.connect(database) as connection:
        row = connection.execute("SELECT revoked FROM sign_in_sessions WHERE token_hash = ?",
                                 (digest,)).fetchone()
    return bool(row and row[0])


def _create(page: Page, server: str, name: str, password: str = "") -> str:
    link = sign_up(page, server, name, password=password)
    kept = ("dou14_session",) if password else ("dou14_session", "dou14_learner")
    _eventually(lambda: any(_cookie(page.context, name) for name in kept), "the browser's cookie")
    return link


def _save_password(page: Page, server: str, link: str, new: str, current: str = "") -> None:
    page.goto(f"{server}/settings?learner={link}&lang=en")
    if current:
        page.get_by_label(t("settings.password_current", "en")).fill(current)
    page.get_by_label(t("settings.password_new", "en")).fill(new)
    page.get_by_role("button", name=t("settings.password_set", "en")).click()
    expect(page.get_by_text(t("settings.password_saved", "en"))).to_be_visible()


def _still_signed_in(page: Page, name: str) -> None:
    """Settings of ``name``'s private profile, open: only a signed-in browser gets there."""
    expect(page.get_by_role("heading", name=t("settings.title", "en"))).to_be_visible()
    expect(page.get_by_text(name, exact=True)).to_be_visible()  # "signed in as **name**"
    expect(page.get_by_label(t("settings.password_current", "en"))).to_be_visible()
    expect(page.get_by_text(t("profile.private_link", "en"))).to_have_count(0)
    expect(page.get_by_text(t("profile.needed", "en"))).to_have_count(0)


def test_a_password_change_keeps_this_browser_signed_in(browser: Browser, server: str,
                                                        server_database: Path) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    link = _create(page, server, "Changes often", SECRET)
    before = _cookie(context, "dou14_session")
    _save_password(page, server, link, NEWER, current=SECRET)
    _eventually(lambda: _cookie(context, "dou14_session") not in ("", before),
                "the new sign-in in the browser")
    _eventually(lambda: _revoked(server_database, before), "the old sign-in revoked")
    page.reload()
    _still_signed_in(page, "Changes often")
    page.goto(f"{server}/settings?lang=en")  # the cookie alone, no link
    _still_signed_in(page, "Changes often")
    context.close()


def test_an_open_profile_made_private_stays_signed_in_after_a_reload(browser: Browser,
                                                                     server: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    link = _create(page, server, "Newly private")
    _save_password(page, server, link, SECRET)
    page.reload()  # at once: the sign-in it had still holds until the new one is written
    _still_signed_in(page, "Newly private")
    context.close()


def test_an_open_profiles_link_cannot_give_it_a_password(browser: Browser, server: str) -> None:
    owner = browser.new_context(viewport={"width": 1300, "height": 900})
    link = _create(owner.new_page(), server, "Shared link")
    stranger = browser.new_context(viewport={"width": 1300, "height": 900})
    page = stranger.new_page()
    page.goto(f"{server}/settings?learner={link}&lang=en")  # the link: the profile opens
    expect(page.get_by_role("button", name=t("profile.sign_out", "en"), exact=True))\
        .to_be_visible()  # drawn after the password's place: the page is whole
    expect(page.get_by_label(t("settings.password_new", "en"))).to_have_count(0)
    expect(page.get_by_text(t("claim.not_owner", "en"))).to_be_visible()
    expect(page.get_by_text(t("profile.open_note_here", "en"))).to_have_count(0)  # no "below"
    stranger.close()
    mine = owner.new_page()  # its own browser can
    _save_password(mine, server, link, SECRET)
    owner.close()


def test_page_script_cannot_read_the_sign_in(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    _create(page, server, "Script proof", SECRET)
    held = {cookie["name"]: cookie for cookie in context.cookies()}
    assert held["dou14_session"].get("httpOnly") is True, held["dou14_session"]
    assert held["dou14_session"].get("sameSite") == "Strict"
    assert "dou14_session" not in page.evaluate("() => document.cookie")
    token = held["dou14_session"]["value"]
    assert token not in page.content()  # not in the page's markup either
    context.close()

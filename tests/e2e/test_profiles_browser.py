"""End to end in headless Chromium: a profile stays open across a reload and a new tab through
this browser's cookies; a private profile's link opens nothing in another browser; signing out
forgets it (issue 14)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.accounts import sign_up
from trainer.i18n import t

SECRET = "a long enough secret"


def _create(page: Page, server: str, name: str, password: str = "") -> str:
    link = sign_up(page, server, name, password=password)
    _wait_for_cookie(page, "dou14_session")  # open or not: the browser that made it signs in
    return link


def _wait_for_cookie(page: Page, name: str) -> None:
    """The cookie is written by a component drawn just after the page: give it a moment."""
    for _ in range(100):
        if any(cookie["name"] == name for cookie in page.context.cookies()):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the browser never kept {name}")


def _greeted(page: Page, name: str) -> None:
    expect(page.get_by_text(t("home.hello_new", "en", name=name))).to_be_visible()


def test_a_private_profile_stays_signed_in_only_in_its_browser(browser: Browser,
                                                               server: str) -> None:
    mine = browser.new_context(viewport={"width": 1300, "height": 900})
    page = mine.new_page()
    link = _create(page, server, "Secret keeper", SECRET)
    page.goto(f"{server}/?lang=en")  # no profile in the URL: the browser's sign-in cookie
    _greeted(page, "Secret keeper")
    other_tab = mine.new_page()
    other_tab.goto(f"{server}/?lang=en")
    _greeted(other_tab, "Secret keeper")

    theirs = browser.new_context(viewport={"width": 390, "height": 844})
    stranger = theirs.new_page()
    stranger.goto(f"{server}/?lang=en&learner={link}")  # the link alone is no credential
    expect(stranger.get_by_text(t("profile.private_link", "en"))).to_be_visible()
    expect(stranger.get_by_text(t("home.hello_new", "en", name="Secret keeper"))).to_have_count(0)
    theirs.close()

    page.goto(f"{server}/settings?lang=en")
    page.get_by_role("button", name=t("profile.sign_out", "en"), exact=True).click()
    expect(page.get_by_text(t("home.welcome", "en"))).to_be_visible()
    page.reload()
    expect(page.get_by_text(t("home.welcome", "en"))).to_be_visible()
    expect(page.get_by_text(t("home.hello_new", "en", name="Secret keeper"))).to_have_count(0)
    mine.close()


def test_an_open_profile_comes_back_in_the_browser_that_made_it(browser: Browser,
                                                                server: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    _create(page, server, "Open book")
    page.goto(f"{server}/?lang=en")
    _greeted(page, "Open book")
    expect(page.get_by_text(t("profile.open_note", "en"))).to_be_visible()
    context.close()

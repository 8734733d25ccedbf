"""A new learner signed up in the browser, as a newcomer does: Home, a name (and a password for a
private profile), "create"; the greeting seen. Shared by the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from trainer.i18n import t


def sign_up(page: Page, server: str, name: str, lang: str = "en", password: str = "") -> str:
    """Create the profile ``name`` at ``server``; its public link id (from the address)."""
    page.goto(f"{server}/?lang={lang}")
    page.get_by_label(t("profile.name_label", lang)).fill(name)
    if password:
        page.get_by_role("textbox", name=t("profile.password_label", lang)).fill(password)
    page.get_by_role("button", name=t("profile.create", lang)).click()
    expect(page.get_by_text(t("home.hello_new", lang, name=name))).to_be_visible()
    match = re.search(r"learner=([\w-]+)", page.url)  # the profile's public id, not its row id
    assert match and not match.group(1).isdecimal(), page.url
    return match.group(1)

"""Signing in through an OIDC provider, end to end in Chromium (issue 14): the trainer with an
``[auth]`` secrets section pointing at a mock provider on loopback (``oidc-provider-mock``); the
learner presses the sign-in button, authorises at the provider, comes back signed in to a private
profile, stays signed in across a reload, and another browser sees nothing of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import oidc_provider_mock
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.server import free_port, start_server, stop_server
from tests.e2e.waits import TIMEOUT_MS
from trainer.i18n import t
from trainer.store import ProgressStore, open_database


@pytest.fixture
def provider() -> Iterator[str]:
    user = oidc_provider_mock.User(sub="mei-42", claims={"name": "Mei Lin",
                                                         "email": "mei@example.org"})
    with oidc_provider_mock.run_server_in_thread(user_claims=[user]) as server:
        yield f"http://127.0.0.1:{server.server_port}"


def test_sign_in_through_the_provider(browser: Browser, provider: str, tmp_path: Path) -> None:
    port = free_port()
    secrets = tmp_path / "secrets.toml"
    secrets.write_text(f"""[auth]
redirect_uri = "http://127.0.0.1:{port}/oauth2callback"
cookie_secret = "a-test-cookie-secret-of-some-length"
client_id = "dou14-trainer"
client_secret = "not-a-real-secret"
server_metadata_url = "{provider}/.well-known/openid-configuration"
""", encoding="utf-8")
    database = tmp_path / "progress.sqlite3"
    process, url = start_server(database, {"STREAMLIT_SECRETS_FILES": str(secrets)}, port=port)
    try:
        context = browser.new_context(viewport={"width": 1300, "height": 900})
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        page.goto(f"{url}/?lang=en")
        page.get_by_role("button", name=t("profile.oidc_sign_in", "en")).click()
        page.get_by_role("button", name="mei-42").click()  # the provider's page: who is this
        expect(page.get_by_text(t("home.hello_new", "en", name="Mei Lin"))).to_be_visible()
        page.reload()
        expect(page.get_by_text(t("home.hello_new", "en", name="Mei Lin"))).to_be_visible()
        link = page.url.split("learner=")[1].split("&")[0]
        store = ProgressStore(open_database(f"sqlite:///{database}"))
        mei = store.learner_by_link(link)
        assert mei is not None and mei.private and mei.name == "Mei Lin"

        stranger = browser.new_context().new_page()
        stranger.goto(f"{url}/?lang=en&learner={link}")
        expect(stranger.get_by_text(t("profile.private_link", "en"))).to_be_visible()
        expect(stranger.get_by_text(t("home.hello_new", "en", name="Mei Lin"))).to_have_count(0)
        stranger.context.close()
        context.close()
    finally:
        stop_server(process)

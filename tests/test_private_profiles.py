"""Private profiles: random public ids in URLs, argon2 passwords, hashed expiring revocable
sign-in tokens, no list of learners on any page (issue 14)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, text, update
from sqlalchemy.orm import Session
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import APP, app, click
from tests.seeding import learners
from trainer.i18n import t
from trainer.store import ProgressStore
from trainer.store.models import Learner, SignInSession
from trainer.store.progress_store import ProgressError

SECRET = "correct horse battery"


def _failure(call: object) -> str:
    with pytest.raises(ProgressError) as caught:
        call()  # type: ignore[operator]
    return caught.value.key


def test_a_public_id_is_random_and_never_the_row_id(db: tuple[ProgressStore, str]) -> None:
    store, ann = db
    bob = store.create_learner("Bob")
    ids = {store.learner(int(ann)).public_id, bob.public_id}  # type: ignore[union-attr]
    assert len(ids) == 2
    for public in ids:
        assert len(public) >= 20 and not public.isdecimal()
        assert store.learner_by_link(public) is not None
    assert store.learner_by_link(ann) is None  # the row id opens nothing
    assert store.learner_by_link(str(bob.id)) is None


def test_a_password_is_stored_as_an_argon2_hash(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    cleo = store.create_learner("Cleo", password=SECRET)
    assert cleo.private
    with Session(store.engine) as session:
        stored = session.scalars(select(Learner.password_hash)
                                 .where(Learner.id == cleo.id)).one()
    assert stored is not None and stored.startswith("$argon2id$") and SECRET not in stored


def test_signing_in_gives_a_token_kept_only_as_its_hash(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    cleo = store.create_learner("Cleo", password=SECRET)
    learner, token = store.sign_in("cleo", SECRET)  # names compare as people read them
    assert learner.id == cleo.id
    assert store.learner_by_token(token) == learner
    with Session(store.engine) as session:
        kept = session.scalars(select(SignInSession.token_hash)).all()
    assert kept and token not in kept
    again = store.sign_in("Cleo", SECRET)[1]
    assert again != token  # every sign-in is a new random token


def test_every_failed_sign_in_says_the_same(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    store.create_learner("Cleo", password=SECRET)
    assert _failure(lambda: store.sign_in("Cleo", "wrong password")) == "profile.sign_in_failed"
    assert _failure(lambda: store.sign_in("Nobody", SECRET)) == "profile.sign_in_failed"
    assert _failure(lambda: store.sign_in("Ann", "")) == "profile.sign_in_failed"  # open profile
    assert _failure(lambda: store.sign_in("Cleo", "x" * 10_000)) == "profile.sign_in_failed"


def test_a_short_password_creates_nothing(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    assert _failure(lambda: store.create_learner("Dan", password="short")) == \
        "profile.password_short"
    assert [learner.name for learner in learners(store)] == ["Ann"]


def test_tokens_expire_and_can_be_revoked(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    store.create_learner("Cleo", password=SECRET)
    first, second, third = (store.sign_in("Cleo", SECRET)[1] for _ in range(3))
    store.sign_out(first)
    assert store.learner_by_token(first) is None
    store.sign_out_elsewhere(store.learner_by_token(second).id, keep=second)  # type: ignore[union-attr]
    assert store.learner_by_token(second) is not None and store.learner_by_token(third) is None
    with Session(store.engine) as session, session.begin():
        session.execute(update(SignInSession)
                        .values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    assert store.learner_by_token(second) is None
    assert store.learner_by_token("") is None and store.learner_by_token("x" * 500) is None


def test_setting_a_password_makes_a_profile_private(db: tuple[ProgressStore, str]) -> None:
    store, ann = db
    owner = store.new_session(int(ann))  # the browser that made the open profile
    token = store.set_password(int(ann), SECRET, current=None, token=owner)
    assert store.learner_by_token(owner) is not None  # until the browser holds the new one
    assert store.learner_by_token(token).private  # type: ignore[union-attr]
    assert _failure(lambda: store.set_password(int(ann), "another secret", current="guess")) == \
        "profile.password_wrong"
    newer = store.set_password(int(ann), "another secret", current=SECRET)
    assert store.learner_by_token(token) is None  # the change signs every other browser out
    assert store.learner_by_token(newer) is not None
    assert store.sign_in("Ann", "another secret")[0].id == int(ann)


def test_home_lists_no_learner(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    store.create_learner("Bob")
    at = app("home", lang="en")
    shown = " ".join([b.label for b in at.button] + [m.value for m in at.markdown] +
                     [s.value for s in at.subheader] + [c.value for c in at.caption])
    assert "Ann" not in shown and "Bob" not in shown
    assert at.text_input(key="new_name") is not None
    assert at.text_input(key="sign_in_password") is not None


def test_a_row_id_in_the_url_opens_nothing(db: tuple[ProgressStore, str]) -> None:
    _store, ann = db
    at = app("lessons", learner=ann, lang="en")
    assert at.info[0].value == t("profile.needed", "en")


def test_a_private_link_asks_for_the_password(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    cleo = store.create_learner("Cleo", password=SECRET)
    at = app("progress", learner=cleo.public_id, lang="en")
    assert at.warning[0].value == t("profile.private_link", "en")
    assert at.info[0].value == t("profile.needed", "en")
    at.text_input(key="sign_in_name").set_value("Cleo")
    at.text_input(key="sign_in_password").set_value("not it at all")
    click(at, t("profile.sign_in", "en"))
    assert at.error[0].value == t("profile.sign_in_failed", "en")
    at.text_input(key="sign_in_password").set_value(SECRET)
    click(at, t("profile.sign_in", "en"))
    assert not at.error
    assert at.query_params["learner"] == cleo.public_id
    assert t("profile.needed", "en") not in [i.value for i in at.info]
    at.run()  # the sign-in lasts for the session
    assert t("profile.needed", "en") not in [i.value for i in at.info]


def test_a_profile_made_private_in_settings_then_signed_out(db: tuple[ProgressStore, str]) -> None:
    store, ann = db
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["sign_in_token"] = store.new_session(int(ann))  # the browser that made it
    at.query_params["lang"] = "en"
    at.switch_page("app_pages/settings.py")
    at.run()
    at.text_input(key="password_new").set_value(SECRET)
    click(at, t("settings.password_set", "en"))
    assert at.success[0].value == t("settings.password_saved", "en")
    assert store.learner(int(ann)).private  # type: ignore[union-attr]
    link = at.query_params["learner"]
    click(at, t("profile.sign_out", "en"))
    assert "learner" not in at.query_params
    with Session(store.engine) as session:
        revoked = session.execute(text("SELECT revoked FROM sign_in_sessions")).scalars().all()
    assert revoked and all(revoked)  # this browser's token is revoked, not just forgotten
    reopened = app("settings", learner=link, lang="en")
    assert reopened.warning[0].value == t("profile.private_link", "en")


def _oidc_app(page: str, user: dict[str, object], **params: str) -> AppTest:
    """The app with an OIDC provider configured and ``user`` as what the provider says."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["auth"] = {"redirect_uri": "http://localhost:8501/oauth2callback",
                          "cookie_secret": "x" * 32, "client_id": "dou14",
                          "client_secret": "s", "server_metadata_url": "http://localhost:1/"}
    at.user = user
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(f"app_pages/{page}.py")
    at.run()
    assert not at.exception, at.exception
    return at


ALICE = {"is_logged_in": True, "iss": "https://id.example", "sub": "alice-1", "name": "Alice"}


def test_an_oidc_sign_in_opens_its_own_private_profile(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    first = _oidc_app("home", ALICE, lang="en")
    assert t("home.hello_new", "en", name="Alice") in [s.value for s in first.subheader]
    alice = store.learner_by_link(first.query_params["learner"])
    assert alice is not None and alice.private and alice.name == "Alice"
    again = _oidc_app("progress", ALICE, lang="en")  # another visit: the same profile
    assert again.query_params["learner"] == alice.public_id
    assert t("profile.needed", "en") not in [i.value for i in again.info]
    stranger = app("progress", learner=alice.public_id, lang="en")  # the link alone: locked
    assert stranger.warning[0].value == t("profile.private_link", "en")


def test_oidc_names_are_kept_apart_and_unique(db: tuple[ProgressStore, str]) -> None:
    store, _ann = db
    ann_at_work = {**ALICE, "sub": "ann-9", "name": "Ann"}  # "Ann" is taken by an open profile
    at = _oidc_app("home", ann_at_work, lang="en")
    made = store.learner_by_link(at.query_params["learner"])
    assert made is not None and made.name == "Ann (2)" and made.private
    logged_out = _oidc_app("home", {"is_logged_in": False}, lang="en")
    assert logged_out.button(key="oidc-sign-in").label == t("profile.oidc_sign_in", "en")
    assert "learner" not in logged_out.query_params

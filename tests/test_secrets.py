"""A database URL is shown, logged or printed only as its driver and database name (issue 26):
a password in the query (``?password=``), the user's password, the host or the socket never
reach a page, an exception or ``dou14 serve``'s output, which is one line and no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tests.apptest_helpers import app
from trainer.i18n import t
from trainer.store import DatabaseUnreadable, open_database
from trainer.store.db import public_url
from trainer.ui import session

SECRET = "SECRETPW"
DOU14 = str(Path(sys.executable).parent / "dou14")


def _hostile(postgres_url: str, database: str = "nosuchdb") -> str:
    """The cluster's URL with a password in both places and a database that is not there."""
    url = make_url(postgres_url).set(password=SECRET, database=database)
    return url.render_as_string(hide_password=False) + f"&password={SECRET}"


def _leaks(text: str, url: str) -> list[str]:
    parsed = make_url(url)
    parts = [SECRET, str(parsed.query.get("host")), "postgres@", ".s.PGSQL"]
    return [part for part in parts if part in text]


@pytest.mark.parametrize("url", [
    "postgresql+psycopg://user:pw@/db?host=/nonexistent&port=8620&password=SECRETPW",
    "postgresql+psycopg://user:SECRETPW@db.example:5432/dou14?sslpassword=SECRETPW",
    "sqlite:////var/lib/dou14/progress.sqlite3?password=SECRETPW",
])
def test_a_url_is_shown_by_its_driver_and_database_name(url: str) -> None:
    shown = public_url(url)
    assert SECRET not in shown and "user" not in shown and "example" not in shown
    assert shown.split(":///")[0] == make_url(url).drivername
    assert shown.endswith(("/db", "/dou14", "/progress.sqlite3"))
    assert public_url("::" + SECRET + "::") == "(not a database URL)"


def test_a_server_that_refuses_says_so_without_its_secrets(postgres_url: str) -> None:
    url = _hostile(postgres_url)
    with pytest.raises(DatabaseUnreadable) as raised:
        open_database(url)
    for lang in ("en", "zh"):
        said = raised.value.said(lang)
        assert "nosuchdb" in said and not _leaks(said, url), said
    assert not _leaks(str(raised.value), url)


def test_the_page_shows_no_secret_of_the_url(postgres_url: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    url = _hostile(postgres_url)
    monkeypatch.setenv("DOU14_DATABASE_URL", url)
    session._store.clear()
    try:
        at = app("home", learner="a-link", lang="en")  # a link: the store is asked
    finally:
        session._store.clear()
    (alert,) = at.error
    assert alert.value.startswith(t("db.unreadable", "en", error="")[:20])
    assert not _leaks(alert.value, url), alert.value


@pytest.mark.parametrize("kind", ["unreachable", "refused", "no driver", "not a url"])
def test_serve_says_a_database_problem_in_one_line(postgres_url: str, tmp_path: Path,
                                                   kind: str) -> None:
    url = {"unreachable": f"postgresql+psycopg://u:{SECRET}@/db?host=/nonexistent&port=8620"
                          f"&password={SECRET}",
           "refused": _hostile(postgres_url),
           "no driver": f"mysql+nosuchdriver://u:{SECRET}@h/db",
           "not a url": f"::{SECRET}::"}[kind]
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    done = subprocess.run([DOU14, "serve", "--replicas", "1", "--database", url],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "TMPDIR": str(temporary)})
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dou14 serve: "), done.stderr
    assert SECRET not in done.stderr + done.stdout and "nonexistent" not in done.stderr
    assert list(temporary.iterdir()) == []  # nothing left behind

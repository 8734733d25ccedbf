"""What keeps the progress database from being used, said in the catalogs' words, and a
database URL as it may be shown, logged or printed: its driver and database name, never the
user, password, host, port, socket or query (``password=`` and ``host=`` ride in the query as
easily as before the ``@``)."""

from __future__ import annotations

from pathlib import PurePath

from sqlalchemy.engine import URL, make_url

from trainer.i18n import t

ENV_URL = "DOU14_DATABASE_URL"


class DatabaseUnreadable(RuntimeError):
    """The progress database cannot be used: ``key`` names the catalog text under
    ``db_open.`` and ``params`` fill it in. ``str()`` is the English text (logs, the command
    line); a page says it in its own language with :meth:`said`."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = {"env": ENV_URL, **params}
        super().__init__(self.said("en"))

    def said(self, lang: str) -> str:
        params = dict(self.params)
        if "problem" in params:  # a kind of failure (``write_problem``), said in ``lang`` too
            params["problem"] = t(f"db.problem_{params['problem']}", lang)
        return t(f"db_open.{self.key}", lang, **params)


def public_url(url: str | URL) -> str:
    """``url`` as ``driver:///name``: the driver and the database name (a SQLite file by its
    name alone, not its folder). Anything that cannot be read as a URL is shown as a
    placeholder, since its text may be a secret."""
    try:
        parsed = url if isinstance(url, URL) else make_url(url)
    except Exception:  # any unreadable text: show none of it
        return "(not a database URL)"
    name = parsed.database or ""
    if parsed.get_backend_name() == "sqlite" and name and name != ":memory:":
        name = PurePath(name).name
    return f"{parsed.drivername}:///{name}"

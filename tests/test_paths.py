"""A page address with doubled slashes is sent to its single-slash form (walk 38: the sign-in
link ``//?lang=en`` got Streamlit's bare "Bad Request"), never to another host. The requests
are made as the server hands them on (an HTTP client would read ``//host`` as a host)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from trainer.paths import ShallowPages, SingleSlashes


def _answer(raw_path: bytes, query: bytes = b"", *, html: bool = False,
            middleware: Any = SingleSlashes, status: int = 200) -> list[dict[str, Any]]:
    """What the middleware sends for a request of ``raw_path``; the app behind it answers 200
    with the path it was given."""
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/html")] if html else []})
        await send({"type": "http.response.body", "body": scope["raw_path"]})

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": raw_path.decode(), "raw_path": raw_path,
             "query_string": query, "headers": []}
    # a loop of its own, in a thread of its own: the browser tests leave one running here
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, middleware(app)(scope, receive, send)).result()
    return sent


@pytest.mark.parametrize(("path", "query", "location"), [
    (b"//", b"lang=en", b"/?lang=en"),
    (b"//lessons///x", b"lesson=a&lang=zh", b"/lessons/x?lesson=a&lang=zh"),
    (b"//evil.example/x", b"", b"/evil.example/x"),
    (b"/a//b%2F", b"", b"/a/b%2F"),
])
def test_doubled_slashes_are_sent_to_single_ones_on_this_server(
        path: bytes, query: bytes, location: bytes) -> None:
    start, body = _answer(path, query)
    assert start["status"] == 308 and dict(start["headers"])[b"location"] == location
    assert body["body"] == b""


def test_a_plain_address_is_served_as_it_is() -> None:
    start, body = _answer(b"/lessons", b"lesson=a")
    assert start["status"] == 200 and body["body"] == b"/lessons"


@pytest.mark.parametrize(("path", "query"), [
    (b"/play/extra/path", b""), (b"/etc/passwd", b"lang=zh"), (b"/lessons/x", b"lesson=a")])
def test_a_page_below_a_page_is_sent_home(path: bytes, query: bytes) -> None:
    """Walk 44: ``/play/extra/path`` was a blank page (Streamlit's page, its scripts asked for
    in the wrong folder); a browser's request for it goes to the home page, query kept."""
    start, body = _answer(path, query, html=True, middleware=ShallowPages)
    assert start["status"] == 308
    assert dict(start["headers"])[b"location"] == b"/" + (b"?" + query if query else b"")
    assert body["body"] == b""


@pytest.mark.parametrize(("path", "html", "status"), [
    (b"/play", True, 200), (b"/", True, 200), (b"/static/js/main.js", True, 200),
    (b"/_stcore/health", False, 200), (b"/settings/_stcore/health", False, 404),
    (b"/media/ab/cd", True, 200), (b"/play/extra", False, 200),
    (b"/component/x/index.html", True, 200), (b"/a/b/file.css", True, 200),
    (b"/auth/login", True, 200), (b"/x/login", True, 302)])
def test_what_streamlit_serves_is_left_to_it(path: bytes, html: bool, status: int) -> None:
    """Its own addresses, files, answers that are no page (JSON, a sign-in's redirect: the
    CI's sign-in test went home from ``/auth/login``) pass as Streamlit sends them."""
    start, body = _answer(path, html=html, middleware=ShallowPages, status=status)
    assert start["status"] == status and body["body"] == path

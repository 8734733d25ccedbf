"""Page addresses Streamlit cannot serve, sent where it can: doubled slashes (``//?lang=en``: a
base address ending in ``/`` joined to a path) to the same address with single slashes —
Streamlit answers them with a bare "Bad Request" —, and a page asked for below a page
(``/play/extra``) to the home page — Streamlit answers it with a page whose scripts, asked for
relative to the wrong folder, never load: a blank page. Neither has a way on."""

from __future__ import annotations

import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_SLASHES = re.compile(rb"/{2,}")


class SingleSlashes:
    """ASGI middleware: an HTTP request whose path holds ``//`` is answered with a 308 to the
    path with each run of slashes made one, its query kept. The target is always a path on this
    server — ``//host/x`` goes to ``/host/x``, never to another host (no open redirect)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw: bytes = scope.get("raw_path") or scope.get("path", "").encode("utf-8")
        if scope["type"] != "http" or b"//" not in raw:
            await self.app(scope, receive, send)
            return
        await _moved(send, _SLASHES.sub(b"/", raw), scope)


_OWN = frozenset({b"_stcore", b"static", b"component", b"media", b"app", b"auth", b"dou14", b"~"})
"""First segments of the addresses Streamlit and this server answer below a folder."""


class ShallowPages:
    """ASGI middleware: where Streamlit answers a GET for an address two folders deep or more,
    none of its own or this server's (:data:`_OWN`) and naming no file, with its page (200,
    HTML), the answer is a 308 to the home page instead, its query kept — every page of the
    trainer is one segment deep (``/play``), so such an address is a mistyped or cut link.
    Whatever else Streamlit answers there (a redirect of its sign-in, JSON) goes as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET" or not _deep(scope):
            await self.app(scope, receive, send)
            return
        home = False

        async def sending(message: Message) -> None:
            nonlocal home
            if message["type"] == "http.response.start" and message["status"] == 200 and \
                    _is_html(message.get("headers", [])):
                home = True
                await _moved(send, b"/", scope, body=False)
            elif home and message["type"] == "http.response.body":
                if not message.get("more_body", False):  # the page's body: not sent
                    await send({"type": "http.response.body", "body": b""})
            else:
                await send(message)

        await self.app(scope, receive, sending)


def _deep(scope: Scope) -> bool:
    """Whether ``scope`` asks for an address of two segments or more, the first none of
    :data:`_OWN` and the last no file name (``x.js``)."""
    parts = [part for part in scope.get("path", "").encode("utf-8").split(b"/") if part]
    return len(parts) >= 2 and parts[0] not in _OWN and b"." not in parts[-1]


def _is_html(headers: list[tuple[bytes, bytes]]) -> bool:
    return any(name.lower() == b"content-type" and value.startswith(b"text/html")
               for name, value in headers)


async def _moved(send: Send, location: bytes, scope: Scope, *, body: bool = True) -> None:
    """A 308 to ``location`` on this server, the request's query kept; its empty body too
    unless the caller ends the answer itself (``body`` False)."""
    query: bytes = scope.get("query_string", b"")
    await send({"type": "http.response.start", "status": 308, "headers": [
        (b"location", location + (b"?" + query if query else b"")), (b"content-length", b"0")]})
    if body:
        await send({"type": "http.response.body", "body": b""})

"""Page addresses Streamlit cannot serve, sent where it can: doubled slashes (``//?lang=en``: a
base address ending in ``/`` joined to a path) to the same address with single slashes —
Streamlit answers them with a bare "Bad Request" —, and a page asked for below a page
(``/play/extra``) to the home page — Streamlit answers it with a page whose scripts, asked for
relative to the wrong folder, never load: a blank page. Neither has a way on."""

from __future__ import annotations

import re

from starlette.types import ASGIApp, Receive, Scope, Send

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
        location = _SLASHES.sub(b"/", raw)
        query: bytes = scope.get("query_string", b"")
        if query:
            location += b"?" + query
        await send({"type": "http.response.start", "status": 308,
                    "headers": [(b"location", location), (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


_OWN = frozenset({b"_stcore", b"static", b"component", b"media", b"app", b"dou14", b"~"})
"""First segments of the addresses Streamlit and this server answer below a folder."""


class ShallowPages:
    """ASGI middleware: a browser's page request (a GET asking for HTML) for an address two
    folders deep or more that is none of Streamlit's or this server's own (:data:`_OWN`), and
    names no file, is answered with a 308 to the home page, its query kept — every page of the
    trainer is one segment deep (``/play``), so such an address is a mistyped or cut link."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET" or not _deep_page(scope):
            await self.app(scope, receive, send)
            return
        query: bytes = scope.get("query_string", b"")
        location = b"/" + (b"?" + query if query else b"")
        await send({"type": "http.response.start", "status": 308,
                    "headers": [(b"location", location), (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


def _deep_page(scope: Scope) -> bool:
    """Whether ``scope`` asks for HTML at an address of two segments or more, the first none
    of :data:`_OWN` and the last no file name (``x.js``)."""
    accept = b",".join(value for name, value in scope.get("headers", []) if name == b"accept")
    parts = [part for part in scope.get("path", "").encode("utf-8").split(b"/") if part]
    return b"text/html" in accept and len(parts) >= 2 and parts[0] not in _OWN and \
        b"." not in parts[-1]

"""Page addresses with doubled slashes (``//?lang=en``: a base address ending in ``/`` joined
to a path) are sent to the same address with single slashes: Streamlit answers them with a bare
"Bad Request", a page with no way on."""

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

"""The cookies of the browser's memory, set by the server as ``HttpOnly``: page script never
holds the sign-in token, so a script that ran on the page could not read it.

A script run cannot answer an HTTP request, so the page hands the cookies over in two steps: the
run keeps what the browser should hold under a one-time random key (:func:`hand_off`), the
component posts that key to :data:`ROUTE`, and the route answers with the ``Set-Cookie``
headers (:func:`cookie_route`). The key is all the page ever sees; it is spent on first use and
forgotten after :data:`LIFETIME` seconds. The browser's replica cookie brings the post to the
process that keeps the key (``deploy/nginx.conf.template``).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from json import JSONDecodeError
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

ROUTE = "/dou14/memory"
LIFETIME = 300.0
"""Seconds a hand-off waits for its post."""
_KEPT_AT_MOST = 10_000
"""Hand-offs kept at once; the oldest go first (a page that never posts loses nothing: its
next run hands off again)."""
_MAX_BODY = 1_024
_now = time.monotonic


@dataclass(frozen=True, slots=True)
class CookieWrite:
    """One cookie the browser should hold (``value`` "" clears it)."""

    name: str
    value: str
    max_age: int

    def header(self, secure: bool) -> str:
        age = self.max_age if self.value else 0
        flags = "; Secure" if secure else ""
        return (f"{self.name}={quote(self.value, safe='')}; Path=/; Max-Age={age}; HttpOnly; "
                f"SameSite=Strict{flags}")


_lock = threading.Lock()
_pending: OrderedDict[str, tuple[float, tuple[CookieWrite, ...]]] = OrderedDict()


def hand_off(cookies: tuple[CookieWrite, ...]) -> str:
    """Keep ``cookies`` for one post of the returned key."""
    key = secrets.token_urlsafe(24)
    now = _now()
    with _lock:
        _pending[key] = (now, cookies)
        while _pending:
            oldest, (kept_at, _cookies) = next(iter(_pending.items()))
            if len(_pending) <= _KEPT_AT_MOST and now - kept_at <= LIFETIME:
                break
            del _pending[oldest]
    return key


def redeem(key: str) -> tuple[CookieWrite, ...] | None:
    """The cookies kept under ``key``, once; ``None`` for a key unknown, spent or too old."""
    with _lock:
        kept = _pending.pop(key, None)
    if kept is None or _now() - kept[0] > LIFETIME:
        return None
    return kept[1]


async def _post(request: Request) -> Response:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return Response(status_code=415)  # a cross-site form cannot send JSON without asking
    body = await request.body()
    if len(body) > _MAX_BODY:
        return Response(status_code=413)
    try:
        sent = json.loads(body)
    except (JSONDecodeError, UnicodeDecodeError):
        return Response(status_code=400)
    key = sent.get("key") if isinstance(sent, dict) else None
    cookies = redeem(key) if isinstance(key, str) else None
    if cookies is None:
        return Response(status_code=404)
    secure = bool(sent.get("secure")) or request.url.scheme == "https"
    answer = Response(status_code=204, headers={"Cache-Control": "no-store"})
    for cookie in cookies:
        answer.raw_headers.append((b"set-cookie", cookie.header(secure).encode("latin-1")))
    return answer


def cookie_route() -> Route:
    """The route the component posts its key to (mounted by ``trainer/asgi.py``)."""
    return Route(ROUTE, _post, methods=["POST"])

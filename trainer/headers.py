"""The security headers of every answer, sent by the app itself (:class:`SecurityHeaders`, the
ASGI middleware ``trainer/asgi.py`` puts in front of Streamlit) and by nginx in front of the
replicas (``deploy/nginx.conf.template``, filled in by ``dou14 serve``):

- ``frame-ancestors 'self'`` and ``X-Frame-Options: SAMEORIGIN``: no other site frames the
  trainer (a click-jacked "Save password" or "Sign out on every device");
- a content security policy that Streamlit and the trainer's own components work under: scripts
  from the server only — plus the ``blob:`` modules that custom components v2 load their
  JavaScript as, and Streamlit's one inline script by its hash, read from the installed
  Streamlit's ``index.html`` (a Streamlit upgrade brings its own hash) —, styles inline (Streamlit's
  CSS-in-JS and the cards' ``style`` attributes), images also as ``data:``/``blob:`` and the
  Material icon of the tab from Google's font server, connections to the server only;
- ``Referrer-Policy: same-origin``: a page's address, which may carry an open profile's link,
  is not sent to another site;
- ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import cache
from importlib import resources

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S)


@cache
def inline_script_hashes() -> tuple[str, ...]:
    """The CSP sources (``'sha256-…'``) of the inline scripts of Streamlit's ``index.html``."""
    page = resources.files("streamlit").joinpath("static", "index.html").read_text("utf-8")
    return tuple("'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
                 + "'" for body in _INLINE_SCRIPT.findall(page))


@cache
def content_security_policy() -> str:
    scripts = " ".join(("'self'", "blob:", *inline_script_hashes()))
    return "; ".join((
        "default-src 'self'", f"script-src {scripts}", "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:", "font-src 'self' data:",
        "connect-src 'self'", "worker-src 'self' blob:", "frame-src 'self'",
        "frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"))


def security_headers() -> dict[str, str]:
    return {"Content-Security-Policy": content_security_policy(),
            "X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin"}


class SecurityHeaders:
    """ASGI middleware: every HTTP answer carries :func:`security_headers` (websockets pass
    untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._headers = [(name.lower().encode(), value.encode())
                         for name, value in security_headers().items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                own = {name for name, _value in self._headers}
                headers = [(name, value) for name, value in message.get("headers", [])
                           if name.lower() not in own]
                message = {**message, "headers": [*headers, *self._headers]}
            await send(message)

        await self.app(scope, receive, sending)

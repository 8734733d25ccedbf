"""The trainer as an ASGI app (``streamlit run trainer/asgi.py``): Streamlit's own server with
the security headers of ``trainer.headers`` on every answer and the route that sets the
browser's cookies (``trainer.ui.browser_memory.handoff``) — how ``dou14 app``, ``dou14
serve``, ``make run`` and the browser tests start it. ``trainer/app.py`` stays the script every
session runs."""

from __future__ import annotations

import streamlit as st
from starlette.middleware import Middleware

from trainer.headers import SecurityHeaders
from trainer.paths import ShallowPages, SingleSlashes
from trainer.ui.browser_memory.handoff import cookie_route

app = st.App("app.py", routes=[cookie_route()], middleware=[Middleware(SecurityHeaders),
                                                                Middleware(SingleSlashes),
                                                                Middleware(ShallowPages)])

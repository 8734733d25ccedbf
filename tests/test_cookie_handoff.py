"""The browser's cookies are set by the server as HttpOnly, from a one-time key (issue 26.12)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest
from starlette.applications import Starlette
from starlette.types import Message

from trainer.ui.browser_memory import handoff
from trainer.ui.browser_memory.handoff import ROUTE, CookieWrite, cookie_route, hand_off, redeem


@dataclass
class Answer:
    status: int
    cookies: list[str]


def post(body: bytes, kind: str = "application/json") -> Answer:
    """One POST to the route, straight through ASGI."""
    app = Starlette(routes=[cookie_route()])
    scope = {"type": "http", "method": "POST", "path": ROUTE, "raw_path": ROUTE.encode(),
             "query_string": b"", "scheme": "http", "server": ("test", 80),
             "headers": [(b"content-type", kind.encode())], "http_version": "1.1",
             "asgi": {"version": "3.0"}}
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    with ThreadPoolExecutor(1) as thread:  # its own loop: a browser test may run one here
        thread.submit(asyncio.run, app(scope, receive, send)).result()
    start = next(message for message in sent if message["type"] == "http.response.start")
    return Answer(start["status"], [value.decode() for name, value in start["headers"]
                                    if name == b"set-cookie"])


def json_key(key: str, secure: bool = False) -> bytes:
    return json.dumps({"key": key, "secure": secure}).encode()


def test_a_key_sets_httponly_cookies_once() -> None:
    key = hand_off((CookieWrite("dou14_session", "tok en/1", 60),
                    CookieWrite("dou14_learner", "", 60)))
    answer = post(json_key(key))
    assert answer.status == 204
    assert answer.cookies == [
        "dou14_session=tok%20en%2F1; Path=/; Max-Age=60; HttpOnly; SameSite=Strict",
        "dou14_learner=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"]
    assert post(json_key(key)) == Answer(404, [])  # spent


def test_secure_when_the_page_is_https() -> None:
    key = hand_off((CookieWrite("dou14_session", "t", 60),))
    assert post(json_key(key, secure=True)).cookies[0].endswith("; Secure")


@pytest.mark.parametrize("body,kind,status", [
    (b'{"key": "nope"}', "application/json", 404),
    (b"key=anything", "application/x-www-form-urlencoded", 415),
    (b"{not json", "application/json", 400),
    (b'["a list"]', "application/json", 404),
    (b'{"key": "' + b"x" * 2000 + b'"}', "application/json", 413),
])
def test_anything_but_a_live_key_sets_nothing(body: bytes, kind: str, status: int) -> None:
    assert post(body, kind) == Answer(status, [])


def test_keys_expire_and_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(handoff, "_now", lambda: clock[0])
    monkeypatch.setattr(handoff, "_KEPT_AT_MOST", 3)
    old = hand_off((CookieWrite("a", "1", 1),))
    clock[0] += handoff.LIFETIME + 1
    assert redeem(old) is None
    keys = [hand_off((CookieWrite("a", str(n), 1),)) for n in range(5)]
    assert len(handoff._pending) <= 3
    assert redeem(keys[0]) is None and redeem(keys[-1]) == (CookieWrite("a", "4", 1),)

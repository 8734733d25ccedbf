"""Small messages leave at once: TCP_NODELAY on the server's connections.

Streamlit 1.67 serves through uvicorn on a socket it binds itself with protocol number 0, and
asyncio turns Nagle's algorithm off only for sockets whose protocol reads as TCP (6). So on
every connection the messages after the first two of a page run waited for the browser's
delayed ACK: about 40 ms on Linux, 200 ms on Windows, on every click (measured with one
learner: the run took 16 ms, its elements reached the browser 47 ms after the click).
Tornado, which Streamlit used before, set TCP_NODELAY on every websocket.

:func:`send_at_once` is called by the entrypoint: it makes asyncio set the option on every
TCP connection opened from then on, and sets it on the ones already open (the first session
connected before the first page run)."""

from __future__ import annotations

import asyncio.base_events
import contextlib
import gc
import socket
import threading

_DONE = threading.Event()
_LOCK = threading.Lock()


def no_delay(sock: socket.socket) -> None:
    """TCP_NODELAY on a TCP socket, whatever protocol number it was made with."""
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.type == socket.SOCK_STREAM \
            and sock.fileno() != -1:
        with contextlib.suppress(OSError):  # closed meanwhile
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def send_at_once() -> None:
    """Once per process: every TCP connection of this process, open or to come, sends at once."""
    if _DONE.is_set():
        return
    with _LOCK:
        if _DONE.is_set():
            return
        asyncio.base_events._set_nodelay = no_delay  # type: ignore[attr-defined]
        for found in gc.get_objects():
            if isinstance(found, socket.socket):
                no_delay(found)
        _DONE.set()

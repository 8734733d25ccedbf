"""TCP_NODELAY on the server's connections (trainer.ui.no_delay): a socket bound as Streamlit
binds it (protocol number 0) gets Nagle's algorithm turned off on its connections."""

from __future__ import annotations

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor

from trainer.ui.no_delay import send_at_once


def _nodelay(sock: socket.socket) -> int:
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_connections_to_a_socket_bound_like_streamlits_send_at_once() -> None:
    async def scenario() -> tuple[int, int]:
        listening = socket.socket(family=socket.AF_INET)  # as Streamlit's _bind_socket
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        listening.setblocking(False)
        accepted: list[asyncio.Transport] = []
        arrived = asyncio.Event()

        class Keep(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                assert isinstance(transport, asyncio.Transport)
                accepted.append(transport)
                arrived.set()

        server = await asyncio.get_running_loop().create_server(Keep, sock=listening)
        port = listening.getsockname()[1]
        try:
            _, first = await asyncio.open_connection("127.0.0.1", port)
            await arrived.wait()
            send_at_once()  # the entrypoint's call: open connections too
            arrived.clear()
            _, second = await asyncio.open_connection("127.0.0.1", port)
            await arrived.wait()
            seen = tuple(_nodelay(t.get_extra_info("socket")) for t in accepted)
            first.close()
            second.close()
            return seen  # type: ignore[return-value]
        finally:
            server.close()

    # a thread of its own: a browser test before may have left this thread's event loop running
    with ThreadPoolExecutor(max_workers=1) as thread:
        assert thread.submit(asyncio.run, scenario()).result(timeout=60) == (1, 1)

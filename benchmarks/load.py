"""Many learners at once (issue 15): N simulated learners — a small asyncio client speaking
Streamlit's own websocket protocol (``websockets`` + ``streamlit.proto``), keeping cookies —
each answering the seat questions of lesson 3 (tap an option, see the hint or the answer,
continue), against (a) one Streamlit process on SQLite and (b) two replicas behind nginx on a
throwaway PostgreSQL. Reported: answers per second, the time from a click to the page's run
finished (median, p95), sessions per replica, and each process's peak memory.

Loopback only, bounded in learners and seconds. Run by ``make bench``; ``--learners``,
``--seconds`` to change the load. Targets (idle 2-core machine): 25 learners, p95 < 500 ms,
≥ 20 answers/s; peak RSS of one process with 25 sessions opened within 1 s of a cold start
< 400 MB."""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.server import start_server, stop_server  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.serve import arrangement  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402

LESSON = "table-and-seats"
CONTINUE = t("lessons.continue", "en")
SHOW = t("lessons.show_answer", "en")


@dataclass
class Tally:
    clicks: list[float] = field(default_factory=list)
    answers: int = 0
    errors: int = 0


class Client:
    """One browser tab: a websocket session on the Lessons page, clicking buttons by id."""

    def __init__(self, base: str, query: str, page: str = "lessons") -> None:
        self.base, self.query, self.page = base, query, page
        self.buttons: dict[str, str] = {}  # label or key → widget id

    async def __aenter__(self) -> Client:
        cookie = await asyncio.to_thread(_first_visit, self.base)
        self.socket = await websockets.connect(
            self.base.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"],
            additional_headers={"Cookie": cookie, "Origin": self.base}, max_size=None,
            open_timeout=30)
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.socket.close()

    async def run(self, clicked: str | None = None) -> float:
        """Rerun the page (pressing ``clicked``); the seconds until its run finished."""
        state = ClientState(query_string=self.query, page_name=self.page)
        if clicked is not None:
            state.widget_states.widgets.append(WidgetState(id=clicked, trigger_value=True))
        message = BackMsg()
        message.rerun_script.CopyFrom(state)
        start = time.perf_counter()
        await self.socket.send(message.SerializeToString())
        self.buttons = {}
        while True:
            raw = await asyncio.wait_for(self.socket.recv(), timeout=60)
            forward = ForwardMsg()
            forward.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
            kind = forward.WhichOneof("type")
            if kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
                element = forward.delta.new_element
                if element.WhichOneof("type") == "button":
                    button = element.button
                    self.buttons[button.label] = button.id
                    if "-option-" in button.id:
                        self.buttons.setdefault("option", button.id)
            elif kind == "page_info_changed":
                self.query = forward.page_info_changed.query_string
            elif kind == "script_finished":
                return time.perf_counter() - start


def _first_visit(base: str) -> str:
    """GET the page as a browser would, keeping the cookies it sets (nginx's replica key)."""
    with urllib.request.urlopen(base + "/", timeout=30) as answer:
        cookies = answer.headers.get_all("Set-Cookie") or []
    return "; ".join(cookie.split(";")[0] for cookie in cookies)


async def learner(base: str, link: str, store: ProgressStore, learner_id: int, until: float,
                  tally: Tally) -> None:
    query = f"learner={link}&lang=en&lesson={LESSON}"
    try:
        async with Client(base, query) as tab:
            await tab.run()
            while time.monotonic() < until:
                if "option" in tab.buttons:  # a question: tap the first option
                    tally.clicks.append(await tab.run(tab.buttons["option"]))
                    tally.answers += 1
                elif SHOW in tab.buttons:
                    tally.clicks.append(await tab.run(tab.buttons[SHOW]))
                elif CONTINUE in tab.buttons:
                    tally.clicks.append(await tab.run(tab.buttons[CONTINUE]))
                else:  # a step this client cannot answer (a number): start the lesson again
                    await asyncio.to_thread(store.restart_lesson, learner_id, LESSON)
                    tab.query = query
                    await tab.run()
    except (OSError, TimeoutError, websockets.WebSocketException):
        tally.errors += 1


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _crowd(base: str, store: ProgressStore, learners: int, seconds: float) -> Tally:
    profiles = [store.create_learner(f"Load {time.time_ns()} {n}") for n in range(learners)]
    tally = Tally()
    until = time.monotonic() + seconds
    await asyncio.gather(*(learner(base, p.public_id, store, p.id, until, tally)
                           for p in profiles))
    return tally


def _report(title: str, tally: Tally, seconds: float) -> None:
    clicks = sorted(tally.clicks)
    if not clicks:
        print(f"{title}: no click finished ({tally.errors} sessions failed)")
        return
    p95 = clicks[max(0, int(len(clicks) * 0.95) - 1)]
    print(f"{title}: {tally.answers / seconds:.1f} answers/s, {len(clicks) / seconds:.1f} "
          f"clicks/s; click → run finished median {statistics.median(clicks) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms; {tally.errors} sessions failed "
          "[targets: ≥ 20 answers/s, p95 < 500 ms]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    learners = max(1, min(args.learners, 200))
    seconds = max(5.0, min(args.seconds, 300.0))
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "load.sqlite3"
        store = ProgressStore(open_database(f"sqlite:///{database}"))
        process, url = start_server(database)
        try:  # a cold start: every learner opens the page within a second
            cold = asyncio.run(_crowd(url, store, learners, 1.0))
            print(f"(a) one process, SQLite, cold start: {learners} sessions opened; peak RSS "
                  f"{_peak_rss_mb(process.pid):.0f} MB [target < 400 MB]; "
                  f"{cold.errors} failed")
            for number in range(args.rounds):
                tally = asyncio.run(_crowd(url, store, learners, seconds))
                _report(f"(a) one process, SQLite, round {number + 1}", tally, seconds)
                print(f"    peak RSS {_peak_rss_mb(process.pid):.0f} MB")
        finally:
            stop_server(process)
    _replicas(learners, seconds)


def _replicas(learners: int, seconds: float) -> None:
    from tests.postgres_cluster import throwaway_cluster

    with throwaway_cluster() as url:
        store = ProgressStore(open_database(url))
        with tempfile.TemporaryDirectory() as folder, \
                arrangement(2, url, folder=Path(folder)) as running:
            tally = asyncio.run(_crowd(running.url, store, learners, seconds))
            _report("(b) two replicas behind nginx, PostgreSQL", tally, seconds)
            log = (running.folder / "access.log").read_text()
            for port, process in running.replicas.items():
                sessions = len(re.findall(  # one websocket per session, logged as it closes
                    rf"/_stcore/stream[^\n]*-> (?:[\d.:]+, )*127\.0\.0\.1:{port} ", log))
                print(f"    replica :{port}: {sessions} sessions, peak RSS "
                      f"{_peak_rss_mb(process.pid):.0f} MB")


if __name__ == "__main__":
    main()

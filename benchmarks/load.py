"""Many learners at once (issue 15): N simulated learners — a small asyncio client speaking
Streamlit's own websocket protocol (``websockets`` + ``streamlit.proto``), keeping cookies —
each answering the seat questions of the seats lesson (tap an option, see the hint or the answer,
continue), or rated puzzles, against (a) one Streamlit process on SQLite and (b) two replicas
behind nginx on a throwaway PostgreSQL. Reported: answers per second, the time from a click to
the page's run finished (median, p95), sessions per replica, and each process's peak memory.

Two kinds of round:
- **at the target load**: the learners together give ``--rate`` answers a second (20, the
  target), each on a timetable of its own (one answer every ``learners / rate`` seconds, the
  first at a random moment in that span; the clicks after an answer — continue, next — at
  once). A learner the server keeps waiting falls behind its timetable and answers at once
  until it has caught up, so a server too slow for the rate shows as fewer answers a second.
- **without pause** (capacity): each learner clicks again the moment its last click's run has
  finished. Throughput is the server's ceiling; the latency is then the queue the learners
  make (Little's law: learners ÷ clicks per second), whatever the server does.

Loopback only, bounded in learners and seconds. Run by ``make bench``; ``--learners``,
``--seconds``, ``--rate`` to change the load. Targets (idle 2-core machine): 25 learners giving
≥ 20 answers/s with p95 < 500 ms; peak RSS of one process with 25 sessions opened within 1 s of
a cold start < 400 MB."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.run_times import Run, runs_of, summary, timer_env  # noqa: E402
from benchmarks.stats import p95  # noqa: E402
from tests.e2e.server import start_server, stop_server  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.serve import arrangement  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402

LESSON = "table-and-seats"
CONTINUE = t("lessons.continue", "en")
SHOW = t("lessons.show_answer", "en")
CHECK = t("lessons.check", "en")
NEXT_PUZZLE = t("puzzles.next", "en")
CAN_WIN = t("puzzles.can_win", "en")
DETAIL = (t("pz.pick_fan", "en"), t("pz.pick_reason", "en"))


class Timetable:
    """When a paced learner gives its next answer (no timetable: at once)."""

    def __init__(self, every: float | None, seed: int) -> None:
        self.every = every
        self.due = time.monotonic() + (random.Random(seed).uniform(0, every) if every else 0)

    async def wait(self) -> None:
        if self.every is None:
            return
        await asyncio.sleep(max(0.0, self.due - time.monotonic()))
        self.due += self.every


@dataclass
class Tally:
    clicks: list[float] = field(default_factory=list)
    answers: int = 0
    errors: int = 0
    client_cpu: float = 0.0  # CPU seconds this client process spent (it shares the machine)
    by_page: dict[str, list[float]] = field(default_factory=dict)

    def click(self, page: str, seconds: float) -> None:
        self.clicks.append(seconds)
        self.by_page.setdefault(page, []).append(seconds)


class Client:
    """One browser tab: a websocket session on the Lessons page, clicking buttons by id."""

    def __init__(self, base: str, query: str, page: str = "lessons",
                 headers: dict[str, str] | None = None) -> None:
        self.base, self.query, self.page = base, query, page
        self.headers = headers or {}  # e.g. X-Forwarded-For: a client behind a proxy
        self.buttons: dict[str, str] = {}  # label or key → widget id
        self.inputs: dict[str, str] = {}  # a text box's key → widget id
        self.alerts: list[str] = []  # the errors, warnings … of the last run
        self.choices: dict[str, tuple[str, list[str]]] = {}  # label → (widget id, options)
        self.tables: dict[str, dict[str, Any]] = {}  # component id → the table it draws
        self.fragment = ""  # the fragment the last elements were drawn in

    async def __aenter__(self) -> Client:
        cookie = await asyncio.to_thread(_first_visit, self.base)
        self.socket = await websockets.connect(
            self.base.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"],
            additional_headers={"Cookie": cookie, "Origin": self.base, **self.headers},
            max_size=None,
            open_timeout=30)
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.socket.close()

    async def run(self, clicked: str | None = None, *, chosen: dict[str, str] | None = None,
                  table: tuple[str, Any] | None = None, event: str = "action",
                  fragment: str = "", texts: dict[str, str] | None = None) -> float:
        """Rerun the page (pressing ``clicked``, with segmented controls set to ``chosen`` and
        a card table's trigger: ``event`` with the value ``table[1]``), or only ``fragment``;
        the seconds until its run finished."""
        state = ClientState(query_string=self.query, page_name=self.page,
                            fragment_id=fragment)
        if clicked is not None:
            state.widget_states.widgets.append(WidgetState(id=clicked, trigger_value=True))
        for widget, typed in (texts or {}).items():  # text boxes (a form's, sent on submit)
            state.widget_states.widgets.append(WidgetState(id=widget, string_value=typed))
        for widget, option in (chosen or {}).items():
            value = WidgetState(id=widget)
            value.string_array_value.data.append(option)
            state.widget_states.widgets.append(value)
        if table is not None:  # what the component's setTriggerValue("action", …) sends
            state.widget_states.widgets.append(WidgetState(
                id=f"$$STREAMLIT_INTERNAL_KEY_{table[0]}__events",
                json_trigger_value=json.dumps([{"event": event, "value": table[1]}])))
        message = BackMsg()
        message.rerun_script.CopyFrom(state)
        start = time.perf_counter()
        await self.socket.send(message.SerializeToString())
        self.buttons, self.choices, self.tables, self.inputs = {}, {}, {}, {}
        self.alerts = []
        while True:
            raw = await asyncio.wait_for(self.socket.recv(), timeout=60)
            forward = ForwardMsg()
            forward.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
            kind = forward.WhichOneof("type")
            if kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
                element = forward.delta.new_element
                self.fragment = forward.delta.fragment_id or self.fragment
                drawn = element.WhichOneof("type")
                if drawn == "button":
                    button = element.button
                    self.buttons[button.label] = button.id
                    if "-option-" in button.id:
                        self.buttons.setdefault("option", button.id)
                elif drawn == "alert":
                    self.alerts.append(element.alert.body)
                elif drawn == "text_input":
                    box = element.text_input
                    self.inputs[box.id.rsplit("-", 1)[-1] if "-" in box.id else box.id] = box.id
                    self.inputs[box.label] = box.id
                elif drawn == "button_group":
                    group = element.button_group
                    self.choices[group.label] = (group.id, [o.content for o in group.options])
                elif drawn == "bidi_component" and element.bidi_component.bytes:
                    try:  # the card table's JSON (the sidebar's closer sends plain text)
                        data = json.loads(element.bidi_component.bytes)
                    except ValueError:
                        continue
                    if isinstance(data, dict) and "seq" in data:
                        self.tables[element.bidi_component.id] = data
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
                  tally: Tally, timetable: Timetable) -> None:
    """A learner on the seats lesson: tap the first option, see the hint or the answer, continue —
    each a run of the lesson step's fragment, as in a browser."""
    query = f"learner={link}&lang=en&lesson={LESSON}"
    try:
        async with Client(base, query) as tab:
            await tab.run()
            while time.monotonic() < until:  # each press a run of the step's fragment
                fragment = tab.fragment
                if "option" in tab.buttons:  # a question: tap the first option
                    await timetable.wait()
                    tally.click("lessons", await tab.run(tab.buttons["option"],
                                                         fragment=fragment))
                    tally.answers += 1
                elif SHOW in tab.buttons:
                    tally.click("lessons", await tab.run(tab.buttons[SHOW], fragment=fragment))
                elif CONTINUE in tab.buttons:
                    tally.click("lessons", await tab.run(tab.buttons[CONTINUE],
                                                         fragment=fragment))
                else:  # a step this client cannot answer (a number): start the lesson again
                    await asyncio.to_thread(store.restart_lesson, learner_id, LESSON)
                    tab.query = query
                    await tab.run()
    except (OSError, TimeoutError, websockets.WebSocketException):
        tally.errors += 1


async def puzzler(base: str, link: str, until: float, tally: Tally,
                  timetable: Timetable) -> None:
    """A learner on rated puzzles, each control a run of the puzzle fragment as in a browser:
    "can you win?" — yes or no, then the fan or the reason, then Check; the card puzzles — tap a
    card and Check on the card table; then Next puzzle."""
    try:
        async with Client(base, f"learner={link}&lang=en&mode=rated", page="puzzles") as tab:
            await tab.run()
            while time.monotonic() < until:
                fragment = tab.fragment
                if NEXT_PUZZLE in tab.buttons:
                    tally.click("puzzles", await tab.run(tab.buttons[NEXT_PUZZLE],
                                                         fragment=fragment))
                elif CAN_WIN in tab.choices:
                    await timetable.wait()
                    verdict, options = tab.choices[CAN_WIN]
                    said = {verdict: options[len(tally.clicks) % 2]}  # yes or no, in turn
                    tally.click("puzzles", await tab.run(chosen=said, fragment=fragment))
                    detail = next((tab.choices[label] for label in DETAIL
                                   if label in tab.choices), None)
                    if detail is not None:
                        said[detail[0]] = detail[1][0]
                        tally.click("puzzles", await tab.run(chosen=said, fragment=fragment))
                    tally.click("puzzles", await tab.run(tab.buttons[CHECK], chosen=said,
                                                         fragment=fragment))
                    tally.answers += 1
                elif tab.tables:
                    await timetable.wait()
                    component, table = next(iter(tab.tables.items()))
                    tapped = {"action": "check", "cards": [0], "seq": table["seq"]}
                    tally.click("puzzles", await tab.run(table=(component, tapped),
                                                         fragment=fragment))
                    tally.answers += 1
                else:  # nothing to answer (no puzzle left): open the page again
                    await tab.run()
    except (OSError, TimeoutError, websockets.WebSocketException):
        tally.errors += 1


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _crowd(base: str, store: ProgressStore, learners: int, seconds: float,
                 rate: float | None = None) -> Tally:
    """``learners`` learners for ``seconds``, every other one on puzzles: together giving
    ``rate`` answers a second, or (no rate) each clicking without pause."""
    profiles = [store.create_learner(f"Load {time.time_ns()} {n}") for n in range(learners)]
    every = learners / rate if rate else None
    tally = Tally()
    until = time.monotonic() + seconds
    cpu = time.process_time()
    await asyncio.gather(*(
        puzzler(base, p.public_id, until, tally, Timetable(every, number)) if number % 2 else
        learner(base, p.public_id, store, p.id, until, tally, Timetable(every, number))
        for number, p in enumerate(profiles)))
    tally.client_cpu = time.process_time() - cpu
    return tally


def _report(title: str, tally: Tally, seconds: float, *, target: bool = False) -> None:
    clicks = tally.clicks
    if not clicks:
        print(f"{title}: no click finished ({tally.errors} sessions failed)")
        return
    print(f"{title}: {tally.answers / seconds:.1f} answers/s, {len(clicks) / seconds:.1f} "
          f"clicks/s; click → run finished median {statistics.median(clicks) * 1000:.0f} ms, "
          f"p95 {p95(clicks) * 1000:.0f} ms; {tally.errors} sessions failed"
          + (" [targets: ≥ 20 answers/s, p95 < 500 ms]" if target else ""))
    print(f"    the clients themselves used {tally.client_cpu / seconds:.0%} of a core "
          f"({tally.client_cpu / len(clicks) * 1000:.1f} ms CPU per click)")
    for page, times in sorted(tally.by_page.items()):
        print(f"    {page}: {len(times)} clicks, median {statistics.median(times) * 1000:.0f} "
              f"ms, p95 {p95(times) * 1000:.0f} ms")


def _report_runs(label: str, runs: list[Run]) -> None:
    print(f"    {label}: {summary(runs)} [target p95 < 30 ms]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=20.0,
                        help="answers a second the learners give together at the target load")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    learners = max(1, min(args.learners, 200))
    seconds = max(5.0, min(args.seconds, 300.0))
    rate = max(1.0, min(args.rate, 200.0))
    with tempfile.TemporaryDirectory() as folder:
        times = Path(folder) / "run-times"
        os.environ.update(timer_env(times))  # the servers started below time their runs
        database = Path(folder) / "load.sqlite3"
        store = ProgressStore(open_database(f"sqlite:///{database}"))
        process, url = start_server(database)
        try:  # a cold start: every learner opens the page within a second
            cold = asyncio.run(_crowd(url, store, learners, 1.0))
            print(f"(a) one process, SQLite, cold start: {learners} sessions opened; peak RSS "
                  f"{_peak_rss_mb(process.pid):.0f} MB [target < 400 MB]; "
                  f"{cold.errors} failed")
            before = len(runs_of(times, process.pid))
            alone = asyncio.run(_crowd(url, store, 1, seconds / 2))
            _report("(a) one learner alone", alone, seconds / 2)
            _report_runs("one learner alone", runs_of(times, process.pid)[before:])
            for number in range(args.rounds):
                for label, paced in ((f"at {rate:g} answers/s", rate), ("without pause", None)):
                    before = len(runs_of(times, process.pid))
                    tally = asyncio.run(_crowd(url, store, learners, seconds, paced))
                    _report(f"(a) one process, SQLite, {label}, round {number + 1}", tally,
                            seconds, target=paced is not None)
                    _report_runs(f"round {number + 1}", runs_of(times, process.pid)[before:])
                    print(f"    peak RSS {_peak_rss_mb(process.pid):.0f} MB")
        finally:
            stop_server(process)
        _replicas(learners, seconds, rate, times)


def _replicas(learners: int, seconds: float, rate: float, times: Path) -> None:
    from tests.postgres_cluster import throwaway_cluster

    with throwaway_cluster() as url:
        store = ProgressStore(open_database(url))
        with tempfile.TemporaryDirectory() as folder, \
                arrangement(2, url, folder=Path(folder)) as running:
            asyncio.run(_crowd(running.url, store, learners, 1.0))  # warmed, as (a) is
            paced = asyncio.run(_crowd(running.url, store, learners, seconds, rate))
            _report(f"(b) two replicas behind nginx, PostgreSQL, at {rate:g} answers/s", paced,
                    seconds, target=True)
            before = {port: len(runs_of(times, process.pid))
                      for port, process in running.replicas.items()}
            logged = len((running.folder / "access.log").read_text())
            tally = asyncio.run(_crowd(running.url, store, learners, seconds))
            _report("(b) two replicas behind nginx, PostgreSQL, without pause", tally, seconds)
            time.sleep(1.0)  # nginx logs a websocket as it closes
            log = (running.folder / "access.log").read_text()[logged:]
            for port, process in running.replicas.items():
                sessions = len(re.findall(  # one websocket per session, logged as it closes
                    rf"/_stcore/stream[^\n]*-> (?:[\d.:]+, )*127\.0\.0\.1:{port} ", log))
                print(f"    replica :{port}: {sessions} sessions, peak RSS "
                      f"{_peak_rss_mb(process.pid):.0f} MB")
                _report_runs(f"replica :{port}", runs_of(times, process.pid)[before[port]:])


if __name__ == "__main__":
    main()

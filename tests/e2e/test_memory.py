"""A trainer process serving learners through lessons, puzzles and Play never loads pyarrow:
Streamlit imports it to look for dataframes in a component's data unless the data is bytes,
and it stays resident (+54 MB per process, measured by ``benchmarks/load.py``'s cold start).
Only Progress, whose theme table is a dataframe, needs it."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.load import Client
from tests.e2e.server import start_server, stop_server
from trainer.store import ProgressStore, open_database


async def _visit(server: str, link: str) -> None:
    for page, extra in (("", ""), ("lessons", "&lesson=cards-and-red"),
                        ("puzzles", "&mode=rated"), ("play", ""), ("check", "")):
        async with Client(server, f"learner={link}&lang=zh{extra}", page=page) as tab:
            await tab.run()
            await tab.run()


def _loaded(pid: int, library: str) -> bool:
    return library in Path(f"/proc/{pid}/maps").read_text()


def test_pages_but_progress_never_load_pyarrow(tmp_path: Path) -> None:
    database = tmp_path / "memory.sqlite3"
    link = ProgressStore(open_database(f"sqlite:///{database}")).create_learner("Mei").public_id
    process, url = start_server(database)
    try:
        with ThreadPoolExecutor(1) as thread:  # a browser test may leave its loop running
            thread.submit(asyncio.run, _visit(url, link)).result()
        assert not _loaded(process.pid, "pyarrow")
        with ThreadPoolExecutor(1) as thread:  # the test can see it: Progress does load it
            thread.submit(asyncio.run, _progress(url, link)).result()
        assert _loaded(process.pid, "pyarrow")
    finally:
        stop_server(process)


async def _progress(server: str, link: str) -> None:
    async with Client(server, f"learner={link}&lang=en", page="progress") as tab:
        await tab.run()

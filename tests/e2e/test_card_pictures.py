"""The card table sends each card's picture once per session (trainer.ui.card_table,
``PICTURES_SENT``), through Streamlit's own protocol against a real server: the first table
carries every picture, a table drawn again carries none of them, and a table that reports a
picture missing gets them all on the next run."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.load import Client
from trainer.store import ProgressStore, open_database


async def _tables(server: str, link: str) -> list[dict[str, object]]:
    """The puzzle table's payload: opened, drawn again, and after it said a picture is
    missing."""
    seen = []
    async with Client(server, f"learner={link}&lang=en&mode=rated", page="puzzles") as tab:
        await tab.run()
        component, first = next(iter(tab.tables.items()))
        seen.append(first)
        await tab.run(fragment=tab.fragment)
        seen.append(tab.tables[component])
        await tab.run(table=(component, True), event="missing", fragment=tab.fragment)
        seen.append(tab.tables[component])
    return seen


def test_each_picture_goes_once_and_again_when_missing(server: str,
                                                       server_database: Path) -> None:
    store = ProgressStore(open_database(f"sqlite:///{server_database}"))
    learner = store.create_learner("Pictures")
    with ThreadPoolExecutor(1) as thread:  # a browser test may leave this thread's loop running
        first, again, asked = thread.submit(asyncio.run, _tables(server, learner.public_id)
                                            ).result()
    assert first["seq"] == again["seq"] == asked["seq"]  # the same puzzle throughout
    assert first["every_picture"] is True and "back" in first["art"]  # type: ignore[operator]
    assert again["every_picture"] is False and again["art"] == {}
    assert asked["every_picture"] is True and asked["art"] == first["art"]

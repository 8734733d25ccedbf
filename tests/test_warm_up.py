"""The puzzle bank is read in the background once a process has its first visitor
(trainer.ui.warm_up): one thread, once, and the bank is in memory when it ends."""

from __future__ import annotations

import pytest

from trainer.practice import puzzle_service
from trainer.ui import warm_up as warming


def test_the_bank_is_read_once_in_a_thread_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(warming, "_STARTED", [])
    monkeypatch.setattr(puzzle_service, "_BANK", [])  # as in a process just started
    puzzle_service.bank_index.cache_clear()
    try:
        thread = warming.warm_up()
        assert thread is not None and thread.daemon
        assert warming.warm_up() is None  # a second visitor starts nothing
        thread.join(300)
        assert not thread.is_alive()
        assert puzzle_service._BANK, "the bank was not read"
        assert puzzle_service.bank_index.cache_info().currsize == 1
        assert len(puzzle_service.bank_index()) == len(puzzle_service.bank())
    finally:
        puzzle_service.bank_index.cache_clear()

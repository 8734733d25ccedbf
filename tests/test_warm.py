"""The warm-up after a first page: the puzzle bank read once in the background."""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import threading
from trainer.practice import puzzle_bank
from trainer.ui.warm import warm_up
assert not puzzle_bank._BANK
warm_up(); warm_up()
threads = [t for t in threading.enumerate() if t.name == "warm-up"]
assert len(threads) == 1, threads
threads[0].join()
assert puzzle_bank._BANK and len(puzzle_bank._BANK[0]) > 0
"""


def test_the_warm_up_reads_the_bank_once_in_one_thread() -> None:
    """Walk 46: Puzzles took 3.3 s to open the first time on a fresh server. After the first
    page, one background thread reads the bank (a second call starts none), so Puzzles finds
    it read. A fresh interpreter: this process may have read the bank already."""
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr

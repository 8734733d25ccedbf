"""Regenerate the shipped puzzle bank (``trainer/data/puzzles/<kind>.jsonl``) from simulated
hands, with each kind's generation report (puzzles/s, candidates rejected per accepted one and
why). Each file is written whole to a temporary file first, then moved into place.

    python tools/make_puzzle_bank.py        # or: make puzzles
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from trainer.puzzles.bank import BANK_SEEDS, BANK_SIZES, generate

FOLDER = Path(__file__).resolve().parent.parent / "trainer" / "data" / "puzzles"


def main() -> None:
    started = time.perf_counter()
    for kind, count in BANK_SIZES.items():
        puzzles, report = generate(kind, count, BANK_SEEDS[kind])
        target = FOLDER / f"{kind.value}.jsonl"
        handle, temporary = tempfile.mkstemp(dir=FOLDER, suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.writelines(puzzle.dumps() + "\n" for puzzle in puzzles)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
        print(report.line(), file=sys.stderr)
    print(f"whole bank: {time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

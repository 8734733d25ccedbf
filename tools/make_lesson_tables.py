"""Mine the tables behind the safe-discard lesson's variants from simulated hands (heuristic
bots, the discarder's view only): for each argument (partners, red, colour, history), tables
where exactly one of the discarder's cards is provably safe, by that argument — the history's
tables keep what passed each player (R-READ). Writes ``trainer/data/lessons/safe_tables.json``,
replacing only the arguments asked for; the lesson draws a fresh variant from it. With
``--waits``, the tables of the 读下叫 stage instead (``wait_tables.json``): one opponent to read,
some of the discarder's cards safe against them by what passed them.

    python tools/make_lesson_tables.py [--count 12] [--seed 2026] [--arguments history ...]
    python tools/make_lesson_tables.py --waits [--count 72] [--seed 2027]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.analysis.arguments import Argument  # noqa: E402
from trainer.lessons.kinds.safety import find_tables  # noqa: E402
from trainer.lessons.kinds.wait_reading import find_wait_table  # noqa: E402

MINED = (Argument.PARTNERS, Argument.RED, Argument.COLOUR, Argument.HISTORY)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--arguments", nargs="+", type=Argument, default=list(MINED),
                        choices=MINED)
    parser.add_argument("--waits", action="store_true",
                        help="mine the 读下叫 tables (wait_tables.json) instead")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.waits:
        mine_waits(rng, args.count)
        return
    target = ROOT / "trainer" / "data" / "lessons" / "safe_tables.json"
    pool: dict[str, list[dict[str, object]]] = json.loads(target.read_text(encoding="utf-8")) \
        if target.exists() else {}
    for argument in args.arguments:
        found: list[dict[str, object]] = []
        while len(found) < args.count:
            table = find_tables(rng, argument, one_safe=True, moments=2000)
            if table is not None and table.to_json() not in found:
                found.append(table.to_json())
                print(argument.value, len(found), flush=True)
        pool[argument.value] = found
    target.write_text(json.dumps(pool, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def mine_waits(rng: random.Random, count: int) -> None:
    target = ROOT / "trainer" / "data" / "lessons" / "wait_tables.json"
    found: list[dict[str, object]] = []
    while len(found) < count:
        entry = find_wait_table(rng, moments=2000)
        if entry is not None and entry not in found:
            found.append(entry)
            print("waits", len(found), flush=True)
    target.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""Serving the next puzzle (server side, choosing it by rating, every bank puzzle rated) and the
Progress page's script run for a learner with 100,000 answers (summed in SQL). Run by
``make bench``. Targets: < 30 ms and < 1 s."""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy.orm import Session  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.seeding import rate_learner, rate_puzzle  # noqa: E402
from trainer.practice import puzzle_service as service  # noqa: E402
from trainer.rating import Rating  # noqa: E402
from trainer.store import ProgressStore, lists, open_database  # noqa: E402
from trainer.store.models import AnswerRecord  # noqa: E402
from trainer.ui import session  # noqa: E402


def fill(store: ProgressStore, learner: int, count: int) -> None:
    rng = random.Random(1)
    puzzles = service.bank()
    with Session(store.engine) as db, db.begin():
        for number in range(count):
            puzzle = puzzles[rng.randrange(len(puzzles))]
            kind = rng.choice(("puzzle", "drill", "lesson", "review"))
            db.add(AnswerRecord(learner_id=learner, context=kind, item=puzzle.id if kind == "puzzle"
                          else f"x{number}", question="q", answer="a", expected="a",
                          correct=rng.random() < 0.7, seconds=rng.uniform(1, 20),
                          rule_ids=lists.encode(puzzle.rules), skill=f"{kind}:x",
                          themes=lists.encode(puzzle.themes if kind == "puzzle" else ()),
                          mode=rng.choice(("rated", "streak", "timed")), run=f"r{number // 7}"))
    for number in range(200):
        rate_learner(store, learner, Rating(1500 + number, 100, 0.06))


def rate_bank(store: ProgressStore) -> None:
    """Every bank puzzle rated (1200–1799), by the first answers of a learner of its own."""
    seeder = store.create_learner("Seeder").id
    for number, puzzle in enumerate(service.bank()):
        rate_puzzle(store, seeder, puzzle.id, Rating(1200 + number % 600, 120, 0.06))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        os.environ["DOU14_DATABASE_URL"] = url
        session._store.clear()
        store = ProgressStore(open_database(url))
        learner = store.create_learner("Bench")
        service.bank()
        rate_bank(store)
        times = []
        rng = random.Random(3)
        for mode in ("rated", "theme", "streak", "timed") * 10:
            start = time.perf_counter()
            service.choose(store, learner.id, learner.rules, mode, theme="near-miss",
                           streak=3, rng=rng)
            times.append(time.perf_counter() - start)
        print(f"serve the next puzzle (choose by rating among {len(service.bank())}, all rated):"
              f" median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
              " [target < 30 ms]")
        fill(store, learner.id, 100_000)
        at = AppTest.from_file(str(ROOT / "trainer" / "app.py"), default_timeout=120)
        at.query_params["learner"] = learner.public_id
        at.switch_page("app_pages/progress.py")
        at.run()
        assert not at.exception, at.exception
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            at.run()
            runs.append(time.perf_counter() - start)
        print(f"Progress page script run, 100,000 answers: median "
              f"{statistics.median(runs) * 1000:.0f} ms, max {max(runs) * 1000:.0f} ms"
              " [target < 1 s]")


if __name__ == "__main__":
    main()

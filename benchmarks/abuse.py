"""Safe under abuse (issue 26), measured:
1. a refused guess once sign-in backs off: its time in the store, and a click on Sign in through
   a real server;
2. honest learners (3, rated puzzles without pause) alone and with 8 guessers running, each
   guessing its own private profile's password from its own address (X-Forwarded-For from
   loopback, as nginx would send it), as fast as the server answers: answers/s and p95, in a
   round while the guessers spend their free tries and in the next, once they back off;
3. creating a profile and signing in with 100,000 profiles (SQLite and PostgreSQL), and at
   1,000 for comparison;
4. the server's peak RSS for a 60 MB CSV import (100,000 rows) uploaded in Chromium, and for
   three at once.
Run by ``make bench`` (``--seconds`` per round of 2; ``--skip`` parts)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from sqlalchemy import insert  # noqa: E402

from benchmarks.load import Client, Tally, Timetable, _peak_rss_mb, puzzler  # noqa: E402
from benchmarks.stats import p95  # noqa: E402
from tests.e2e.server import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402
from trainer.store.models import Learner  # noqa: E402
from trainer.store.names import stored_skeleton  # noqa: E402
from trainer.store.passwords import hash_password  # noqa: E402
from trainer.store.progress_store import ProgressError  # noqa: E402
from trainer.store.throttle import SIGN_IN_NAME  # noqa: E402

SECRET = "correct horse battery"


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, p95 {p95(values) * 1000:.1f} ms"


def _timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    with contextlib.suppress(ProgressError):
        call()
    return time.perf_counter() - start


def refused_in_store(folder: Path) -> None:
    store = ProgressStore(open_database(f"sqlite:///{folder / 'refused.sqlite3'}"))
    store.create_learner("Cleo", password=SECRET)
    wrong = [_timed(lambda: store.sign_in("Cleo", "a wrong guess", client="203.0.113.1"))
             for _ in range(SIGN_IN_NAME.free + 1)]
    refused = [_timed(lambda: store.sign_in("Cleo", "a wrong guess", client="203.0.113.1"))
               for _ in range(300)]
    print(f"1. a wrong password checked (argon2, before the back-off): {_ms(wrong)}")
    print(f"   a guess refused once the back-off has started, in the store: {_ms(refused)}")


async def _guesser(base: str, number: int, target: str, until: float,
                   times: list[float], said: dict[str, int]) -> None:
    """One guesser from its own address, submitting the sign-in form as fast as answered."""
    rng = random.Random(number)
    try:
        async with Client(base, "lang=en", page="",
                          headers={"X-Forwarded-For": f"198.51.100.{number + 1}"}) as tab:
            await tab.run()
            name, password = tab.inputs["sign_in_name"], tab.inputs["sign_in_password"]
            button = tab.buttons[t("profile.sign_in", "en")]
            while time.monotonic() < until:
                guess = f"guess-{rng.randrange(10 ** 9)}"
                times.append(await tab.run(button, texts={name: target, password: guess}))
                for alert in tab.alerts:
                    said[alert] = said.get(alert, 0) + 1
                name = tab.inputs.get("sign_in_name", name)
                password = tab.inputs.get("sign_in_password", password)
                button = tab.buttons.get(t("profile.sign_in", "en"), button)
    except (OSError, TimeoutError, websockets.WebSocketException, KeyError) as error:
        said[f"guesser failed: {error!r}"] = said.get(f"guesser failed: {error!r}", 0) + 1


async def _round(base: str, links: list[str], targets: list[str], seconds: float
                 ) -> tuple[Tally, list[float], dict[str, int]]:
    until = time.monotonic() + seconds
    tally = Tally()
    guesses: list[float] = []
    said: dict[str, int] = {}
    await asyncio.gather(
        *(puzzler(base, link, until, tally, Timetable(None, n)) for n, link in enumerate(links)),
        *(_guesser(base, n, target, until, guesses, said) for n, target in enumerate(targets)))
    return tally, guesses, said


def guessers(folder: Path, seconds: float) -> None:
    database = folder / "guess.sqlite3"
    store = ProgressStore(open_database(f"sqlite:///{database}"))
    honest = [store.create_learner(f"Honest {n}").public_id for n in range(3)]
    targets = [store.create_learner(f"Target {n}", password=SECRET).name for n in range(8)]
    process, url = start_server(database)
    try:
        asyncio.run(_round(url, honest, [], 3.0))  # warmed
        for label, against in (("alone", []),
                               ("with 8 guessers, while they spend their free tries", targets),
                               ("with 8 guessers, the next round: backed off", targets)):
            tally, guesses, said = asyncio.run(_round(url, honest, against, seconds))
            print(f"2. three honest learners {label}: {tally.answers / seconds:.1f} answers/s, "
                  f"clicks {_ms(tally.clicks)}; {tally.errors} sessions failed")
            if guesses:
                refused = sum(n for text, n in said.items() if text.startswith(
                    t("guard.sign_in_wait", "en", seconds=0)[:20]))
                print(f"   the guessers: {len(guesses) / seconds:.1f} tries/s, {refused} of "
                      f"{len(guesses)} refused by the back-off; a try's click {_ms(guesses)}")
                for text, count in sorted(said.items(), key=lambda item: -item[1])[:4]:
                    print(f"     {count} × {text[:90]}")
        print(f"   server peak RSS {_peak_rss_mb(process.pid):.0f} MB")
    finally:
        stop_server(process)


def _fill(store: ProgressStore, count: int) -> None:
    """``count`` profiles, one in ten with a password (one hash for all: 100,000 argon2 hashes
    would take hours)."""
    hashed = hash_password(SECRET)
    rows = [{"name": f"Pupil {n:06d}", "name_skeleton": stored_skeleton(f"Pupil {n:06d}"),
             "public_id": f"bench{n:011d}", "password_hash": hashed if n % 10 == 0 else None,
             "language": "en", "rules_json": "{}", "rating": 1500.0, "rd": 350.0,
             "volatility": 0.06, "play_json": "{}"} for n in range(count)]
    with store.writer.begin() as connection:
        for start in range(0, count, 5000):
            connection.execute(insert(Learner), rows[start:start + 5000])


def _scale(store: ProgressStore, count: int, kind: str) -> None:
    _fill(store, count)
    made = [_timed(lambda n=n: store.create_learner(f"Newcomer {n}")) for n in range(30)]
    taken = [_timed(lambda: store.create_learner("PUPIL 000123")) for _ in range(30)]
    signed = [_timed(lambda n=n: store.sign_in(f"Pupil {n * 10:06d}", SECRET))
              for n in range(1, 11)]
    print(f"3. {count:,} profiles, {kind}: creation {_ms(made)}; a lookalike of a taken name "
          f"refused {_ms(taken)}; sign-in, argon2 included, {_ms(signed)}")
    store.engine.dispose()


def at_scale(folder: Path) -> None:
    from sqlalchemy import create_engine, text

    from tests.postgres_cluster import throwaway_cluster

    for count in (1_000, 100_000):
        _scale(ProgressStore(open_database(f"sqlite:///{folder / f'scale-{count}.sqlite3'}")),
               count, "SQLite")
    with throwaway_cluster() as url:
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        for count in (1_000, 100_000):
            with admin.connect() as connection:
                connection.execute(text(f"CREATE DATABASE scale_{count}"))
            _scale(ProgressStore(open_database(url.replace("/postgres?", f"/scale_{count}?"))),
                   count, "PostgreSQL")
        admin.dispose()


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def import_memory(folder: Path, at_once: int) -> None:
    from playwright.sync_api import expect, sync_playwright

    from tests.test_csv_import import exported

    csv_file = folder / "sixty.csv"
    if not csv_file.exists():
        csv_file.write_text(exported(100_000, question="q" * 530), encoding="utf-8")
    size = csv_file.stat().st_size / 1024 / 1024
    database = folder / f"import-{at_once}.sqlite3"
    process, url = start_server(database, {"DOU14_TIMED_SECONDS": "180"})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages = []
            for number in range(at_once):
                page = browser.new_context().new_page()
                page.set_default_timeout(600_000)
                page.goto(f"{url}/?lang=en")
                page.get_by_label(t("profile.name_label", "en")).fill(f"Importer {number}")
                page.get_by_role("button", name=t("profile.create", "en")).click()
                expect(page.get_by_text(t("home.hello_new", "en", name=f"Importer {number}")))\
                    .to_be_visible()
                page.goto(page.url.replace("/?", "/progress?"))
                expect(page.get_by_role("heading", name=t("progress.title", "en")))\
                    .to_be_visible()
                pages.append(page)
            before = _rss_mb(process.pid)
            start = time.perf_counter()
            for page in pages:
                page.locator("input[type=file]").set_input_files(str(csv_file))
            for page in pages:
                expect(page.get_by_text(t("progress.imported", "en", added=100_000,
                                          duplicates=0))).to_be_visible(timeout=900_000)
            took = time.perf_counter() - start
            browser.close()
        print(f"4. {at_once} × a {size:.0f} MB CSV (100,000 rows) imported at once through "
              f"Chromium in {took:.0f} s: server RSS {before:.0f} MB before, peak "
              f"{_peak_rss_mb(process.pid):.0f} MB, {_rss_mb(process.pid):.0f} MB after")
    finally:
        stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: 1,2,3,4")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    seconds = max(5.0, min(args.seconds, 300.0))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if "1" not in skip:
            refused_in_store(folder)
        if "2" not in skip:
            guessers(folder, seconds)
        if "3" not in skip:
            at_scale(folder)
        if "4" not in skip:
            import_memory(folder, 1)
            import_memory(folder, 3)


if __name__ == "__main__":
    main()

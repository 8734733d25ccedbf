"""``dou14``: the command line of docs/format.md.

``dou14 check`` / ``dou14 waits`` read JSON lines on standard input and write one JSON line per
position (exit 1 if any line was invalid, never a traceback). Given a hand as an argument they
print the verdict in words instead (``--lang zh`` for Chinese, ``--json`` for the JSON line).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, TextIO

from trainer.engine import (
    Dou14Error,
    Position,
    Relation,
    RuleSet,
    display_cards,
    parse_card,
    parse_cards,
    verdict,
    waits,
)
from trainer.engine.melds import Meld
from trainer.i18n import LANGUAGES, explain, t


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


def _check_line(position: Position) -> dict[str, Any]:
    return verdict(position).to_json()


def _waits_line(position: Position) -> dict[str, Any]:
    return waits(position).to_json()


_INVALID = {"check": {"win": False, "reason": "invalid"}, "waits": {"ready": False, "reason": "invalid"}}


def run_json_lines(command: str, lines: Iterable[bytes], out: TextIO) -> int:
    """Answer each non-blank JSON line; returns the exit status (1 if any line was invalid)."""
    judge: Callable[[Position], dict[str, Any]] = _check_line if command == "check" else _waits_line
    status = 0
    for raw in lines:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            out.write(_dumps({**_INVALID[command], "error": f"not UTF-8 text: {error}"}) + "\n")
            status = 1
            continue
        if not line.strip():
            continue
        try:
            result = judge(Position.from_json(line))
        except Dou14Error as error:
            result = {**_INVALID[command], "error": str(error)}
            status = 1
        out.write(_dumps(result) + "\n")
        out.flush()
    return status


def _rules_from(args: argparse.Namespace) -> RuleSet:
    options: dict[str, Any] = {"players": args.players, "jokers": args.jokers,
                               "scoring": args.scoring}
    if args.base is not None:
        options["base"] = args.base
    if args.fan_cap is not None:
        options["fan_cap"] = None if args.fan_cap.lower() == "none" else _int(args.fan_cap)
    if args.red_threshold is not None:
        options["red_threshold"] = args.red_threshold
    return RuleSet(**options)


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise Dou14Error(f"--fan-cap must be a number or 'none', not {text!r}") from None


def _position_from(args: argparse.Namespace, with_card: bool) -> Position:
    rules = _rules_from(args)
    hand = parse_cards(args.hand)
    melds = tuple(Meld.parse(text) for text in args.meld)
    if not with_card:
        return Position(hand, melds, rules=rules)
    card = parse_card(args.card) if args.card else None
    source = args.source if card is not None else None
    offered_by = Relation(args.offered_by) if args.offered_by and card is not None else None
    return Position(hand, melds, card, source, bool(args.first_discard and card), rules,
                    offered_by)


def run_human(command: str, args: argparse.Namespace, out: TextIO) -> int:
    lang = args.lang
    position = _position_from(args, with_card=command == "check")
    if args.json:
        judged = verdict(position) if command == "check" else waits(position)
        out.write(_dumps(judged.to_json()) + "\n")
        return 0
    out.write(t("cli.position", lang, hand=display_cards(position.hand)) + "\n")
    if position.melds:
        melds = "  ".join(display_cards(meld.cards) for meld in position.melds)
        out.write(t("cli.melds", lang, melds=melds) + "\n")
    if command == "check":
        result = verdict(position)
        for line in explain(result, lang):
            out.write(line + "\n")
        if result.win:
            payments = ", ".join(f"{seat}: {amount:+d}" for seat, amount in
                                 enumerate(result.payments()))
            out.write(t("cli.payments", lang, payments=payments) + "\n")
        return 0
    result_waits = waits(position)
    if result_waits.ready:
        out.write(t("cli.ready", lang, cards=display_cards(result_waits.wins_on)) + "\n")
    for line in explain(result_waits, lang):
        out.write(line + "\n")
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse with its refusals said in one line (``dou14 simulate: argument --hands: …``,
    exit status 2) instead of the usage and then the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (a bound, not a traceback or
    an endless run, for ``--hands 99999999999999999999``)."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return read


MAX_HANDS = 10_000_000
MAX_PUZZLES = 100_000
MAX_REPLICAS = 32


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dou14",
        description="斗十四 rules engine: win verdicts and waits (see docs/format.md).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for name, summary in (("check", "does the card on the table win?"),
                          ("waits", "which cards would win this hand? (下叫)")):
        sub = commands.add_parser(
            name, help=summary,
            description=f"{summary} With no HAND, read JSON positions from standard input, one"
                        " per line, and write one JSON line each.")
        sub.add_argument("hand", nargs="?", help='concealed cards, e.g. "7h Kd Ac 5h 9c 6d 8s"')
        if name == "check":
            sub.add_argument("--card", help="the card that may be claimed, e.g. 7d")
            sub.add_argument("--source", choices=("discard", "flip"), default="discard")
            sub.add_argument("--first-discard", action="store_true",
                             help="the card is the dealer's first discard (接地)")
            sub.add_argument("--from", dest="offered_by",
                             choices=tuple(relation.value for relation in Relation),
                             help="who discarded or flipped the card, seen from you ('you' only "
                                  "with --source flip); left out: another player")
        sub.add_argument("--meld", action="append", default=[], metavar="KIND:CARDS",
                         help="a laid-down meld, e.g. chi:8h,6s pong:Qh,Qs,Qd joker:X (repeat)")
        sub.add_argument("--players", type=int, choices=(3, 4), default=4)
        sub.add_argument("--jokers", type=int, choices=(2, 4, 6), default=4)
        sub.add_argument("--scoring", choices=("doubling", "ladder"), default="doubling")
        sub.add_argument("--base", type=int)
        sub.add_argument("--fan-cap", help="a number, or 'none' for no cap")
        sub.add_argument("--red-threshold", type=int)
        sub.add_argument("--lang", choices=LANGUAGES, default="en")
        sub.add_argument("--json", action="store_true", help="print the JSON line, not words")
    _add_simulate(commands)
    _add_puzzles(commands)
    lessons = commands.add_parser("lessons", help="measure the lesson track")
    lessons.add_subparsers(dest="lessons_command", required=True).add_parser(
        "stats", help="stages, levels, levels of doing and table decisions, per kind")
    _add_app(commands)
    _add_serve(commands)
    return parser


def _add_serve(commands: Any) -> None:
    sub = commands.add_parser(
        "serve", help="run several replicas of the app behind nginx, sharing one database "
                      "(PostgreSQL for real use; see docs/deployment.md)")
    sub.add_argument("--replicas", type=_whole(1, MAX_REPLICAS), default=2)
    sub.add_argument("--port", type=_whole(1, 65535), default=8500,
                     help="where nginx listens (loopback)")
    sub.add_argument("--database", default=None,
                     help="database URL (default: DOU14_DATABASE_URL, else the SQLite file)")
    sub.add_argument("--postgres", default=None, metavar="DIR",
                     help="start a local PostgreSQL cluster kept in DIR and use it")


def _add_app(commands: Any) -> None:
    sub = commands.add_parser(
        "app", help="serve the trainer in the browser (Streamlit)",
        description="Serve the whole trainer with Streamlit from the installed package. Options "
                    "after -- go to `streamlit run` (e.g. -- --server.port 8600).")
    sub.add_argument("streamlit_args", nargs="*", help="options for `streamlit run`")


def run_app(args: argparse.Namespace) -> int:
    """``streamlit run`` on the installed package's entrypoint, as a child process."""
    import subprocess
    from importlib import resources

    # asgi.py: the app behind its security headers (trainer/headers.py)
    with resources.as_file(resources.files("trainer").joinpath("asgi.py")) as entrypoint:
        command = [sys.executable, "-m", "streamlit", "run", str(entrypoint),
                   "--client.showErrorDetails", "none", "--runner.postScriptGC", "false",
                   *args.streamlit_args]
        return subprocess.call(command)


def _add_simulate(commands: Any) -> None:
    sub = commands.add_parser(
        "simulate", help="bots play many hands; print a summary",
        description="Bots play N hands of a match (the winner deals next) and print a summary; "
                    "--jsonl writes one record per hand with its replay and, for each win, the "
                    "winner's final position with the verdict.")
    sub.add_argument("--hands", type=_whole(0, MAX_HANDS), default=100)
    sub.add_argument("--seed", type=int, default=0)
    sub.add_argument("--players", type=int, choices=(3, 4), default=4)
    sub.add_argument("--jokers", type=int, choices=(2, 4, 6), default=4)
    sub.add_argument("--bots", default="heuristic",
                     help="comma-separated bot per seat, repeated to fill: heuristic, beginner, "
                          "expert, random")
    sub.add_argument("--jsonl", help="write one JSON record per hand to this file")
    sub.add_argument("--risk", metavar="FILE",
                     help="write one JSON line per discard with the discarder's chance of "
                          "dealing in under three readings (docs/format.md)")
    sub.add_argument("--duplicate", action="store_true",
                     help="--bots TESTED,BASELINE: every deal played once with TESTED in each "
                          "seat and BASELINE in the others; --hands counts deals")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")


def _open_for_writing(path: str | None) -> TextIO | None:
    if not path:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise Dou14Error(f"cannot write {path}: {error.strerror}") from None


def run_simulate(args: argparse.Namespace) -> int:
    from trainer.simulate import simulate

    if args.hands < 0:
        raise Dou14Error(f"--hands must be 0 or more, not {args.hands}")
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    rules = RuleSet(players=args.players, jokers=args.jokers)
    handle = risk = None
    try:
        handle = _open_for_writing(args.jsonl)
        risk = _open_for_writing(args.risk)
        summary: Any
        if args.duplicate:
            from trainer.duplicate import simulate_duplicate

            if len(names) != 2 or risk is not None:
                raise Dou14Error("--duplicate needs --bots TESTED,BASELINE (two names) "
                                 "and no --risk")
            summary = simulate_duplicate(args.hands, args.seed, names[0], names[1], rules,
                                         handle, progress=sys.stderr.isatty())
        else:
            summary = simulate(args.hands, args.seed, args.players, names or ["heuristic"],
                               handle, progress=sys.stderr.isatty(), rules=rules, risk=risk)
        for opened in (handle, risk):
            if opened is not None:
                opened.close()  # a full disk shows here, at the last flush: before the summary
    except OSError as error:  # cannot be written (a full disk, /dev/full)
        raise Dou14Error(f"cannot write {error.filename or args.jsonl or args.risk}: "
                         f"{error.strerror or error}") from None
    finally:
        for opened in (handle, risk):
            if opened is not None and not opened.closed:
                with contextlib.suppress(OSError):
                    opened.close()
    if args.json:
        sys.stdout.write(json.dumps(summary.to_json(), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write("\n".join(summary.lines()) + "\n")
    return 0


def _add_puzzles(commands: Any) -> None:
    sub = commands.add_parser("puzzles", help="generate, check or measure puzzles")
    actions = sub.add_subparsers(dest="puzzles_command", required=True)
    generate = actions.add_parser(
        "generate", help="mine puzzles from simulated hands and write them as JSON lines; "
                         "the report (puzzles/s, rejections) goes to stderr")
    generate.add_argument("--kind", choices=("win", "safe_set", "least_risk"), required=True)
    generate.add_argument("--count", type=_whole(0, MAX_PUZZLES), default=10)
    generate.add_argument("--seed", type=int, default=0)
    check = actions.add_parser("check", help="re-validate every field of every puzzle of the "
                                             "files; exit 1 on any disagreement with the engine")
    check.add_argument("files", nargs="+", metavar="FILE")
    stats = actions.add_parser("stats", help="measure the files as teaching material: answer "
                                             "shares, random-answer chance, duplicates, ...")
    stats.add_argument("files", nargs="+", metavar="FILE")


def _read_lines(path: str) -> list[str]:
    if os.path.exists(path) and not os.path.isfile(path):  # /dev/zero reads for ever
        raise Dou14Error(f"cannot read {path}: not a regular file")
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise Dou14Error(f"cannot read {path}: {reason}") from None


def run_puzzles(args: argparse.Namespace) -> int:
    from trainer.puzzles.bank import generate
    from trainer.puzzles.check import check_lines, read_puzzles
    from trainer.puzzles.model import PuzzleKind
    from trainer.puzzles.stats import bank_stats

    if args.puzzles_command == "generate":
        puzzles, report = generate(PuzzleKind(args.kind), args.count, args.seed)
        for puzzle in puzzles:
            sys.stdout.write(puzzle.dumps() + "\n")
        sys.stderr.write(report.line() + "\n")
        return 0
    if args.puzzles_command == "stats":
        found = []
        for path in args.files:
            try:
                found.extend(read_puzzles(_read_lines(path)))
            except Dou14Error as error:
                raise Dou14Error(f"{path}: {error}") from None
        for kind_stats in bank_stats(found):
            sys.stdout.write("\n".join(kind_stats.lines()) + "\n")
        return 0
    failed = 0
    for path in args.files:
        lines = _read_lines(path)
        problems = list(check_lines(tqdm_if_tty(lines, len(lines))))
        for problem in problems:
            sys.stderr.write(f"{path}:{problem.line}: {problem.puzzle_id}: {problem.message}\n")
        checked = sum(1 for line in lines if line.strip())
        sys.stdout.write(f"{path}: {checked} puzzles checked, {len(problems)} problems\n")
        failed += bool(problems)
    return 1 if failed else 0


def tqdm_if_tty(items: Any, total: int) -> Any:
    from tqdm import tqdm

    return tqdm(items, total=total, disable=not sys.stderr.isatty() or total < 200,
                leave=False, unit="puzzle")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "puzzles":
            return run_puzzles(args)
        if args.command == "lessons":
            from trainer.lessons.model import load_lessons
            from trainer.lessons.stats import track_stats

            sys.stdout.write("\n".join(track_stats(load_lessons()).lines()) + "\n")
            return 0
        if args.command == "app":
            return run_app(args)
        if args.command == "serve":
            from pathlib import Path

            from trainer.serve import serve

            return serve(args.replicas, args.port, args.database,
                         Path(args.postgres) if args.postgres else None)
        if args.hand is None:
            return run_json_lines(args.command, sys.stdin.buffer, sys.stdout)
        return run_human(args.command, args, sys.stdout)
    except Dou14Error as error:
        sys.stderr.write(f"dou14: {error}\n")
        return 1
    except BrokenPipeError:
        return 0
    except OSError as error:  # standard output or a file that cannot be written
        where = f": {error.filename}" if error.filename else ""
        sys.stderr.write(f"dou14: {error.strerror or error}{where}\n")
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())

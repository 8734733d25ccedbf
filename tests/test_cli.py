"""``dou14 check`` / ``dou14 waits`` exactly as docs/format.md specifies: JSON lines in and out, exit 1 on
an invalid line, never a traceback; and the human forms."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cli import run_json_lines
from trainer.content.sampling import random_position, random_rules
from trainer.engine import verdict, waits

DOU14 = str(Path(sys.executable).parent / "dou14")
EXAMPLE = {"rules": {"players": 4, "jokers": 4, "scoring": "doubling", "base": 1, "fan_cap": 5},
           "hand": "7h Kd Ac 5h 9c 6d 8s",
           "melds": [{"kind": "chi", "cards": "8h 6s"}, {"kind": "pong", "cards": "Qh Qs Qd"},
                     {"kind": "joker", "cards": "X"}],
           "card": "7d", "source": "discard", "dealer_first_discard": False}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([DOU14, *args], input=stdin, capture_output=True, text=True,
                          timeout=60, check=False)


def test_check_json_lines() -> None:
    lines = [json.dumps(EXAMPLE), "", json.dumps({**EXAMPLE, "card": "8d"})]
    done = run("check", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert out[0] == {"win": True, "reason": "win", "red": 36, "threshold": 20, "fan": 2,
                      "specials": [], "share": 4}
    assert out[1]["reason"] == "not_combined" and out[1]["win"] is False
    assert len(out) == 2


def test_check_invalid_line_goes_on_and_exits_1() -> None:
    lines = ['{"hand": "7h 7x"}', "not json", json.dumps(EXAMPLE)]
    done = run("check", stdin="\n".join(lines))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["reason"] for o in out] == ["invalid", "invalid", "win"]
    assert "'7x' at 3: unknown suit 'x'" in out[0]["error"]


def test_waits_json_lines() -> None:
    lines = [json.dumps({"hand": "8h 5h 9c", "melds": [{"kind": "chi", "cards": "10c 4d"},
                                                       {"kind": "chi", "cards": "Ah Kc"},
                                                       {"kind": "chi", "cards": "Qs 2c"}]}),
             json.dumps({"hand": "8h 5h 9c 2s 2c"}), json.dumps({"hand": "8h 5h"})]
    done = run("waits", stdin="\n".join(lines))
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert out[0] == {"ready": True, "wins_on": ["6h", "6d"]}
    assert out[1] == {"ready": False, "wins_on": []}
    assert out[2]["reason"] == "invalid" and "odd" in out[2]["error"]
    assert done.returncode == 1


def test_human_check_in_both_languages() -> None:
    done = run("check", "7h Kd Ac 5h 9c 6d 8s", "--card", "7d", "--meld", "chi:8h,6s")
    assert done.returncode == 0
    assert "7♦ wins (糊)." in done.stdout
    assert "(R-RED, R-WIN)" in done.stdout
    zh = run("check", "7h Kd Ac 5s 9c", "--card", "7d", "--meld", "chi:3d,Jd", "--lang", "zh")
    assert "7♦ 不能糊。" in zh.stdout and "差 1 点才够 20" in zh.stdout


def test_human_waits_and_json_flag() -> None:
    done = run("waits", "8h 5h 9c", "--meld", "chi:10c,4d", "--meld", "chi:Ah,Kc",
               "--meld", "chi:Qs,2c")
    assert "6♥ and 6♦ win; 6♠ and 6♣ leave you at 18 red" in done.stdout
    as_json = run("waits", "8h 5h 9c", "--meld", "chi:10c,4d", "--json")
    assert json.loads(as_json.stdout)["wins_on"] == ["6h", "6d"]


def test_human_errors_have_no_traceback() -> None:
    done = run("check", "7h 7x", "--card", "7d")
    assert done.returncode == 1
    assert done.stderr.strip() == "dou14: hand: '7x' at 3: unknown suit 'x' (use s h c d or ♠♥♣♦)" \
        or "'7x' at 3" in done.stderr
    assert "Traceback" not in done.stderr
    bad_meld = run("check", "7h Kd Ac", "--card", "7d", "--meld", "pong:Qh,Qs,Kd")
    assert bad_meld.returncode == 1 and "mixes ranks" in bad_meld.stderr


def test_random_positions_match_the_engine() -> None:
    rng = random.Random(7)
    claims = [random_position(rng, random_rules(rng)) for _ in range(200)]
    done = run("check", stdin="\n".join(p.dumps() for p in claims))
    assert done.returncode == 0
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        verdict(p).to_json() for p in claims]
    hands = [random_position(rng, random_rules(rng), with_card=False) for _ in range(200)]
    done = run("waits", stdin="\n".join(p.dumps() for p in hands))
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        waits(p).to_json() for p in hands]


@given(st.lists(st.binary(max_size=60), max_size=5))
def test_json_lines_fuzz(lines: list[bytes]) -> None:
    """Random bytes: each non-blank line answers with one JSON object; no exception escapes."""
    for command in ("check", "waits"):
        out = io.StringIO()
        chunks = [line.replace(b"\n", b" ") + b"\n" for line in lines]
        status = run_json_lines(command, chunks, out)
        answers = [json.loads(line) for line in out.getvalue().splitlines()]
        expected = sum(1 for c in chunks if not _is_utf8(c) or c.decode("utf-8").strip())
        assert len(answers) == expected
        assert status == (1 if any(a.get("reason") == "invalid" for a in answers) else 0)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@pytest.mark.parametrize("args", [
    ["simulate", "--hands", "99999999999999999999"], ["simulate", "--hands", "many"],
    ["puzzles", "generate", "--kind", "win", "--count", "99999999999999999999"],
    ["serve", "--replicas", "99999999999999999999"], ["serve", "--replicas", "0"],
    ["serve", "--port", "99999"], ["serve", "--port", "-1"], ["no-such-command"],
])
def test_a_bad_argument_is_one_line_and_exit_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("dou14")


@pytest.mark.parametrize("args", [
    ["simulate", "--hands", "3", "--jsonl", "/dev/full"],
    ["simulate", "--hands", "3", "--jsonl", "/nonexistent/folder/hands.jsonl"],
    ["puzzles", "check", "/dev/zero"], ["puzzles", "stats", "/nonexistent.jsonl"],
])
def test_an_unwritable_or_unreadable_path_is_one_line_and_exit_1(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 1, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert args[-1] in done.stderr


def test_a_full_standard_output_is_one_line_and_exit_1() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([DOU14, "simulate", "--hands", "2"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_serve_that_cannot_start_leaves_no_folder(tmp_path: Path) -> None:
    """nginx's port is taken: one line naming it, exit 1, and no temporary folder left."""
    import os
    import socket

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([DOU14, "serve", "--replicas", "1", "--port", str(port),
                               "--database", f"sqlite:///{tmp_path / 'p.sqlite3'}"],
                              capture_output=True, text=True, timeout=120, check=False,
                              env={**os.environ, "TMPDIR": str(temporary)})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"dou14 serve: port {port} cannot be used (Address already in use): choose another "
        "with --port"]
    assert list(temporary.iterdir()) == []


def test_lessons_stats_counts_the_track_from_the_files() -> None:
    """The figures are the lesson files' own: stages, steps, reading and doing, and the table
    decisions (the learner's own choice of move) on the first line."""
    from trainer.lessons.model import Explain, Question, load_lessons
    from trainer.lessons.stats import TABLE_DECISIONS

    result = run("lessons", "stats")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    lessons = load_lessons()
    steps = [step for lesson in lessons for step in lesson.steps]
    questions = [s for s in steps if isinstance(s, Question)]
    decisions = sum(1 for s in questions if s.kind in TABLE_DECISIONS)
    assert lines[0] == f"table decisions: {decisions}" and decisions >= 10
    assert f"stages: {len(lessons)}" in lines and f"levels: {len(steps)}" in lines
    played = [s for s in steps if isinstance(s, Explain) and s.play_hands]
    assert f"levels of doing: {len(questions) + len(played)}" in lines
    assert f"reading steps (explain): {sum(isinstance(s, Explain) for s in steps) - len(played)}" \
        in lines
    assert f"fresh from the first try: {sum(s.fresh_first for s in questions)}" in lines
    per_kind = lines[lines.index("per kind:") + 1:]
    assert sum(int(line.rsplit(": ", 1)[1]) for line in per_kind) == len(questions) + len(played)

"""Puzzles: generated and explained by the engine; the shipped bank re-validates; a puzzle altered
by one card is caught by `dou14 puzzles check`."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from trainer.puzzles import Puzzle, bank_file, safe, win
from trainer.puzzles.check import check_lines, check_puzzle, read_puzzles

DOU14 = str(Path(sys.executable).parent / "dou14")
BANK = {kind: read_puzzles(bank_file(kind).read_text(encoding="utf-8").splitlines())
        for kind in ("win", "safe")}


@pytest.mark.parametrize("kind", ["win", "safe"])
def test_bank_has_2000_unique_puzzles(kind: str) -> None:
    puzzles = BANK[kind]
    assert len(puzzles) >= 2000
    assert len({p.id for p in puzzles}) == len(puzzles)


@pytest.mark.parametrize("kind", ["win", "safe"])
def test_bank_revalidates(kind: str) -> None:
    problems = [(p.id, check_puzzle(p)) for p in BANK[kind]]
    assert [item for item in problems if item[1]] == []


def test_bank_covers_the_themes() -> None:
    themes = Counter(theme for p in BANK["win"] for theme in p.themes)
    for theme in ("red-short", "near-miss", "colour-matters", "concealed-triple",
                  "joker-in-hand", "special-win", "all-red", "all-black", "jiedi",
                  "three-players", "not-combined", "wins"):
        assert themes[theme] >= 20, theme
    sources = Counter(p.source for p in BANK["win"])
    assert sources["simulated"] >= 100 and sources["constructed"] >= 1000
    safe_themes = Counter(theme for p in BANK["safe"] for theme in p.themes)
    for theme in ("open", "hidden", "complement-exhausted", "red-unreachable"):
        assert safe_themes[theme] >= 20, theme


def test_safe_puzzles_have_safe_and_dangerous_candidates() -> None:
    for puzzle in BANK["safe"][:300]:
        answer = puzzle.answer
        assert answer["safe"] and len(answer["safe"]) < len(answer["candidates"])




@pytest.mark.parametrize("kind", ["win", "safe"])
def test_a_puzzle_altered_by_one_card_is_caught(kind: str, tmp_path: Path) -> None:
    puzzle = BANK[kind][0]
    data = puzzle.to_json()
    board = data["position"] if kind == "win" else data["table"]
    hand = board["hand"].split()
    replacement = next(card for card in ("2s", "3c", "4d", "5s", "9h", "Jc") if card not in
                       json.dumps(board))
    hand[0] = replacement
    board["hand"] = " ".join(hand)
    explained = puzzle.to_json()
    explained["explanation"]["en"] = [*explained["explanation"]["en"][:-1], "it is all fine"]
    path = tmp_path / "bank.jsonl"
    path.write_text("\n".join([puzzle.dumps(), json.dumps(data, ensure_ascii=False),
                               json.dumps(explained, ensure_ascii=False)]) + "\n",
                    encoding="utf-8")
    problems = list(check_lines(path.read_text(encoding="utf-8").splitlines()))
    assert [p.line for p in problems] == [2, 3]
    assert "does not match the content" in problems[0].message
    assert "explanation disagrees" in problems[1].message
    done = subprocess.run([DOU14, "puzzles", "check", str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert "3 puzzles checked, 2 problems" in done.stdout
    assert f"{path}:2:" in done.stderr and "Traceback" not in done.stderr


def test_generate_command_is_seeded_and_valid(tmp_path: Path) -> None:
    runs = [subprocess.run([DOU14, "puzzles", "generate", "--kind", kind, "--count", "15",
                            "--seed", "4"], capture_output=True, text=True, timeout=120,
                           check=True).stdout for kind in ("win", "safe", "win")]
    assert runs[0] == runs[2]
    for output in runs[:2]:
        lines = output.splitlines()
        assert len(lines) == 15
        assert not list(check_lines(lines))


def test_generated_puzzles_explain_themselves() -> None:
    for puzzle in [*win.generate(30, 9), *safe.generate(10, 9)]:
        assert puzzle.explanation["en"] and puzzle.explanation["zh"]
        assert puzzle.rules and puzzle.themes
        assert puzzle.rating["rating"] == round(puzzle.difficulty["estimate"], 1)
        assert Puzzle.from_json(puzzle.dumps()) == puzzle


def test_unreadable_lines_are_reported() -> None:
    problems = list(check_lines(["not json", '{"kind": "chess"}', "", '{"kind": "win"}']))
    assert [p.line for p in problems] == [1, 2, 4]

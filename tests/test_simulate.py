"""`dou14 simulate`: the summary, the JSON lines (replay + winner's position + verdict), errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.engine import Position, verdict
from trainer.engine.game.replay import Replay
from trainer.simulate import simulate

DOU14 = str(Path(sys.executable).parent / "dou14")


def test_jsonl_records_replay_and_verdicts(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    done = subprocess.run([DOU14, "simulate", "--hands", "60", "--seed", "3", "--bots",
                           "heuristic,random", "--jsonl", str(out)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("60 hands: ")
    assert "seat 1 (random)" in done.stdout
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 60
    wins = 0
    for record in records:
        replay = Replay.from_json(record["replay"])
        final = replay.state_at()
        assert final.result is not None and final.result.kind == record["kind"]
        assert list(final.result.payments) == record["payments"]
        if "position" in record:
            wins += 1
            judged = verdict(Position.from_json(record["position"]))
            assert judged.win and judged.to_json() == record["verdict"]
    assert wins > 10


def test_summary_counts_add_up() -> None:
    summary = simulate(120, 8, players=3, bot_names=["random"], progress=False)
    data = summary.to_json()
    assert data["hands"] == 120
    assert data["wins"] + data["draws"] == 120
    assert sum(seat["score"] for seat in data["seats"]) == 0
    assert len(data["seats"]) == 3
    assert simulate(120, 8, players=3, bot_names=["random"], progress=False).to_json() == data


def test_bad_arguments_are_clear() -> None:
    done = subprocess.run([DOU14, "simulate", "--bots", "genius"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 1 and "unknown bot 'genius'" in done.stderr
    assert "Traceback" not in done.stderr
    done = subprocess.run([DOU14, "simulate", "--jsonl", "/nonexistent/dir/x.jsonl"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1 and "cannot write" in done.stderr


@pytest.mark.rule("R-KONG")
def test_simulated_hands_make_kongs_in_two_steps_and_count_them() -> None:
    """The heuristic bot makes half its kongs of cases 1 and 2 in two steps; the summary counts
    each way, and every kong laid is counted once."""
    summary = simulate(1500, 3, progress=False)
    kongs = summary.to_json()["kongs"]
    assert kongs["two_step"] > 0 and kongs["drawn"] > 0 and kongs["gathered"] == 0
    assert any(line.startswith("  kongs (杠): dealt ") for line in summary.lines())

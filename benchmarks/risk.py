"""How well the deal-in chance is calibrated on play (R-SAFE, R-READ): ``make bench`` runs it.

Simulates heuristic-bot hands with ``dou14 simulate --jsonl … --risk …`` (or reads the two files
given), finds from each hand's replay whether each discard dealt in (the hand's last discard,
won on by another player), and reports for each of the three readings (``risk``: the play
model, ``risk_history``: visible cards and passes, ``risk_visible``: visible cards only) the
Brier score, the log loss and the calibration error (ten bins of equal count, |mean risk −
deal-in rate| weighted by count); the share of discards proven safe by each proof kind; and the
deal-ins on a proven-safe card (must be 0).

    python benchmarks/risk.py [--hands 3000] [--seed 1] [--jsonl FILE --risk FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

READINGS = ("risk", "risk_history", "risk_visible")


def outcomes(jsonl: Path) -> dict[tuple[int, int], bool]:
    """(hand, action index) of every discard → did it deal in."""
    found: dict[tuple[int, int], bool] = {}
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        actions = record["replay"]["actions"]
        discards = [i for i, a in enumerate(actions) if a["kind"] == "discard"]
        for index in discards:
            found[record["hand"], index] = False
        if record["kind"] == "win" and record["discarder"] is not None and discards:
            last = discards[-1]
            assert actions[last]["seat"] == record["discarder"]
            found[record["hand"], last] = True
    return found


def brier(p: list[float], y: list[bool]) -> float:
    return sum((pi - yi) ** 2 for pi, yi in zip(p, y, strict=True)) / len(p)


def log_loss(p: list[float], y: list[bool]) -> float:
    eps = 1e-6
    return -sum(math.log(min(1 - eps, max(eps, pi))) if yi else
                math.log(min(1 - eps, max(eps, 1 - pi))) for pi, yi in zip(p, y, strict=True)) \
        / len(p)


def calibration_error(p: list[float], y: list[bool], bins: int = 10) -> float:
    order = sorted(range(len(p)), key=lambda i: p[i])
    total = 0.0
    for b in range(bins):
        chunk = order[b * len(order) // bins:(b + 1) * len(order) // bins]
        if chunk:
            mean = sum(p[i] for i in chunk) / len(chunk)
            rate = sum(y[i] for i in chunk) / len(chunk)
            total += abs(mean - rate) * len(chunk)
    return total / len(p)


def report(jsonl: Path, risk: Path) -> dict[str, object]:
    dealt = outcomes(jsonl)
    lines = [json.loads(line) for line in risk.read_text(encoding="utf-8").splitlines()]
    y = [dealt[line["hand"], line["action"]] for line in lines]
    result: dict[str, object] = {"discards": len(lines), "deal_ins": sum(y),
                                 "deal_in_rate": sum(y) / len(y)}
    for reading in READINGS:
        p = [float(line[reading]) for line in lines]
        result[reading] = {"brier": brier(p, y), "log_loss": log_loss(p, y),
                           "calibration_error": calibration_error(p, y)}
    proofs = Counter(line["proof"] for line in lines)
    result["proven_share"] = {kind: proofs[kind] / len(lines) for kind in ("visible", "history")}
    result["deal_ins_on_proven_safe"] = sum(1 for line, yi in zip(lines, y, strict=True)
                                            if yi and line["proof"] is not None)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jsonl", type=Path)
    parser.add_argument("--risk", type=Path)
    args = parser.parse_args()
    started = time.perf_counter()
    if args.jsonl is None or args.risk is None:
        folder = Path(tempfile.mkdtemp(prefix="dou14-risk-"))
        args.jsonl, args.risk = folder / "hands.jsonl", folder / "risk.jsonl"
        dou14 = str(Path(sys.executable).parent / "dou14")
        subprocess.run([dou14, "simulate", "--hands", str(args.hands), "--seed", str(args.seed),
                        "--jsonl", str(args.jsonl), "--risk", str(args.risk)], check=True,
                       stdout=subprocess.DEVNULL)
    result = report(args.jsonl, args.risk)
    print(f"deal-in chance on play — Python {platform.python_version()} on {platform.machine()}, "
          f"{result['discards']} discards, {result['deal_ins']} deal-ins "
          f"({float(result['deal_in_rate']):.2%}), {time.perf_counter() - started:.0f} s")
    for reading in READINGS:
        scores = result[reading]
        assert isinstance(scores, dict)
        print(f"  {reading:13s} Brier {scores['brier']:.5f}  log loss {scores['log_loss']:.4f}  "
              f"calibration error {scores['calibration_error']:.4f}")
    shares = result["proven_share"]
    assert isinstance(shares, dict)
    print(f"  proven safe: by visible cards {shares['visible']:.2%}, by the history "
          f"{shares['history']:.2%}; deal-ins on a proven-safe card: "
          f"{result['deal_ins_on_proven_safe']}")


if __name__ == "__main__":
    main()

"""Page-run times measured inside a Streamlit server (``run_timer/sitecustomize.py``), for the
benchmarks that start servers: the environment that turns the timer on, and the runs read back
and summed up."""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

from benchmarks.stats import p95

RUN_TIMER = Path(__file__).resolve().parent / "run_timer"

Run = tuple[str, float, float]
"""(``page`` or ``fragment``, wall seconds, CPU seconds of the script thread)."""


def timer_env(folder: Path) -> dict[str, str]:
    """The environment for a server that records its page runs into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [str(RUN_TIMER)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                if p]
    return {"DOU14_RUN_TIMES": str(folder), "PYTHONPATH": os.pathsep.join(paths)}


def runs_of(folder: Path, pid: int) -> list[Run]:
    """The runs process ``pid`` has recorded so far (it writes them every half second)."""
    time.sleep(1.0)
    path = folder / f"runs-{pid}.json"
    if not path.exists():
        return []
    return [(str(kind), float(wall), float(cpu))
            for kind, wall, cpu in json.loads(path.read_text(encoding="utf-8"))]


def summary(runs: list[Run]) -> str:
    """Median and p95 of the runs' wall and CPU times, whole-page runs and fragment runs apart
    (a fragment run is one action on a fragment: a Play move, a puzzle answer)."""
    parts = []
    for kind in ("page", "fragment"):
        chosen = [run for run in runs if run[0] == kind]
        if not chosen:
            continue
        walls = [run[1] for run in chosen]
        cpus = [run[2] for run in chosen]
        parts.append(f"{len(chosen)} {kind} runs: wall median "
                     f"{statistics.median(walls) * 1000:.0f} ms, p95 {p95(walls) * 1000:.0f} ms; "
                     f"CPU median {statistics.median(cpus) * 1000:.1f} ms, "
                     f"p95 {p95(cpus) * 1000:.1f} ms")
    return "inside the process, " + "; ".join(parts) if parts else "no page run recorded"

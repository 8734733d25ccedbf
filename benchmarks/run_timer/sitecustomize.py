"""Page-run times measured inside a Streamlit server, for the load benchmark (never the app).

``benchmarks/load.py`` starts its servers with this folder on ``PYTHONPATH`` and
``DOU14_RUN_TIMES`` naming a folder. Python then imports this module at start-up; it wraps
Streamlit's script runner so each run's wall time and its thread's CPU time (callbacks
included) are kept, whole page or fragment, and written every half second to
``runs-<pid>.json`` in that folder. With ``DOU14_RUN_PROFILE`` set as well, every run is also
profiled (cProfile) while a file ``profile-on`` is in the folder (warm runs left out), the sum
written to ``profile-<pid>.prof`` beside it, to find where a page's time goes."""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

FOLDER = os.environ.get("DOU14_RUN_TIMES")


def _install(folder: Path) -> None:
    from streamlit.runtime.scriptrunner import script_runner

    runs: list[tuple[str, float, float]] = []
    lock = threading.Lock()
    original = script_runner.ScriptRunner._run_script

    profiles: list[Any] = []

    def timed(self: Any, rerun_data: Any) -> Any:
        profile = None
        if os.environ.get("DOU14_RUN_PROFILE") and (folder / "profile-on").exists():
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return original(self, rerun_data)
        finally:
            if profile is not None:
                profile.disable()
                with lock:
                    profiles.append(profile)
            kind = "fragment" if rerun_data.fragment_id_queue else "page"
            with lock:
                runs.append((kind, time.perf_counter() - wall, time.thread_time() - cpu))

    script_runner.ScriptRunner._run_script = timed  # type: ignore[method-assign]

    def write() -> None:
        target = folder / f"runs-{os.getpid()}.json"
        fresh = target.with_suffix(".new")
        while True:
            time.sleep(0.5)
            with lock:
                kept = list(runs)
            fresh.write_text(json.dumps(kept), encoding="utf-8")
            os.replace(fresh, target)  # a reader sees the old list or the new, never half
            with lock:
                done = list(profiles)
            if done:
                import pstats

                summed = pstats.Stats(done[0])
                for profile in done[1:]:
                    summed.add(profile)
                summed.dump_stats(str(folder / f"profile-{os.getpid()}.prof"))

    threading.Thread(target=write, daemon=True, name="dou14-run-times").start()


if FOLDER:
    with contextlib.suppress(ImportError):  # a Python process without Streamlit
        _install(Path(FOLDER))

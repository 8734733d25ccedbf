"""Starting the trainer with `streamlit run` on a free local port, for the browser tests and the
browser benchmarks."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from trainer.serve import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def start_server(database: Path, settings: dict[str, str] | None = None, port: int | None = None
                 ) -> tuple[subprocess.Popen[bytes], str]:
    """A running trainer on ``database`` (SQLite) and its URL, with extra environment
    ``settings`` (on ``port`` if given); raises with the server's output if it does not answer
    its health check within a minute."""
    port = port or free_port()
    env = {**os.environ, "DOU14_DATABASE_URL": f"sqlite:///{database}", **(settings or {})}
    # The server's output goes to a file beside its database: a pipe nobody reads fills up
    # after 64 KiB of log lines and then blocks the server mid-run (clicks seem lost).
    log = database.with_suffix(".log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "trainer" / "asgi.py"),
         "--server.headless", "true", "--server.port", str(port), "--server.address",
         "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return process, url
        except OSError:
            time.sleep(0.3)
    process.kill()
    process.wait(10)
    output = database.with_suffix(".log").read_text(errors="replace")
    raise RuntimeError(f"streamlit did not start:\n{output}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()

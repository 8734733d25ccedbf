"""``dou14 serve`` keeps its replicas running (issue 26): a replica killed with ``kill -9`` is
reaped (no zombie), started again on its port after a back-off, and each step — the exit and its
cause, the restart, the health check of the new process — is in the log."""

from __future__ import annotations

import logging
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from trainer.replicas import FIRST_BACKOFF, LONGEST_BACKOFF, STEADY_SECONDS, Replica, Supervisor

DOU14 = str(Path(sys.executable).parent / "dou14")


class FakeProcess:
    """Stands for a replica's process: running until ``returncode`` is set."""

    count = 0

    def __init__(self) -> None:
        FakeProcess.count += 1
        self.pid = 1000 + FakeProcess.count
        self.returncode: int | None = None

    def poll(self) -> int | None:
        return self.returncode


def test_a_stopped_replica_is_restarted_after_a_growing_back_off(
        caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    started: list[FakeProcess] = []

    def start(number: int, port: int) -> FakeProcess:
        started.append(FakeProcess())
        return started[-1]

    first = FakeProcess()
    supervisor = Supervisor([Replica(0, 8101, first, 0.0)],  # type: ignore[arg-type]
                            start, clock=lambda: now[0],  # type: ignore[arg-type]
                            healthy=lambda port: True)
    caplog.set_level(logging.INFO, logger="dou14.serve")
    supervisor.tick()
    assert "replica 0 (port 8101, pid 1001) passed its health check" in caplog.text
    delays = []
    for _ in range(8):  # each death soon after its start: the back-off doubles
        supervisor.replicas[0].process.returncode = -signal.SIGKILL  # type: ignore[attr-defined]
        now[0] += 1
        supervisor.tick()
        due = supervisor.replicas[0].due
        assert due is not None and "killed by SIGKILL" in caplog.records[-1].getMessage()
        delays.append(due - now[0])
        now[0] = due - 0.01
        supervisor.tick()  # not yet
        assert len(started) == len(delays) - 1
        now[0] = due
        supervisor.tick()
        assert len(started) == len(delays)
        assert f"started again on port 8101 (pid {started[-1].pid})" in caplog.text
        supervisor.tick()
        assert caplog.records[-1].getMessage() == (
            f"replica 0 (port 8101, pid {started[-1].pid}) passed its health check")
    assert delays[:3] == [FIRST_BACKOFF, 2 * FIRST_BACKOFF, 4 * FIRST_BACKOFF]
    assert max(delays) == LONGEST_BACKOFF
    now[0] += STEADY_SECONDS  # a long life: back to the first back-off
    supervisor.replicas[0].process.returncode = 1  # type: ignore[attr-defined]
    supervisor.tick()
    assert supervisor.replicas[0].due == now[0] + FIRST_BACKOFF
    assert "exit status 1" in caplog.records[-1].getMessage()


def _lines(process: subprocess.Popen[str]) -> queue.Queue[str]:
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return lines


def _wait_for(lines: queue.Queue[str], pattern: str, seen: list[str],
              timeout: float = 120) -> re.Match[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line)
        if found := re.search(pattern, line):
            return found
    raise AssertionError(f"never logged {pattern!r}; the log:\n" + "\n".join(seen))


def _gone_or_zombie(pid: int) -> str:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return "gone"
    return "zombie" if re.search(r"^State:\s+Z", status, re.M) else "running"


def test_a_killed_replica_is_reaped_restarted_and_healthy_again(tmp_path: Path) -> None:
    serve = subprocess.Popen([DOU14, "serve", "--replicas", "2", "--database",
                              f"sqlite:///{tmp_path / 'p.sqlite3'}"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env={**os.environ, "TMPDIR": str(tmp_path)})
    seen: list[str] = []
    lines = _lines(serve)
    restarted = 0
    try:
        _wait_for(lines, r"The trainer: http://127\.0\.0\.1:\d+", seen)
        healthy = {int(match.group(1)): int(match.group(2)) for line in seen
                   if (match := re.search(r"replica (\d) \(port \d+, pid (\d+)\) passed", line))}
        assert sorted(healthy) == [0, 1]
        victim = healthy[1]
        os.kill(victim, signal.SIGKILL)
        _wait_for(lines, rf"replica 1 \(port \d+, pid {victim}\) stopped after \d+ s "
                         r"\(killed by SIGKILL\); starting it again in 1 s", seen)
        assert _gone_or_zombie(victim) == "gone"  # waited for: no <defunct> left
        restarted = int(_wait_for(lines, r"replica 1 started again on port \d+ \(pid (\d+)\)",
                                  seen).group(1))
        _wait_for(lines, rf"replica 1 \(port \d+, pid {restarted}\) passed its health check",
                  seen)
        assert _gone_or_zombie(restarted) == "running"
    finally:
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=60) == 0
    assert all(_gone_or_zombie(pid) == "gone" for pid in [*healthy.values(), restarted])

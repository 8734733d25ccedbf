"""Keeping the replicas of ``dou14 serve`` running: a replica that exits (a crash, an out-of-memory
kill, a ``kill -9``) is waited for — so it never lingers as a zombie — and started again on its
own port after a back-off, and every step goes to the log: the exit and its cause, the restart,
and the health check the new process passes (or a replica that stops answering its own).

The back-off is one second, doubled for each restart that follows a short life (under
``STEADY_SECONDS``), up to ``LONGEST_BACKOFF``: a replica that cannot start (a broken database, a
port taken) is tried again once a minute instead of in a tight loop, while a crash after hours of
service is mended within a second. No Streamlit here; the processes are started by a callable
the caller hands in (``trainer.serve``)."""

from __future__ import annotations

import logging
import signal
import subprocess
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

LOG = logging.getLogger("dou14.serve")
FIRST_BACKOFF = 1.0
LONGEST_BACKOFF = 60.0
STEADY_SECONDS = 60.0
"""A replica that lived this long before it stopped is restarted after the first back-off."""
CHECK_EVERY = 10.0
"""Seconds between health checks of a replica that has passed one."""

Start = Callable[[int, int], "subprocess.Popen[bytes]"]
"""Starts replica ``number`` on ``port`` and returns its process."""


def answers_health(port: int, timeout: float = 1.0) -> bool:
    """Whether ``GET /_stcore/health`` on loopback ``port`` answers ``ok`` now."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health",
                                    timeout=timeout) as answer:
            return bool(answer.read().strip() == b"ok")
    except OSError:
        return False


def exit_cause(returncode: int) -> str:
    """How a process ended, in words for the log: its exit status or the signal that killed it."""
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


@dataclass
class Replica:
    """One replica as the supervisor follows it."""

    number: int
    port: int
    process: subprocess.Popen[bytes]
    started: float
    healthy: bool = False
    checked: float = 0.0
    backoff: float = FIRST_BACKOFF
    due: float | None = None
    """When a stopped replica is to be started again (``None`` while it runs)."""


class Supervisor:
    """Call :meth:`tick` every fraction of a second: it notices stopped replicas, restarts them
    when their back-off has passed, and runs the health checks. ``clock`` and ``healthy`` are
    the monotonic clock and the health check (tests hand in their own)."""

    def __init__(self, replicas: list[Replica], start: Start, *,
                 clock: Callable[[], float] = time.monotonic,
                 healthy: Callable[[int], bool] = answers_health) -> None:
        self.replicas = replicas
        self._start = start
        self._clock = clock
        self._healthy = healthy

    def tick(self) -> None:
        now = self._clock()
        for replica in self.replicas:
            if replica.due is not None:
                if now >= replica.due:
                    self._restart(replica, now)
            elif replica.process.poll() is not None:
                self._stopped(replica, now)
            elif not replica.healthy or now - replica.checked >= CHECK_EVERY:
                self._check(replica, now)

    def _stopped(self, replica: Replica, now: float) -> None:
        lived = now - replica.started
        if lived >= STEADY_SECONDS:
            replica.backoff = FIRST_BACKOFF
        replica.due = now + replica.backoff
        LOG.warning("replica %d (port %d, pid %d) stopped after %.0f s (%s); starting it again "
                    "in %.0f s", replica.number, replica.port, replica.process.pid, lived,
                    exit_cause(replica.process.returncode), replica.backoff)
        replica.backoff = min(LONGEST_BACKOFF, replica.backoff * 2)
        replica.healthy = False

    def _restart(self, replica: Replica, now: float) -> None:
        try:
            replica.process = self._start(replica.number, replica.port)
        except OSError as error:
            replica.due = now + replica.backoff
            LOG.error("replica %d could not be started (%s); trying again in %.0f s",
                      replica.number, error.strerror or error, replica.backoff)
            replica.backoff = min(LONGEST_BACKOFF, replica.backoff * 2)
            return
        replica.started, replica.due, replica.checked = now, None, now
        LOG.info("replica %d started again on port %d (pid %d)", replica.number, replica.port,
                 replica.process.pid)

    def _check(self, replica: Replica, now: float) -> None:
        answered = self._healthy(replica.port)
        replica.checked = now
        if answered and not replica.healthy:
            LOG.info("replica %d (port %d, pid %d) passed its health check", replica.number,
                     replica.port, replica.process.pid)
        elif not answered and replica.healthy:
            LOG.warning("replica %d (port %d, pid %d) does not answer its health check",
                        replica.number, replica.port, replica.process.pid)
        replica.healthy = answered

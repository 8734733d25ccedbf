"""``dou14 serve --replicas N``: the trainer as several Streamlit processes behind nginx, sharing
one database — the arrangement for a school, a club or a family, started with one command for a
local try (see docs/deployment.md for a real server).

Each replica is ``streamlit run trainer/asgi.py`` on its own loopback port with the same cookie
secret (so a browser moved to another replica keeps working); nginx (Debian's package) listens on
one port, keeps each browser on one replica by a cookie it sets itself, proxies the websocket and
moves browsers off a replica that dies, which ``trainer.replicas`` starts again. Progress lives in
the database only — PostgreSQL for replicas (``--postgres DIR`` starts a local cluster kept in
DIR), or one SQLite file.

Whatever goes wrong is said in one line on standard error (exit status 1), never a traceback,
and a database URL only by its driver and database name; a start that fails leaves no folder
behind.
"""

from __future__ import annotations

import getpass
import glob
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from trainer.headers import security_headers
from trainer.practice.import_limits import MAX_IMPORT_MB
from trainer.replicas import LOG, Replica, Supervisor, answers_health

ROOT = Path(__file__).resolve().parent.parent
APP = Path(__file__).resolve().parent / "asgi.py"
"""What each replica runs: the app behind the security headers of ``trainer.headers``."""
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
NGINX = "/usr/sbin/nginx"
UPLOAD_MB = MAX_IMPORT_MB + 1
"""The largest request body nginx passes on, in MB: the app's largest upload (a CSV import)
with room for the multipart form around it."""


class ServeError(RuntimeError):
    """Something the arrangement needs is missing or did not start; the message says what."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def nginx_config(ports: Sequence[int], listen: int, prefix: Path, upload_mb: int = UPLOAD_MB,
                 template: Path = TEMPLATE) -> str:
    """The nginx configuration for replicas on ``ports`` (loopback), listening on ``listen``."""
    def server(port: int, backup: bool = False) -> str:
        return (f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s"
                f"{' backup' if backup else ''};")

    named = [(f"replica{number}", port) for number, port in enumerate(ports)]
    replica_upstreams = "\n".join(
        f"    upstream {name} {{\n" + "\n".join(
            [server(port)] + [server(other, backup=True) for other in ports if other != port])
        + "\n    }"
        for name, port in named)
    text = template.read_text(encoding="utf-8").format(
        prefix=prefix, servers="\n".join(server(port) for port in ports),
        replica_upstreams=replica_upstreams,
        pools_by_cookie="\n".join(f"        {name} {name};" for name, _port in named),
        cookies_by_address="\n".join(
            f'        "~^any:(.*, )?127\\.0\\.0\\.1:{port}$" '
            f'"dou14_replica={name}; Path=/; HttpOnly; SameSite=Lax";'
            for name, port in named),
        listen=f"127.0.0.1:{listen}", upload_mb=upload_mb,
        headers="\n".join(f'            add_header {name} "{value}" always;'
                          for name, value in security_headers().items()),
        hidden="\n".join(f"            proxy_hide_header {name};" for name in security_headers()))
    user = getpass.getuser()
    return f"user {user};\n{text}" if os.geteuid() == 0 else text


def last_line(log: Path) -> str:
    """What a process said as it stopped, for a one-line message: the first line nginx marked
    ``[emerg]`` (its last one only says it gave up), else the last non-blank line of ``log``
    ("" when there is none)."""
    try:
        lines = [line.strip() for line in log.read_text(errors="replace").splitlines()]
    except OSError:
        return ""
    return next((line for line in lines if "[emerg]" in line),
                next((line for line in reversed(lines) if line), ""))


def _check_free(port: int) -> None:
    """Refuse a listening port that something else holds, before anything is started."""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError as error:
            raise ServeError(f"port {port} cannot be used ({error.strerror}): choose another "
                             "with --port") from None


def wait_until_healthy(port: int, timeout: float = 60.0, process: subprocess.Popen[bytes] |
                       None = None, log: Path | None = None) -> None:
    """Wait for ``/_stcore/health`` on ``port`` to answer ``ok``; a process that stops first
    is reported with the last line of its ``log``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            said = last_line(log) if log is not None else ""
            raise ServeError(f"the process for port {port} stopped (exit {process.returncode})"
                             + (f": {said}" if said else ""))
        if answers_health(port, timeout=2):
            return
        time.sleep(0.25)
    raise ServeError(f"nothing healthy on port {port} after {timeout:.0f} s")


def _stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    """Ask each process to stop, then wait for it (killing any that does not within 10 s)."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Arrangement:
    """The running processes: replicas (port → process) and nginx, with its log folder, and the
    supervisor that restarts a replica that stops."""

    url: str
    supervisor: Supervisor
    nginx: subprocess.Popen[bytes]
    folder: Path
    database_url: str

    @property
    def replicas(self) -> dict[int, subprocess.Popen[bytes]]:
        """Each replica's port and its process now (a restarted one's new process)."""
        return {replica.port: replica.process for replica in self.supervisor.replicas}

    def stop_replica(self, port: int) -> None:
        _stop([self.replicas[port]])


def replica_command(port: int) -> list[str]:
    return [sys.executable, "-m", "streamlit", "run", str(APP),
            "--server.port", str(port), "--server.address", "127.0.0.1",
            "--server.headless", "true", "--server.fileWatcherType", "none",
            "--server.maxUploadSize", str(MAX_IMPORT_MB),
            "--browser.gatherUsageStats", "false", "--client.showErrorDetails", "none",
            "--runner.postScriptGC", "false"]


def start_replica(port: int, database_url: str, cookie_secret: str, log: Path
                  ) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DOU14_DATABASE_URL": database_url,
           "STREAMLIT_SERVER_COOKIE_SECRET": cookie_secret}
    with log.open("ab") as out:
        return subprocess.Popen(replica_command(port), cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT)


@contextmanager
def arrangement(replicas: int, database_url: str, listen: int | None = None,
                folder: Path | None = None) -> Iterator[Arrangement]:
    """Start ``replicas`` Streamlit processes and nginx in front of them; stop them all after.
    Their logs go to ``folder``, or to a new temporary folder, removed again if the start fails
    (its message carries the failing process's last line)."""
    if not Path(NGINX).exists():
        raise ServeError("nginx is missing: install Debian's nginx-light (make test does)")
    if replicas < 1:
        raise ServeError("at least one replica")
    from trainer.store import open_database

    if listen is not None:
        _check_free(listen)
    open_database(database_url).dispose()  # the schema made or upgraded once, before any replica
    secret = os.environ.get("DOU14_COOKIE_SECRET") or secrets.token_urlsafe(32)
    ports = [free_port() for _ in range(replicas)]
    listen = listen or free_port()
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    place = folder or Path(tempfile.mkdtemp(prefix="dou14-serve-"))
    followed: list[Replica] = []
    nginx: subprocess.Popen[bytes] | None = None
    started = False

    def start(number: int, port: int) -> subprocess.Popen[bytes]:
        return start_replica(port, database_url, secret, place / f"replica-{number}.log")

    try:
        for number, port in enumerate(ports):
            followed.append(Replica(number, port, start(number, port), time.monotonic()))
        for replica in followed:
            wait_until_healthy(replica.port, process=replica.process,
                               log=place / f"replica-{replica.number}.log")
            replica.healthy = True
            LOG.info("replica %d (port %d, pid %d) passed its health check",
                     replica.number, replica.port, replica.process.pid)
        config = place / "nginx.conf"
        config.write_text(nginx_config(ports, listen, place), encoding="utf-8")
        with (place / "nginx.out").open("ab") as out:
            nginx = subprocess.Popen([NGINX, "-p", str(place), "-c", str(config),
                                      "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                     stderr=out)
        wait_until_healthy(listen, process=nginx, log=place / "nginx.out")
        started = True
        yield Arrangement(f"http://127.0.0.1:{listen}", Supervisor(followed, start), nginx,
                          place, database_url)
    finally:
        _stop([*(replica.process for replica in followed), *([nginx] if nginx else [])])
        if not started and folder is None:
            shutil.rmtree(place, ignore_errors=True)


def _postgres_binary(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise ServeError(f"PostgreSQL's {name} is missing: install Debian's postgresql")
    return found[-1]


def _run_tool(name: str, command: list[str], log: Path | None = None) -> None:
    """Run PostgreSQL's tool ``name``; a failure is a :class:`ServeError` with the last line it
    (or the server, in ``log``) said."""
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        said = (last_line(log) if log is not None else "") or next(
            (line.strip() for line in reversed((done.stderr or done.stdout).splitlines())
             if line.strip()), f"exit status {done.returncode}")
        raise ServeError(f"{name} failed: {said}")


@contextmanager
def local_postgres(folder: Path) -> Iterator[str]:
    """A PostgreSQL cluster kept in ``folder`` (made on first use), listening on a private
    socket there; stopped afterwards, its data kept."""
    folder = folder.resolve()
    data = folder / "data"
    as_root = os.geteuid() == 0
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []
    folder.mkdir(parents=True, exist_ok=True)
    if as_root:
        shutil.chown(folder, "postgres")
        os.chmod(folder, 0o700)
    if not data.exists():
        _run_tool("initdb", [*run_as, _postgres_binary("initdb"), "-D", str(data),
                             "-U", "postgres", "-A", "trust"])
    port = free_port()
    _run_tool("pg_ctl start", [*run_as, _postgres_binary("pg_ctl"), "-D", str(data), "-w",
                               "-l", str(folder / "log"), "-o",
                               f"-p {port} -k {folder} -c listen_addresses=''", "start"],
              log=folder / "log")
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([*run_as, _postgres_binary("pg_ctl"), "-D", str(data), "-m", "fast",
                        "stop"], check=False, capture_output=True)


def _log_to_stdout() -> None:
    """The supervisor's log on standard output, one timestamped line an event (the journal's,
    under systemd)."""
    if not LOG.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s dou14 serve: %(message)s",
                                               "%Y-%m-%d %H:%M:%S"))
        LOG.addHandler(handler)
        LOG.setLevel(logging.INFO)
        LOG.propagate = False


def _run(replicas: int, port: int, url: str) -> int:
    with arrangement(replicas, url, listen=port) as running:
        print(f"The trainer: {running.url} ({replicas} replicas behind nginx; "
              f"logs in {running.folder}). Ctrl-C stops it.", flush=True)
        stopping = False

        def stop(*_: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping and running.nginx.poll() is None:
                running.supervisor.tick()
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        if not stopping and running.nginx.poll() is not None:
            raise ServeError(f"nginx stopped (exit {running.nginx.returncode}): "
                             f"{last_line(running.folder / 'nginx.out')}")
    return 0


def serve(replicas: int, port: int, database_url: str | None, postgres: Path | None) -> int:
    """Run the arrangement until Ctrl-C or SIGTERM; print where to open it. Returns the exit
    status: 1, after one line on standard error, when it cannot start or run."""
    from trainer.store import DatabaseUnreadable
    from trainer.store import database_url as default_url

    _log_to_stdout()
    try:
        if postgres is not None:
            with local_postgres(postgres) as url:
                return _run(replicas, port, url)
        return _run(replicas, port, database_url or default_url())
    except (ServeError, DatabaseUnreadable) as error:
        print(f"dou14 serve: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # a folder that cannot be made or written, a port refused
        where = f" ({error.filename})" if error.filename else ""
        print(f"dou14 serve: {error.strerror or error}{where}", file=sys.stderr)
        return 1

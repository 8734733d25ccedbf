"""``dou14 serve --replicas N``: the trainer as several Streamlit processes behind nginx, sharing
one database — the arrangement for a school, a club or a family, started with one command for a
local try (see docs/deployment.md for a real server).

Each replica is ``streamlit run trainer/app.py`` on its own loopback port with the same cookie
secret (so a browser moved to another replica keeps working); nginx (Debian's package) listens on
one port, keeps each browser on one replica by a cookie it sets itself, proxies the websocket and
moves browsers off a replica that dies. Progress lives in the database only — PostgreSQL for
replicas (``--postgres DIR`` starts a local cluster kept in DIR), or one SQLite file.
"""

from __future__ import annotations

import getpass
import glob
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = Path(__file__).resolve().parent / "app.py"
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
NGINX = "/usr/sbin/nginx"
UPLOAD_MB = 1
"""The largest request body nginx passes on, in MB (the app's own limits are smaller)."""


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
        listen=f"127.0.0.1:{listen}", upload_mb=upload_mb)
    user = getpass.getuser()
    return f"user {user};\n{text}" if os.geteuid() == 0 else text


def wait_until_healthy(port: int, timeout: float = 60.0, process: subprocess.Popen[bytes] |
                       None = None) -> None:
    """Wait for ``/_stcore/health`` on ``port`` to answer ``ok``."""
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/_stcore/health"
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise ServeError(f"the process for port {port} stopped (exit {process.returncode}); "
                             "its log is in the folder named below")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.read().strip() == b"ok":
                    return
        except OSError:
            pass
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
    """The running processes: replicas (port → process) and nginx, with its log folder."""

    url: str
    replicas: dict[int, subprocess.Popen[bytes]]
    nginx: subprocess.Popen[bytes]
    folder: Path

    def stop_replica(self, port: int) -> None:
        _stop([self.replicas[port]])


def start_replica(port: int, database_url: str, cookie_secret: str, log: Path
                  ) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DOU14_DATABASE_URL": database_url,
           "STREAMLIT_SERVER_COOKIE_SECRET": cookie_secret}
    command = [sys.executable, "-m", "streamlit", "run", str(APP),
               "--server.port", str(port), "--server.address", "127.0.0.1",
               "--server.headless", "true", "--server.fileWatcherType", "none",
               "--browser.gatherUsageStats", "false", "--client.showErrorDetails", "none",
               "--runner.postScriptGC", "false"]
    with log.open("ab") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


@contextmanager
def arrangement(replicas: int, database_url: str, listen: int | None = None,
                folder: Path | None = None) -> Iterator[Arrangement]:
    """Start ``replicas`` Streamlit processes and nginx in front of them; stop them all after."""
    if not Path(NGINX).exists():
        raise ServeError("nginx is missing: install Debian's nginx-light (make test does)")
    if replicas < 1:
        raise ServeError("at least one replica")
    folder = folder or Path(tempfile.mkdtemp(prefix="dou14-serve-"))
    folder.mkdir(parents=True, exist_ok=True)
    from trainer.store import open_database

    open_database(database_url).dispose()  # the schema made or upgraded once, before any replica
    secret = os.environ.get("DOU14_COOKIE_SECRET") or secrets.token_urlsafe(32)
    ports = [free_port() for _ in range(replicas)]
    listen = listen or free_port()
    running: dict[int, subprocess.Popen[bytes]] = {}
    nginx: subprocess.Popen[bytes] | None = None
    try:
        for number, port in enumerate(ports):
            running[port] = start_replica(port, database_url, secret,
                                          folder / f"replica-{number}.log")
        for port, process in running.items():
            wait_until_healthy(port, process=process)
        config = folder / "nginx.conf"
        config.write_text(nginx_config(ports, listen, folder), encoding="utf-8")
        nginx = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(config),
                                  "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                 stderr=(folder / "nginx.out").open("ab"))
        wait_until_healthy(listen, process=nginx)
        running_arrangement = Arrangement(f"http://127.0.0.1:{listen}", running, nginx, folder)
        yield running_arrangement
    finally:
        _stop([*running.values(), *([nginx] if nginx else [])])


def _postgres_binary(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise ServeError(f"PostgreSQL's {name} is missing: install Debian's postgresql")
    return found[-1]


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
        subprocess.run([*run_as, _postgres_binary("initdb"), "-D", str(data), "-U", "postgres",
                        "-A", "trust"], check=True, capture_output=True)
    port = free_port()
    subprocess.run([*run_as, _postgres_binary("pg_ctl"), "-D", str(data), "-w", "-l",
                    str(folder / "log"), "-o",
                    f"-p {port} -k {folder} -c listen_addresses=''", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([*run_as, _postgres_binary("pg_ctl"), "-D", str(data), "-m", "fast",
                        "stop"], check=False, capture_output=True)


def serve(replicas: int, port: int, database_url: str | None, postgres: Path | None) -> int:
    """Run the arrangement until Ctrl-C; print where to open it."""
    from trainer.store import database_url as default_url

    def run(url: str) -> int:
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
                    time.sleep(0.5)
            except KeyboardInterrupt:
                pass
        return 0

    try:
        if postgres is not None:
            with local_postgres(postgres) as url:
                return run(url)
        return run(database_url or default_url())
    except (ServeError, subprocess.CalledProcessError) as error:
        print(f"dou14 serve: {error}", file=sys.stderr)
        print("dou14 serve: logs are in the newest /tmp/dou14-serve-* folder", file=sys.stderr)
        return 1

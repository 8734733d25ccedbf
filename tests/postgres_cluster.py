"""A throwaway PostgreSQL cluster from Debian's binaries on a private socket: for the tests
(``postgres_url`` in conftest.py) and the load benchmark."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager


def _binary(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    assert found, f"PostgreSQL's {name} is missing: `make test` installs Debian's postgresql"
    return found[-1]


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (Debian's binaries) on a private socket, for the session."""
    folder = tempfile.mkdtemp(prefix="dou14-pg-")
    as_root = os.geteuid() == 0
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []
    if as_root:
        shutil.chown(folder, "postgres")
        os.chmod(folder, 0o700)
    data = os.path.join(folder, "data")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    subprocess.run([*run_as, _binary("initdb"), "-D", data, "-U", "postgres", "-A", "trust"],
                   check=True, capture_output=True)
    subprocess.run([*run_as, _binary("pg_ctl"), "-D", data, "-w", "-l",
                    os.path.join(folder, "log"), "-o",
                    f"-p {port} -k {folder} -c listen_addresses=''", "start"],
                   check=True, capture_output=True)
    try:
        time.sleep(0.2)
        yield f"postgresql+psycopg://postgres@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([*run_as, _binary("pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)

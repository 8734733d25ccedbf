"""A throwaway PostgreSQL cluster from Debian's binaries on a private socket: for the tests
(``postgres_url`` in conftest.py) and the load benchmark — ``dou14 serve``'s local cluster in a
temporary folder, removed afterwards."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from trainer.serve import local_postgres


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A new cluster in a temporary folder; its URL while it runs, then stopped and removed."""
    folder = Path(tempfile.mkdtemp(prefix="dou14-pg-"))
    try:
        with local_postgres(folder) as url:
            yield url
    finally:
        shutil.rmtree(folder, ignore_errors=True)

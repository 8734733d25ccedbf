"""The bounds of a CSV import, shared by the importer, the page and ``dou14 serve`` (whose nginx
must pass on every upload the app accepts: a limit smaller than the app's turned a 1.5 MB export
into "Request failed with status code 413")."""

from __future__ import annotations

MAX_IMPORT_MB = 64
"""The largest CSV file taken (100,000 exported answers take about 20 MB)."""
MAX_IMPORT_ROWS = 100_000
IMPORTS_AT_ONCE = 2
"""Imports of one process that run at the same moment; others wait their turn (each learner
has one at a time)."""

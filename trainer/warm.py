"""Importing what the pages import, once, when the server starts: Streamlit runs a page's
script only when someone opens it, so the first visitor of Progress waited for pandas and plotly
to load (3.1 s in walk 16, of it 1.3 s of imports). A background thread pays that before anyone
asks; the pages then find the modules loaded. The list is read from the pages themselves."""

from __future__ import annotations

import ast
import importlib
import logging
import threading
from pathlib import Path

PAGES = Path(__file__).resolve().parent / "app_pages"

logger = logging.getLogger(__name__)


def page_imports(folder: Path = PAGES) -> list[str]:
    """Every module the page scripts in ``folder`` import, in a stable order.

    >>> "trainer.ui.progress_charts" in page_imports()
    True
    """
    found: set[str] = set()
    for script in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
    return sorted(found)


def _load(names: list[str]) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # a page that cannot import says so when opened; warming goes on
            logger.exception("warming: %s did not import", name)


def warm_in_background() -> threading.Thread:
    """Start importing the pages' modules in a daemon thread, and return it."""
    thread = threading.Thread(target=_load, args=(page_imports(),), name="warm-imports",
                              daemon=True)
    thread.start()
    return thread

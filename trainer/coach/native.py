"""The play-outs compiled: the modules of the lean form (trainer/coach/fast_*.py) built by mypyc
into one C extension library (``make`` runs tools/build_native.py), loaded in their place only
while the build matches today's sources.

Why: the coach plays thousands of hands to their end per decision (:mod:`trainer.coach.search`);
compiled, the same code plays them about twice as fast (benchmarks/playouts.py prints which ran).
The Python files stay the one text of these rules. The build records the SHA-256 of every file it
read — the compiled modules and the trainer modules they import — and the compiled modules are
loaded only while each of those files still has its recorded hash: an edited rule runs as edited,
in Python, until the next build. Without a build (no C compiler or mypyc, a wheel installed
elsewhere), with a stale one, or when it does not load, the Python modules run: the same actions
and payments, slower. :func:`status` says which; a stale or broken build is said once in the log,
and ``DOU14_COMPILED=0`` in the environment runs the Python modules.

:func:`install`, called by ``trainer/coach/__init__.py`` before any of the modules is imported,
puts a finder first in ``sys.meta_path`` serving all the compiled modules or none: they share one
library, and a compiled class cannot extend a Python one.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Iterable, Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

COMPILED = ("trainer.coach.fast_form", "trainer.coach.fast_offers", "trainer.coach.fast_hand",
            "trainer.coach.fast_playout", "trainer.coach.fast_actions")
"""The modules compiled, in the order they import each other."""
GROUP = "trainer.coach.fast_compiled"
"""mypyc's name for their group; its shared library is the module ``GROUP + "__mypyc"``."""
LIBRARY = GROUP + "__mypyc"
ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the ``trainer`` package: the manifest's paths are relative to it."""
BUILD = Path(__file__).resolve().with_name("_compiled")
"""Where the build puts the extension files and ``manifest.json`` (not in git)."""
MANIFEST = "manifest.json"
SWITCH = "DOU14_COMPILED"
"""An environment variable: ``0`` runs the Python modules whatever is built."""

_log = logging.getLogger(__name__)
_state: dict[str, str] = {}


def module_file(module: str, root: Path = ROOT) -> Path:
    """The source file of a module of the ``trainer`` package (a package's ``__init__.py``)."""
    path = root.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def sources(modules: Iterable[str] = COMPILED, root: Path = ROOT) -> list[str]:
    """The files a build of ``modules`` reads, relative to ``root``: each module's own and those
    of the trainer modules it imports (their types are compiled in), sorted."""
    found: set[Path] = set()
    for module in modules:
        path = module_file(module, root)
        found.add(path)
        for node in ast.walk(ast.parse(path.read_bytes())):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module and \
                not node.level else [alias.name for alias in node.names] \
                if isinstance(node, ast.Import) else []
            found.update(module_file(name, root) for name in names
                         if name.split(".")[0] == "trainer")
    return sorted(path.relative_to(root).as_posix() for path in found)


def digest(path: Path) -> str:
    """SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def hashes(files: Sequence[str], root: Path = ROOT) -> dict[str, str]:
    """Each file (relative to ``root``) with its :func:`digest`."""
    return {name: digest(root / name) for name in files}


def extension_suffix() -> str:
    """The file ending of this interpreter's extension modules (``.cpython-311-x86_64-linux-gnu.so``)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def check(build: Path = BUILD, root: Path = ROOT) -> tuple[dict[str, Path] | None, str]:
    """The extension file of each compiled module and of their library, when the build in
    ``build`` is complete, made for this interpreter and made from the files now under ``root``;
    otherwise None and why not."""
    try:
        manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, "not built (make builds it with mypyc)"
    except (OSError, ValueError) as error:
        return None, f"the build's manifest is unreadable ({error})"
    if not isinstance(manifest, dict) or manifest.get("suffix") != extension_suffix():
        return None, "built for another Python (make builds it again)"
    files: dict[str, str] = manifest.get("modules", {})
    recorded: dict[str, str] = manifest.get("sources", {})
    if set(files) != {*COMPILED, LIBRARY} or not recorded:
        return None, "the build is incomplete (make builds it again)"
    for name, sha in sorted(recorded.items()):
        path = root / name
        if not path.is_file() or digest(path) != sha:
            return None, f"stale: {name} changed since the build (make builds it again)"
    paths = {module: build / file for module, file in files.items()}
    missing = sorted(module for module, path in paths.items() if not path.is_file())
    if missing:
        return None, f"the build lacks {', '.join(missing)} (make builds it again)"
    return paths, "compiled by mypyc"


class _Finder(MetaPathFinder):
    """Serves the compiled modules and their library from the build's files."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> str:
    """Load the compiled modules in place of the Python ones when :func:`check` finds the build
    good and its library loads; say once in the log why not when a build is there but cannot
    serve. Once per process (later calls return the first answer); what runs: :func:`status`."""
    if "status" in _state:
        return _state["status"]
    loaded = [name for name in COMPILED if name in sys.modules]
    files, reason = check()
    if os.environ.get(SWITCH) == "0":
        files, reason = None, f"{SWITCH}=0"
    elif files is not None and loaded:
        files, reason = None, f"{loaded[0]} was imported before the compiled modules were found"
    if files is not None:
        finder = _Finder(files)
        sys.meta_path.insert(0, finder)
        try:
            importlib.import_module(LIBRARY)
        except Exception as error:  # a library that does not load: the Python modules run
            sys.meta_path.remove(finder)
            files, reason = None, f"the compiled library does not load ({error})"
    _state["status"] = reason if files is not None else f"Python: {reason}"
    if files is None and not reason.startswith(("not built", SWITCH)):
        _log.warning("play-outs run as Python, slower: %s", reason)
    return _state["status"]


def status() -> str:
    """Which play-outs run: ``compiled by mypyc``, or ``Python: `` and why."""
    return _state.get("status") or install()

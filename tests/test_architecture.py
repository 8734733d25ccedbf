"""The layers hold: every module is a regular part of the package (so the import contracts in
``.importlinter`` see it), and no import cycle exists between modules or between the packages
under ``trainer/``."""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "trainer"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("trainer")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_every_folder_is_a_regular_package() -> None:
    folders = {path.parent for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts}
    missing = sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").is_file())
    assert not missing, f"folders without __init__.py (invisible to the contracts): {missing}"


def test_every_module_is_in_the_import_graph(graph: grimp.ImportGraph) -> None:
    files = {_module_name(path) for path in PACKAGE.rglob("*.py")
             if "__pycache__" not in path.parts}
    assert files - set(graph.modules) == set()


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_modules(graph: grimp.ImportGraph) -> None:
    edges = {module: {other for other in graph.find_modules_directly_imported_by(module)
                      if other.startswith("trainer")} for module in graph.modules}
    assert _cycles(edges) == []


def test_no_import_cycle_between_packages(graph: grimp.ImportGraph) -> None:
    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        for other in graph.find_modules_directly_imported_by(module):
            if other.startswith("trainer.") and top(other) != top(module):
                edges.setdefault(top(module), set()).add(top(other))
    assert _cycles(edges) == []


MOST_LINES = 450
"""A module longer than this does more than one thing (issue 30): split it by concept."""


def test_every_module_is_small() -> None:
    long = {str(path.relative_to(ROOT)): lines for path in PACKAGE.rglob("*.py")
            if "__pycache__" not in path.parts
            and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_no_page_has_a_bare_string_streamlit_would_draw() -> None:
    """Streamlit's magic draws a page's bare expressions: a string after the module docstring
    (an attribute docstring, say) showed as text on the page."""
    import ast

    pages = [*sorted((PACKAGE / "app_pages").glob("*.py")), PACKAGE / "app.py"]
    drawn = [f"{path.name}:{node.lineno}" for path in pages
             for node in ast.parse(path.read_text(encoding="utf-8")).body[1:]
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)]
    assert drawn == []

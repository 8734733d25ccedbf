"""Rule ids: every id the code, lessons, puzzles and tests cite is defined in the project's own
reference (docs/rules.md); every rule there is exercised by a test marked with it
(``@pytest.mark.rule("R-…")``); and, where the shared specification sits beside the repository
(CI), every id it defines is defined here too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "rules.md"
SHARED_SPEC = ROOT.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
DEFINITION = re.compile(r"^- \*\*(R-[A-Z0-9-]+)\*\*", re.MULTILINE)


def defined_ids(text: str) -> list[str]:
    return DEFINITION.findall(text)


def _cited(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def marked_rules(source: str) -> set[str]:
    """The rule ids named by ``pytest.mark.rule(...)`` on the test functions of ``source``
    (and in a module-level ``pytestmark``); ids in docstrings or comments do not count."""
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "rule" and isinstance(node.func.value, ast.Attribute) and \
                node.func.value.attr == "mark":
            found |= {arg.value for arg in node.args
                      if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}
    return found


def test_reference_defines_each_rule_once() -> None:
    ids = defined_ids(REFERENCE.read_text(encoding="utf-8"))
    assert len(ids) >= 30
    assert len(ids) == len(set(ids))


def test_cited_rule_ids_exist() -> None:
    sources = [*ROOT.joinpath("trainer").rglob("*.py"), *ROOT.joinpath("trainer").rglob("*.toml"),
               *ROOT.joinpath("trainer").rglob("*.jsonl"), *ROOT.joinpath("tests").rglob("*.py"),
               ROOT / "README.md", ROOT / "docs" / "format.md"]
    unknown = _cited(sources) - set(defined_ids(REFERENCE.read_text(encoding="utf-8")))
    assert not unknown


def test_marker_reader_counts_only_markers() -> None:
    source = '''
import pytest

@pytest.mark.rule("R-WIN", "R-RED")
def test_a() -> None:
    """Cites R-KONG in words only."""

# R-SEAT in a comment
pytestmark = pytest.mark.rule("R-DECK")
'''
    assert marked_rules(source) == {"R-WIN", "R-RED", "R-DECK"}


def test_every_rule_is_exercised_by_a_marked_test() -> None:
    marked: set[str] = set()
    for path in ROOT.joinpath("tests").rglob("test_*.py"):
        if path.name != "test_rule_ids.py":
            marked |= marked_rules(path.read_text(encoding="utf-8"))
    defined = set(defined_ids(REFERENCE.read_text(encoding="utf-8")))
    assert marked - defined == set(), "markers naming rules the reference does not define"
    assert defined - marked == set(), "rules no test is marked with"


@pytest.mark.skipif(not SHARED_SPEC.is_file(),
                    reason="the shared specification is not beside this clone (it is in CI); "
                           "docs/rules.md is the project's own reference")
def test_every_shared_rule_id_is_in_the_reference() -> None:
    shared = set(re.findall(r"\*\*(R-[A-Z0-9-]+)\*\*", SHARED_SPEC.read_text(encoding="utf-8")))
    assert shared
    assert shared <= set(defined_ids(REFERENCE.read_text(encoding="utf-8")))

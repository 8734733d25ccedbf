"""Every rule id the code cites exists in ../shared/RULES.md, and every rule the engine decides
so far is exercised by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
ENGINE_RULES = {"R-DECK", "R-RANK", "R-RED", "R-PAIR14", "R-SET", "R-DEAL", "R-PARITY", "R-TOU",
                "R-KONG", "R-WIN", "R-WAIT", "R-SPECIAL", "R-FAN", "R-SCORE", "R-PAY"}


def _ids_in(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def _defined() -> set[str]:
    assert RULES_MD.is_file(), f"RULES.md is expected beside the repository at {RULES_MD}"
    return set(re.findall(r"\*\*(R-[A-Z0-9-]+)\*\*", RULES_MD.read_text(encoding="utf-8")))


def test_cited_rule_ids_exist() -> None:
    sources = [*ROOT.joinpath("trainer").rglob("*.py"), *ROOT.joinpath("trainer").rglob("*.toml"),
               *ROOT.joinpath("tests").rglob("*.py"), *ROOT.joinpath("lessons").rglob("*.toml")]
    unknown = _ids_in(sources) - _defined()
    assert not unknown


def test_engine_rules_have_tests() -> None:
    assert _defined() >= ENGINE_RULES
    tested = _ids_in([p for p in ROOT.joinpath("tests").glob("test_*.py")
                      if p.name != "test_rule_ids.py"])
    assert not ENGINE_RULES - tested

"""One owner per concept: the 14-pair test and the red threshold are the engine's, and nowhere
written out again (tests/test_architecture.py checks the layers; this checks the concepts)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TRAINER = Path(__file__).resolve().parent.parent / "trainer"
OUTSIDE_ENGINE = sorted(p for p in TRAINER.rglob("*.py")
                        if "engine" not in p.relative_to(TRAINER).parts)

PAIR14 = re.compile(r"\b14\s*-\s*(?!pairs?\b|partners?\b)[\w(]"
                    r"|[\w)\]]\s*\+\s*[\w.()\[\]]*\s*==\s*14\b|==\s*14\b")
"""A 14-pair written out: ``14 - rank``, ``a.rank + b.rank == 14``."""
THRESHOLD = re.compile(r"[<>]=?\s*(20|25)\b|\b(20|25)\s+if\b|red_threshold\s*=\s*\d")
"""A red threshold written out: ``< 20``, ``25 if players == 3 else 20``."""
RED_SUM = re.compile(r"sum\(\s*\w+\.red\s+for\b")
"""A red total summed by hand instead of ``red_total``."""


@pytest.mark.rule("R-PAIR14", "R-WIN", "R-RED")
@pytest.mark.parametrize(("name", "pattern"), [("14-pair", PAIR14), ("red threshold", THRESHOLD),
                                               ("red sum", RED_SUM)])
def test_no_rule_written_out_outside_the_engine(name: str, pattern: re.Pattern[str]) -> None:
    found = [f"{path.relative_to(TRAINER)}:{number}: {line.strip()}"
             for path in OUTSIDE_ENGINE
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line) and not line.lstrip().startswith("#")]
    assert not found, f"{name} written out:\n" + "\n".join(found)


def test_the_patterns_catch_what_they_name() -> None:
    assert PAIR14.search("if c.rank + card.rank == 14") and PAIR14.search("partner = 14 - rank")
    assert THRESHOLD.search("if total < 20:") and THRESHOLD.search("25 if players == 3 else 20")
    assert RED_SUM.search("red = sum(c.red for c in hand)")
    assert not PAIR14.search("rng.randrange(1, 14)") and not THRESHOLD.search("hands < 200")
    assert not PAIR14.search("keeps 14-pairs and each 14-partner")

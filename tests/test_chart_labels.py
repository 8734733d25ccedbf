"""Chart tick labels wrapped for a phone (trainer/ui/progress_charts.wrapped_label): every
character kept, and an English name's Chinese term (读下叫) never broken across lines."""

from __future__ import annotations

import doctest
import re

from hypothesis import given
from hypothesis import strategies as st

from trainer.i18n import LANGUAGES, catalog
from trainer.mastery.skills import Skill
from trainer.ui import progress_charts
from trainer.ui.progress_charts import wrapped_label


def _lines(label: str) -> list[str]:
    return label.split("<br>")


def test_every_skill_name_keeps_its_chinese_term_whole() -> None:
    for lang in LANGUAGES:
        names = catalog(lang)
        for skill in Skill:
            text = names[f"skill.{skill.value}"]
            lines = _lines(wrapped_label(text))
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), text
            if " " in text:
                for run in re.findall(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+", text):
                    assert any(run in line for line in lines), (text, lines)


@given(st.lists(st.sampled_from(["read", "a", "wait", "(读下叫)", "吃、扯", "pong"]), min_size=1,
                max_size=12))
def test_words_with_spaces_break_only_at_spaces(words: list[str]) -> None:
    text = " ".join(words)
    lines = _lines(wrapped_label(text, 16))
    assert " ".join(lines) == text  # every break replaced a space


def test_the_examples_in_the_docstring_hold() -> None:
    result = doctest.testmod(progress_charts)
    assert result.attempted >= 3 and result.failed == 0

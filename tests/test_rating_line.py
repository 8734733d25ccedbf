"""The rating change under a puzzle: the change said is the difference of the two ratings shown."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from trainer.ui.lang import rating_line

RATINGS = st.floats(min_value=400, max_value=3000, allow_nan=False)


@given(RATINGS, RATINGS)
def test_the_change_shown_is_the_difference_of_the_ratings_shown(before: float,
                                                                  after: float) -> None:
    """Walk 49 read "−123 (1330 → 1206)": each figure rounded on its own."""
    line = rating_line(before, after)
    change, shown_before, shown_after = (int(n.replace("−", "-")) for n in
                                         re.findall(r"[+−-]?\d+", line)[:3])
    assert shown_after - shown_before == change
    assert (shown_before, shown_after) == (round(before), round(after))

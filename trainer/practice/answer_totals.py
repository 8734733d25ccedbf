"""How many answers a learner has given and how many were right, kept until the next answer
(Home reads it on every run; a count reads every answer: 11 ms at 100,000). Apart from the
Progress figures, which load pandas and pyarrow (+54 MB a process): Home needs neither."""

from __future__ import annotations

from trainer.practice.kept import kept
from trainer.store.progress_store import ProgressStore


def answer_totals(store: ProgressStore, learner_id: int) -> tuple[int, int]:
    """(answers, right answers) of the learner."""
    return kept(store, learner_id, "totals", None, lambda: store.answers.totals(learner_id))

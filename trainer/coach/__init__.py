"""The coach: a strong player inside the trainer (R-PAY, R-SCORE, R-READ). It decides from one
player's view only — the hidden cards dealt again from the unseen ones, consistent with what the
table's history proves (:mod:`.deals`) —, plays each option out to the end of the hand many times
with a fast policy (:mod:`.playout`, on the lean form of a hand of :mod:`.fast_hand`), and values
each option by its mean points with a standard error (:mod:`.search`).
:class:`.expert.ExpertBot` plays by it.

The lean form's modules run compiled when ``make`` built them from today's sources
(:mod:`.native`, installed here, before any of them is imported)."""

from trainer.coach.native import install

install()

"""The coach's word in Play (issue 29): with hints on, at each of the learner's own decisions (a
discard, a lay-down, an answer to an offered card), the option the coach would play and what it
is worth in points beside the next best — from a quick look (:data:`trainer.coach.search.BUDGETS`
``hint`` deals per option, fewer than the review's, and said so). One look per decision, kept in
a small cache."""

from __future__ import annotations

from functools import lru_cache

from trainer.coach.explain import move_words
from trainer.coach.search import BUDGETS, Decision, evaluate, weighable
from trainer.engine.game.view import PlayerView
from trainer.engine.messages import Message, Points


@lru_cache(maxsize=64)
def coach_decision(view: PlayerView, deals: int = BUDGETS["hint"]) -> Decision | None:
    """The coach's values of the options at ``view``, when it is the viewer's own decision with
    options to weigh."""
    if not weighable(view):
        return None
    return evaluate(view, deals)


def coach_message(view: PlayerView) -> Message | None:
    """"The coach would play …", with its mean points, error and the next best option."""
    decision = coach_decision(view)
    if decision is None or len(decision.options) < 2:
        return None
    best, other = decision.options[0], decision.options[1]
    return Message.of("coach.would_play", ("R-PAY", "R-SCORE"), deals=decision.deals,
                      move=move_words(best.action), points=Points(best.mean),
                      error=Points(best.error, signed=False), other=move_words(other.action),
                      other_points=Points(other.mean))

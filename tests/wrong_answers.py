"""An answer the task grades wrong, built from its own answer: for walking lessons and drills with
a miss on purpose (AppTest, the browser, the hint tests)."""

from __future__ import annotations

from itertools import combinations

from trainer.engine.game.actions import ActionKind
from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, LessonAnswer, MoveAnswer, NumberAnswer
from trainer.lessons.task import Task


def wrong_answer(task: Task) -> LessonAnswer:
    answer = task.answer
    if isinstance(answer, CardsAnswer):
        everything = frozenset(range(len(task.board.tappable)))
        if task.told_count is not None:  # as many cards as asked, one of them wrong
            swaps = (CardsAnswer(answer.indices - {inside} | {outside})
                     for inside in sorted(answer.indices)
                     for outside in sorted(everything - answer.indices))
            found = next((swap for swap in swaps if not task.is_correct(swap)), None)
            if found is not None:
                return found
        return CardsAnswer(everything - answer.indices or frozenset({0}))
    if isinstance(answer, NumberAnswer):
        return NumberAnswer(answer.value + 1)
    if isinstance(answer, ChoiceAnswer):
        return ChoiceAnswer(next(o.value for o in task.options if o.value != answer.value))
    assert isinstance(answer, MoveAnswer)
    other = ActionKind.PASS if answer.kind is not ActionKind.PASS else ActionKind.WIN
    tries = [MoveAnswer(other, ()), *(MoveAnswer(ActionKind.DISCARD, (i,))
                                      for i in range(len(task.board.hand))),
             MoveAnswer(ActionKind.WIN, ())]  # a coached level may accept every legal option
    shown = {button.value for button in task.board.buttons}  # a press the table offers first
    return next((move for move in tries if not task.is_correct(move)
                 and move.kind.value in shown), None) or \
        next((move for move in tries if not task.is_correct(move)), tries[0])


def another_wrong(task: Task, first: LessonAnswer) -> LessonAnswer:
    """A second miss, not ``first``: the very answer just missed, checked again, is said to be
    so and costs no try, so a learner missing twice changes their answer."""
    answer = task.answer
    tries: list[LessonAnswer]
    if isinstance(answer, CardsAnswer):
        count = len(task.board.tappable)
        sizes = (task.told_count,) if task.told_count is not None else (1, 2)
        tries = [CardsAnswer(frozenset(chosen)) for size in sizes
                 for chosen in combinations(range(count), size)]
    elif isinstance(answer, NumberAnswer):
        tries = [NumberAnswer(answer.value + step) for step in (2, -1, 3)]
    elif isinstance(answer, ChoiceAnswer):
        tries = [ChoiceAnswer(o.value) for o in task.options]
    else:
        tries = [MoveAnswer(kind, ()) for kind in (ActionKind.PASS, ActionKind.WIN)] + \
            [MoveAnswer(ActionKind.DISCARD, (i,)) for i in range(len(task.board.hand))]
    found = next((given for given in tries if given != first and not task.is_correct(given)
                  and task.refusal(given) is None), None)
    assert found is not None, "no second wrong answer: a two-way question shows the answer"
    return found

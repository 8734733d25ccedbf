"""Fan, shares and payments (R-FAN, R-SCORE, R-PAY, R-SPECIAL): how many fan, what one share is
worth, what the payer pays, and which special win this is."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from trainer.engine import Message, Position, RuleSet, Verdict, verdict, verdict_messages
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, NumberAnswer, Shape
from trainer.lessons.kinds._position import (
    POSITION_KEYS,
    board_of,
    position_data,
    random_claim,
    read_position,
)
from trainer.lessons.kinds._shared import CHOICE_INSTRUCTION, instruction_number
from trainer.lessons.task import Option, StepData, Task, TaskError, TaskKind, number


def _winning(data: StepData, kind: str) -> tuple[Position, Any, Verdict]:
    position, origin = read_position(data)
    judged = verdict(position)
    if not judged.win:
        raise TaskError(f"a {kind} task needs a winning position")
    return position, origin, judged


def fan(data: StepData) -> Task:
    position, origin, judged = _winning(data, "fan")
    melds_only = position.melds_fan

    def hint(given: LessonAnswer) -> Message:
        value = given.value if isinstance(given, NumberAnswer) else -1
        if judged.specials and value == melds_only:
            return Message.of("hint.fan_special_forgotten", ("R-SPECIAL", "R-FAN"))
        if judged.fan != judged.fan_uncapped and value == judged.fan_uncapped:
            return Message.of("hint.fan_jiedi_cap", ("R-SPECIAL",), cap=judged.fan)
        return Message.of("hint.fan_list", ("R-FAN",))

    return Task("fan", Shape.NUMBER, board_of(position, origin), number(judged.fan),
                instruction_number(Message.of("task.fan.what")), tuple(verdict_messages(judged)),
                ("R-FAN", "R-SPECIAL"), hint, prompt=Message.of("task.fan.prompt"))


def share(data: StepData) -> Task:
    position, origin, judged = _winning(data, "share")
    rules = position.rules

    def hint(given: LessonAnswer) -> Message:
        key = "hint.share_doubling" if rules.scoring == "doubling" else "hint.share_ladder"
        return Message.of(key, ("R-SCORE",), base=rules.base, fan=judged.fan,
                          cap=rules.fan_cap if rules.fan_cap is not None else "—")

    prompt = Message.of(f"task.share.prompt_{rules.scoring}", base=rules.base,
                        cap=rules.fan_cap) if rules.fan_cap is not None else Message.of(
        f"task.share.prompt_{rules.scoring}_uncapped", base=rules.base)
    return Task("share", Shape.NUMBER, board_of(position, origin), number(judged.share),
                instruction_number(Message.of("task.share.what")), tuple(verdict_messages(judged)),
                ("R-SCORE",), hint, prompt=prompt)


def pays(data: StepData) -> Task:
    """On a deal-in (点炮) the discarder pays every share; on a flip each other player pays one."""
    position, origin, judged = _winning(data, "pays")
    paid = -min(judged.payments())
    payers = position.rules.payers

    def hint(given: LessonAnswer) -> Message:
        if isinstance(given, NumberAnswer) and judged.is_deal_in and given.value == judged.share:
            return Message.of("hint.pays_deal_in", ("R-PAY",), payers=payers)
        if isinstance(given, NumberAnswer) and not judged.is_deal_in and \
                given.value == judged.share * payers:
            return Message.of("hint.pays_flip", ("R-PAY",))
        return Message.of("hint.pays_share_first", ("R-SCORE", "R-PAY"))

    key = "task.pays.what_deal_in" if judged.is_deal_in else "task.pays.what_flip"
    return Task("pays", Shape.NUMBER, board_of(position, origin), number(paid),
                instruction_number(Message.of(key)), tuple(verdict_messages(judged)),
                ("R-PAY", "R-SCORE"), hint, prompt=Message.of("task.pays.prompt"))


SPECIALS = ("tianzou", "jiedi", "all_red", "all_black", "none")


def special(data: StepData) -> Task:
    """Which special win (or none)? Positions with two specials at once are refused: exactly one
    option must be right."""
    position, origin = read_position(data)
    judged = verdict(position)
    if len(judged.specials) > 1:
        raise TaskError("two special wins at once: the question would have two right answers")
    value = judged.specials[0].value if judged.specials else "none"
    options = tuple(Option(v, Message.of(f"choice.special.{v}")) for v in SPECIALS
                    if v != "tianzou")

    def hint(given: LessonAnswer) -> Message:
        said = given.value if isinstance(given, ChoiceAnswer) else ""
        if said in ("all_red", "all_black") or value in ("all_red", "all_black"):
            return Message.of("hint.special_colours", ("R-SPECIAL",))
        return Message.of("hint.special_origin", ("R-SPECIAL",))

    return Task("special", Shape.CHOICE, board_of(position, origin), ChoiceAnswer(value),
                CHOICE_INSTRUCTION, tuple(verdict_messages(judged)), ("R-SPECIAL",), hint, options,
                prompt=Message.of("task.special.prompt"))


def _variant(accept: Callable[[Verdict], bool]) -> Callable[[random.Random, StepData],
                                                              dict[str, Any]]:
    def generate(rng: random.Random, data: StepData) -> dict[str, Any]:
        rules = data.rules() if data.has("rules") else RuleSet()
        for _ in range(20000):
            position, origin = random_claim(rng, rules, spoil=0.1, joker_in_hand=0.0)
            if accept(verdict(position)):
                return position_data(position, origin)
        raise TaskError("no variant found")

    return generate


def _special_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A win with the step's own special (接地 stays 接地, 全黑 stays 全黑; none stays none)."""
    own = special(data).answer if data.has("cards") else None
    want = own.value if isinstance(own, ChoiceAnswer) else None

    def accept(judged: Verdict) -> bool:
        if not judged.win or len(judged.specials) > 1:
            return False
        found = judged.specials[0].value if judged.specials else "none"
        return want is None or found == want

    return _variant(accept)(rng, data)


KINDS = (
    TaskKind("fan", fan, _variant(lambda v: v.win and v.fan > 0), POSITION_KEYS),
    TaskKind("share", share, _variant(lambda v: v.win and v.fan > 0), POSITION_KEYS),
    TaskKind("pays", pays, _variant(lambda v: v.win), POSITION_KEYS),
    TaskKind("special", special, _special_variant, POSITION_KEYS),
)

"""Fan, shares and payments (R-FAN, R-SCORE, R-PAY, R-SPECIAL): how many fan, what one share is
worth, what the payer pays, and which special win this is."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from trainer.engine import Message, Position, Relation, RuleSet, Special, Verdict, verdict, verdict_messages
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, NumberAnswer, Shape
from trainer.lessons.kinds._position import (
    POSITION_KEYS,
    board_of,
    offered,
    position_data,
    random_claim,
    read_position,
)
from trainer.lessons.kinds._shapes import shape_of, winning_like
from trainer.lessons.kinds._shared import CHOICE_INSTRUCTION, at_table, instruction_number
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
                instruction_number(Message.of("task.fan.what")),
                _working(judged, ("verdict.share_", "verdict.pay_")),
                ("R-FAN", "R-SPECIAL"), hint,
                prompt=Message.of("task.fan.prompt_offer", offer=offered(position, origin)),
                answer_class=_fan_class(position, judged))


def _fan_class(position: Position, judged: Verdict) -> tuple[object, ...]:
    """What a fan count is made of (R-FAN): the laid sets that carry fan, the specials, and
    whether a cap cut it (接地's 4)."""
    return (tuple(item for item in shape_of(position.melds) if item != "chi"),
            tuple(sorted(special.value for special in judged.specials)),
            judged.fan != judged.fan_uncapped)


def _fan_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A win with laid sets of the same kinds (a pong and a kong stay a pong and a kong), the
    card offered the same way (接地 stays 接地) and the same specials and cap: new ranks and
    cards, the same count to make."""
    position, origin = read_position(data)
    want = _fan_class(position, verdict(position))
    others = [r for r in Relation if r is not Relation.YOU
              and (r is not Relation.OPPOSITE or position.rules.players == 4)]
    assert position.source is not None
    for _ in range(20000):
        where = origin if origin is Relation.YOU else rng.choice(others)
        fresh = winning_like(rng, shape_of(position.melds), position.rules,
                             source=position.source, first=position.dealer_first_discard,
                             origin=where)
        judged = verdict(fresh)
        if judged.win and _fan_class(fresh, judged) == want:
            return position_data(fresh, where)
    raise TaskError("no variant found")


def share(data: StepData) -> Task:
    position, origin, judged = _winning(data, "share")
    rules = position.rules

    def hint(given: LessonAnswer) -> Message:
        key = "hint.share_doubling" if rules.scoring == "doubling" else "hint.share_ladder"
        return Message.of(key, ("R-SCORE",), base=rules.base, fan=judged.fan,
                          cap=rules.fan_cap if rules.fan_cap is not None else "—")

    prompt = Message.of("task.share.prompt_offer", offer=offered(position, origin),
                        fan=fan_words(judged), scoring=scoring_words(rules))
    capped = rules.fan_cap is not None and judged.fan > rules.fan_cap
    return Task("share", Shape.NUMBER, board_of(position, origin), number(judged.share),
                instruction_number(Message.of("task.share.what")), tuple(verdict_messages(judged)),
                ("R-SCORE",), hint, prompt=prompt, answer_class=(rules.scoring, capped))


def _working(judged: Verdict, beyond: tuple[str, ...]) -> tuple[Message, ...]:
    """The verdict's working up to what the question asks: a fan question stops before the
    share and the payment, a special-win question before the fan — lesson 8 asks them in
    that order, and a working never speaks of a share before the lesson teaches shares."""
    return tuple(m for m in verdict_messages(judged) if not m.key.startswith(beyond))


def scoring_words(rules: RuleSet) -> Message:
    """The table's scoring in one sentence (R-SCORE): doubling or the ladder, the base, the cap."""
    if rules.fan_cap is None:
        return Message.of(f"task.scoring.{rules.scoring}_uncapped", base=rules.base)
    return Message.of(f"task.scoring.{rules.scoring}", base=rules.base, cap=rules.fan_cap)


def fan_words(judged: Verdict) -> Message:
    """A win's fan as a question gives it: with 接地, the count is said to include it (R-SPECIAL
    adds its 3 fan before the cap), so that nobody adds it a second time."""
    return Message.of("task.fan_count_jiedi" if Special.JIEDI in judged.specials
                      else "task.fan_count", fan=judged.fan)


def pays(data: StepData) -> Task:
    """On a deal-in (点炮) the discarder pays every share; on a flip each other player pays one."""
    position, origin, judged = _winning(data, "pays")
    paid = -min(judged.payments())
    payers = position.rules.payers

    uncapped = replace(position.rules, fan_cap=None).share(judged.fan)

    def hint(given: LessonAnswer) -> Message:
        cap = position.rules.fan_cap
        if isinstance(given, NumberAnswer) and cap is not None and uncapped != judged.share \
                and given.value in (uncapped, uncapped * payers):  # the cap forgotten
            return Message.of("hint.pays_cap", ("R-SCORE",), cap=cap)
        if isinstance(given, NumberAnswer) and judged.is_deal_in and given.value == judged.share:
            return Message.of("hint.pays_deal_in", ("R-PAY",), payers=payers)
        if isinstance(given, NumberAnswer) and not judged.is_deal_in and \
                given.value == judged.share * payers:
            return Message.of("hint.pays_flip", ("R-PAY",))
        if isinstance(given, NumberAnswer) and judged.is_deal_in and judged.share and \
                given.value % judged.share == 0 and given.value > judged.share:
            # the share right, the count of shares not (the four-player habit at three)
            return Message.of("hint.pays_count", ("R-PAY", "R-SEAT"),
                              players=position.rules.players)
        return Message.of("hint.pays_share_first", ("R-SCORE", "R-PAY"))

    key = "task.pays.what_deal_in" if judged.is_deal_in else "task.pays.what_flip"
    offer = offered(position, origin)
    scoring = scoring_words(position.rules)
    prompt = Message.of("task.pays.prompt_deal_in", offer=offer, fan=fan_words(judged),
                        scoring=scoring, who=Message.of(f"seat.{origin.value}")) \
        if judged.is_deal_in else \
        Message.of("task.pays.prompt_flip", offer=offer, fan=fan_words(judged), scoring=scoring)
    return Task("pays", Shape.NUMBER, board_of(position, origin), number(paid),
                instruction_number(Message.of(key)), tuple(verdict_messages(judged)),
                ("R-PAY", "R-SCORE"), hint, prompt=at_table(prompt, position.rules),
                answer_class=_pays_class(judged))


def _pays_class(judged: Verdict) -> tuple[bool, bool]:
    """Who pays (R-PAY): a deal-in or not, and whether it is 接地 (the dealer's first discard)."""
    return judged.is_deal_in, Special.JIEDI in judged.specials


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
                CHOICE_INSTRUCTION,
                _working(judged, ("verdict.fan", "verdict.share_", "verdict.pay_")),
                ("R-SPECIAL",), hint, options,
                prompt=Message.of("task.special.prompt_offer", offer=offered(position, origin)))


def _variant(accept: Callable[[Verdict], bool], *, own_sets: bool = False
             ) -> Callable[[random.Random, StepData], dict[str, Any]]:
    """Variants whose verdict ``accept`` takes; with ``own_sets``, laying down the same kinds
    of sets as the step (none stays none: a 全黑 asked before fan is taught comes back without a
    joker pong, whose 4 fan the working would count)."""
    def generate(rng: random.Random, data: StepData) -> dict[str, Any]:
        rules = data.rules() if data.has("rules") else RuleSet()
        shape = shape_of(read_position(data)[0].melds) if own_sets and data.has("cards") \
            else None
        for _ in range(20000):
            position, origin = random_claim(rng, rules, spoil=0.1, joker_in_hand=0.0)
            if (shape is None or shape_of(position.melds) == shape) and accept(verdict(position)):
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

    return _variant(accept, own_sets=True)(rng, data)


def _pays_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A win paid the same way: a deal-in stays a deal-in, 接地 stays 接地, a flip a flip."""
    want = _pays_class(verdict(read_position(data)[0])) if data.has("cards") else None
    return _variant(lambda v: v.win and (want is None or _pays_class(v) == want))(rng, data)


KINDS = (
    TaskKind("fan", fan, _fan_variant, POSITION_KEYS),
    TaskKind("share", share, _variant(lambda v: v.win and v.fan > 0), POSITION_KEYS),
    TaskKind("pays", pays, _pays_variant, POSITION_KEYS),
    TaskKind("special", special, _special_variant, POSITION_KEYS),
)

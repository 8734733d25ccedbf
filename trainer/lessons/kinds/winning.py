"""Winning (R-WIN, R-WAIT, R-SPECIAL): does the card win, what stops it first, which cards would
win a waiting hand."""

from __future__ import annotations

import random
from typing import Any

from trainer.content.win_hints import checks_hint, reason_hint, why_not_hint
from trainer.engine import (
    MeldKind,
    Message,
    Position,
    Reason,
    Relation,
    RuleSet,
    failing_reasons,
    verdict,
    verdict_messages,
    waits,
)
from trainer.engine.sources import Source
from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._position import (
    POSITION_KEYS,
    board_of,
    offered,
    position_data,
    random_claim,
    read_position,
)
from trainer.lessons.kinds._shared import (
    YES_NO_INSTRUCTION,
    at_table,
    card_prompt,
    instruction_cards,
    notation,
)
from trainer.lessons.task import YES_NO, Option, StepData, Task, TaskError, TaskKind, cards_answer, yes_no

PLAIN = "plain"
"""A step key: the lesson comes before sets and fan are taught (R-FAN, R-PONG), so the working
leaves the fan and the payment out and a fresh variant lays only chi sets."""


def _fits(data: StepData, position: Position) -> bool:
    """Whether a drawn position may be a variant of the step: any, unless the step is
    :data:`PLAIN`, which lays chi sets only."""
    return not data.flag(PLAIN) or all(meld.kind is MeldKind.CHI for meld in position.melds)


def _kept_plain(data: StepData, found: dict[str, Any]) -> dict[str, Any]:
    return {**found, PLAIN: True} if data.flag(PLAIN) else found


def win(data: StepData) -> Task:
    position, origin = read_position(data)
    judged = verdict(position)

    def hint(given: LessonAnswer) -> Message:
        return why_not_hint(position, isinstance(given, ChoiceAnswer) and given.value == "yes")

    return Task("win", Shape.CHOICE, board_of(position, origin), yes_no(judged.win),
                YES_NO_INSTRUCTION, tuple(verdict_messages(judged, scored=not data.flag(PLAIN))),
                ("R-WIN",), hint, YES_NO,
                prompt=at_table(Message.of("task.win.prompt_offer",
                                           offer=offered(position, origin)), position.rules),
                answer_class=(yes_no(judged.win), judged.reason))


def _win_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """Fresh cards for the same question and the same verdict (:attr:`Task.answer_class`): a
    win stays a win, a hand short of red stays short of red, a card without its partner stays
    one; a step on your own flip stays one (a flip that would win if another player had
    flipped it, R-OWN-FLIP)."""
    rules = data.rules()
    if data.choice("from", tuple(r.value for r in Relation), "upper") == "you":
        while True:
            position, _ = random_claim(rng, rules)
            if position.source is Source.FLIP and verdict(position).win and \
                    _fits(data, position):
                own = position.with_card(position.card, Source.FLIP, False, Relation.YOU)
                return _kept_plain(data, position_data(own, Relation.YOU))
    want = verdict(read_position(data)[0]).reason if data.has("cards") else \
        rng.choice((Reason.WIN, Reason.NOT_COMBINED, Reason.RED_SHORT))
    for _ in range(2000):
        position, origin = random_claim(
            rng, rules, spoil=0.5 if want is Reason.NOT_COMBINED else 0.0,
            joker_in_hand=0.5 if want is Reason.JOKER_IN_HAND else 0.0)
        if verdict(position).reason is want and _fits(data, position):
            return _kept_plain(data, position_data(position, origin))
    raise TaskError(f"no position found that is {want}")


REASONS = ("own_flip", "joker_in_hand", "not_combined", "red_short", "win")


def reason(data: StepData) -> Task:
    """The first check that fails, in the engine's order — so exactly one option is right."""
    position, origin = read_position(data)
    judged = verdict(position)
    options = tuple(Option(value, Message.of(f"choice.reason.{value}")) for value in REASONS)

    def hint(given: LessonAnswer) -> Message:
        said = given.value if isinstance(given, ChoiceAnswer) else ""
        if said == "not_combined" and judged.reason is Reason.JOKER_IN_HAND:
            return Message.of("hint.reason_order", ("R-WIN",))
        if said == "win":  # which check fails is what is asked: all of them, in order
            return checks_hint(position)
        if said in {r.value for r in Reason}:
            if Reason(said) in failing_reasons(position):  # it fails, but not first
                return Message.of("hint.reason_earlier", ("R-WIN",))
            return reason_hint(position, Reason(said))  # the check named passes: what shows it
        return why_not_hint(position, False)

    return Task("reason", Shape.CHOICE, board_of(position, origin),
                ChoiceAnswer(judged.reason.value), Message.of("instruct.reason_order"),
                tuple(verdict_messages(judged, scored=not data.flag(PLAIN))), ("R-WIN",), hint,
                options,
                prompt=at_table(Message.of("task.reason.prompt_offer",
                                           offer=offered(position, origin)), position.rules))


def pick_waits(data: StepData) -> Task:
    """Tap every card among these that would win this waiting hand (R-WAIT)."""
    rules = data.rules()
    position = Position(data.cards(), data.melds(), None, None, False, rules)
    from trainer.engine import reachability_problems

    if reachability_problems(position):
        raise TaskError("no real hand reaches this waiting hand (7 − 2·s concealed cards)")
    result = waits(position)
    choices = data.cards("choices")
    own = set(position.all_cards)
    if own & set(choices):
        raise TaskError("a choice is one of the player's own cards: nobody can discard it")
    winners = set(result.wins_on)
    answer = cards_answer({i for i, c in enumerate(choices) if c in winners})
    if not answer.indices:
        raise TaskError("none of the choices wins this hand")
    by_card = {candidate.card: candidate for candidate in result.candidates}

    def hint(given: LessonAnswer) -> Message:
        chosen = given.indices if isinstance(given, CardsAnswer) else frozenset()
        extra = sorted(chosen - answer.indices)
        if len(chosen) > 1 and extra:  # which pick is wrong is left to find: half the answer
            return Message.of("hint.waits_one_wrong" if len(extra) == 1 else
                              "hint.waits_some_wrong", ("R-WAIT", "R-PAIR14", "R-WIN"),
                              threshold=rules.red_threshold)
        if extra:
            card = choices[extra[0]]
            candidate = by_card.get(card)
            if candidate is None:
                return Message.of("hint.waits_rank", ("R-WAIT", "R-PAIR14"), card=card)
            return Message.of("hint.waits_colour", ("R-WAIT", "R-WIN"), card=card,
                              red=candidate.red, threshold=rules.red_threshold)
        return Message.of("hint.waits_missed", ("R-WAIT",))

    board = Board(position.hand, position.melds, choices=choices, rules=rules)
    return Task("pick_waits", Shape.ALL_CARDS, board, answer,
                instruction_cards(Message.of("task.pick_waits.what"), len(answer.indices)),
                tuple(result.messages()), ("R-WAIT",), hint,
                prompt=card_prompt("task.pick_waits", len(answer.indices)))


WHOLE_RANK_KEPT = 0.85
"""The share of drawn waiting hands whose every card of the winning rank wins that a variant
passes over: uniformly drawn, some 7 in 10 ready hands win on any colour (walk 53 met five in
eight), and the colour — a red card of the rank reaching the red total where a black one falls
short (R-RED, R-WIN) — went unpractised. Passing over most of them, about 4 variants in 5 hold
a card of the rank that does not win."""


def _pick_waits_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    from trainer.content.sampling import random_position
    from trainer.lessons.kinds._shared import draw

    rules = data.rules()
    while True:
        position = random_position(rng, rules, with_card=False, joker_in_hand=0.0)
        result = waits(position)
        if not result.ready or result.rank is None or not _fits(data, position):
            continue
        own = set(position.all_cards)
        winners = list(result.wins_on)
        losers = [c.card for c in result.candidates if not c.wins and not c.own]
        if not losers and rng.random() < WHOLE_RANK_KEPT:  # the red is the lesson: a rank
            continue  # every copy of which wins asks only for its partner
        others = [c for c in draw(rng, 8, exclude=list(own)) if c.rank != result.rank][:3]
        choices = [*winners, *losers, *others]
        rng.shuffle(choices)
        return _kept_plain(data, {"cards": notation(position.hand),
                                  "melds": [str(m) for m in position.melds],
                                  "choices": notation(choices), "rules": rules.to_json()})


def _reason_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A position failing for the step's own reason (a joker in hand stays a joker in hand);
    for a step without one, any of the common reasons."""
    own = reason(data).answer if data.has("cards") else None
    want = own.value if isinstance(own, ChoiceAnswer) and own.value != "own_flip" else \
        rng.choice(("not_combined", "red_short", "win"))
    for _ in range(2000):
        position, origin = random_claim(
            rng, RuleSet(), joker_in_hand=0.5 if want == "joker_in_hand" else 0.0)
        if verdict(position).reason.value == want and _fits(data, position):
            return _kept_plain(data, position_data(position, origin))
    raise TaskError(f"no position found that fails for {want}")


KINDS = (
    TaskKind("win", win, _win_variant, POSITION_KEYS | {PLAIN}),
    TaskKind("reason", reason, _reason_variant, POSITION_KEYS | {PLAIN}),
    TaskKind("pick_waits", pick_waits, _pick_waits_variant,
             frozenset({"cards", "melds", "choices", "rules", PLAIN})),
)

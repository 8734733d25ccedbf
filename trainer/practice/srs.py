"""Spaced repetition of the small facts with FSRS (the ``fsrs`` package): each card's red value
(R-RED), each rank's 14-partner (R-PAIR14), each kong case (R-KONG), each special win
(R-SPECIAL). Each review question is generated and answered by the engine; the grade comes from
correctness and answer time (wrong → Again, slow → Hard, normal → Good, fast → Easy), with
same-day relearning steps."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card as FsrsCard
from fsrs import Rating as FsrsRating
from fsrs import Scheduler

from trainer.engine import RANKED_CARDS, parse_cards, partners_of
from trainer.engine.cards import rank_name
from trainer.engine.messages import Message
from trainer.lessons.kinds import KINDS
from trainer.lessons.task import StepData, Task

SCHEDULER = Scheduler(learning_steps=(timedelta(minutes=1), timedelta(minutes=10)),
                      relearning_steps=(timedelta(minutes=10),), enable_fuzzing=False)
FAST_SECONDS = 4.0
SLOW_SECONDS = 12.0
NEW_PER_DAY = 12


def all_facts() -> list[str]:
    facts = [f"red:{card}" for card in RANKED_CARDS]
    facts += [f"partner:{rank_name(rank)}" for rank in range(1, 14)]
    facts += ["kong:case1", "kong:case2", "kong:case3", "kong:forbidden"]
    facts += ["special:jiedi", "special:all_red", "special:all_black"]
    return facts


def grade(correct: bool, seconds: float) -> FsrsRating:
    if not correct:
        return FsrsRating.Again
    if seconds < FAST_SECONDS:
        return FsrsRating.Easy
    if seconds > SLOW_SECONDS:
        return FsrsRating.Hard
    return FsrsRating.Good


def review(card_json: str | None, correct: bool, seconds: float,
           when: datetime | None = None) -> FsrsCard:
    """The fact's FSRS card after one review."""
    card = FsrsCard() if card_json is None else FsrsCard.from_json(card_json)
    updated, _log = SCHEDULER.review_card(card, grade(correct, seconds),
                                          when or datetime.now(UTC))
    return updated


@dataclass(frozen=True)
class FactQuestion:
    fact: str
    task: Task
    prompt: Message


_KONG_SCENES: dict[str, dict[str, object]] = {
    "kong:case1": {"event": "after_deal", "cards": "8s 8h 8c 8d Kd 2s 3c 5h"},
    "kong:case2": {"event": "claim", "card": "Jd", "cards": "Js Jh Jc 4d 9s 2c 6h"},
    "kong:case3": {"event": "draw_after_pong", "card": "6d", "cards": "Ah 10c 3s 9h 5c",
                   "melds": ["pong:6s,6h,6c"]},
    "kong:forbidden": {"event": "claim", "card": "6d", "cards": "Ah 10c 3s 9h 5c",
                       "melds": ["pong:6s,6h,6c"]},
}
_SPECIAL_HANDS: dict[str, dict[str, object]] = {
    "special:jiedi": {"cards": "7s Kc Ac 5s 9c 6s 8h", "card": "7d", "first": True},
    "special:all_red": {"cards": "Ah Kd 7h 5h 9d 6d 8h", "card": "7d", "source": "flip",
                        "from": "opposite"},
    "special:all_black": {"cards": "7s Ks Ac 5s 9c 6c 8s", "card": "7c"},
}


def question(fact: str, rng: random.Random) -> FactQuestion:
    """A fresh question about ``fact``, answered by the engine."""
    kind, _, name = fact.partition(":")
    if kind == "red":
        task = KINDS["red_total"].build(StepData({"cards": name}))
        return FactQuestion(fact, task, Message.of("review.red", card=parse_cards(name)[0]))
    if kind == "partner":
        own = [c for c in RANKED_CARDS if rank_name(c.rank or 0) == name]
        card = rng.choice(own)
        others = [c for c in RANKED_CARDS if c != card]
        choices = rng.sample(others, 5)
        partner = partners_of(card, others)
        if not any(c in partner for c in choices):
            choices[rng.randrange(5)] = rng.choice(partner)
        task = KINDS["pick_partner"].build(StepData(
            {"card": str(card), "cards": " ".join(str(c) for c in choices)}))
        return FactQuestion(fact, task, Message.of("review.partner", card=card))
    if kind == "kong":
        task = KINDS["kong"].build(StepData(_KONG_SCENES[fact]))
        return FactQuestion(fact, task, Message.of(f"review.{name}"))
    task = KINDS["special"].build(StepData(_SPECIAL_HANDS[fact]))
    return FactQuestion(fact, task, Message.of("review.special"))

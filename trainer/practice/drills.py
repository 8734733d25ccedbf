"""Drills: short questions generated and graded by the engine, sized by how the learner has been
doing — the same task kinds as the lessons (``trainer.lessons.kinds``), so every drill gets the
same hints and working.

- ``red``: the red total of cards (and laid-down sets) — R-RED; ``red20``: does it reach the
  table's threshold? — R-WIN;
- ``pairs``: the 14-partners of a card — R-PAIR14; ``split``: the cards left without a partner;
- ``waits``: the cards that would win a ready hand (下叫) — R-WAIT, R-WIN;
- ``kong``: may you kong now, and by which case? — R-KONG;
- ``fan``: fan of a winning hand — R-FAN; ``pays``: what the payer pays — R-SCORE, R-PAY.

Every position a drill shows is one a real hand reaches (tested).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer.content.sampling import random_position
from trainer.engine import DEFAULT_RULES, RANKED_CARDS, RuleSet, format_cards, partners_of, red_total, verdict
from trainer.lessons.answers import LessonAnswer
from trainer.lessons.kinds import KINDS
from trainer.lessons.kinds._position import position_data, random_claim
from trainer.lessons.kinds.kong import _kong_variant
from trainer.lessons.task import StepData, Task
from trainer.practice.stored_tries import StoredTry, newest_try
from trainer.store.progress_store import ProgressStore
from trainer.store.skill_names import AnswerSkill

DRILLS = ("red", "red20", "pairs", "split", "waits", "kong", "fan", "pays")
MIN_LEVEL, MAX_LEVEL = 1, 9
SECONDS_PER_CARD = 2.5
TAUGHT_IN = {"red": "cards-and-red", "red20": "cards-and-red", "pairs": "pairs-of-14",
             "split": "pairs-of-14", "waits": "winning", "kong": "pong-and-kong", "fan": "specials-fan-score",
             "pays": "specials-fan-score"}
"""The lesson that teaches what each drill asks (a drill is practice, open to all: the page
names the lesson while it is not done — the kong drill asks of laid-down sets, which only the
lessons on 投牌 and kongs teach)."""
KIND_OF = {"red": "red_total", "red20": "red_enough", "pairs": "pick_partner",
           "split": "pick_leftover", "waits": "pick_waits", "kong": "kong", "fan": "fan", "pays": "pays"}


@dataclass(frozen=True)
class DrillItem:
    drill: str
    level: int
    task: Task
    data: dict[str, Any]


def drill_level(store: ProgressStore, learner_id: int, drill: str) -> int:
    """The level of ``drill``'s next item for this learner, from their last 30 answers to it."""
    return next_level(_history(store, learner_id, drill))


def reached_level(store: ProgressStore, learner_id: int, drill: str) -> int | None:
    """The level ``drill`` has reached for this learner, None before their first answer to it
    (Progress says "not started", not the level a first item starts at)."""
    history = _history(store, learner_id, drill)
    return next_level(history) if history else None


def _history(store: ProgressStore, learner_id: int, drill: str) -> list[tuple[bool, float, int]]:
    return [(r.correct, r.seconds, r.level)
            for r in store.answers.rows(learner_id, skill=AnswerSkill.drill(drill), last=30)
            if r.level is not None]


def next_level(history: Sequence[tuple[bool, float, int]], start: int = 2) -> int:
    """The size for the next item from recent answers (correct, seconds, level), oldest first:
    three right and fast in a row at the current level → one bigger; a mistake → one smaller."""
    level = start
    streak = 0
    for correct, seconds, item_level in history:
        if not correct:
            level = max(MIN_LEVEL, min(level, item_level) - 1)
            streak = 0
            continue
        fast = seconds <= SECONDS_PER_CARD * (item_level + 1) + 2
        streak = streak + 1 if fast else 0
        if streak >= 3:
            level = min(MAX_LEVEL, max(level, item_level) + 1)
            streak = 0
    return level


def _red_data(rng: random.Random, level: int, rules: RuleSet) -> dict[str, Any]:
    """Small levels: a few loose cards; from level 4, a real waiting hand with its melds."""
    if level < 4:
        cards = rng.sample(RANKED_CARDS, level + 1)
        return {"cards": format_cards(cards), "rules": rules.to_json()}
    while True:
        position = random_position(rng, rules, with_card=False, joker_in_hand=0.0)
        if position.melds or level < 6:
            return {"cards": format_cards(position.hand),
                    "melds": [str(m) for m in position.melds], "rules": rules.to_json()}


def _data(drill: str, level: int, rng: random.Random, rules: RuleSet) -> dict[str, Any]:
    if drill == "red":
        data = _red_data(rng, level, rules)
        return {key: value for key, value in data.items() if key != "rules"}
    if drill == "red20":
        for _ in range(300):  # near the threshold, half above and half below
            data = _red_data(rng, max(level, 4), rules)
            reader = StepData(data)
            total = red_total(reader.cards(), reader.melds())
            if abs(total - rules.red_threshold) <= 6 and \
                    (total >= rules.red_threshold) == (rng.random() < 0.5):
                return data
        return data
    if drill == "pairs":
        card = rng.choice(RANKED_CARDS)
        others = [c for c in RANKED_CARDS if c != card]
        choices = rng.sample(others, min(4 + level, 12))
        partners = partners_of(card, others)
        if not set(partners) & set(choices):
            choices[rng.randrange(len(choices))] = rng.choice(partners)
        return {"card": str(card), "cards": format_cards(choices)}
    if drill == "split":
        return dict(KINDS["pick_leftover"].generate(rng, StepData(
            {"cards": format_cards(rng.sample(RANKED_CARDS, max(4, min(8, level + 3))))})))
    if drill == "waits":  # up to level 3 chi sets only, as lesson 4 asks before pongs
        return dict(KINDS["pick_waits"].generate(rng, StepData(
            {"plain": level < 4, "rules": rules.to_json()})))
    if drill == "kong":
        event = rng.choice(("after_deal", "claim", "claim", "draw_after_pong", "own_flip",
                            "later_draw", "ponged_from_triple", "laid_from_four"))
        return _kong_variant(rng, StepData({"event": event, "cards": "", "card": "",
                                            **_KONG_SEEDS[event]}))
    while True:
        position, origin = random_claim(rng, rules, spoil=0.0, joker_in_hand=0.0)
        judged = verdict(position)
        if judged.win and (drill != "fan" or judged.fan > 0 or rng.random() < 0.2):
            return position_data(position, origin)


_KONG_SEEDS: dict[str, dict[str, Any]] = {
    "after_deal": {"cards": "8s 8h 8c 8d Kd 2s 3c 5h"},
    "claim": {"card": "Jd", "cards": "Js Jh Jc 4d 9s 2c 6h"},
    "draw_after_pong": {"card": "6d", "cards": "Ah 10c 3s 9h 5c", "melds": ["pong:6s,6h,6c"]},
    "own_flip": {"card": "4s", "cards": "4h 4c 4d Ks Ad 9c 2h"},
    "later_draw": {"card": "5d", "cards": "5s 5h 5c Kd 2s 7h 9c", "melds": ["joker:X"]},
    "ponged_from_triple": {"card": "9d", "cards": "Ah 10c 3s 4h 5c",
                           "melds": ["pong:9s,9h,9c"]},
    "laid_from_four": {"card": "8d", "cards": "Kd 2s 3c 5h", "melds": ["pong:8s,8h,8c"]},
}


def generate(drill: str, level: int, rng: random.Random,
             rules: RuleSet = DEFAULT_RULES) -> DrillItem:
    """One item of ``drill`` at ``level`` (1 = smallest), answered by the engine."""
    if drill not in DRILLS:
        raise ValueError(f"unknown drill {drill!r}")
    level = max(MIN_LEVEL, min(MAX_LEVEL, level))
    data = _data(drill, level, rng, rules)
    return DrillItem(drill, level, KINDS[KIND_OF[drill]].build(StepData(data)), data)


def item_key(item: DrillItem, seed: int) -> str:
    """The answers table's ``item`` of a drill item: its drill, size and seed (those of its
    address), so that a reloaded page finds the first try it stored."""
    return f"{item.drill}:{item.level}:{seed}"


def record_first(store: ProgressStore, learner_id: int, item: DrillItem, given: LessonAnswer,
                 seconds: float, seed: int) -> bool:
    """Grade a drill item's first answer and store it with its level (the answer that sizes
    the next item: a second try is not stored); right or not."""
    task = item.task
    correct = task.is_correct(given)
    store.answers.record(
        learner_id, context="drill", item=item_key(item, seed),
        question=item.drill, answer=task.answer_text(given),
        expected=task.answer_text(task.answer), correct=correct, seconds=seconds,
        rule_ids=task.rule_ids, skill=AnswerSkill.drill(item.drill), level=item.level)
    return correct


def stored_try(store: ProgressStore, learner_id: int, item: DrillItem, seed: int
               ) -> StoredTry | None:
    """The first try at this item when it is the learner's newest drill answer (the page was
    reloaded after it: the try is shown with what followed, and not stored again)."""
    return newest_try(store, learner_id, context="drill", item=item_key(item, seed),
                      task=item.task)

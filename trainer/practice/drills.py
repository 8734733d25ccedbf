"""Drill items generated and graded by the engine, with adaptive sizes.

- ``red``: the red total of cards (and laid-down sets) — R-RED; variant ``red20``: is it ≥ the
  threshold? — R-WIN.
- ``pairs``: the 14-partners of a card — R-PAIR14; variant ``split``: the cards left without a
  partner.
- ``kong``: may this player kong now, and by which case? — R-KONG.
- ``fan``: fan of a winning hand — R-FAN; variant ``pays``: what the payer pays — R-SCORE, R-PAY.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.content.sampling import random_position
from trainer.engine import DEFAULT_RULES, JOKER, RANKED_CARDS, RuleSet, deck, verdict
from trainer.engine.cards import Card, format_cards
from trainer.lessons.tasks import Task, fan, kong, pays, pick_leftover, pick_partner, red_total
from trainer.lessons.tasks import combined as combined_task

DRILLS = ("red", "red20", "pairs", "split", "kong", "fan", "pays")
MIN_LEVEL, MAX_LEVEL = 1, 9
SECONDS_PER_CARD = 2.5


@dataclass(frozen=True)
class DrillItem:
    drill: str
    level: int
    task: Task
    data: dict[str, object]


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


def _cards_and_melds(rng: random.Random, level: int, rules: RuleSet) -> dict[str, object]:
    pool = deck(rules.jokers)
    rng.shuffle(pool)
    size = level + 1
    hand = [c for c in pool if c is not JOKER][:size]
    melds: list[str] = []
    if level >= 4 and rng.random() < 0.6:
        rest = [c for c in RANKED_CARDS if c not in hand]
        rank = rng.choice(sorted({c.rank for c in rest if sum(1 for d in rest if d.rank == c.rank) >= 3}))  # type: ignore[type-var]
        trio = [c for c in rest if c.rank == rank][:3]
        melds.append("pong:" + ",".join(str(c) for c in trio))
        if level >= 6:
            melds.append("joker:X")
    return {"cards": format_cards(hand), "melds": melds}


def generate(drill: str, level: int, rng: random.Random,
             rules: RuleSet = DEFAULT_RULES) -> DrillItem:
    """One item of ``drill`` at ``level`` (1 = smallest), answered by the engine."""
    if drill not in DRILLS:
        raise ValueError(f"unknown drill {drill!r}")
    level = max(MIN_LEVEL, min(MAX_LEVEL, level))
    if drill in ("red", "red20"):
        data = _cards_and_melds(rng, level, rules)
        task = red_total(data)
        if drill == "red20":
            want_yes = rng.random() < 0.5
            for _ in range(200):  # near the threshold, half above and half below
                data = _cards_and_melds(rng, max(level, 4) + 2, rules)
                task = red_total(data)
                total = int(task.answer)
                if (total >= rules.red_threshold) == want_yes and \
                        abs(total - rules.red_threshold) <= 6:
                    break
            total = int(task.answer)
            task = Task("red20", "choice", task.cards, task.melds, None,
                        "yes" if total >= rules.red_threshold else "no", task.explanation,
                        ("yes", "no"), ("R-RED", "R-WIN"), {"threshold": rules.red_threshold})
        return DrillItem(drill, level, task, data)
    if drill == "pairs":
        card = rng.choice(RANKED_CARDS)
        others = [c for c in RANKED_CARDS if c != card]
        choices = rng.sample(others, min(4 + level, 12))
        partners = [c for c in others if (c.rank or 0) + (card.rank or 0) == 14]
        if not set(partners) & set(choices):
            choices[rng.randrange(len(choices))] = rng.choice(partners)
        data = {"card": str(card), "cards": format_cards(choices)}
        return DrillItem(drill, level, pick_partner(data), data)
    if drill == "split":
        position = random_position(rng, rules, with_card=False, spoil=1.0)
        cards: list[Card] = [c for c in position.hand if not c.is_joker]
        data = {"cards": format_cards(cards[: max(4, min(len(cards), level + 3))])}
        task = pick_leftover(data) if rng.random() < 0.7 else combined_task(data)
        return DrillItem(drill, level, task, data)
    if drill == "kong":
        data = _kong_scene(rng)
        return DrillItem(drill, level, kong(data), data)
    while True:
        position = random_position(rng, rules, spoil=0.0, joker_in_hand=0.0)
        if verdict(position).win:
            break
    data = {"cards": format_cards(position.hand), "melds": [str(m) for m in position.melds],
            "card": str(position.card), "source": position.source,
            "dealer_first_discard": position.dealer_first_discard, "rules": rules.to_json()}
    return DrillItem(drill, level, fan(data) if drill == "fan" else pays(data), data)


def _kong_scene(rng: random.Random) -> dict[str, object]:
    """A random scenario of one of the kong cases, or of the forbidden one (R-KONG)."""
    pool = list(RANKED_CARDS)
    rng.shuffle(pool)
    rank = pool[0].rank
    four = [c for c in RANKED_CARDS if c.rank == rank]
    rng.shuffle(four)
    filler = [c for c in pool if c.rank != rank]
    case = rng.choice(("after_deal", "claim3", "claim2", "pong_draw", "later", "own_flip"))
    if case == "after_deal":
        hand = four + filler[:4]
        return {"event": "after_deal", "cards": format_cards(hand)}
    if case in ("claim3", "claim2", "own_flip"):
        held = four[:3] if case != "claim2" else four[:2]
        hand = held + filler[: 5 - len(held)]
        return {"event": "own_flip" if case == "own_flip" else "claim", "card": str(four[3]),
                "cards": format_cards(hand)}
    pong = "pong:" + ",".join(str(c) for c in four[:3])
    return {"event": "draw_after_pong" if case == "pong_draw" else "claim", "card": str(four[3]),
            "cards": format_cards(filler[:3]), "melds": [pong]}

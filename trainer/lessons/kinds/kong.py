"""Kong (R-KONG): may you kong at this moment, and by which of the three cases?"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import KongCase, KongEvent, Message, RuleSet, kong_eligibility, rank_name
from trainer.engine.reachability import sets_laid
from trainer.engine.sources import Source
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._shared import CHOICE_INSTRUCTION, draw, notation
from trainer.lessons.task import Option, StepData, Task, TaskError, TaskKind

OPTIONS = ("case1", "case2", "case3", "gathered", "no")
_CASE = {KongCase.DEALT_FOUR: "case1", KongCase.TRIPLE_PLUS_CLAIM: "case2",
         KongCase.PONG_PLUS_DRAW: "case3", KongCase.GATHERED_FOUR: "gathered"}
_NEEDS = {"case1": (KongEvent.AFTER_DEAL, KongEvent.LAID_FROM_FOUR),
          "case2": (KongEvent.CLAIM, KongEvent.PONGED_FROM_TRIPLE),
          "case3": (KongEvent.DRAW_AFTER_PONG,)}
_HELD = (KongEvent.PONGED_FROM_TRIPLE, KongEvent.LAID_FROM_FOUR)
"""The second step of a two-step kong: the card is the fourth held from before."""


def options_for(rules: RuleSet) -> tuple[str, ...]:
    """The answers offered: the three cases and no; four gathered later only at a table whose
    table option allows them (R-KONG)."""
    return tuple(o for o in OPTIONS if o != "gathered" or rules.kong_from_gathered_four)


def kong(data: StepData) -> Task:
    event = KongEvent(data.choice("event", tuple(e.value for e in KongEvent), "claim"))
    hand = data.cards()
    melds = data.melds()
    card = data.optional_card()
    rules = data.rules()
    sets = sets_laid(melds)
    allowed = ((7 - 2 * sets, 8 - 2 * sets) if event is KongEvent.AFTER_DEAL else
               (6 - 2 * sets, 7 - 2 * sets) if event is KongEvent.LAID_FROM_FOUR else
               (7 - 2 * sets,))
    if len(hand) not in allowed:
        raise TaskError(f"no real hand holds {len(hand)} concealed cards at this moment with "
                        f"{sets} sets laid: {' or '.join(map(str, allowed))} (R-PARITY)")
    try:
        result = kong_eligibility(hand, melds, event, card, rules)
    except ValueError as error:
        raise TaskError(str(error)) from None
    answer = ChoiceAnswer("no" if result.case is None else _CASE[result.case])
    options = tuple(Option(v, Message.of(f"choice.kong.{v}")) for v in options_for(rules))

    def hint(given: LessonAnswer) -> Message:
        said = given.value if isinstance(given, ChoiceAnswer) else ""
        if said in _NEEDS and event not in _NEEDS[said]:
            return Message.of(f"hint.kong_not_{said}", ("R-KONG",))
        if said == "gathered":
            return Message.of("hint.kong_gathered", ("R-KONG", "R-TOU-LATER"))
        if result.reason == "pong_cannot_grow":
            return Message.of("hint.kong_pong_never_grows", ("R-KONG",))
        if said == "no":
            return Message.of("hint.kong_look_again", ("R-KONG",))
        return Message.of("hint.kong_count", ("R-KONG",),
                          rank=rank_name(card.rank) if card is not None and card.rank else "🃏")

    board = Board(hand, melds, offer=card, offer_source=Source.FLIP if event in (
        KongEvent.CLAIM, KongEvent.OWN_FLIP) else None, rules=rules,
        moment=Message.of(f"kong_event.{event.value}", card=card.symbol if card else ""),
        caption=None if event in (KongEvent.CLAIM, KongEvent.OWN_FLIP)
        else Message.of("board.held_card" if event in _HELD else "board.drawn_card"))
    return Task("kong", Shape.CHOICE, board, answer, CHOICE_INSTRUCTION,
                tuple(result.messages()), ("R-KONG",), hint, options,
                prompt=Message.of("task.kong.prompt"))


def _kong_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A fresh moment of the same kind (same event), cards drawn anew."""
    event = data.choice("event", tuple(e.value for e in KongEvent), "claim")
    original = kong(data).answer
    for _ in range(2000):
        rank = rng.randrange(1, 14)
        same = [c for c in draw(rng, 52) if c.rank == rank]
        rest = [c for c in draw(rng, 20) if c.rank != rank]
        if event == "after_deal":
            take = 4 if original == ChoiceAnswer("case1") else 3
            hand = same[:take] + rest[:8 - take]
            return {"event": event, "cards": notation(hand)}
        if event in ("claim", "own_flip"):
            take = 3 if original != ChoiceAnswer("no") or rng.random() < 0.5 else 2
            hand = same[:take] + rest[:7 - take]
            return {"event": event, "card": str(same[3]), "cards": notation(hand)}
        if event in ("draw_after_pong", "ponged_from_triple"):
            return {"event": event, "card": str(same[3]), "cards": notation(rest[:5]),
                    "melds": [f"pong:{same[0]},{same[1]},{same[2]}"]}
        if event == "laid_from_four":
            return {"event": event, "card": str(same[3]), "cards": notation(rest[:4]),
                    "melds": [f"pong:{same[0]},{same[1]},{same[2]}"]}
        hand = same[:3] + rest[:4]
        return {"event": event, "card": str(same[3]), "cards": notation(hand),
                "melds": ["joker:X"]}
    raise TaskError("no variant found")


KINDS = (TaskKind("kong", kong, _kong_variant,
                  frozenset({"event", "cards", "melds", "card", "rules"})),)

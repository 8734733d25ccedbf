"""Kong (R-KONG): may you kong at this moment, and by which of the three cases?"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import KongCase, KongEvent, Message, Relation, RuleSet, kong_eligibility, rank_name
from trainer.engine.melds import MeldKind
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
_CAPTION = {KongEvent.PONGED_FROM_TRIPLE: "board.held_third",
            KongEvent.LAID_FROM_FOUR: "board.held_card"}
"""The card's caption at the second step of a two-step kong, in the moment's own count: the
third of the learner's three (a pong made with two of them), or the fourth of a rank dealt."""


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
        if result.reason == "own_flip":  # whose flip it is decides, not how the four came
            return Message.of("hint.kong_whose_flip", ("R-OWN-FLIP", "R-KONG"))
        if said in _NEEDS and event not in _NEEDS[said]:
            return Message.of(f"hint.kong_not_{said}", ("R-KONG",))
        if said == "gathered":
            return Message.of("hint.kong_gathered", ("R-KONG", "R-TOU-LATER"))
        if result.reason == "pong_cannot_grow":
            return Message.of("hint.kong_pong_never_grows", ("R-KONG",))
        if said == "no":  # only a pong on the table is named: none may be laid
            ponged = any(meld.kind is MeldKind.PONG for meld in melds)
            return Message.of("hint.kong_look_again" if ponged else "hint.kong_look_again_hand",
                              ("R-KONG",))
        return Message.of("hint.kong_count", ("R-KONG",),
                          rank=rank_name(card.rank) if card is not None and card.rank
                          else Message.of("names.joker"))

    moment = Message.of(f"kong_event.{event.value}", card=card if card else "")
    board = Board(hand, melds, offer=card, offer_source=Source.FLIP if event in (
        KongEvent.CLAIM, KongEvent.OWN_FLIP) else None, rules=rules, moment=moment,
        offer_from=Relation.YOU if event is KongEvent.OWN_FLIP else None,  # "flipped by you"
        caption=None if event in (KongEvent.CLAIM, KongEvent.OWN_FLIP)
        else Message.of(_CAPTION.get(event, "board.drawn_card")))
    return Task("kong", Shape.CHOICE, board, answer, CHOICE_INSTRUCTION,
                tuple(result.messages()), ("R-KONG",), hint, options,
                prompt=Message.of("task.kong.prompt", moment=moment),
                answer_class=(answer, result.reason))


_HELD_COUNT = {"dealt_four": 4, "no_four": 3, "triple_plus_claim": 3, "only_pair": 2,
               "no_triple": 1, "own_flip": 3, "gathered_four_off": 3, "gathered_four": 3,
               "no_four_drawn": 2}
"""How many of the card's rank the concealed hand holds for each verdict (R-KONG)."""


def _kong_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A fresh moment of the same kind (same event) and the same verdict — the same case, or
    the same reason there is none: a pong laid earlier stays a pong that cannot grow, a pair
    stays a pair — cards drawn anew."""
    event = data.choice("event", tuple(e.value for e in KongEvent), "claim")
    written = kong(data)
    rules = data.rules()
    reason = kong_eligibility(data.cards(), data.melds(), KongEvent(event),
                              data.optional_card(), rules).reason
    for _ in range(2000):
        rank = rng.randrange(1, 14)
        same = [c for c in draw(rng, 52) if c.rank == rank]
        rest = [c for c in draw(rng, 20) if c.rank != rank]
        out: dict[str, Any] = {"event": event, "rules": rules.to_json()}
        if event in ("draw_after_pong", "ponged_from_triple", "laid_from_four") or \
                reason == "pong_cannot_grow":
            size = 4 if event == "laid_from_four" else 5
            out.update(card=str(same[3]), cards=notation(rest[:size]),
                       melds=[f"pong:{same[0]},{same[1]},{same[2]}"])
        elif event == "after_deal":
            take = _HELD_COUNT.get(reason, 3)
            out.update(cards=notation(same[:take] + rest[:8 - take]))
        else:
            take = _HELD_COUNT.get(reason, 3)  # own flip: three held, and still no kong
            out.update(card=str(same[3]), cards=notation(same[:take] + rest[:7 - take]))
            if event == "later_draw":
                out["melds"] = ["joker:X"]
        try:
            if kong(StepData(out)).answer_class == written.answer_class:
                return out
        except TaskError:
            continue
    raise TaskError("no variant found")


KINDS = (TaskKind("kong", kong, _kong_variant,
                  frozenset({"event", "cards", "melds", "card", "rules"})),)

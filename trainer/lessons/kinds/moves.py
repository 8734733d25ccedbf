"""The ``move`` kind: the learner makes a move at the card table (R-TOU, R-CHI, R-PONG,
R-KONG, R-WIN, R-SPECIAL, R-STOCK-EMPTY) — its fresh tables built from a stacked deal, each a
case of its step (:mod:`trainer.lessons.kinds.move_cases`: a chi on one's own flip stays one, a
joker laid after a draw stays one, a kong on a fresh pong keeps its case, a win stays 全红), and
asked in words of its own table (:mod:`trainer.lessons.kinds.move_words`), so that even its
first try is fresh (issue 31). The table, its moves and their grading:
:mod:`trainer.lessons.table_tasks`."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from trainer.engine import Card, Message, partner_rank, partners_of, red_total
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.rules import DEFAULT_RULES
from trainer.engine.win_rule import HandValue, judge, red_reached
from trainer.lessons.kinds.move_cases import MoveCase, case_of, plain_case
from trainer.lessons.kinds.move_words import move_prompt
from trainer.lessons.move_goals import lone_cards
from trainer.lessons.table_tasks import GOALS, TableScene, ends_drawn, move_task, scene_of_task
from trainer.lessons.task import StepData, Task, TaskError, TaskKind


def _plain(cards: list[Card]) -> bool:
    """No joker and no three of a rank: nothing to lay down after the deal."""
    ranks = [c.rank for c in cards]
    return all(c.rank is not None for c in cards) and all(ranks.count(r) < 3 for r in ranks)


def construct_scene(rng: random.Random, goal: str, case: MoveCase | None = None
                    ) -> dict[str, Any]:
    """A fresh table where the learner may make ``goal``: a stacked deal (with the dealer's
    discard and the learner's pong scripted where the goal needs them), every other hand dealt
    at random with nothing to lay down. Of ``case`` (:func:`case_of`) where one is given: a chi
    on the learner's own flip (R-OWN-FLIP); a joker laid down right after the draw of a pong
    (R-TOU-LATER), not in the lay-down round; a kong on a fresh pong by its case (R-KONG); a win
    whose every card is red (全红, R-SPECIAL). Checked by the engine like any lesson table."""
    from trainer.engine import JOKER, RANKED_CARDS

    case = case or plain_case(goal)
    own_flip, after_draw, kong_case = case.own_flip, case.after_draw, case.kong_case
    for _ in range(500):
        pool = list(RANKED_CARDS)
        rng.shuffle(pool)
        rank = rng.randrange(1, 14)
        same = [c for c in pool if c.rank == rank]
        rest = [c for c in pool if c.rank != rank]
        mine: list[Card]
        stock: list[Card] = []
        before: list[str] = []
        dealer = "upper"
        goal_cards = ""
        upper_first: Card | None = None
        if goal == "discard":  # a card left over from the 14-pairs, beside a pair
            dealer, mine = "you", rest[:8]
            lone = lone_cards(tuple(mine))
            if not lone or len(lone) > 6:
                continue
            black = [card for card in lone if card.is_black]
            goal_cards = str(rng.choice(black or lone))  # the answer shown keeps the red
        elif goal == "lay_joker" and after_draw:
            mine = [*same[:2], *rest[:5]]
            upper_first, dealer = same[2], "opposite"
            stock = [JOKER, rest[5]]
        elif goal in ("lay_joker",):
            dealer, mine = "you", [JOKER, *rest[:7]]
            stock = rest[7:9]
        elif goal == "lay_pong":
            mine = [*same[:3], *rest[:4]]
            stock = [rest[4]]
            goal_cards = " ".join(str(c) for c in same[:3])
        elif goal == "chi":
            if rank == 7:
                continue
            chi_with = partners_of(same[0], rest)[0]
            mine = [chi_with, *[c for c in rest if c.rank not in (rank, chi_with.rank)][:6]]
            upper_first, goal_cards = same[0], str(chi_with)
            if own_flip:  # the upper's discard is one the learner cannot take; then they flip
                held = {c.rank for c in mine}
                upper_first = next((c for c in rest if c not in mine and c.rank is not None
                                    and c.rank not in held
                                    and partner_rank(c.rank) not in held), None)
                if upper_first is None:
                    continue
                stock = [same[0]]
        elif goal == "pass":
            return drawn_table(rng)
        elif goal == "pong":
            mine = [*same[:2], *rest[:5]]
            upper_first = same[2]
            dealer = "opposite"
        elif goal == "kong":
            mine = [*same[:3], *rest[:4]]
            upper_first = same[3]
            before.append("you:done")
        elif goal == "kong_drawn" and kong_case == 1:  # three of four laid, then the fourth
            dealer, mine = "you", [*same, *rest[:4]]
            stock = rest[4:6]
            before.append(f"you:lay_pong:{' '.join(str(c) for c in _by_index(same)[:3])}")
            goal_cards = str(_by_index(same)[3])
        elif goal == "kong_drawn" and kong_case == 2:  # two of a triple ponged, then the third
            mine = [*same[:3], *rest[:4]]
            upper_first, stock = same[3], rest[4:6]
            before.append("you:done")
            goal_cards = str(_by_index(same[:3])[2])
        elif goal == "kong_drawn":  # 巴起: the card drawn after the pong is its fourth
            mine = [*same[:2], *rest[:5]]
            upper_first, stock = same[2], [same[3], rest[5]]
            goal_cards = str(same[3])
        elif goal in ("win", "tianzou"):
            pairs: list[Card] = []
            if case.all_red:  # 全红: the pairs from red cards only
                rest = [c for c in rest if c.is_red]
            for card in rest:
                if card.rank is None or card in pairs:
                    continue
                partner = next((c for c in partners_of(card, rest) if c not in pairs), None)
                if partner is not None:
                    pairs += [card, partner]
                if len(pairs) == 8:
                    break
            if len(pairs) < 8 or (goal == "win" and \
                    not red_reached(red_total(pairs), DEFAULT_RULES.red_threshold)):
                continue
            if goal == "tianzou":  # R-SPECIAL: the dealer's eight are combined at the deal
                dealer, mine = "you", pairs
            else:
                upper_first = pairs.pop(rng.randrange(8))
                mine = pairs
        else:
            raise TaskError(f"no fresh table for the goal {goal!r}")
        used = set(mine) | set(stock) | ({upper_first} if upper_first else set())
        others = [c for c in pool if c not in used]
        dealer_hand_size = 8
        hands: dict[str, list[Card]] = {"you": mine}
        for who in ("lower", "opposite", "upper"):
            size = dealer_hand_size if who == dealer else 7
            if who == dealer and upper_first is not None:
                hands[who] = [upper_first, *others[:size - 1]]
                others = others[size - 1:]
            else:
                hands[who] = others[:size]
                others = others[size:]
        if any(not _plain(hands[who]) for who in ("lower", "opposite", "upper")):
            continue
        if upper_first is not None:
            before.append(f"{dealer}:discard:{upper_first}")
        if (goal == "kong_drawn" and kong_case != 1) or (goal == "lay_joker" and after_draw):
            before.append("you:pong")
        data: dict[str, Any] = {f"hand_{who}": " ".join(str(c) for c in cards)
                                for who, cards in hands.items()}
        data.update(dealer=dealer, stock=" ".join(str(c) for c in stock), before=before,
                    goal=goal)
        if goal_cards:
            data["goal_cards"] = goal_cards
        try:
            if case_of(*scene_of_task(StepData(data))) != case:
                continue
        except TaskError:
            continue
        return data
    raise TaskError(f"no fresh table found for {goal!r}")


def _by_index(cards: list[Card]) -> list[Card]:
    """Cards in the engine's order (a pong takes the first two of a rank, R-PONG)."""
    return sorted(cards, key=lambda c: c.index)


DRAWN_TRIES = 400
"""Hands played for a drawn-hand table: about one in twenty ends on such a choice."""


def drawn_table(rng: random.Random) -> dict[str, Any]:
    """The end of a real hand played by the bots (a replay): the stock is empty, the card on
    offer is one the learner may chi but not win on, and letting it go ends the hand drawn
    (R-STOCK-EMPTY) — where a chi would only make them discard a card someone may win on."""
    from trainer.bots.heuristic import fast_choice
    from trainer.engine.game.replay import Replay
    from trainer.engine.game.state import HandState

    for _ in range(DRAWN_TRIES):
        state = HandState.deal(rng.getrandbits(32), DEFAULT_RULES, rng.randrange(4))
        while not state.over:
            if state.phase is Phase.CLAIM and not state.stock:
                seat = state.to_act
                kinds = {a.kind for a in state.legal_actions()}
                if ActionKind.CHI in kinds and ActionKind.WIN not in kinds and \
                        ends_drawn(TableScene(state, seat)):
                    return {"replay": Replay.of(state).dumps(), "seat": seat, "goal": "pass"}
            state.apply(fast_choice(state, rng))
    raise TaskError("no drawn-hand table found")


def _move_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A fresh table of the same case (:func:`case_of`): the goal, and whether a chi is on the
    learner's own flip, a joker is laid down after a draw, which kong a fresh pong becomes, a
    win is 全红 (the point of the step)."""
    case = move_case(data)
    while True:  # a hand replayed by the bots may be the step's own: another one then
        fresh = construct_scene(rng, data.choice("goal", GOALS, "discard"), case)
        if not data.has("replay") or fresh.get("replay") != data.text("replay"):
            return fresh


def move_case(data: StepData) -> MoveCase:
    """The case of a step's table (:func:`case_of`)."""
    return case_of(*scene_of_task(data))


def move_step(data: StepData) -> Task:
    """A move at the table, its prompt saying what the move depends on — who offered which
    card, the pair or triple held, the pong just made and the card drawn — from the table's
    own cards, so that a fresh table is asked in words of its own."""
    scene, goal = scene_of_task(data)
    case = case_of(scene, goal)
    task = move_task(data, (scene, goal))
    if case.all_red:  # the special win is the step's point: the working names it (R-SPECIAL)
        task = replace(task, working=(_specials_said(scene),),
                       rule_ids=(*task.rule_ids, "R-SPECIAL"))
    return replace(task, prompt=move_prompt(scene, goal, case), answer_class=(goal.kind, case))


def _specials_said(scene: TableScene) -> Message:
    """Every special win the offered card makes (R-SPECIAL), as the win rule judges it: 全红,
    and 接地 too where the card is the dealer's first discard."""
    offer = scene.state.offer
    assert offer is not None
    judged = judge(HandValue.of((offer.card, *scene.view.hand), scene.view.melds[scene.seat]),
                   scene.state.rules.red_threshold, first_discard=offer.dealer_first_discard)
    return Message.of("move_why.win_special", ("R-SPECIAL",), count=len(judged.specials),
                      specials=tuple(Message.of(f"choice.special.{s.value}")
                                     for s in judged.specials))


KINDS = (TaskKind("move", move_step, _move_variant,
                  frozenset({"hand_you", "hand_lower", "hand_opposite", "hand_upper", "stock",
                             "dealer", "before", "goal", "goal_cards", "seat", "replay",
                             "rules"})),)

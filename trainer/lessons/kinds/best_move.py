"""The coach's clear best moves as levels (R-PAY, R-WAIT, R-RED, R-SAFE): a moment of a real hand,
stopped at the learner's decision, where the coach's search finds one option better than the next
by at least a point with non-overlapping intervals (:mod:`trainer.coach.best_moves`).
``best_discard`` (留哪张) stops at a discard — any card of the best one's rank and colour is the
same move; ``best_claim`` (吃、扯还是不要) at a card offered to the learner — take it or pass.
The learner moves at the table and the move is graded as the coach's best. A miss is told what
the move chosen gives up, in points and in the game's terms, never which move is best; the
working shows the coach's values.

A step names a moment of a shipped pool by ``moment`` (its line, from 0) and ``players`` (4, the
default, or 3: each table size has its own pool); a fresh variant is another moment of the same
pool of the step's class (:func:`move_class`) — with ``first = true``, another moment at its
player's first discard of the hand (the plan made from the cards dealt, 开局定打法), and with
``plan = "all_black"`` besides, another where that plan is the best (全黑)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from trainer.analysis.unseen_waits import waits_after
from trainer.coach.best_moves import BestMove
from trainer.coach.contrast import contrast, reasons
from trainer.coach.explain import (
    BiggerWins,
    bigger_wins,
    move_words,
    open_colour,
    tried_words,
    values_words,
    why,
)
from trainer.coach.search import Decision, follow_ups
from trainer.engine import Message, Relation, relation
from trainer.engine.cards import red_total
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView
from trainer.engine.messages import Amount
from trainer.engine.win_rule import Special
from trainer.lessons.answers import LessonAnswer, MoveAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._shared import at_table, offer_words, read_pool
from trainer.lessons.table_tasks import TableScene, after_move, board_of_scene, judged_move, refused_move
from trainer.lessons.task import StepData, Task, TaskError, TaskKind

RULES = ("R-PAY", "R-WAIT", "R-RED", "R-SAFE")
CLAIM_RULES = ("R-CHI", "R-PONG", "R-WAIT", "R-PAY")
"""The rules a claim-or-pass judgement turns on: a miss there sends the learner back to the
claims, not to the deal-in rules (R-SAFE) that a claim or a pass does not turn on."""


POOLS = {"best_discard": {4: "best_moves.jsonl", 3: "best_moves_3p.jsonl"},
         "best_claim": {4: "best_claims.jsonl", 3: "best_claims_3p.jsonl"}}
"""The shipped pool of each kind, by table size (``tools/mine_best_moves.py``)."""


@cache
def pool(players: int = 4, kind: str = "best_discard") -> tuple[BestMove, ...]:
    """The shipped moments of ``kind`` at a table of ``players``, each checked as it is read."""
    return read_pool(POOLS[kind][players], BestMove.from_json)


def _players(data: StepData, kind: str) -> int:
    players = data.integer("players", 4)
    if players not in POOLS[kind]:
        raise TaskError(f"'players' is one of {sorted(POOLS[kind])}")
    return players


def moment_of(data: StepData, kind: str = "best_discard") -> BestMove:
    moments = pool(_players(data, kind), kind)
    number = data.integer("moment", 0)
    if not 0 <= number < len(moments):
        raise TaskError(f"'moment' is a line of the pool, 0 to {len(moments) - 1}")
    return moments[number]


def coach_reasons(move: BestMove) -> tuple[Message, ...]:
    """:func:`decision_reasons` of a moment of the pool."""
    return decision_reasons(move.view, move.decision)


def decision_reasons(view: PlayerView, decision: Decision, *,
                     then_asked: bool = False) -> tuple[Message, ...]:
    """What the best option and the next leave: waits, red, the chance a discard deals in —
    then the one sentence that sets them apart (:func:`~trainer.coach.contrast.contrast`, as
    the review says it). Where no such sentence exists: that the two read alike, and only
    playing on tells them apart; that the best wins less often but each win pays more (a
    pong's fan, R-FAN); or that they differ by too little for the differences seen to decide —
    so no learner hunts for a difference the words do not show, or trusts one that misleads.
    ``then_asked``: the next question asks the discard a chi owes (:func:`why`)."""
    options = decision.options[:2]
    reasons = tuple(why(view, option.action, option.then, then_asked=then_asked)
                    for option in options)
    if len(reasons) < 2:
        return reasons
    if _facts(reasons[0]) == _facts(reasons[1]):
        return (*reasons, Message.of("coach.reasons_alike", ("R-PAY",)))
    best, second = options
    said = contrast(view, best.action, second.action, follow_ups(decision))
    if said is not None:
        return (*reasons, said)
    bigger = bigger_wins(best, second)
    if bigger is not None:  # fewer wins, bigger ones: the play-outs' figures say why
        key = "coach.reasons_fan" if bigger is BiggerWins.BY_FAN else "coach.reasons_bigger"
        return (*reasons, Message.of(key, ("R-PAY", "R-FAN"), move=move_words(best.action),
                                     other=move_words(second.action)))
    return (*reasons, Message.of("coach.reasons_close", ("R-PAY",), move=move_words(best.action)))


def beside_yours(view: PlayerView, decision: Decision, action: Action) -> Message | None:
    """Why the coach's best beats the learner's own ``action`` in one sentence
    (:func:`~trainer.coach.contrast.contrast`) — None where the action is the best or the next
    best (the working's own sentence compares those two), or no question of the lessons tells
    the two apart."""
    options = decision.options
    if len(options) < 2 or action in (options[0].action, options[1].action):
        return None
    return contrast(view, options[0].action, action, follow_ups(decision))


def yours(scene: TableScene, decision: Decision) -> Callable[[LessonAnswer], Message | None]:
    """:func:`beside_yours` of the move an answer means at ``scene``."""
    return _of_move(scene, lambda action: beside_yours(scene.view, decision, action))


def tried(scene: TableScene, decision: Decision) -> Callable[[LessonAnswer], Message | None]:
    """:func:`~trainer.coach.explain.tried_words` of the move an answer means at ``scene``."""
    return _of_move(scene, lambda action: tried_words(decision, action))


def _of_move(scene: TableScene, words: Callable[[Action], Message | None]
             ) -> Callable[[LessonAnswer], Message | None]:
    """``words`` of the move an answer means at ``scene`` (none for a refused one)."""
    def said(given: LessonAnswer) -> Message | None:
        action = judged_move(scene, given)
        return words(action) if isinstance(action, Action) else None
    return said


def _facts(reason: Message) -> tuple[tuple[str, object], ...]:
    """A reason's facts as the learner reads them (a measured figure as rounded when shown),
    the move it is about left out."""
    return tuple((name, _shown(value)) for name, value in reason.params if name != "move")


def _shown(value: object) -> object:
    if isinstance(value, Amount):
        return round(value.value, value.digits)
    if isinstance(value, Message):
        return value.key, tuple((name, _shown(inner)) for name, inner in value.params)
    if isinstance(value, tuple):
        return tuple(_shown(inner) for inner in value)
    return value


def _best_move(kind: str, data: StepData) -> Task:
    move = moment_of(data, kind)
    if data.flag("first") and not first_discard(move):
        raise TaskError("'first': the moment must be its player's first discard of the hand, "
                        "with half the stock or more still to come")
    plan = _plan(data)
    task = task_of_move(kind, move, first=data.flag("first"), plan=plan)
    if plan is not None and task.answer_class != plan:
        raise TaskError(f"'plan': the best discard of this moment is not the {plan} plan")
    return task


PLANS = ("all_black",)
"""Plans a first discard may be asked about (``plan``, 开局定打法): ``all_black``, 全黑 — the
best discard lets the hand's one red card go (R-SPECIAL: all black needs no red total)."""


def _plan(data: StepData) -> str | None:
    if not data.has("plan"):
        return None
    if not data.flag("first"):
        raise TaskError("'plan' is asked of a first discard: add first = true")
    return data.choice("plan", PLANS, PLANS[0])


def kind_of_move(move: BestMove) -> str:
    """``best_discard`` for a moment at a discard, else ``best_claim`` (a card offered)."""
    return "best_discard" if move.best.action.kind is ActionKind.DISCARD else "best_claim"


def _instruction(kind: str, scene: TableScene) -> Message:
    """What to do: at a claim from a player the learner is not the lower player of, no chi is
    spoken of — a public fact (R-CHI: only the card's lower player, or its flipper, may chi);
    at the learner's own flip, no pong (a table rule, R-OWN-FLIP)."""
    offer = scene.state.offer
    if kind == "best_claim" and offer is not None and offer.seat == scene.seat and \
            not scene.state.rules.win_pong_kong_on_own_flip:  # no 扯 on it: a table rule
        return Message.of("instruct.best_claim_own_flip", ("R-CHI", "R-OWN-FLIP"))
    if kind == "best_claim" and offer is not None and relation(
            offer.seat, scene.seat, scene.state.rules.players) not in (Relation.UPPER,
                                                                      Relation.YOU):
        return Message.of("instruct.best_claim_no_chi", ("R-CHI",))
    return Message.of(f"instruct.{kind}")


def task_of_move(kind: str, move: BestMove, *, first: bool = False,
                 plan: str | None = None) -> Task:
    """The moment as a question at the table, graded as the coach's best move (a level here,
    a "best move" puzzle on the Puzzles page)."""
    scene = TableScene(move.replay.state_at(), move.seat)
    best = move.best.action
    board = board_of_scene(scene)
    hand = board.hand
    answer = MoveAnswer(best.kind, tuple(hand.index(card) for card in best.cards
                                         if best.kind in (ActionKind.DISCARD, ActionKind.CHI)))

    case = move_class(scene, best, first=first, plan=plan)
    rules = CLAIM_RULES if kind == "best_claim" else RULES

    def grade(given: LessonAnswer) -> bool:
        action = judged_move(scene, given)
        return isinstance(action, Action) and move.is_best(action)

    def hint(given: LessonAnswer) -> Message:
        action = judged_move(scene, given)
        if isinstance(action, Message):
            return action
        value = move.decision.value_of(action)
        lost = move.decision.shown_loss(action)
        then = None if value is None else value.then
        if case == "all_black":  # the plan, before the cards (开局定打法, R-SPECIAL)
            view = scene.view
            return Message.of("hint.best_discard_all_black", (*RULES, "R-SPECIAL"), lost=lost,
                              after=why(view, action, then),
                              red=red_total(view.hand, view.melds[view.seat]),
                              threshold=view.rules.red_threshold)
        if kind == "best_discard" and len(set(scene.view.hand)) > 2:
            # the two discards' facts worked out once, for the learner's and the contrast
            said = reasons(scene.view, best, action)
            look = _look(said.contrast)
            if look is not None:
                return Message.of("hint.best_discard_lost_look", rules, lost=lost,
                                  after=said.worse, look=look)
            return Message.of("hint.best_discard_lost", rules, lost=lost, after=said.worse)
        return Message.of(f"hint.{kind}_lost", rules, lost=lost,
                          after=why(scene.view, action, then))

    def shown_after(given: LessonAnswer) -> Board | None:
        """A right move that is not the coach's (a card of the same worth): the table goes on
        with the learner's own."""
        action = judged_move(scene, given)
        return board_of_scene(after_move(scene, action)) \
            if isinstance(action, Action) and action != best else None

    return Task(kind, Shape.MOVE, board, answer, _instruction(kind, scene),
                values_words(move.decision), rules, hint,
                prompt=at_table(_prompt(scene, case, first=first), scene.state.rules),
                solved_board=board_of_scene(after_move(scene, best)), grader=grade,
                shown_after=shown_after,
                more_working=lambda: coach_reasons(move), answer_class=case,
                refuser=lambda given: refusal_of(move, given),
                compared=yours(scene, move.decision), tried=tried(scene, move.decision),
                moves=scene.moves)


LOOK = {"coach.contrast_ready": "ready", "coach.contrast_ready_gone": "ready",
        "coach.contrast_all_black": "all_black", "coach.contrast_all_red": "all_red",
        "coach.contrast_risk": "risk", "coach.contrast_wait": "wait",
        "coach.contrast_pair": "pair", "coach.contrast_outs": "outs",
        "coach.contrast_dead": "dead", "coach.contrast_red": "red", "coach.contrast_red_ready": "red"}
"""The question of the lessons that sets the best discard apart from another
(:func:`~trainer.coach.contrast.contrast`'s reason), as a hint's pointer (``hint.look_…``)."""


def _look(contrasted: Message | None) -> Message | None:
    """Where to look after a discard that is not the best: the question on which another
    discard beats the learner's (``contrasted``, the coach's sentence on the two), said of the
    learner's card only — the better one is not named. (With two cards in hand, naming the
    question names it: the caller asks none.)"""
    reason = None if contrasted is None else contrasted.param("reason")
    if not isinstance(reason, Message) or reason.key not in LOOK:
        return None
    return Message.of(f"hint.look_{LOOK[reason.key]}", reason.rules)


def refusal_of(move: BestMove, given: LessonAnswer) -> Message | None:
    """Why the engine refuses the move ``given`` means at this moment (a kong with no four, a
    lay-down out of its turn …), or None for a legal move: a refused press is no answer."""
    return refused_move(TableScene(move.replay.state_at(), move.seat), given)


def move_class(scene: TableScene, best: Action, *, first: bool = False,
               plan: str | None = None) -> str:
    """What a moment is a case of, kept by its variants (issue 31). At a discard: the plan a
    first discard asked about calls for (``all_black``: the best lets the one red card go,
    R-SPECIAL), any first discard (``first``), several discards that keep the hand ready
    (下叫, R-WAIT), or neither — each with ``_two`` when two cards are held, keep one (a
    step about the last two cards stays one). At a card offered: the learner's own flip (chi
    only, R-OWN-FLIP), two cards of theirs that could chi it, a pong open, or a plain chi —
    each with ``_pass`` where letting the card go is the best: a step that teaches when to
    pass (不要) stays one, so that its variants are not all claims taken."""
    view = scene.view
    if best.kind is ActionKind.DISCARD:
        if plan is not None:
            rest = list(view.hand)
            rest.remove(best.cards[0])
            black = best.cards[0].is_red and open_colour(view, rest) is Special.ALL_BLACK
            return "all_black" if black else "other"
        if first:
            return "first"
        case = "ready" if ready_discards(scene) >= 2 else "plain"
        return f"{case}_two" if len(view.hand) == 2 else case
    legal = scene.state.legal_actions()
    offer = view.offer
    passing = "_pass" if best.kind is ActionKind.PASS else ""
    if offer is not None and offer.seat == scene.seat:
        return "own_flip" + passing
    if len({a.cards for a in legal if a.kind is ActionKind.CHI}) >= 2:
        return "two_chi" + passing
    return ("pong" if any(a.kind is ActionKind.PONG for a in legal) else "plain") + passing


def ready_discards(scene: TableScene) -> int:
    """How many different discards leave the hand ready (下叫, R-WAIT) on a card still unseen
    (a wait whose winning cards are all in sight is none: "either discard keeps you ready"
    beside "every winning card is in sight" would contradict itself)."""
    view = scene.view
    count = 0
    for card in set(view.hand):
        rest = list(view.hand)
        rest.remove(card)
        count += waits_after(view, tuple(rest)).copies_left > 0
    return count


def _prompt(scene: TableScene, case: str, *, first: bool) -> Message:
    offer = scene.state.offer
    if offer is not None:  # what a claim depends on: the card, who offered it and how
        origin = relation(offer.seat, scene.seat, scene.state.rules.players)
        kinds = {action.kind for action in scene.state.legal_actions()}
        key = "prompt_offer" if {ActionKind.CHI, ActionKind.PONG} <= kinds else \
            "prompt_pong" if ActionKind.PONG in kinds else "prompt_chi"  # only what is open
        return Message.of(f"task.best_claim.{key}", offer=offer_words(
            offer.card, origin, offer.source, first=offer.dealer_first_discard))
    if first:  # the plan made from the cards dealt (开局定打法)
        return Message.of("task.best_discard.prompt_first")
    return Message.of({"ready": "task.best_discard.prompt_ready",
                       "ready_two": "task.best_discard.prompt_ready_two",
                       "plain_two": "task.best_discard.prompt_two"}.get(
                           case, "task.best_discard.prompt"))


def best_discard(data: StepData) -> Task:
    return _best_move("best_discard", data)


def best_claim(data: StepData) -> Task:
    return _best_move("best_claim", data)


def first_discard(move: BestMove) -> bool:
    """The moment is its player's first discard of the hand, with at least half the stock still
    to come: a discard the plan made from the deal decides (开局定打法, lesson 10). A player
    who first discards late, the table half played (a player down to one card), plays the
    table, not the deal — a later stage's question."""
    if any(a.seat == move.seat and a.kind is ActionKind.DISCARD for a in move.replay.actions):
        return False
    return 2 * len(move.replay.state_at().stock) >= len(move.replay.state_at(0).stock)


def _variant_of(kind: str) -> Callable[[random.Random, StepData], dict[str, Any]]:
    def variant(rng: random.Random, data: StepData) -> dict[str, Any]:
        """Another moment of the pool, of the step's class (:func:`move_class`); with
        ``first``, another first discard — and a discard without, never one: the first
        discards are the plan stage's (lesson 10), and a later stage drawing one showed its
        table twice."""
        here, players = data.integer("moment", 0), _players(data, kind)
        first, plan = data.flag("first"), _plan(data)
        case = classes(kind, players, first, plan)[here]
        planned = classes(kind, players, True, None) if kind == "best_discard" and not first \
            else None  # None where not a first discard
        others = [n for n, other in enumerate(classes(kind, players, first, plan))
                  if n != here and other == case and (planned is None or planned[n] is None)]
        if not others:
            raise TaskError("the pool holds one such moment: no fresh variant")
        reasoned = [n for n in others if explained(kind, players)[n]]
        others = reasoned or others  # one the learner can work out, where the pool has one
        fresh: dict[str, Any] = {"moment": rng.choice(others), "players": players,
                                 "first": first}
        return fresh if plan is None else {**fresh, "plan": plan}
    return variant


@cache
def classes(kind: str, players: int, first: bool, plan: str | None) -> tuple[str | None, ...]:
    """The class of every moment of a pool (None: not a first discard, where one is asked)."""
    found: list[str | None] = []
    for move in pool(players, kind):
        if first and not first_discard(move):
            found.append(None)
            continue
        found.append(move_class(TableScene(move.replay.state_at(), move.seat), move.best.action,
                                first=first, plan=plan))
    return tuple(found)


@cache
def explained(kind: str, players: int) -> tuple[bool, ...]:
    """Whether the best move of each moment of a pool beats the next for a reason the lessons
    give — one of their questions (:func:`~trainer.coach.contrast.contrast`), or fewer but
    bigger wins (:func:`~trainer.coach.explain.bigger_wins`): a re-ask is drawn from these, so
    that a learner can work its answer out (not one whose working says no question decides: a
    grade the learner could not reason to)."""
    return tuple(explains(move) for move in pool(players, kind))


def explains(move: BestMove) -> bool:
    """One moment's entry of :func:`explained` (also what ``mine_best_moves.py --rare`` keeps)."""
    options = move.decision.options[:2]
    return len(options) == 2 and (
        contrast(move.view, options[0].action, options[1].action,
                 follow_ups(move.decision)) is not None
        or bigger_wins(*options) is not None)


KINDS = (TaskKind("best_discard", best_discard, _variant_of("best_discard"),
                  frozenset({"moment", "players", "first", "plan"})),
         TaskKind("best_claim", best_claim, _variant_of("best_claim"),
                  frozenset({"moment", "players"})))

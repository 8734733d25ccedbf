"""Decisions with one clearly best move (issue 29's "best move" positions, the 留哪张 and 吃扯还是不要
stages): a moment of a real hand — a replay stopped where ``seat`` discards, or answers an offered
card — whose best option beats the
second by at least :data:`GAP` points with non-overlapping 95% intervals, on a large budget.
Such a moment can be graded as "play the best move" without the noise of the search deciding it.

A :class:`BestMove` keeps the replay prefix, the seat, the budget and the salt, so its values are
recomputed exactly by :func:`trainer.coach.search.evaluate` from what it stores (the seed is drawn
from the seat's view alone, R-READ); :func:`check` does it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from trainer.bots.base import Bot
from trainer.coach.deals import searchable
from trainer.coach.search import (
    Z95,
    Decision,
    OptionValue,
    decision_from_json,
    decision_to_json,
    evaluate,
    weighable,
)
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.moves import same_move
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.rules import RuleSet

GAP = 1.0
"""Points by which the best option must beat the second."""
POOLS_WEIGHTED = False
"""The lesson pools (best moves, best claims, coached hands) were valued on deals that all count
alike, and are checked as mined (whatever :data:`trainer.coach.search.WEIGHTED` says)."""
POOLS_PRICED = True
"""… with a discard's deal-in priced at the table's chance (:mod:`trainer.coach.deal_in_price`),
as Play's coach prices it: a lesson that shows a card "about 45% to deal in" then shows
play-outs in which it deals in at least that often, and the best it teaches is the best Play's
coach would name. A refit of the chance model therefore calls for ``--revalue`` of the pools
(their check against today's search says so)."""
SCREEN_DEALS = 24
"""A first, cheap look: a moment whose best does not lead by about :data:`GAP` here is dropped."""
DEALS = 192
"""Deals per option of the stored values."""


def clear_best(decision: Decision) -> bool:
    """The best beats the second by :data:`GAP` points and their 95% intervals do not overlap."""
    if len(decision.options) < 2:
        return False
    best, second = decision.options[0], decision.options[1]
    return best.mean - second.mean >= GAP and \
        best.mean - Z95 * best.error > second.mean + Z95 * second.error


def moment_json(replay: Any, seat: int, salt: int) -> str:
    """A moment alone — the hand (a replay's JSON), the seat, the salt of its deals — as
    canonical JSON, without the values: what names it through a revalue of the pools."""
    return json.dumps({"replay": replay, "seat": seat, "salt": salt}, ensure_ascii=False,
                      separators=(",", ":"))


@dataclass(frozen=True)
class BestMove:
    """A moment of a real hand with one clearly best move."""

    replay: Replay
    """The hand up to the moment: its last state has ``seat`` to decide."""
    seat: int
    decision: Decision
    salt: int = 0

    @property
    def view(self) -> PlayerView:
        return view_of(self.replay.state_at(), self.seat)

    @property
    def best(self) -> OptionValue:
        return self.decision.best

    def is_best(self, action: Action) -> bool:
        """``action`` is the best move (or the same move with another card of its rank and
        colour)."""
        return same_move(action, self.best.action)

    def to_json(self) -> dict[str, Any]:
        return {"replay": self.replay.to_json(), "seat": self.seat, "salt": self.salt,
                **decision_to_json(self.decision)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    def moment(self) -> str:
        """The moment alone (:func:`moment_json`): what names it through a revalue."""
        return moment_json(self.replay.to_json(), self.seat, self.salt)

    @classmethod
    def from_json(cls, data: Any) -> BestMove:
        """A stored moment; :class:`Dou14Error` naming what is wrong (and a moment whose seat is
        not to decide, or whose best is not clear, is refused)."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise Dou14Error(f"a best move is JSON: {error}") from None
        if not isinstance(data, dict):
            raise Dou14Error("a best move is a JSON object")
        seat, salt = data.get("seat"), data.get("salt", 0)
        if not isinstance(seat, int) or not isinstance(salt, int):
            raise Dou14Error("a best move needs a seat and a salt")
        replay = Replay.from_json(data.get("replay"))
        move = cls(replay, seat, decision_from_json(data), salt)
        values = move.decision.options
        state = replay.state_at()
        if state.over or state.to_act != seat or not searchable(view_of(state, seat)):
            raise Dou14Error("a best move stops where its seat is to discard or claim")
        legal = set(view_of(state, seat).legal)
        if not values or any(v.action not in legal for v in values):
            raise Dou14Error("a best move's options are the seat's legal moves")
        if not clear_best(move.decision):
            raise Dou14Error("a best move's best option does not clearly beat the second")
        return move


def recompute(move: BestMove) -> Decision:
    """The values the search gives today for the stored moment (budget and salt as stored)."""
    return evaluate(move.view, move.decision.deals, move.salt, weighted=POOLS_WEIGHTED,
                    priced=POOLS_PRICED)


def check(move: BestMove) -> list[str]:
    """Where the stored values disagree with the search (empty when they agree to 6 decimals)."""
    return differences(move.decision, recompute(move))


def differences(stored: Decision, fresh: Decision) -> list[str]:
    """Where two valuations of one decision disagree (beyond 6 decimals: stored values are
    written as JSON)."""
    if len(fresh.options) != len(stored.options):
        return [f"{len(fresh.options)} options, not {len(stored.options)}"]
    problems = []
    for old, now in zip(stored.options, fresh.options, strict=True):
        if old.action != now.action or any(
                abs(a - b) > 1e-6 for a, b in ((old.mean, now.mean), (old.error, now.error),
                                               (old.loss, now.loss),
                                               (old.loss_error, now.loss_error))):
            problems.append(f"option {now.action}: stored {old}, the search says {now}")
        elif _shares_differ(old, now):
            problems.append(f"option {now.action}: stored outcomes {old.wins}, {old.pays}, "
                            f"{old.win_points}, {old.pay_points}; the search says {now.wins}, "
                            f"{now.pays}, {now.win_points}, {now.pay_points}")
    return problems


def _shares_differ(stored: OptionValue, fresh: OptionValue) -> bool:
    """Stored outcomes — shares and mean payments, written to 4 decimals — that today's search
    does not give."""
    pairs = ((stored.wins, fresh.wins), (stored.pays, fresh.pays),
             (stored.win_points, fresh.win_points), (stored.pay_points, fresh.pay_points))
    return any(old is not None and (now is None or abs(old - now) > 6e-5) for old, now in pairs)


def discard_moments(state: HandState) -> bool:
    """Whether ``state`` has its actor to discard with a real choice (two options or more)."""
    view = view_of(state, state.to_act)
    return searchable(view) and \
        sum(1 for a in view.legal if a.kind is ActionKind.DISCARD) >= 2 and \
        all(a.kind is ActionKind.DISCARD for a in view.legal)


def claim_moments(state: HandState) -> bool:
    """Whether ``state`` has its actor answering an offered card with a real choice: take it
    (chi, pong or kong) or pass — no win open, a win is always taken (R-READ)."""
    view = view_of(state, state.to_act)
    return view.phase is Phase.CLAIM and weighable(view)


def mine(hands: int, seed: int, rules: RuleSet, bots: Callable[[], list[Bot]],
         deals: int = DEALS, per_hand: int = 1,
         moments: Callable[[HandState], bool] = discard_moments) -> Iterator[BestMove]:
    """Moments with a clear best move from ``hands`` simulated hands (at most ``per_hand``
    from each, so the pool spans many hands), where ``moments`` says a decision is of the kind
    wanted: screened on :data:`SCREEN_DEALS`, kept on ``deals``."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = HandState.deal(rng.getrandbits(32), rules, rng.randrange(rules.players))
        players = bots()
        found = 0
        while not state.over:
            seat = state.to_act
            if found < per_hand and moments(state):
                view = view_of(state, seat)
                screen = evaluate(view, SCREEN_DEALS, salt=1, weighted=POOLS_WEIGHTED,
                                  priced=POOLS_PRICED)
                if len(screen.options) >= 2 and \
                        screen.options[0].mean - screen.options[1].mean >= GAP:
                    decision = evaluate(view, deals, weighted=POOLS_WEIGHTED,
                                        priced=POOLS_PRICED)
                    if clear_best(decision):
                        found += 1
                        yield BestMove(Replay.of(state), seat, decision)
            state.apply(players[seat].choose(view_of(state, seat), rng))

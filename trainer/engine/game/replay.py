"""Replays: a hand recorded as (seed, rules, dealer, actions) in JSON, replaying to the same final
state, steppable forward and back."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action
from trainer.engine.game.state import HandState
from trainer.engine.inputs import bounded_json
from trainer.engine.rules import RuleSet

MAX_REPLAY_BYTES = 256 * 1024
MAX_REPLAY_ACTIONS = 2000
"""A whole hand takes a few hundred actions: anything far beyond is refused before replaying."""


@dataclass(frozen=True)
class Replay:
    seed: int
    rules: RuleSet
    dealer: int | None
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, state: HandState, dealer_given: bool = True) -> Replay:
        return cls(state.seed, state.rules, state.dealer if dealer_given else None,
                   tuple(state.history))

    def state_at(self, step: int | None = None) -> HandState:
        """The state after the first ``step`` actions (all of them by default)."""
        state = HandState.deal(self.seed, self.rules, self.dealer)
        for action in self.actions[: len(self.actions) if step is None else step]:
            state.apply(action)
        return state

    def states(self) -> Iterable[HandState]:
        """The state before the first action, then after each one (for stepping forward/back)."""
        for step in range(len(self.actions) + 1):
            yield self.state_at(step)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "rules": self.rules.to_json(), "dealer": self.dealer,
                "actions": [action.to_json() for action in self.actions]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any) -> Replay:
        if isinstance(data, str | bytes):
            if len(data) > MAX_REPLAY_BYTES:
                raise Dou14Error(f"a replay is at most {MAX_REPLAY_BYTES // 1024} KB")
            try:
                data = bounded_json(data, max_chars=MAX_REPLAY_BYTES)
            except ValueError as error:  # bad JSON, too deep, huge integers
                raise Dou14Error(f"a replay is JSON: {error}") from None
        if not isinstance(data, dict) or set(data) - {"seed", "rules", "dealer", "actions"}:
            raise Dou14Error("a replay holds four fields: seed, rules, dealer and actions")
        seed = data.get("seed")
        dealer = data.get("dealer")
        actions = data.get("actions", [])
        if not isinstance(seed, int) or not isinstance(actions, list):
            raise Dou14Error("a replay needs a numeric seed and a list of actions")
        if len(actions) > MAX_REPLAY_ACTIONS:
            raise Dou14Error(f"a hand has at most {MAX_REPLAY_ACTIONS} actions")
        rules = RuleSet.from_json(data.get("rules"))
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)
                                   or not 0 <= dealer < rules.players):
            raise Dou14Error(f"a replay's dealer is a seat 0..{rules.players - 1}, "
                             f"not {str(dealer)[:20]!r}")
        if not 0 <= seed < 2**64:
            raise Dou14Error("a replay's seed is a number from 0 to 2**64 - 1")
        return cls(seed, rules, dealer,
                   tuple(Action.from_json(a) for a in actions))

"""Play-outs per second (issue 29), on this machine, one core, in one run:

- the fast path (:func:`trainer.coach.playout.play_out`, the lean form of a hand, compiled by
  mypyc when ``make`` could build it, else Python: the first line says which,
  trainer/coach/native.py) and the engine path (:func:`trainer.coach.playout.engine_play_out` on
  ``HandState``) playing the same hands —
  from the deal, and from the coach's own deals again at decisions (the engine then on a deep copy,
  as the search used to) — in actions per second [target: fast ≥ 100,000 actions/s];
- the equality of the two: on N seeded hands (default 10,000) under every rule set Play offers,
  and on the coach's deals, how many give the same actions and the same payments (the engine is
  the reference: any difference is a bug of the fast path);
- beside them, RLCard's random agents: environment steps per second over whole games of its
  ``mahjong`` and ``doudizhu`` (the ``bench`` extra, requirements/bench.lock; without it this says
  so and prints our figures).

Run by ``make bench``; ``--hands N`` for the equality sample, ``--games N`` for RLCard."""

from __future__ import annotations

import argparse
import copy
import itertools
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.bots.heuristic import fast_choice  # noqa: E402
from trainer.coach import native  # noqa: E402
from trainer.coach.deals import deal_again, searchable  # noqa: E402
from trainer.coach.fast_actions import trace_actions  # noqa: E402
from trainer.coach.fast_hand import FastHand  # noqa: E402
from trainer.coach.fast_playout import play  # noqa: E402
from trainer.coach.playout import engine_play_out, play_out  # noqa: E402
from trainer.engine.game.state import HandState  # noqa: E402
from trainer.engine.game.view import view_of  # noqa: E402
from trainer.engine.rules import RuleSet, Scoring  # noqa: E402

SCORINGS: tuple[Scoring, ...] = ("doubling", "ladder")
RULE_SETS = [RuleSet(players=players, jokers=jokers, scoring=scoring,
                     win_pong_kong_on_own_flip=own_flip, kong_from_gathered_four=gathered)
             for players, jokers, scoring, own_flip, gathered in itertools.product(
                 (4, 3), (4, 2, 6), SCORINGS, (False, True), (False, True))]
"""Every table Play's settings make: players, jokers, scoring, own flip, the kong option."""


def machine() -> str:
    """The processor's name (Linux), else what ``platform`` says."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def deals(count: int) -> list[HandState]:
    """Seeded hands just dealt, the rule sets in turn."""
    return [HandState.deal(seed, RULE_SETS[seed % len(RULE_SETS)]) for seed in range(count)]


def coach_states(count: int, seed: int) -> list[HandState]:
    """The coach's deals again (:func:`trainer.coach.deals.deal_again`) at the decisions of
    fast-played hands under the default rules, four per decision: what the search plays out."""
    rng = random.Random(seed)
    found: list[HandState] = []
    while len(found) < count:
        state = HandState.deal(rng.getrandbits(32), RuleSet(), rng.randrange(4))
        while not state.over and len(found) < count:
            view = view_of(state, state.to_act)
            if searchable(view) and len(view.legal) > 1 and rng.random() < 0.3:
                found.extend(deal_again(view, rng) for _ in range(4))
            state.apply(fast_choice(state, rng))
    return found[:count]


def rate(make: Callable[[], list[HandState]], run: Callable[[HandState, random.Random], int],
         rounds: int = 3) -> tuple[float, int]:
    """Best of ``rounds``: actions per second of ``run`` over the states ``make`` gives (made
    anew each round, untimed; each played with a ``random.Random`` seeded by its position), and
    the actions."""
    best, actions = float("inf"), 0
    for _ in range(rounds):
        states = make()
        actions = 0
        started = time.perf_counter()
        for number, state in enumerate(states):
            actions += run(state, random.Random(number))
        best = min(best, time.perf_counter() - started)
    return actions / best, actions


def fast_run(state: HandState, rng: random.Random) -> int:
    """The fast path as the coach runs it: the lean form made from the state, played out."""
    hand = FastHand.of(state)
    play(hand, rng)
    return hand.actions


def engine_run(state: HandState, rng: random.Random) -> int:
    """The engine path as the search ran it: a deep copy of the state, played out."""
    engine = copy.deepcopy(state)
    before = len(engine.history)
    engine_play_out(engine, rng)
    return len(engine.history) - before


def engine_run_in_place(state: HandState, rng: random.Random) -> int:
    """The engine path on a state of its own (a fresh deal needs no copy)."""
    before = len(state.history)
    engine_play_out(state, rng)
    return len(state.history) - before


def identical(states: list[HandState]) -> int:
    """How many states play out to the same actions and payments on both paths."""
    same = 0
    for number, state in enumerate(states):
        hand = FastHand.of(state)
        hand.trace = []
        paid = play(hand, random.Random(number))
        engine = copy.deepcopy(state)
        before = len(engine.history)
        same += paid == engine_play_out(engine, random.Random(number)) and \
            trace_actions(hand.trace) == engine.history[before:] and \
            play_out(state, random.Random(number)) == paid
    return same


def rlcard_rates(games: int, ours: dict[str, float]) -> None:
    """RLCard's random agents: env steps per second over whole games, mahjong and doudizhu —
    best of 3 runs, as ours — and our play-outs' rates ``ours`` as multiples of them."""
    try:
        import numpy as np
        import rlcard  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as error:
        print(f"RLCard: not installed ({error}); `make bench` installs requirements/bench.lock")
        return
    for name in ("mahjong", "doudizhu"):
        best = 0.0
        for _ in range(3):
            np.random.seed(0)
            env = rlcard.make(name, config={"seed": 0})
            agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]
            steps = 0
            started = time.perf_counter()
            for _ in range(games):
                state, player = env.reset()
                while not env.is_over():
                    state, player = env.step(agents[player].step(state))
                    steps += 1
            best = max(best, steps / (time.perf_counter() - started))
        print(f"  RLCard {rlcard.__version__} {name:<9} random agents: {best:>9,.0f} "
              f"steps/s ({steps / games:.1f} steps a game, {games} games)")
        print("    ours as a multiple of it: " + ", ".join(
            f"{what} {rate / best:.1f}x" for what, rate in ours.items())
            + ("  [target: >= 50x mahjong]" if name == "mahjong" else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000, help="hands for the equality count")
    parser.add_argument("--games", type=int, default=100, help="RLCard games per environment")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"play-outs — {machine()}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), one core, best of 3 runs; the fast path "
          f"{native.status()}")

    hands = 1_000
    ours: dict[str, float] = {}
    fast, actions = rate(lambda: deals(hands), fast_run)
    ours["from the deal"] = fast
    engine, _ = rate(lambda: deals(hands), engine_run_in_place)
    print(f"  from the deal ({hands:,} hands, every Play rule set, {actions / hands:.1f} actions "
          f"a hand): fast {fast:>9,.0f} actions/s, engine {engine:>8,.0f} actions/s "
          f"({fast / engine:.1f}x)")

    states = coach_states(1_200, args.seed)
    fast, actions = rate(lambda: states, fast_run)
    ours["the coach's deals"] = fast
    engine, _ = rate(lambda: states, engine_run)
    print(f"  the coach's deals again ({len(states):,}, {actions / len(states):.1f} actions a "
          f"play-out): fast {fast:>9,.0f} actions/s, engine with its deep copy {engine:>8,.0f} "
          f"actions/s ({fast / engine:.1f}x)  [target: fast >= 100,000]")

    same = identical(deals(args.hands))
    print(f"  equality: {same:,} of {args.hands:,} seeded hands identical (actions and payments)")
    same = identical(states)
    print(f"  equality: {same:,} of {len(states):,} of the coach's deals again identical")
    rlcard_rates(args.games, ours)


if __name__ == "__main__":
    main()

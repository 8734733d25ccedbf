"""Fast play-outs (issue 29): the lean form of a hand (trainer/coach/fast_*.py) against the engine,
its reference. From states at every point of seeded hands — the deal, lay-down turns, discards with
and without lay-downs, claims with seats still to be asked — under every rule set Play offers, the
fast path lists the engine's legal actions, takes the engine's actions and pays the engine's
payments, and the coach's values are those of deep-copied engine states. The fast path is whatever
is loaded: the modules compiled by mypyc, or the Python ones (trainer/coach/native.py)."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.bots.heuristic import fast_choice
from trainer.coach import search
from trainer.coach.deals import searchable
from trainer.coach.fast_actions import apply, legal_actions, trace_actions
from trainer.coach.fast_form import NONE
from trainer.coach.fast_hand import FastHand
from trainer.coach.fast_playout import play
from trainer.coach.playout import engine_play_out, play_out
from trainer.engine.cards import Card, deck
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import EventKind
from trainer.engine.game.hand_parts import IllegalAction, Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.rules import RuleSet, Scoring
from trainer.engine.sources import Source

SCORINGS: tuple[Scoring, ...] = ("doubling", "ladder")
RULE_SETS = [RuleSet(players=players, jokers=jokers, scoring=scoring,
                     win_pong_kong_on_own_flip=own_flip, kong_from_gathered_four=gathered)
             for players, jokers, scoring, own_flip, gathered in itertools.product(
                 (4, 3), (4, 2, 6), SCORINGS, (False, True), (False, True))]
"""Every table Play's settings make (players, jokers, scoring, own flip, the kong option); one
with the chi priority turned (R-PRIORITY's decision) is added below."""
RULE_SETS.append(RuleSet(chi_priority_flipper_first=False, win_pong_kong_on_own_flip=True))
SEEN: Counter[EventKind] = Counter()
"""The events of the play-outs compared (a flipped joker, a drawn hand: the sample has them)."""
FIELDS = ("stock", "hands", "counts", "unpaired", "red", "colours", "melds", "phase", "to_act",
          "laydown_turns", "may_lay_down", "fresh_pong", "fourth_held", "drawn", "offer_card",
          "offer_flip", "offer_seat", "offer_first", "ask", "claims", "dealer_discarded",
          "payments")


def clumped(rng: random.Random, rules: RuleSet) -> list[Card]:
    """A stacked deck (``HandState.deal``'s ``cards``) in runs of one rank, the jokers one run,
    each rank's run beside its partner's (R-PAIR14), in a random order: hands and a stock full of
    triples and fours with their partners, so that kongs of every case and two-step kongs come
    often; when the first runs are partners the dealer gets three of each (the fourths go to the
    stock's bottom), a triple the policy keeps (R-TOU-ORDER's "done")."""
    cards = deck(rules.jokers)
    rng.shuffle(cards)
    groups = [[rank, 14 - rank] for rank in range(1, 7)] + [[7], [0]]
    rng.shuffle(groups)
    runs = [rank for group in groups for rank in rng.sample(group, len(group))]
    cards.sort(key=lambda card: runs.index(card.rank or 0))
    if len(groups[0]) == 2:  # the dealer holds three of a rank and three of its partner
        cards = [*cards[:3], *cards[4:7], *cards[8:], cards[3], cards[7]]
    players = rules.players
    hands = [cards[:8], *(cards[8 + 7 * seat:15 + 7 * seat] for seat in range(players - 1))]
    pack = [hands[step][turn] for turn in range(7) for step in range(players)]
    return [*pack, hands[0][7], *cards[8 + 7 * (players - 1):]]


def walk(seed: int, rules: RuleSet, wander: float = 0.3, stacked: bool = False
         ) -> Iterator[HandState]:
    """Every state of one seeded hand (``stacked``: from a :func:`clumped` deck), driven by the
    fast policy with a share ``wander`` of random legal actions (states the policy alone never
    reaches: a win passed, no lay-down, a claim before a seat still to be asked)."""
    rng = random.Random(seed * 7 + 1)
    dealer = rng.randrange(rules.players) if seed % 2 or stacked else None
    state = HandState.deal(seed, rules, dealer, clumped(rng, rules) if stacked else None)
    while not state.over:
        yield state
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if rng.random() < wander else fast_choice(state, rng))


def same_play_out(state: HandState, seed: int) -> list[Action]:
    """Play ``state`` out on the engine (a deep copy) and on the fast form: the same actions,
    the same count, the same payments, and ``state`` untouched. The engine's actions, with what
    the table saw in :data:`SEEN`."""
    before_state = copy.deepcopy(state)
    engine = copy.deepcopy(state)
    before = len(engine.history)
    paid = engine_play_out(engine, random.Random(seed))
    hand = FastHand.of(state)
    hand.trace = []
    assert play(hand, random.Random(seed)) == paid
    taken = engine.history[before:]
    assert trace_actions(hand.trace) == taken
    assert hand.actions == len(taken)
    assert play_out(state, random.Random(seed)) == paid
    assert state == before_state
    SEEN.update(event.kind for event in engine.events[len(state.events):])
    return taken


def fields(hand: FastHand) -> tuple[object, ...]:
    """What the fast form holds; the offer's source and player only while a card is offered
    (the engine's ``offer`` is then None)."""
    kept = [getattr(hand, name) for name in FIELDS]
    if hand.offer_card == NONE:
        for name in ("offer_flip", "offer_seat", "offer_first"):
            kept[FIELDS.index(name)] = None
    return tuple(kept)


@pytest.mark.rule("R-TOU", "R-TOU-ORDER", "R-CHI", "R-PONG", "R-KONG", "R-PRIORITY", "R-FLIP",
                  "R-FLIP-JOKER", "R-STOCK-EMPTY", "R-PAY", "R-SCORE")
def test_fast_play_outs_take_the_engines_actions_and_pay_its_payments() -> None:
    """A fixed sample: 4 hands per rule set, two of them from stacked decks, a play-out from
    every state of each."""
    phases: Counter[str] = Counter()
    taken: Counter[ActionKind] = Counter()
    ends: Counter[str] = Counter()
    for number in range(4 * len(RULE_SETS)):
        rules = RULE_SETS[number % len(RULE_SETS)]
        for state in walk(number, rules, stacked=number // len(RULE_SETS) % 2 == 1):
            assert legal_actions(FastHand.of(state)) == state.legal_actions()
            phases[state.phase.value] += 1
            phases["lay-down after a draw"] += state.phase is Phase.DISCARD and state.may_lay_down
            phases["claim after a claim"] += state.phase is Phase.CLAIM and bool(state.claims)
            actions = same_play_out(state, number)
            taken.update(action.kind for action in actions)
            ends["win" if actions and actions[-1].kind is ActionKind.WIN else "other"] += 1
    assert all(phases[name] for name in ("laydown", "discard", "claim", "lay-down after a draw",
                                         "claim after a claim")), phases
    assert set(taken) >= set(ActionKind) - {ActionKind.TIANZOU}, taken  # 天走: the next test
    assert ends["win"] and ends["other"]
    assert SEEN[EventKind.FLIPPED_JOKER] and SEEN[EventKind.DRAWN] and SEEN[EventKind.BEATEN]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULE_SETS), st.integers(0, 40),
       st.floats(0, 1), st.booleans(), st.integers(0, 2**32))
def test_a_play_out_from_any_point_of_any_hand_is_the_engines(
        seed: int, rules: RuleSet, point: int, wander: float, stacked: bool,
        playout_seed: int) -> None:
    states = walk(seed, rules, wander, stacked)
    state = next(itertools.islice(states, point, None), None)
    if state is not None:
        same_play_out(state, playout_seed)


@pytest.mark.rule("R-SPECIAL")
def test_tianzou_is_taken_and_paid_as_the_engine_does() -> None:
    """The dealer's combined cards before the first discard: 天走, found among seeded deals by
    the fast path and checked against the engine."""
    found = 0
    for seed in range(20_000):
        state = HandState.deal(seed, RULE_SETS[seed % len(RULE_SETS)])
        hand = FastHand.of(state)
        hand.trace = []
        play(hand, random.Random(seed))
        if any(kind is ActionKind.TIANZOU for _seat, kind, _cards in hand.trace):
            assert ActionKind.TIANZOU in {a.kind for a in same_play_out(state, seed)}
            found += 1
            if found == 3:
                break
    assert found == 3


def test_applied_actions_change_the_fast_form_as_they_change_the_engine() -> None:
    """Each action applied to the fast form leaves it as the engine's state, made fast, is; a
    copy played out leaves its original as it was; an illegal action is refused."""
    for number in range(len(RULE_SETS)):
        rules = RULE_SETS[number]
        for state in walk(number + 1000, rules, wander=0.5):
            hand = FastHand.of(state)
            untouched = fields(hand)
            play(hand.copy(), random.Random(number))
            assert fields(hand) == untouched
            action = fast_choice(copy.deepcopy(state), random.Random(number))
            after = copy.deepcopy(state)
            after.apply(action)
            apply(hand, action)
            if after.over:
                assert after.result is not None and hand.payments == after.result.payments
            else:
                assert fields(hand) == fields(FastHand.of(after))
    state = HandState.deal(1, RuleSet())
    with pytest.raises(IllegalAction):
        apply(FastHand.of(state), Action(state.to_act, ActionKind.WIN))


class _EngineForm:
    """The coach's old way, for the comparison: a whole state deep-copied per option and played
    out on the engine."""

    def __init__(self, state: HandState) -> None:
        self.state = state

    @classmethod
    def of(cls, state: HandState) -> _EngineForm:
        return cls(copy.deepcopy(state))

    def copy(self) -> _EngineForm:
        return _EngineForm(copy.deepcopy(self.state))


def _deals_in(state: HandState, seat: int) -> bool:
    """The engine's word for ``deal_in_price.deals_in``: ``seat``'s discard is on offer and
    the first seat asked may win on it."""
    offer = state.offer
    return state.phase is Phase.CLAIM and offer is not None and offer.seat == seat and \
        offer.source is Source.DISCARD and bool(state.ask_order) and state.ask_order[0].win


def test_the_coachs_values_are_those_of_deep_copied_engine_states(
        monkeypatch: pytest.MonkeyPatch) -> None:
    views: list[PlayerView] = []
    for number in range(8):
        rules = RULE_SETS[number * 5 % len(RULE_SETS)]
        views.extend(view for state in walk(number, rules, wander=0.1)
                     if searchable(view := view_of(state, state.to_act)) and search.weighable(view))
    fast = [search.evaluate(view, 3) for view in views[::4]]
    monkeypatch.setattr(search, "FastHand", _EngineForm)
    monkeypatch.setattr(search, "apply", lambda hand, action: hand.state.apply(action))
    monkeypatch.setattr(search, "play", lambda hand, rng: engine_play_out(hand.state, rng))
    monkeypatch.setattr(search, "deals_in", lambda hand, seat: _deals_in(hand.state, seat))
    monkeypatch.setattr(search, "owes_discard", lambda hand, seat: hand.state.phase is
                        Phase.DISCARD and hand.state.to_act == seat)
    monkeypatch.setattr(search, "discard", lambda hand, card: hand.state.apply(
        Action(hand.state.to_act, ActionKind.DISCARD, (card,))))
    assert [search.evaluate(view, 3) for view in views[::4]] == fast
    assert len(fast) >= 10


def test_a_deal_in_is_read_on_the_fast_form_as_on_the_engine() -> None:
    """``deal_in_price.deals_in``: right after a discard, an opponent may win on that very
    card — not on a later flip the discard's going to the pile let come (R-FLIP, R-PAY)."""
    from trainer.coach.deal_in_price import deals_in

    seen: set[tuple[bool, bool]] = set()
    for number in range(60):
        rules = RULE_SETS[number % len(RULE_SETS)]
        for state in walk(number, rules, wander=0.2):
            if state.phase is not Phase.DISCARD:
                continue
            for action in state.legal_actions():
                if action.kind is not ActionKind.DISCARD:
                    continue
                engine = copy.deepcopy(state)
                engine.apply(action)
                hand = FastHand.of(state)
                apply(hand, action)
                expected = _deals_in(engine, state.to_act)
                assert deals_in(hand, state.to_act) == expected
                flip_offered = engine.offer is not None and engine.offer.source is Source.FLIP
                seen.add((expected, flip_offered))
    assert {(True, False), (False, True)} <= seen

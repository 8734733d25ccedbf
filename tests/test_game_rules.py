"""The table rules one by one on hand-built decks: seats and the first dealer, the deal, the
lay-down round, discards and flips, no self-drawn win, and the cases docs/rules.md settles (a
joker ponged by two players, a joker turned as the stock's last card)."""

from __future__ import annotations

import random

import pytest

from tests.game_helpers import act, kinds, stacked
from trainer.engine import JOKER, RuleSet, parse_card
from trainer.engine.cards import Card
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.hand_parts import Phase, first_dealer
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.priority import Claim, ClaimKind, resolve_claims

A = ActionKind
QUIET = ["Kd 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc 6s",
         "7d 10h 7h 5h 9c 6d 8s", "7c Kh 3s 5d 9h 6h 8c"]


class _Turns(random.Random):
    """A random source that turns the given cards, in order, for the first dealer."""

    def __init__(self, turner: int, cards: list[Card]) -> None:
        super().__init__(0)
        self._turner = turner
        self._cards = list(cards)

    def randrange(self, *_args: object, **_kwargs: object) -> int:  # type: ignore[override]
        return self._turner

    def choice(self, _seq: object) -> Card:  # type: ignore[override]
        return self._cards.pop(0)


@pytest.mark.rule("R-DEALER", "R-SEAT")
@pytest.mark.parametrize(("turner", "card", "players", "dealer"),
                         [(0, "Ah", 4, 0), (0, "3s", 4, 2), (2, "5d", 4, 2), (3, "Kc", 4, 3),
                          (1, "Qs", 3, 0), (2, "2h", 3, 0)])
def test_first_dealer_counted_counterclockwise_from_the_turner(turner: int, card: str,
                                                               players: int, dealer: int) -> None:
    """The turner counts as 1 and the count runs counterclockwise (to the lower player)."""
    chosen, turned, who = first_dealer(_Turns(turner, [parse_card(card)]), players)
    assert (chosen, str(turned), who) == (dealer, card, turner)
    rank = parse_card(card).rank
    assert rank is not None and chosen == (turner + rank - 1) % players


@pytest.mark.rule("R-DEALER")
def test_a_turned_joker_is_turned_again() -> None:
    chosen, turned, _ = first_dealer(_Turns(1, [JOKER, JOKER, parse_card("2c")]), 4)
    assert str(turned) == "2c" and chosen == 2


@pytest.mark.rule("R-DEAL", "R-SEAT")
@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(players=3), RuleSet(jokers=6)])
def test_the_deal_gives_eight_and_sevens(rules: RuleSet) -> None:
    state = HandState.deal(3, rules, dealer=1)
    sizes = [len(hand) for hand in state.hands]
    assert sizes[1] == 8 and all(size == 7 for seat, size in enumerate(sizes) if seat != 1)
    assert len(state.stock) == rules.stock_after_deal


@pytest.mark.rule("R-TOU", "R-TOU-ORDER")
def test_lay_down_round_runs_once_from_the_dealer() -> None:
    """Seats lay down in order from the dealer, once round; the dealer then discards and may not
    lay down any more (R-TOU-LATER allows it only after taking a stock card)."""
    state = stacked(["X 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc 6s",
                     "X 10h 7h 5h 9c 6d 8s", "7c Kh 3s 5d 9h 6h 8c"], stock="4h 8d")
    assert state.phase is Phase.LAYDOWN and state.to_act == 0
    assert A.LAY_JOKER in kinds(state)
    act(state, A.DONE)
    assert state.phase is Phase.LAYDOWN and state.to_act == 2  # seats without jokers skipped
    act(state, A.LAY_JOKER, "X")
    assert str(state.hands[2][-1]) == "4h"  # one stock card for the joker
    # Nothing more to lay down: the round is over and the dealer discards.
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert A.LAY_JOKER not in kinds(state)  # the dealer's turn to lay down has passed


@pytest.mark.rule("R-DISCARD", "R-FLIP", "R-PUBLIC")
def test_an_unclaimed_discard_lies_before_the_discarder_and_the_lower_player_flips() -> None:
    state = stacked(QUIET, stock="4c 8h")
    act(state, A.DISCARD, "Kd")
    # Nobody can take K♦ (no A in seat 1, no pair of Ks): seat 1 flips the stock's top card.
    assert state.offer is not None and state.offer.source == "flip" and state.offer.seat == 1
    assert str(state.offer.card) == "4c"
    assert [(str(t.card), t.source) for t in state.piles[0]] == [("Kd", "discard")]
    assert all(str(state.offer.card) not in map(str, hand) for hand in state.hands)
    view = view_of(state, 3)
    assert [str(t.card) for t in view.piles[0]] == ["Kd"]  # public, with its origin
    assert view.hand_sizes == (7, 7, 7, 7) and view.stock_size == len(state.stock)


@pytest.mark.rule("R-NO-SELF-DRAW", "R-PONG")
def test_no_win_on_a_card_drawn_after_a_pong() -> None:
    """Seat 1 pongs 9♥ and draws the 8♦ that combines the hand (K+A, 7+7, 6+8): no win is
    offered, only lay-downs and discards."""
    state = stacked(["9h 2s 2h 3c 4d 10s Jd Qs", "9s 9c Kh Ah 7h 7d 6h",
                     "7c Kd 3d 5h 8c 6d 8s", "7s Ks 3s 5c 10h 6c 2c"], stock="8d")
    act(state, A.DISCARD, "9h")
    assert state.to_act == 1
    act(state, A.PONG)
    assert str(state.drawn) == "8d"
    assert state.phase is Phase.DISCARD
    assert not {A.WIN, A.TIANZOU} & set(kinds(state))


@pytest.mark.rule("R-PRIORITY", "R-PONG", "R-FLIP-JOKER")
def test_two_players_pong_one_joker_first_counterclockwise_gets_it() -> None:
    """Six jokers: seats 2 and 3 each hold two; seat 1 flips a joker. Both pong; seat 2, the
    first counterclockwise from the flipper, gets it."""
    rules = RuleSet(jokers=6)
    state = stacked(["Kd 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc 6s",
                     "X X 7h 5h 9c 6d 8s", "X X 3s 5d 9h 6h 8c"], stock="X 4c", rules=rules)
    while state.phase is Phase.LAYDOWN:
        act(state, A.DONE)
    act(state, A.DISCARD, "Kd")
    assert state.offer is not None and state.offer.card.is_joker and state.offer.seat == 1
    assert [entry.seat for entry in state.ask_order] == [2, 3]
    act(state, A.PONG)
    act(state, A.PONG)
    assert state.melds[2][-1].is_joker_set and not state.melds[3]
    assert sum(card.is_joker for card in state.hands[3]) == 2
    assert state.to_act == 2 and state.phase is Phase.DISCARD


@pytest.mark.rule("R-PRIORITY")
@pytest.mark.parametrize(("origin", "source", "claimers", "winner"),
                         [(1, "flip", (3, 2), 2), (3, "flip", (1, 0), 0),
                          (0, "discard", (3, 1), 1), (2, "discard", (1, 3), 3)])
def test_pong_ties_go_to_the_first_counterclockwise(origin: int, source: str,
                                                    claimers: tuple[int, int],
                                                    winner: int) -> None:
    claims = [Claim(seat, ClaimKind.PONG) for seat in claimers]
    resolution = resolve_claims(claims, origin, source)
    assert resolution.winner is not None and resolution.winner.seat == winner


@pytest.mark.rule("R-FLIP-JOKER", "R-STOCK-EMPTY")
def test_a_joker_turned_as_the_last_stock_card_draws_the_hand() -> None:
    """The joker goes in front of the flipper; with nothing left to draw the hand is drawn.
    Seat 2 holds two jokers but cannot pong it: a pong needs a stock card to draw."""
    state = stacked(["Kd 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc 6s",
                     "X X 7h 5h 9c 6d 8s", "7c Kh 3s 5d 9h 6h 8c"])
    while state.phase is Phase.LAYDOWN:
        act(state, A.DONE)
    state.stock[:] = [JOKER]
    act(state, A.DISCARD, "Kd")
    assert state.phase is Phase.OVER and state.result is not None
    assert state.result.kind == "drawn" and state.result.payments == (0, 0, 0, 0)
    assert [m.kind.value for m in state.melds[1]] == ["joker"]

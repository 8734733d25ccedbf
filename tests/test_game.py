"""The whole hand: property tests over thousands of seeded hands, and the tricky rules one by one
with hand-built decks (R-FLIP-JOKER, R-KONG, R-PRIORITY, R-CHI, R-OWN-FLIP, R-SPECIAL,
R-STOCK-EMPTY, R-PARITY, R-PUBLIC)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game_helpers import act, kinds, stacked
from trainer.bots import HeuristicBot, RandomBot
from trainer.bots.table import play_hand, play_match_hand
from trainer.engine import RuleSet, verdict
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import IllegalAction, Phase
from trainer.engine.game.match import Match
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of

A = ActionKind


def _check_invariants(state: HandState) -> None:
    assert state.card_count() == 52 + state.rules.jokers
    sizes = [len(hand) for hand in state.hands]
    if state.phase is Phase.OVER:
        return
    for seat, size in enumerate(sizes):
        holding_turn = (state.phase is Phase.DISCARD and seat == state.to_act) or (
            state.phase is Phase.LAYDOWN and seat == state.dealer and not state.dealer_discarded)
        assert size % 2 == (0 if holding_turn else 1), (seat, size, state.phase)  # R-PARITY
    for seat in range(state.players):
        view = view_of(state, seat)
        assert sorted(view.hand, key=lambda c: c.index) == sorted(state.hands[seat],
                                                                  key=lambda c: c.index)
        seen = set(view.visible_cards()) - set(state.hands[seat])
        for other in range(state.players):
            if other != seat:
                hidden = {c for c in state.hands[other] if not c.is_joker}
                assert not hidden & seen  # R-PUBLIC: no concealed card of another player


def _play_checked(seed: int, rules: RuleSet, bots: list[object]) -> HandState:
    state = HandState.deal(seed, rules)
    rng = random.Random(seed)
    _check_invariants(state)
    while not state.over:
        legal = state.legal_actions()
        assert legal
        action = bots[state.to_act].choose(view_of(state, state.to_act), rng)  # type: ignore[attr-defined]
        assert action in legal
        state.apply(action)
        _check_invariants(state)
    assert state.result is not None
    if state.result.kind in ("win", "tianzou"):
        assert state.result.verdict is not None and state.result.verdict.win
        assert state.result.position is not None
        assert verdict(state.result.position).win  # the engine agrees with the game
        assert sum(state.result.payments) == 0
    else:
        assert state.result.payments == tuple([0] * rules.players)
    return state


RULE_SETS = [RuleSet(), RuleSet(players=3), RuleSet(jokers=2), RuleSet(jokers=6),
             RuleSet(players=3, jokers=6, win_pong_kong_on_own_flip=True)]


@pytest.mark.rule("R-PARITY", "R-PUBLIC", "R-DECK")
@settings(max_examples=600)
@given(st.integers(0, 2**40), st.sampled_from(RULE_SETS), st.booleans())
def test_seeded_hands_keep_every_invariant(seed: int, rules: RuleSet, heuristic: bool) -> None:
    bots = [HeuristicBot() if heuristic and seat % 2 == 0 else RandomBot()
            for seat in range(rules.players)]
    state = _play_checked(seed, rules, bots)
    replayed = Replay.from_json(Replay.of(state).dumps()).state_at()
    assert replayed.hands == state.hands and replayed.melds == state.melds
    assert replayed.piles == state.piles and replayed.stock == state.stock
    assert replayed.result == state.result


def test_thousands_of_hands() -> None:
    for seed in range(1500):
        rules = RULE_SETS[seed % len(RULE_SETS)]
        _play_checked(seed, rules, [RandomBot() if seat % 2 else HeuristicBot()
                                    for seat in range(rules.players)])


def test_same_seed_same_hand() -> None:
    one = play_hand(HandState.deal(42), [RandomBot()] * 4, random.Random(1))
    two = play_hand(HandState.deal(42), [RandomBot()] * 4, random.Random(1))
    assert one.history == two.history and one.result == two.result


@pytest.mark.rule("R-DISCARD")
def test_illegal_actions_are_refused_with_the_rule() -> None:
    state = HandState.deal(7)
    other = (state.to_act + 1) % 4
    with pytest.raises(IllegalAction, match="decision"):
        state.apply(Action(other, A.PASS))
    while state.phase is not Phase.DISCARD:
        state.apply(Action(state.to_act, A.DONE))
    foreign = next(c for c in state.hands[(state.to_act + 1) % 4] if not c.is_joker)
    with pytest.raises(IllegalAction, match="R-DISCARD"):
        state.apply(Action(state.to_act, A.DISCARD, (foreign,)))
    with pytest.raises(IllegalAction, match="R-PONG"):
        state.apply(Action(state.to_act, A.PONG))


def test_replay_steps_forward_and_back() -> None:
    state = play_hand(HandState.deal(9), [HeuristicBot()] * 4, random.Random(9))
    replay = Replay.of(state)
    states = list(replay.states())
    assert len(states) == len(state.history) + 1
    assert states[0].history == [] and states[-1].result == state.result
    middle = len(states) // 2
    assert replay.state_at(middle).history == list(state.history[:middle])


def test_heuristic_beats_random() -> None:
    match = Match(2026)
    bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    wins = [0, 0]
    for _ in range(400):
        state = play_match_hand(match, bots, match.rng)
        if state.result and state.result.winner is not None:
            wins[state.result.winner % 2] += 1
    assert wins[0] > 3 * wins[1]
    assert match.scores[0] + match.scores[2] > 0 > match.scores[1] + match.scores[3]


@pytest.mark.rule("R-DEALER")
def test_match_winner_deals_next_and_draw_keeps_dealer() -> None:
    match = Match(5)
    for _ in range(30):
        dealer = match.dealer
        state = play_match_hand(match, [HeuristicBot()] * 4, match.rng)
        assert state.dealer == dealer
        assert state.result is not None
        expected = dealer if state.result.winner is None else state.result.winner
        assert match.dealer == expected
    assert sum(match.scores) == 0


# -- the tricky rules, one by one ---------------------------------------------------------------

@pytest.mark.rule("R-SPECIAL", "R-PAY")
def test_jiedi_on_the_dealers_first_discard() -> None:
    state = stacked(["7d 2s 2h 3c 4d 10s Jd Qs", "7s Kc Ac 5s 9c 6s 8h",
                     "2c 3d 4s 5c 9d Jc Kd", "3h 4h 10c Js Qh 6c 8d"])
    assert state.phase is Phase.DISCARD and state.to_act == 0
    act(state, A.DISCARD, "7d")
    assert state.phase is Phase.CLAIM and state.to_act == 1 and A.WIN in kinds(state)
    act(state, A.WIN)
    result = state.result
    assert result is not None and result.verdict is not None
    assert [s.value for s in result.verdict.specials] == ["jiedi"]
    assert result.verdict.red == 15 and result.verdict.fan == 3
    assert result.payments == (-24, 24, 0, 0)  # 点炮: the dealer pays 3 shares of 8


@pytest.mark.rule("R-SPECIAL")
def test_tianzou() -> None:
    state = stacked(["Ah Ks 2d Qc 3s Jh 4c 10d", "7s Kc Ac 5s 9c 6s 8h",
                     "2c 3d 4s 5c 9d Jc Kd", "3h 4h 10c Js Qh 6c 8d"])
    assert A.TIANZOU in kinds(state)
    act(state, A.TIANZOU)
    result = state.result
    assert result is not None and result.kind == "tianzou" and result.verdict is not None
    assert result.verdict.fan == 3 and result.payments == (24, -8, -8, -8)


def _two_winners() -> HandState:
    return stacked(["7d 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc Kc",
                    "7h Kd Ac 5h 9c 6d 8s", "7c Kh As 5d 9h 6h 8c"])


@pytest.mark.rule("R-PRIORITY")
def test_two_players_win_on_one_discard_first_in_order_wins() -> None:
    state = _two_winners()
    act(state, A.DISCARD, "7d")
    assert state.to_act == 2 and A.WIN in kinds(state)
    act(state, A.WIN)
    assert state.result is not None and state.result.winner == 2
    assert state.result.payments == (-24, 0, 24, 0)  # the dealer's first discard: 接地


def test_every_players_options_are_listed_while_a_card_is_offered() -> None:
    state = _two_winners()
    act(state, A.DISCARD, "7d")
    assert [a.kind for a in state.legal_actions_for(2)] == [A.WIN, A.PASS]
    assert [a.kind for a in state.legal_actions_for(3)] == [A.WIN, A.PASS]
    assert state.legal_actions_for(1) == [] and state.legal_actions_for(0) == []
    assert state.legal_actions_for(2) == state.legal_actions()


@pytest.mark.rule("R-PRIORITY")
def test_second_winner_only_if_the_first_passes() -> None:
    state = _two_winners()
    act(state, A.DISCARD, "7d")
    act(state, A.PASS)
    assert state.to_act == 3
    act(state, A.WIN)
    assert state.result is not None and state.result.winner == 3


@pytest.mark.rule("R-FLIP-JOKER", "R-PONG")
def test_flipped_joker_ponged_by_a_player_holding_two_jokers() -> None:
    state = stacked(["Kd 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc 6s",
                     "X X 7h 5h 9c 6d 8s", "7c Kh 3s 5d 9h 6h 8c"], stock="X 4c")
    assert state.phase is Phase.LAYDOWN and state.to_act == 2  # only seat 2 can lay down
    act(state, A.DONE)
    act(state, A.DISCARD, "Kd")  # nobody claims: seat 1 flips the joker
    assert state.phase is Phase.CLAIM and state.to_act == 2 and state.offer is not None
    assert state.offer.card.is_joker and state.offer.seat == 1
    assert kinds(state) == [A.PONG, A.PASS]
    act(state, A.PONG)
    pong = state.melds[2][-1]
    assert pong.is_joker_set and len(pong.cards) == 3 and pong.fan() == 4
    assert state.phase is Phase.DISCARD and state.to_act == 2
    assert str(state.drawn) == "4c" and len(state.hands[2]) == 6


@pytest.mark.rule("R-FLIP-JOKER", "R-TOU-LATER")
def test_unclaimed_flipped_joker_goes_to_the_flipper_who_draws() -> None:
    state = stacked(["Kd 2s 2h 3c 4d 10s Jd Qs", "2c 3d 4s 5c 9d Jc 6s",
                     "7d 10h 7h 5h 9c 6d 8s", "7c Kh 3s 5d 9h 6h 8c"], stock="X 4c")
    act(state, A.DISCARD, "Kd")
    assert state.phase is Phase.DISCARD and state.to_act == 1
    assert [m.kind.value for m in state.melds[1]] == ["joker"] and str(state.drawn) == "4c"
    assert A.DISCARD in kinds(state)


@pytest.mark.rule("R-KONG", "R-PONG")
def test_pong_whose_draw_is_the_fourth_card_kong_case_3() -> None:
    state = stacked(["9h 2s 2h 3c 4d 10s Jd Qs", "9s 9c 4s 6c Ac Jc Kc",
                     "7h Kd 3d 5h 8c 6d 8s", "7c Kh 3s 5d 10h 6h 2c"], stock="9d Ad Qh")
    act(state, A.DISCARD, "9h")
    assert state.to_act == 1 and A.PONG in kinds(state)
    act(state, A.PONG)
    assert str(state.drawn) == "9d" and A.KONG_DRAWN in kinds(state)
    act(state, A.KONG_DRAWN, "9d")
    kong = state.melds[1][-1]
    assert kong.kind.value == "kong" and len(kong.cards) == 4 and str(state.drawn) == "Ad"
    assert len(state.hands[1]) == 6


@pytest.mark.rule("R-KONG")
def test_later_flip_matching_an_exposed_pong_is_no_kong() -> None:
    state = stacked(["9h 2s 2h 3c 4d 10s Jd Qs", "9s 9c 4s 6c Ac Jc Kc",
                     "7h Kd 3d 5h 8c 6d 8s", "7c Kh 3s 5d 10h 6h 2c"], stock="Qh 9d")
    act(state, A.DISCARD, "9h")
    act(state, A.PONG)
    assert A.KONG_DRAWN not in kinds(state)
    act(state, A.DISCARD, "Qh")  # nobody wants it: seat 2 flips the fourth 9
    assert state.offer is not None and str(state.offer.card) == "9d"
    assert sorted(entry.seat for entry in state.ask_order) == [2, 3]  # chi with a 5; not seat 1
    while state.phase is Phase.CLAIM:
        assert A.KONG not in kinds(state)
        act(state, A.PASS)
    assert [m.kind.value for m in state.melds[1]] == ["pong"]
    assert any(str(t.card) == "9d" and t.source == "flip" for t in state.piles[2])


@pytest.mark.rule("R-CHI", "R-OWN-FLIP", "R-PRIORITY")
def test_chi_from_the_upper_players_discard_and_from_ones_own_flip() -> None:
    state = stacked(["6h Ks 2h 3c 4d 10s Jd Qs", "8s 5s 5c 9s Ac Jc Kc",
                     "8c Kd 9c 5h 3d 6d 2s", "7c Kh 3s 10h 10d 6c 2c"], stock="5d")
    act(state, A.DISCARD, "6h")
    assert [e.seat for e in state.ask_order] == [1]  # seat 2 holds an 8 but is not the lower
    assert [(a.kind, str(a.cards[0])) for a in state.legal_actions()
            if a.kind is A.CHI] == [(A.CHI, "8s")]
    act(state, A.PASS)  # seat 1 flips the 5♦: own flip — chi yes, pong no
    assert state.offer is not None and str(state.offer.card) == "5d"
    asked = {entry.seat: entry for entry in state.ask_order}
    assert not asked[1].pong and not asked[1].win and [str(c) for c in asked[1].chi] == ["9s"]
    assert [str(c) for c in asked[2].chi] == ["9c"]
    while state.phase is Phase.CLAIM:
        seat = state.to_act
        act(state, A.CHI, "9s" if seat == 1 else "9c")
    assert state.to_act == 1 and state.melds[1][-1].kind.value == "chi"  # flipper first


@pytest.mark.rule("R-STOCK-EMPTY")
def test_stock_running_out_draws_the_hand() -> None:
    state = HandState.deal(11)
    while not state.over:
        legal = state.legal_actions()
        passive = next((a for a in legal if a.kind in (A.PASS, A.DONE)), None)
        state.apply(passive or next(a for a in legal if a.kind is A.DISCARD))
    assert state.result is not None and state.result.kind == "drawn"
    assert not state.stock and state.result.payments == (0, 0, 0, 0)
    assert state.card_count() == 56


@pytest.mark.rule("R-STOCK-EMPTY", "R-PONG")
def test_no_pong_without_stock_to_draw() -> None:
    state = stacked(["9h 2s 2h 3c 4d 10s Jd Qs", "9s 9c 4s 6c Ac Jc Kc",
                     "7h Kd 3d 5h 8c 6d 8s", "7c Kh 3s 5d 10h 6h 2c"])
    state.stock.clear()
    act(state, A.DISCARD, "9h")
    assert state.phase is Phase.OVER and state.result is not None
    assert state.result.kind == "drawn"  # no pong possible, and no card left to flip


@pytest.mark.rule("R-KONG", "R-PONG")
def test_kong_case_2_in_two_steps_pong_then_add_the_held_third() -> None:
    """"先…碰掉，拿起一张后再选择是否要杠掉": pong with two of the triple, see the draw, then add
    the third; the same draws as a kong at once (two in all)."""
    state = stacked(["9h 2s 2h 3c 4d 10s Jd Qs", "9s 9c 9d 6c Ac Jc Kc",
                     "7h Kd 3d 5h 8c 6d 8s", "7c Kh 3s 5d 10h 6h 2c"], stock="Ad Qh 4h")
    act(state, A.DONE)  # seat 1 keeps the triple concealed in the lay-down round
    act(state, A.DISCARD, "9h")
    assert {A.PONG, A.KONG} <= set(kinds(state))
    act(state, A.PONG)
    assert str(state.drawn) == "Ad"
    assert [(a.kind, str(a.cards[0])) for a in state.legal_actions()
            if a.kind is A.KONG_DRAWN] == [(A.KONG_DRAWN, "9d")]
    act(state, A.KONG_DRAWN, "9d")
    kong = state.melds[1][-1]
    assert kong.kind.value == "kong" and len(kong.cards) == 4
    assert str(state.drawn) == "Qh" and len(state.hands[1]) == 6
    assert state.events[-2].kind.value == "kong_drawn" and state.events[-2].reason == "held"


@pytest.mark.rule("R-KONG", "R-PONG")
def test_the_held_third_is_added_only_right_after_the_pongs_draw() -> None:
    state = stacked(["9h 2s 2h 3c 4d 10s Jd Qs", "9s 9c 9d 6c Ac Jc Kc",
                     "7h Kd 3d 5h 8c 6d 8s", "7c Kh 3s 5d 10h 6h 2c"], stock="X Qh 4h 5s")
    act(state, A.DONE)
    act(state, A.DISCARD, "9h")
    act(state, A.PONG)
    assert str(state.drawn) == "X"
    act(state, A.LAY_JOKER, "X")  # something else first: the chance is gone
    assert str(state.drawn) == "Qh" and A.KONG_DRAWN not in kinds(state)
    assert "9d" in [str(c) for c in state.hands[1]]


@pytest.mark.rule("R-KONG", "R-TOU", "R-TOU-ORDER")
def test_kong_case_1_in_two_steps_lay_three_then_add_the_fourth() -> None:
    state = stacked(["5s 5h 5c 5d 4d 10s Jd Qs", "2c 3d 4s 6c Ac Jc Kc",
                     "7h Kd 3h 9h 8c 6d 8s", "7c Kh 3s 9d 10h 6h 2d"], stock="Ad Qh 4h")
    assert state.phase is Phase.LAYDOWN and state.to_act == 0
    assert {A.LAY_PONG, A.LAY_KONG} <= set(kinds(state))
    act(state, A.LAY_PONG, "5s 5h 5c")
    assert state.phase is Phase.LAYDOWN and state.to_act == 0 and str(state.drawn) == "Ad"
    assert [(a.kind, str(a.cards[0])) for a in state.legal_actions()
            if a.kind is A.KONG_DRAWN] == [(A.KONG_DRAWN, "5d")]
    act(state, A.KONG_DRAWN, "5d")
    assert state.melds[0][-1].kind.value == "kong" and str(state.drawn) == "Qh"
    assert len(state.hands[0]) == 6  # 8 − 4 laid + 2 drawn, as a kong at once


@pytest.mark.rule("R-KONG", "R-TOU-LATER")
@pytest.mark.parametrize("gathered", [False, True])
def test_four_gathered_in_play_follow_the_table_option(gathered: bool) -> None:
    """Four of a rank gathered by draws make no kong by default ("only three ways"); three may
    still be laid as a pong after a draw, and the held fourth never joins it."""
    rules = RuleSet(kong_from_gathered_four=gathered)
    state = stacked(["Kd 2s 2h 3c 4d 10s Jd Qs", "5s 5h 5c 9d Ac Jc 6s",
                     "7h 10h 3d 9h 8c 6d 8s", "7c Kh 3s 9c 10d 6h 2c"], stock="X 5d Qh 4h",
                    rules=rules)
    act(state, A.DONE)  # seat 1 keeps its dealt triple concealed
    act(state, A.DISCARD, "Jd")  # nobody claims: seat 1 flips the joker and draws the 5♦
    assert state.to_act == 1 and str(state.drawn) == "5d"
    assert (A.LAY_KONG in kinds(state)) is gathered
    assert A.LAY_PONG in kinds(state)
    act(state, A.LAY_PONG, "5s 5h 5c")
    assert A.KONG_DRAWN not in kinds(state)

"""The coach (issue 29): deals of the hidden cards that keep the viewer's decision as it is, values
that agree with enumerating every deal on small endgames, and nothing hidden from the viewer
changing a choice or a value."""

from __future__ import annotations

import copy
import itertools
import json
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.bots import HeuristicBot
from trainer.bots.heuristic import fast_choice
from trainer.coach.deal_in_price import laid_fan_cost
from trainer.coach.deals import (
    _allowed,
    ask_up_to,
    deal_again,
    deal_log_weight,
    dealt_state,
    searchable,
    unseen_cards,
)
from trainer.coach.playout import play_out
from trainer.coach.search import MISTAKE_POINTS, Decision, evaluate, follow_ups, weighable
from trainer.engine.cards import Card
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.rules import RuleSet
from trainer.play.coach_review import decisions_of, price_hand
from trainer.play.session import PlaySession


def moments(seed: int, players: int = 4, hands: int = 3) -> list[tuple[HandState, PlayerView]]:
    """Every searchable decision (a discard with a choice) of a few fast-played hands."""
    rng = random.Random(seed)
    found = []
    for _ in range(hands):
        state = HandState.deal(rng.getrandbits(32), RuleSet(players=players))
        while not state.over:
            view = view_of(state, state.to_act)
            if searchable(view) and len(view.legal) > 1:
                found.append((copy.deepcopy(state), view))
            state.apply(fast_choice(state, rng))
    return found


def test_a_deal_keeps_the_decision_and_the_public_table() -> None:
    for seed in range(3):
        for state, view in moments(seed):
            dealt = deal_again(view, random.Random(seed))
            assert sorted(map(str, dealt.legal_actions())) == sorted(map(str, view.legal))
            assert [len(h) for h in dealt.hands] == list(view.hand_sizes)
            assert len(dealt.stock) == view.stock_size and dealt.card_count() == state.card_count()
            assert sorted(dealt.hands[view.seat]) == sorted(view.hand)
            assert _allowed(view, dealt.hands) or view.history is None


def _swapped(state: HandState, seat: int, rng: random.Random) -> HandState | None:
    """``state`` with the other players' concealed cards and the stock dealt again, the public
    history kept: another real state the viewer cannot tell apart (None when the deal drawn
    contradicts the passes)."""
    other = copy.deepcopy(state)
    hidden = [card for s, hand in enumerate(other.hands) if s != seat for card in hand]
    hidden += other.stock
    rng.shuffle(hidden)
    start = 0
    for s, hand in enumerate(other.hands):
        if s != seat:
            other.hands[s] = hidden[start:start + len(hand)]
            start += len(hand)
    other.stock = hidden[start:]
    return other if _allowed(view_of(other, seat), other.hands) else None


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 30), st.integers(0, 2**32))
def test_nothing_hidden_from_the_viewer_changes_a_choice_or_a_value(
        seed: int, pick: int, swap: int) -> None:
    found = moments(seed, hands=1)
    if not found:
        return
    state, view = found[pick % len(found)]
    other = _swapped(state, view.seat, random.Random(swap))
    if other is None:
        return
    assert view_of(other, view.seat) == view
    assert evaluate(view_of(other, view.seat), 4) == evaluate(view, 4)
    from trainer.coach.fold import CLAIMS, owed_discard
    for claim in (a for a in view.legal if a.kind in CLAIMS):  # the discard a claim owes too
        assert owed_discard(view_of(other, view.seat), claim) == owed_discard(view, claim)


def _exact(view: PlayerView, playout_seed: int, weighted: bool = False,
           priced: bool = False) -> dict[str, float]:
    """The mean payment of each option over every ordering of the unseen cards into the others'
    hands and the stock that the table allows (the passes, and at a claim nobody asked before
    the viewer able to win) — with ``weighted``, each ordering weighed by how likely the table
    makes its hands (the play model, :func:`deal_log_weight`); with ``priced``, a discard's
    orderings where an opponent wins on it at once counting as often as its deal-in chance says
    (:mod:`trainer.coach.deal_in_price`): the brute-force reference."""
    pool = unseen_cards(view)
    totals: dict[str, list[float]] = {str(a): [] for a in view.legal}
    weights: dict[str, list[float]] = {str(a): [] for a in view.legal}
    hits: dict[str, list[bool]] = {str(a): [] for a in view.legal}
    follow: dict[tuple[str, Card], list[tuple[float, float]]] = {}
    for order in set(itertools.permutations(pool)):
        hands, start = [], 0
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(list(view.hand))
            else:
                hands.append(list(order[start:start + size]))
                start += size
        dealt, allowed = dealt_state(view, hands, list(order[start:]))
        if not allowed:
            continue
        ask_up_to(dealt, view.seat, random.Random(playout_seed))
        weight = math.exp(deal_log_weight(view, dealt)) if weighted else 1.0
        for action in view.legal:
            state = copy.deepcopy(dealt)
            state.apply(action)
            offer = state.offer
            hits[str(action)].append(action.kind is ActionKind.DISCARD and
                                     state.phase is Phase.CLAIM and offer is not None and
                                     offer.seat == view.seat and offer.source == "discard" and
                                     state.ask_order[0].win)
            totals[str(action)].append(play_out(state, random.Random(playout_seed))[view.seat])
            weights[str(action)].append(weight)
            for card in _chi_discards(view, action):  # each discard a chi leaves, in turn
                then = copy.deepcopy(state)
                if then.phase is Phase.DISCARD and then.to_act == view.seat:
                    then.apply(Action(view.seat, ActionKind.DISCARD, (card,)))
                follow.setdefault((str(action), card), []).append(
                    (weight, play_out(then, random.Random(playout_seed))[view.seat]))
    means = {name: sum(w * v for w, v in zip(weights[name], values, strict=True))
             / sum(weights[name]) for name, values in totals.items() if values}
    for action in view.legal:  # a chi is worth its best discard, one card for every deal
        outs = [sum(w * v for w, v in paid) / sum(w for w, _ in paid)
                for (name, _card), paid in follow.items() if name == str(action)]
        if outs:
            means[str(action)] = max(outs)
    discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and totals[str(a)]]
    if not priced or not discards:
        return means
    chances = deal_in_chances(table_from_view(view), [a.cards[0] for a in discards])
    dealt_in = [(w, v) for a in discards for w, v, hit in
                zip(weights[str(a)], totals[str(a)], hits[str(a)], strict=True) if hit]
    cost = sum(w * v for w, v in dealt_in) / sum(w for w, _ in dealt_in) if dealt_in \
        else laid_fan_cost(view)
    for action in discards:
        name, p = str(action), chances[action.cards[0]].value
        parts = [[(w, v) for w, v, hit in zip(weights[name], totals[name], hits[name],
                                              strict=True) if hit == side] for side in (True, False)]
        if not parts[1]:
            continue
        mean = [sum(w * v for w, v in part) / sum(w for w, _ in part) if part else cost
                for part in parts]
        means[name] = p * mean[0] + (1 - p) * mean[1]
    return means


def _chi_discards(view: PlayerView, action: Action) -> list[Card]:
    """The cards a chi leaves in the hand, each once: the discards it owes a choice of."""
    if action.kind is not ActionKind.CHI:
        return []
    rest = list(view.hand)
    rest.remove(action.cards[0])
    return list(dict.fromkeys(rest))


def _small_endgames(count: int, most_unseen: int, at_claim: bool = False
                    ) -> Iterator[tuple[int, PlayerView]]:
    """The first ``count`` moments of 3-player 2-hand matches (seeds 0–39) with at most
    ``most_unseen`` unseen cards (only offered cards when ``at_claim``), each with its seed:
    few enough deals to enumerate. Fails when there are fewer."""
    found = 0
    for seed in range(40):
        for _state, view in moments(seed, players=3, hands=2):
            if len(unseen_cards(view)) > most_unseen or (at_claim and view.phase is not Phase.CLAIM):
                continue
            yield seed, view
            found += 1
            if found == count:
                return
    raise AssertionError(f"only {found} of {count} small endgames")


def _assert_agrees(decision: Decision, exact: dict[str, float]) -> None:
    """Every option's mean is within 4 standard errors of its enumerated value."""
    for option in decision.options:
        truth = exact[str(option.action)]
        assert abs(option.mean - truth) <= 4 * option.error + 1e-9, (option, truth)


@pytest.mark.parametrize(("weighted", "priced"), [(False, False), (True, False), (False, True)])
def test_the_search_agrees_with_enumeration_on_small_endgames(weighted: bool,
                                                              priced: bool) -> None:
    for seed, view in _small_endgames(4, most_unseen=5):
        exact = _exact(view, playout_seed=seed, weighted=weighted, priced=priced)
        _assert_agrees(evaluate(view, 400, playout_seed=seed, weighted=weighted,
                                priced=priced), exact)


def test_the_search_agrees_with_enumeration_at_a_claim() -> None:
    """At an offered card the deal asks the seats before the viewer again; still exact."""
    for seed, view in _small_endgames(3, most_unseen=6, at_claim=True):
        exact = _exact(view, playout_seed=seed, priced=True)
        decision = evaluate(view, 400, playout_seed=seed)
        assert {o.action.kind for o in decision.options} & {ActionKind.PASS}
        _assert_agrees(decision, exact)


def test_values_are_reproducible_from_the_view() -> None:
    _state, view = moments(11)[5]
    assert evaluate(view, 6) == evaluate(view, 6)
    assert evaluate(view, 6, salt=1) != evaluate(view, 6) or len(view.legal) == 1


def _replay(seed: int) -> Replay:
    session = PlaySession(seed, RuleSet())
    bot, rng = HeuristicBot(), random.Random(0)
    while not session.state.over:
        while session.bots_to_act:
            session.bot_step()
        if session.learner_to_act:
            session.act(bot.choose(session.view(), rng))
    return Replay.of(session.state)


def test_a_review_prices_every_discard_with_a_choice_and_is_reproducible() -> None:
    replay = _replay(157)
    seen: list[tuple[int, int]] = []
    priced = price_hand(replay, 0, deals=8, progress=lambda done, total: seen.append((done, total)))
    moments = decisions_of(replay, 0)
    assert [d.step for d in priced.decisions] == [step for step, _a, _v in moments]
    assert seen == [(n, len(moments)) for n in range(1, len(moments) + 1)]
    assert price_hand(replay, 0, deals=8) == priced
    for decision in priced.decisions:
        chosen = decision.decision.value_of(decision.chosen)
        assert chosen is not None and chosen.loss >= 0
        assert decision.mistake == (chosen.loss >= MISTAKE_POINTS
                                    and chosen.loss - 1.96 * chosen.loss_error > 0)
    # one figure: the items as shown, summed — the summary, Progress and Home say it
    assert priced.points_lost == pytest.approx(
        sum(d.shown_loss.value for d in priced.decisions if d.mistake))
    from trainer.engine.messages import Points
    assert priced.summary().param("lost") == Points(priced.points_lost, signed=False)


def test_a_discards_deals_are_weighed_to_its_deal_in_chance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Post-stratification (trainer/coach/deal_in_price.py): the deals where the discard deals
    in count as often as its chance says, the rest for the remainder; a discard no deal deals
    in on is charged the deal-in cost seen on the others; other options are left as they are."""
    from trainer.analysis.chance import Chance
    from trainer.coach import deal_in_price
    from trainer.engine.cards import parse_card
    from trainer.engine.game.actions import Action

    risky, safe, kept = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("9h", "2s", "Kd"))
    lay = Action(0, ActionKind.LAY_JOKER)
    chances = {parse_card("9h"): 0.3, parse_card("2s"): 0.1, parse_card("Kd"): 0.2}
    monkeypatch.setattr(deal_in_price, "deal_in_chances", lambda table, cards: {
        card: Chance(card, chances[card], 0.0, False, None) for card in cards})
    monkeypatch.setattr(deal_in_price, "table_from_view", lambda view: None)
    payments = {risky: [-6.0, 2.0, 4.0, 0.0], safe: [1.0, 1.0, 3.0, -1.0],
                kept: [-12.0, -12.0, -12.0, -12.0], lay: [5.0, 0.0, 0.0, 0.0]}
    dealt_in = {risky: [True, False, False, False], safe: [False] * 4, kept: [True] * 4,
                lay: [False] * 4}
    priced = deal_in_price.discard_chances(None, list(payments))  # type: ignore[arg-type]
    assert priced == {risky: 0.3, safe: 0.1, kept: 0.2}  # the lay-down has no chance
    found = deal_in_price.stratify(None, payments, dealt_in, [1.0] * 4,  # type: ignore[arg-type]
                                   priced)
    assert sum(found[risky]) / 4 == pytest.approx(0.3 * -6.0 + 0.7 * 2.0)
    cost = (-6.0 - 12.0 * 4) / 5  # every deal-in seen, of any discard
    assert sum(found[safe]) / 4 == pytest.approx(0.1 * cost + 0.9 * 1.0)
    assert found[kept] == payments[kept] and found[lay] == payments[lay]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0.01, 5.0), st.booleans(), st.sampled_from([-6.0, 0.0, 3.0])),
                min_size=1, max_size=12),
       st.floats(0.0, 1.0))
def test_reweighed_deals_deal_in_as_often_as_the_chance_says(
        deals: list[tuple[float, bool, float]], chance: float) -> None:
    """After :func:`reweigh`, the weighted share of the deals that deal in is the chance itself
    (unless every deal does), and an outcome's share is the chance-weighted mix of its shares
    among the deals that deal in and the rest."""
    from trainer.coach.deal_in_price import reweigh

    weights = [w for w, _, _ in deals]
    hits = [hit for _, hit, _ in deals]
    total = sum(weights)
    share = sum(w for w, hit in zip(weights, hits, strict=True) if hit) / total
    dealt = reweigh([1.0 if hit else 0.0 for hit in hits], hits, weights, chance, 1.0)
    mean = sum(w * x for w, x in zip(weights, dealt, strict=True)) / total
    assert mean == pytest.approx(share if share >= 1.0 else chance, abs=1e-9)
    paid = [1.0 if x < 0 else 0.0 for _, _, x in deals]
    pays = reweigh(paid, hits, weights, chance, 1.0)
    mean = sum(w * x for w, x in zip(weights, pays, strict=True)) / total
    rest = [(w, x) for w, hit, x in zip(weights, hits, paid, strict=True) if not hit]
    hit_part = [(w, x) for w, hit, x in zip(weights, hits, paid, strict=True) if hit]
    if 0.0 < share < 1.0:
        expected = chance * sum(w * x for w, x in hit_part) / sum(w for w, _ in hit_part) + \
            (1 - chance) * sum(w * x for w, x in rest) / sum(w for w, _ in rest)
        assert mean == pytest.approx(expected, abs=1e-9)
    elif share <= 0.0:
        assert mean == pytest.approx(chance + (1 - chance) * sum(w * x for w, x in rest) / total,
                                     abs=1e-9)


def test_each_option_says_how_often_the_viewer_wins_and_pays() -> None:
    """The outcomes behind the points (the outcome line of Play, the review, the lessons): each
    share a share, their sum at most 1, and the mean the shares times the mean win and payment;
    a priced discard pays at least as often as its chance of dealing in;
    with every deal played out alike (``playout_seed``) and unweighted, unpriced deals, ``wins``
    is the share of deals whose payment is positive, read back from JSON unchanged."""
    from trainer.coach.search import decision_from_json, decision_to_json

    checked = 0
    for _, view in moments(23)[:6]:
        decision = evaluate(view, 24)
        for option in decision.options:
            assert option.wins is not None and option.pays is not None
            assert option.wins >= 0.0 and option.pays >= 0.0 and \
                option.wins + option.pays <= 1.0 + 1e-9
            # the points are the one times the other: a win's size beside how often
            assert option.win_points is not None and option.pay_points is not None
            assert option.win_points >= 0.0 >= option.pay_points
            assert option.mean == pytest.approx(option.wins * option.win_points +
                                                option.pays * option.pay_points, abs=1e-9)
            if option.chance is not None:
                assert option.pays >= option.chance - 1e-9
                assert option.wins <= 1.0 - option.chance + 1e-9
                checked += 1
        again = decision_from_json(decision_to_json(decision))
        assert [(o.wins, o.pays, o.win_points, o.pay_points) for o in again.options] == \
            [(round(o.wins, 4), round(o.pays, 4), round(o.win_points, 4), round(o.pay_points, 4))
             for o in decision.options if o.wins is not None and o.pays is not None and
             o.win_points is not None and o.pay_points is not None]
        plain = evaluate(view, 16, weighted=False, priced=False)
        for option in plain.options:
            assert option.wins is not None and option.wins * 16 == pytest.approx(
                round(option.wins * 16))  # a count of the 16 deals
    assert checked > 0


def test_a_stored_share_must_be_a_share() -> None:
    from trainer.coach.search import decision_from_json
    from trainer.engine.errors import Dou14Error

    option = {"action": {"seat": 0, "kind": "pass"}, "mean": 0.0, "error": 0.0, "loss": 0.0,
              "loss_error": 0.0}
    assert decision_from_json({"deals": 4, "options": [option]}).best.wins is None
    for bad in (1.5, -0.1, "0.2", True):
        with pytest.raises(Dou14Error, match="wins is a share"):
            decision_from_json({"deals": 4, "options": [{**option, "wins": bad, "pays": 0.1}]})
    for bad_points in (float("nan"), "3", False):
        with pytest.raises(Dou14Error, match="win_points is a number"):
            decision_from_json({"deals": 4, "options": [{**option, "win_points": bad_points}]})


def test_going_against_the_quick_look_is_said_when_the_long_look_clears_it() -> None:
    """A hint that put 4♠ 1.7 points below J♠ and a review that counts the learner's 4♠ "as good
    as the best" without a word would say opposite things. Where the learner went against the
    quick look and the long look finds no mistake, the review says so, with both figures; a
    mistake keeps its own words, and a loss is the gap of the figures as shown."""
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.engine.game.actions import Action
    from trainer.engine.messages import Message
    from trainer.i18n import render
    from trainer.play.coach_review import PricedDecision, verdict_line

    jack, four, two = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("Js", "4s", "2h"))
    decision = Decision((OptionValue(jack, 2.04, 0.2), OptionValue(four, 1.9, 0.2, 0.14, 0.2),
                         OptionValue(two, -1.13, 0.2, 3.17, 0.3)), 768)
    words = Message.of("coach.no_mistakes")
    cleared = PricedDecision(5, four, decision, words, words, quick=jack)
    assert cleared.passed_quick_look and not cleared.mistake
    assert verdict_line(cleared).key == "coach.quick_look_overruled_to_best"  # J♠ named once
    assert "4♠ +1.9" in render(verdict_line(cleared), "en")
    assert render(verdict_line(cleared), "en").count("J♠") == 2  # the advice, its figure
    third = PricedDecision(5, four, decision, words, words, quick=two)  # neither: all three
    assert verdict_line(third).key == "coach.quick_look_overruled"
    best = PricedDecision(5, jack, decision, words, words, quick=four)
    assert verdict_line(best).key == "coach.quick_look_overruled_best"
    agreed = PricedDecision(5, four, decision, words, words, quick=four)
    assert not agreed.passed_quick_look
    wrong = PricedDecision(5, two, decision, words, words, quick=jack)
    assert wrong.mistake and not wrong.passed_quick_look
    lost = verdict_line(wrong)
    assert lost.key == "coach.you_lost" and "lost 3.1 points" in render(lost, "en")


def test_following_the_quick_look_is_a_close_call_not_a_mistake() -> None:
    """Play's hint is the coach's quick look; the review looks longer. Where the learner played
    what the hint advised and the long look prefers another move, the review says so and does
    not count it against them — and the hint it names is the one Play showed (same seeds)."""
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.engine.game.actions import Action
    from trainer.engine.messages import Message
    from trainer.i18n import render
    from trainer.play.coach_review import PricedDecision, PricedHand, verdict_line

    kept, thrown = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("9h", "2s"))
    decision = Decision((OptionValue(kept, 1.0, 0.2), OptionValue(thrown, -0.5, 0.2, 1.5, 0.3)),
                        768)
    words = Message.of("coach.no_mistakes")
    plain = PricedDecision(3, thrown, decision, words, words)
    followed = PricedDecision(3, thrown, decision, words, words, quick=thrown)
    assert plain.mistake and not followed.mistake and followed.followed_quick_look
    assert "quick look" in render(verdict_line(followed), "en")
    assert "快速一看" in render(verdict_line(followed), "zh")
    hand = PricedHand((followed,))
    assert hand.points_lost == 0.0
    again = PricedHand.loads(hand.dumps())
    assert again.decisions[0].quick == thrown and not again.decisions[0].mistake
    from trainer.play.coach_hint import coach_advice

    play = PlaySession(3, RuleSet())
    while not play.state.over:
        play.run_bots()
        if play.learner_to_act:
            play.act(play.state.legal_actions()[0])
    replay = Replay.of(play.state)
    (_step, _action, view), *_rest = decisions_of(replay, 0)
    shown = coach_advice(view)
    assert shown is not None
    assert price_hand(replay, 0, deals=24).decisions[0].quick == shown[1].move


def test_the_coach_keeps_the_sound_move_unless_the_search_beats_it_clearly() -> None:
    """Play's coach and the expert bot share one rule (:func:`advised`): the heuristic's move
    stands while the search's best is within CONFIDENCE standard errors of it (a quick look's
    noise must not overrule what the lessons teach); a clear win for the search is taken."""
    from trainer.coach.expert import CONFIDENCE, Advice, advised
    from trainer.coach.search import OptionValue

    view = PlaySession(5, RuleSet()).view()
    take, leave = (Action(0, kind, ()) for kind in (ActionKind.PONG, ActionKind.PASS))
    for loss_error, expected in ((0.5, (leave, Advice.SOUND)), (0.2, (take, Advice.BEST))):
        assert CONFIDENCE * 0.2 < 0.3 and CONFIDENCE * 0.5 >= 0.3
        decision = Decision((OptionValue(take, 0.4, 0.3), OptionValue(leave, 0.1, 0.3, 0.3,
                                                                         loss_error)), 192)
        assert advised(view, decision, leave) == (*expected, None)
        assert advised(view, decision, take) == (take, Advice.BEST, None)


@pytest.mark.rule("R-SAFE")
def test_a_safer_choice_is_as_good_and_less_likely_to_deal_in() -> None:
    """Where the coach swaps a discard for a safer one, the swap is within the search's error
    of the move it replaces and its deal-in chance is lower by SAFER_BY at least."""
    from trainer.analysis.chance import deal_in_chances
    from trainer.analysis.table import table_from_view
    from trainer.coach.expert import CONFIDENCE, SAFE_WITHIN, SAFER_BY, Advice, advised, sound_move

    swaps = 0
    for view in _learner_decisions(120, 8, lambda view, _seed: view.legal[0]):
        if swaps >= 3:
            break
        decision = evaluate(view, 48)
        sound = sound_move(view)
        move, why, _let_go = advised(view, decision, sound)
        if why is Advice.SAFER:
            swaps += 1
            value, kept = decision.value_of(move), decision.value_of(sound)
            assert value is not None and kept is not None
            replaced = decision.best if kept.loss > CONFIDENCE * kept.loss_error else kept
            assert move.kind is replaced.action.kind is ActionKind.DISCARD
            card, other = move.cards[0], replaced.action.cards[0]
            chances = deal_in_chances(table_from_view(view), [card, other])
            assert chances[card].value <= chances[other].value - SAFER_BY
            # the search priced each discard at the table's own reading
            assert (value.chance, replaced.chance) == (chances[card].value, chances[other].value)
            assert value.loss <= max(replaced.loss, SAFE_WITHIN * value.loss_error)
    assert swaps  # the rule is exercised


def _learner_decisions(seeds: int, turns: int, act: Callable[[PlayerView, int], Action]
                       ) -> Iterator[PlayerView]:
    """The learner's decisions with options to weigh, in the first ``turns`` turns of each
    seed's hand (the bots play the other seats); at each turn the learner plays
    ``act(view, seed)``."""
    for seed in range(seeds):
        play = PlaySession(seed, RuleSet())
        for _ in range(turns):
            play.run_bots()
            if play.state.over:
                break
            view = play.view()
            if weighable(view):
                yield view
            play.act(act(view, seed))


@pytest.mark.rule("R-PAY", "R-CHI", "R-PONG")
def test_a_claim_whose_owed_discard_is_risky_is_let_go_by() -> None:
    """A chi or pong owes a discard (a pass owes none): where the discard the heuristic would
    then owe is at least FOLD_AT likely to deal in, as the table reads it after the claim, and
    the claim gains less over passing than that chance of paying a deal-in, the coach and the
    expert pass; a claim that gains more is kept whatever the chance. The owed card is one the
    hand holds after the claim and its chance is the table's."""
    from trainer.coach.expert import Advice, advised
    from trainer.coach.fold import CLAIMS, FOLD_AT, owed_discard
    from trainer.i18n import render
    from trainer.play.coach_hint import _fold_message

    folded = kept = worth = 0
    heuristic = HeuristicBot()
    for view in _learner_decisions(400, 40, lambda v, seed: heuristic.choose(
            v, random.Random(seed))):
        if folded >= 2 and kept >= 2 and worth >= 1:
            break
        claims = [a for a in view.legal if a.kind in CLAIMS]
        passes = [a for a in view.legal if a.kind is ActionKind.PASS]
        if not claims or not passes:
            continue
        decision = evaluate(view, 16)
        then = follow_ups(decision)  # a chi owes the discard the search valued it with
        owed = owed_discard(view, claims[0], then.get(claims[0]))
        if owed is None:
            continue
        assert owed == owed_discard(view, claims[0], then.get(claims[0]))  # public view alone
        if claims[0].kind is ActionKind.CHI:  # a pong may owe its drawn card
            assert owed.card in view.hand and owed.card == then[claims[0]]
        move, why, let_go = advised(view, decision, claims[0])
        claim_value, pass_value = decision.value_of(claims[0]), decision.value_of(passes[0])
        assert claim_value is not None and pass_value is not None
        gain, price = claim_value.mean - pass_value.mean, owed.chance * -laid_fan_cost(view)
        if owed.chance >= FOLD_AT and gain < price:  # passed: folded, or the search's best
            assert move.kind is ActionKind.PASS
            if why is Advice.FOLD:  # what the coach then says is the claim it let go by
                assert let_go is not None and \
                    let_go[1] == owed_discard(view, let_go[0], then.get(let_go[0]))
                assert let_go[1].chance >= FOLD_AT
                said = _fold_message(decision, move, *let_go)
                for lang in ("en", "zh"):
                    text = render(said, lang)
                    assert let_go[1].card.symbol in text
                    assert f"{round(let_go[1].chance * 100)}%" in text
            folded += why is Advice.FOLD
        elif owed.chance >= FOLD_AT and move == claims[0]:
            worth += 1  # risky, and worth it: kept
            assert why is not Advice.FOLD
        else:
            kept += 1
            assert why is not Advice.FOLD
    assert folded >= 2 and kept >= 2 and worth >= 1


def test_a_discard_that_leaves_the_hand_not_ready_counts_the_cards_that_would_pair() -> None:
    """Two discards that both leave the hand not ready (还没下叫) are told apart by how many
    unseen cards would pair a loose card: the count equals, card by card, the unseen cards that
    leave one card fewer unpaired when added to the hand."""
    from collections import Counter

    from trainer.coach.explain import why
    from trainer.engine.cards import deck
    from trainer.engine.combine import rank_counts, unpaired
    from trainer.engine.messages import Message

    checked = 0
    for seed in range(40):
        play = PlaySession(seed, RuleSet())
        play.run_bots()
        view = play.view()
        if view.phase is not Phase.DISCARD or play.state.over:
            continue
        for action in (a for a in view.legal if a.kind is ActionKind.DISCARD):
            said = why(view, action).param("ready")
            assert isinstance(said, Message)
            if said.key != "coach.not_ready_outs":
                continue
            rest = list(view.hand)
            rest.remove(action.cards[0])
            unseen = Counter(deck(view.rules.jokers))
            unseen.subtract(view.visible_cards())
            before = unpaired(rank_counts(rest))
            pairing = sum(n for card, n in unseen.items() if n > 0 and card.rank is not None
                          and unpaired(rank_counts([*rest, card])) < before)
            assert said.param("outs") == pairing
            checked += 1
    assert checked >= 5


@pytest.mark.rule("R-CHI", "R-PAY", "R-WAIT")
def test_a_chi_is_explained_with_the_discard_it_owes() -> None:
    """A claim's "the set is laid down, red 23" beside a pass's "red 23" does not tell them
    apart. A chi draws nothing, so its words name the discard it then owes (a card of the hand,
    not the one laid with the offered card), that card's chance, and whether the hand is then
    ready — checked against the engine's waits. Every chi of both pools is read, the learner's
    own flip included, where the seats asked before them are asked again in the deal read."""
    from trainer.coach.explain import why
    from trainer.engine import Position, waits
    from trainer.engine.melds import Meld, MeldKind
    from trainer.lessons.kinds.best_move import pool

    said = 0
    for move in (*pool(4, "best_claim"), *pool(3, "best_claim")):
        view = move.view
        for option in move.decision.options:
            if option.action.kind is not ActionKind.CHI:
                continue
            assert why(view, option.action).key == "coach.why_chi_owed"  # the heuristic's
            message = why(view, option.action, option.then)  # the search's own discard
            assert message.key == "coach.why_chi_then"
            params = dict(message.params)
            owed = params["card"]
            assert owed == option.then
            rest = list(view.hand)
            rest.remove(option.action.cards[0])
            assert owed in rest
            rest.remove(owed)
            assert view.offer is not None
            melds = (*view.melds[view.seat], Meld(MeldKind.CHI, (view.offer.card,
                                                                  option.action.cards[0])))
            ready = waits(Position(tuple(rest), melds, rules=view.rules)).ready
            assert params["ready"].key.startswith("coach.waits") is ready
            said += 1
    assert said >= 150


@pytest.mark.rule("R-WIN", "R-RED", "R-WAIT")
def test_the_words_say_when_red_not_pairs_stands_between_a_hand_and_a_win() -> None:
    """'4 unseen cards would pair a loose one' misleads where every pairing card leaves the red
    short, and 'ready … red 14 (a win needs 20)' where the wait brings the rest. A hand one card
    from combined that is not ready says the red it could reach at most — with the reddest
    partner still unseen (a red one in sight cannot come), and short; a ready hand short of
    the red says the winning card brings the rest, and each of its waits does."""
    from collections import Counter

    from trainer.coach.explain import READY, ready_words, red_words
    from trainer.engine.cards import ALL_CARDS, deck, red_total
    from trainer.engine.combine import is_combined

    heuristic = HeuristicBot()
    seen = {"short": 0, "ready": 0, "every red partner in sight": 0}
    for view in _learner_decisions(120, 30, lambda v, seed: heuristic.choose(
            v, random.Random(seed))):
        if view.phase is not Phase.DISCARD:
            continue
        melds = view.melds[view.seat]
        threshold = view.rules.red_threshold
        for card in set(view.hand):
            rest = list(view.hand)
            rest.remove(card)
            ready = ready_words(view, tuple(rest), outs=True)
            red = red_words(view, rest, ready=ready.key == READY)
            if ready.key == "coach.not_ready_red":
                pairing = [c for c in ALL_CARDS if is_combined([*rest, c])]
                assert pairing and {c.rank for c in pairing} == {_rank(ready.param("partner"))}
                loose = _rank(ready.param("loose"))  # the card it pairs, named, not "it"
                assert loose + _rank(ready.param("partner")) == 14 and \
                    loose in {c.rank for c in rest}
                unseen = Counter(deck(view.rules.jokers)) - Counter(view.visible_cards())
                assert ready.param("reach") == max(red_total([*rest, c], melds)
                                                   for c in pairing if unseen[c]) < threshold
                seen["every red partner in sight"] += not any(c.red and unseen[c] for c in pairing)
                seen["short"] += 1
            if red.key == "coach.red_ready":
                assert ready.key == READY and red_total(rest, melds) < threshold
                waits = ready.param("cards")
                assert isinstance(waits, tuple) and waits
                assert all(red_total([*rest, c], melds) >= threshold for c in waits)
                seen["ready"] += 1
    assert all(seen.values()), seen


def _rank(name: object) -> int:
    from trainer.engine.cards import rank_name

    return next(rank for rank in range(1, 14) if rank_name(rank) == name)


def test_a_share_that_rounds_to_nothing_is_said_without_a_size() -> None:
    """"You win 0% at +6.0" — a mean over a few deals won, beside a share rounded to 0 — reads
    as a contradiction. A share under 1% is said as such, one never seen as never, with no size;
    a share of 1% or more keeps its size."""
    from trainer.coach.explain import outcome_words
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import Card
    from trainer.i18n import render

    discard = Action(0, ActionKind.DISCARD, (Card.parse("8h"),))
    other = Action(0, ActionKind.DISCARD, (Card.parse("Qs"),))
    rare = OptionValue(discard, -1.0, 0.2, wins=0.003, pays=0.0, win_points=6.0, pay_points=0.0)
    common = OptionValue(other, 0.5, 0.2, wins=0.25, pays=0.3, win_points=7.5, pay_points=-4.5)
    said = outcome_words(rare, common)
    assert said is not None
    en, zh = render(said, "en", cite=False), render(said, "zh", cite=False)
    assert "under 1% of hands" in en and "never pay for another player's win" in en
    assert "+6.0" not in en
    assert "25% of hands, +7.5" in en and "another player's win in 30% (" in en
    assert "flip), −4.5 a time" in en  # what the share counts, then its mean
    assert "不到 1%" in zh and "一次也没付分" in zh and "6.0" not in zh and "+7.5" in zh
    nothing = OptionValue(discard, -1.0, 0.2, wins=0.0, pays=0.5, win_points=0.0, pay_points=-2.0)
    assert "you win none of them" in render(outcome_words(nothing, common), "en", cite=False)


@pytest.mark.rule("R-FAN")
def test_fewer_wins_worth_more_are_said_so() -> None:
    """A pong best at +8.4 beside a pass at +4.9 that wins more often (64% against 56%) needs a
    why. When the better option wins less often but each win pays clearly more, the outcomes say
    so — after a pong or kong, because the set adds fan; never when it wins as often, or its
    wins pay about the same."""
    from trainer.coach.explain import outcome_words
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.i18n import render

    pong, passing = Action(0, ActionKind.PONG), Action(0, ActionKind.PASS)
    best = OptionValue(pong, 8.4, 1.0, wins=0.56, pays=0.3, win_points=16.7, pay_points=-4.0)
    other = OptionValue(passing, 4.9, 1.0, wins=0.64, pays=0.3, win_points=8.9, pay_points=-4.0)
    said = outcome_words(best, other)
    assert said is not None and said.key == "coach.outcomes_bigger_fan"
    assert "adds fan" in render(said, "en", cite=False) and "加番" in render(said, "zh", cite=False)
    same = OptionValue(passing, 4.9, 1.0, wins=0.64, pays=0.3, win_points=15.0, pay_points=-4.0)
    assert outcome_words(best, same).key == "coach.outcomes"  # type: ignore[union-attr]
    often = OptionValue(pong, 8.4, 1.0, wins=0.7, pays=0.3, win_points=16.7, pay_points=-4.0)
    assert outcome_words(often, other).key == "coach.outcomes"  # type: ignore[union-attr]
    discard = Action(0, ActionKind.DISCARD, (parse_card("8h"),))
    plain = OptionValue(discard, 8.4, 1.0, wins=0.56, pays=0.3, win_points=16.7, pay_points=-4.0)
    assert outcome_words(plain, other).key == "coach.outcomes_bigger"  # type: ignore[union-attr]
    chi = OptionValue(Action(0, ActionKind.CHI, (parse_card("6h"),)), 4.9, 1.0, wins=0.64,
                      pays=0.3, win_points=8.9, pay_points=-4.0)  # a chi lays no fan
    assert outcome_words(best, chi).key == "coach.outcomes_bigger_fan"  # type: ignore[union-attr]
    assert outcome_words(plain, chi).key == "coach.outcomes_bigger"  # type: ignore[union-attr]
    # the one function the lessons' working and Play's hint read the same choice from
    from trainer.coach.explain import BiggerWins, bigger_wins
    assert [bigger_wins(*pair) for pair in ((best, chi), (plain, chi), (best, same), (often, other))
            ] == [BiggerWins.BY_FAN, BiggerWins.BY_SIZE, None, None]


def test_the_review_says_when_plays_quick_look_advised_another_move() -> None:
    """A hint in Play of "Q♣" and a review's best of 7♣, to a learner who played 8♣, read as a
    contradiction. When the quick look's move is neither the review's best nor the learner's
    choice, the review names it with its value beside the best; otherwise it says nothing
    more."""
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.engine.messages import Message
    from trainer.i18n import render
    from trainer.play.coach_review import PricedDecision

    best, quick, chosen = (Action(0, ActionKind.DISCARD, (parse_card(c),))
                           for c in ("7c", "Qc", "8c"))
    decision = Decision((OptionValue(best, 1.0, 0.2), OptionValue(quick, 0.6, 0.2, 0.4, 0.1),
                         OptionValue(chosen, -1.5, 0.2, 2.5, 0.3)), 768)
    words = Message.of("coach.no_mistakes")
    said = PricedDecision(5, chosen, decision, words, words, quick=quick).quick_differs()
    assert said is not None
    for lang in ("en", "zh"):
        text = render(said, lang, cite=False)
        assert "Q♣" in text and "7♣" in text and "+0.6" in text and "+1.0" in text
        assert "768" in text
    for nothing in (None, best, chosen):  # no quick look, or it agreed, or it was followed
        assert PricedDecision(5, chosen, decision, words, words,
                              quick=nothing).quick_differs() is None


def test_the_review_step_says_why_its_best_differs_from_plays_hint() -> None:
    """At a decision's step, whenever Play's quick look and the review's best differ, the review
    says how they compare: followed within the noise, gone against, or neither played (followed
    into a mistake, the step's own line says it); when they agree there is nothing to say."""
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.engine.messages import Message
    from trainer.i18n import render
    from trainer.play.coach_review import PricedDecision, decision_line, verdict_line

    best, close, far = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("7c", "Qc", "2s"))
    decision = Decision((OptionValue(best, 1.0, 0.2), OptionValue(close, 0.9, 0.2, 0.1, 0.2),
                         OptionValue(far, -1.5, 0.2, 2.5, 0.3)), 768)
    words = Message.of("coach.no_mistakes")

    def note(chosen: Action, quick: Action | None) -> Message | None:
        return PricedDecision(5, chosen, decision, words, words, quick=quick).quick_note()

    followed = note(close, close)
    assert followed is not None and followed.key == "coach.quick_look_close"
    for lang in ("en", "zh"):
        text = render(followed, lang, cite=False)
        assert "Q♣" in text and "7♣" in text and "0.1" in text and "768" in text
    missed = PricedDecision(5, far, decision, words, words, quick=far)
    assert missed.hint_missed and missed.quick_note() is None  # its step line says so
    assert decision_line(missed).key == "coach.line_hint"
    against = PricedDecision(5, best, decision, words, words, quick=close)
    assert against.quick_note() == verdict_line(against)
    neither = note(far, close)
    assert neither is not None and neither.key == "coach.quick_differs"
    level = Decision((OptionValue(best, 1.0, 0.2), OptionValue(close, 1.0, 0.2, 0.01, 0.2)), 768)
    even = PricedDecision(5, close, level, words, words, quick=close).quick_note()
    assert even is not None and even.key == "coach.quick_look_level"  # not "0.0 points ahead"
    gone = note(close, best)  # the hint was the best, the learner's move as good
    assert gone is not None and gone.key == "coach.quick_look_overruled_to_best"
    for silent in (note(best, best), note(far, None), note(best, None)):
        assert silent is None


def test_a_next_best_shown_at_the_same_points_is_said_to_be_as_good(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"pass — −3.1 points; next best chi, −3.1" reads as a contradiction. When the coach's best
    and the option beside it show the same figure, the hint says they are as good as each other;
    a gap that shows keeps the plain words."""
    from trainer.coach.expert import Advice, Advised
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.engine.messages import Points
    from trainer.play import coach_hint

    first, second = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("9h", "2s"))
    for other_mean, key in ((-3.12, "coach.would_play_tie"), (-3.5, "coach.would_play")):
        decision = Decision((OptionValue(first, -3.08, 0.2),
                             OptionValue(second, other_mean, 0.2, other_mean + 3.08, 0.1)), 192)
        monkeypatch.setattr(coach_hint, "coach_advice",
                            lambda view, d=decision: (d, Advised(first, Advice.BEST, None)))
        said = coach_hint.coach_message(None)  # type: ignore[arg-type]
        assert said is not None and said.key == key
        # the ± of a 95% interval, as every figure of the coach states it (walk 42 read ±0.3
        # beside a review 0.9 away: a standard error, not the interval)
        assert said.param("error") == Points(1.96 * 0.2, signed=False)
        assert said.param("gap_error") == Points(1.96 * 0.1, signed=False)


def test_a_sound_claim_is_said_in_the_claims_own_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chi kept beside a pass too close to tell apart is not explained with "let go the loose
    card least likely to deal in" — the discards' way. A claim or a pass kept as the lessons
    teach says how they answer an offered card; a discard keeps its own words."""
    from trainer.coach.expert import Advice, Advised
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.i18n import render
    from trainer.play import coach_hint

    chi = Action(0, ActionKind.CHI, (parse_card("5s"),))
    passing = Action(0, ActionKind.PASS)
    discard, other = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("10c", "9d"))
    for move, beside, key in ((chi, passing, "coach.would_play_sound_claim"),
                              (passing, chi, "coach.would_play_sound_claim"),
                              (discard, other, "coach.would_play_sound")):
        decision = Decision((OptionValue(beside, -2.2, 0.2),
                             OptionValue(move, -2.5, 0.2, 0.3, 0.25)), 192)
        monkeypatch.setattr(coach_hint, "coach_advice",
                            lambda view, d=decision, m=move: (d, Advised(m, Advice.SOUND, None)))
        said = coach_hint.coach_message(None)  # type: ignore[arg-type]
        assert said is not None and said.key == key
        assert ("吃、扯还是不要" in render(said, "en")) is (key.endswith("claim"))


def test_every_decision_is_listed_beside_the_best() -> None:
    """The hand's end promises every decision priced, so a review with no mistakes shows more
    than a count. Each decision has a line: the coach's best with its points; else the best
    beside it, and whether the gap is a mistake (with the points lost) or within what the deals
    can tell apart."""
    from trainer.coach.search import OptionValue
    from trainer.engine.cards import parse_card
    from trainer.engine.game.actions import Action
    from trainer.engine.messages import Message
    from trainer.i18n import render
    from trainer.play.coach_review import PricedDecision, decision_line

    jack, four, two = (Action(0, ActionKind.DISCARD, (parse_card(c),)) for c in ("Js", "4s", "2h"))
    decision = Decision((OptionValue(jack, 2.04, 0.2), OptionValue(four, 1.9, 0.2, 0.14, 0.2),
                         OptionValue(two, -1.13, 0.2, 3.17, 0.3)), 768)
    words = Message.of("coach.no_mistakes")
    lines = {move: decision_line(PricedDecision(5, move, decision, words, words))
             for move in (jack, four, two)}
    assert [lines[m].key for m in (jack, four, two)] == [
        "coach.line_best", "coach.line_close", "coach.line_mistake"]
    assert "Step 5" in render(lines[jack], "en") and "+2.0" in render(lines[jack], "en")
    assert "3.1 points lost" in render(lines[two], "en", cite=False)  # as the figures show
    assert "J♠" in render(lines[four], "zh", cite=False)
    # a 3-point gap the learner met by following Play's quick look is the hint's miss,
    # said so in the line and the summary — neither "within the noise" nor their mistake
    from trainer.play.coach_review import PricedHand
    followed = PricedDecision(7, two, decision, words, words, quick=two)
    assert followed.hint_missed and not followed.mistake
    assert decision_line(followed).key == "coach.line_hint"
    summary = PricedHand((PricedDecision(5, jack, decision, words, words), followed)).summary()
    assert summary.key == "coach.review_summary_hint_clean"  # no "0 mistakes losing 0.0"
    assert (summary.param("best"), summary.param("close"), summary.param("missed"),
            summary.param("mistakes")) == (1, 0, 1, 0)
    plain = PricedHand((PricedDecision(5, jack, decision, words, words),)).summary()
    assert plain.key == "coach.review_summary_clean"
    assert "no mistake" in render(plain, "en", cite=False)
    missed = PricedHand((PricedDecision(5, two, decision, words, words),)).summary()
    assert missed.key == "coach.review_summary" and missed.param("mistakes") == 1


def _unmatched(cards: list[Card]) -> int:
    """Cards left over by the most 14-pairs the cards can make (jokers never pair), counted
    from scratch: a reference beside the engine's measure."""
    ranks = [card.rank for card in cards if card.rank is not None]
    matched = sum(min(ranks.count(r), ranks.count(14 - r)) for r in range(1, 7))
    return len(cards) - 2 * (matched + ranks.count(7) // 2)


def test_a_set_that_spends_paired_cards_says_the_partners_it_leaves_loose() -> None:
    """Walk 48: lesson 12's hint on a pong that spends two cards of 14-pairs spoke of its red
    only. A claim's words now count the hand's cards it leaves without a 14-partner (R-PAIR14),
    as a count of the cards over the most pairs, checked against a count from scratch."""
    from trainer.coach.explain import why
    from trainer.lessons.kinds.best_move import pool
    from trainer.lessons.table_tasks import TableScene

    seen = 0
    for move in pool(4, "best_claim"):
        view = TableScene(move.replay.state_at(), move.seat).view
        assert view.offer is not None
        for pong in (a for a in view.legal if a.kind is ActionKind.PONG):
            hand = list(view.hand)
            rest = list(hand)
            for card in [c for c in hand if c.rank == view.offer.card.rank][:2]:
                rest.remove(card)
            loose = _unmatched(rest) - _unmatched(hand)
            said = why(view, pong)
            assert said.key == ("coach.why_take_loose" if loose > 0 else "coach.why_take")
            assert said.param("loose") == (loose if loose > 0 else None)
            seen += loose > 0
    assert seen >= 20


def test_a_chi_worth_far_more_than_its_risk_is_advised() -> None:
    """Walk 51, Play, step 27: four jokers laid, 3♥ 5♠ 6♦ 7♦ 10♣ in hand, the upper player
    flips the 7♥. The chi is worth some 14 points more than a pass, and the discard it owes
    deals in about 6% of the time for a deal-in of 6: the coach takes it (it used to let it go
    by for the chance alone, and the review then blamed its quick look)."""
    from trainer.coach.expert import Advice
    from trainer.play.coach_hint import coach_advice

    fixture = Path(__file__).parent / "fixtures" / "chi_worth_its_risk.json"
    replay = Replay.from_json(json.loads(fixture.read_text(encoding="utf-8")))
    view = view_of(replay.state_at(), 0)
    advice = coach_advice(view)
    assert advice is not None
    decision, advised = advice
    assert advised.move.kind is ActionKind.CHI and advised.why is not Advice.FOLD
    assert decision.best.action == advised.move


def test_a_chance_under_one_percent_is_said_as_the_badge_says_it() -> None:
    """Walk 53: Play's badge said "<1%" and the review "about 1% to deal in" of the same A♥
    (0.6%). The words call a chance under 1% "under 1%" wherever the badge shows "<1%"."""
    from trainer.coach.explain import risk_words
    from trainer.ui.play_view import badge_percent

    for chance in (0.0001, 0.004, 0.006, 0.0099, 0.01, 0.014, 0.05, 0.2):
        tiny = risk_words(chance).key == "coach.risk_tiny"
        assert tiny is (badge_percent(chance) == "<1%"), chance
        assert (risk_words(chance, short=True).key == "coach.short_risk_tiny") is tiny

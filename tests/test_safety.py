"""R-SAFE: exact deal-in counts agree with brute-force enumeration; every certificate's claim is
checked against the table; open-hand analysis agrees with the verdicts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis.counting import deal_in_count, hidden_analysis, open_analysis
from trainer.analysis.deal_in import DealInCount
from trainer.analysis.table import SafetyTable, table_from_view
from trainer.bots import HeuristicBot
from trainer.engine import Meld, RuleSet, deck, parse_card, verdict
from trainer.engine.cards import Card
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.position import Position
from trainer.engine.win_rule import claim_wins
from trainer.i18n import explain, render
from trainer.puzzles.model import LeastRiskAnswer


def brute_force_count(table: SafetyTable, opponent: int, card: Card) -> tuple[int, int]:
    """The reference for :func:`deal_in_count`: every hand of the opponent's size from the
    unseen cards, one by one (small cases only). Returns (winning, total)."""
    pool = list(table.unseen().elements())
    size = table.hand_sizes[opponent]
    winning = total = 0
    for hand in combinations(range(len(pool)), size):
        total += 1
        cards = [pool[i] for i in hand]
        if claim_wins(cards, table.melds[opponent], card, table.first_discard,
                      table.rules.red_threshold):
            winning += 1
    return winning, total



def small_table(seed: int) -> SafetyTable:
    """A random table whose unseen pool is small enough to enumerate."""
    rng = random.Random(seed)
    rules = RuleSet(players=rng.choice((3, 4)), jokers=rng.choice((2, 4)))
    pool = deck(rules.jokers)
    rng.shuffle(pool)
    ranked = [c for c in pool if not c.is_joker]
    melds: list[list[Meld]] = [[] for _ in range(rules.players)]
    for seat in range(rules.players):
        for _ in range(rng.choice((0, 1, 2))):
            kind = rng.choice(("chi", "pong", "joker"))
            if kind == "joker" and Card(None, None) in pool:
                pool.remove(Card(None, None))
                melds[seat].append(Meld.parse("joker:X"))
            elif kind == "pong":
                rank = rng.choice([r for r in range(1, 14)
                                   if sum(1 for c in ranked if c.rank == r) >= 3] or [0])
                if rank:
                    cards = [c for c in ranked if c.rank == rank][:3]
                    for c in cards:
                        ranked.remove(c)
                        pool.remove(c)
                    melds[seat].append(Meld.of("pong", cards))
            else:
                a = ranked[0]
                partner = next((c for c in ranked[1:] if (c.rank or 0) + (a.rank or 0) == 14), None)
                if partner is not None:
                    for c in (a, partner):
                        ranked.remove(c)
                        pool.remove(c)
                    melds[seat].append(Meld.of("chi", [a, partner]))
    hand = tuple(ranked[: rng.choice((2, 4))])
    for c in hand:
        pool.remove(c)
        ranked.remove(c)
    sizes = [len(hand) if seat == 0 else rng.choice((1, 1, 3, 3, 5)) for seat in
             range(rules.players)]
    keep = rng.randint(9, 15) + max(sizes)
    table_cards = tuple(pool[keep:])
    return SafetyTable(rules, 0, hand, tuple(tuple(m) for m in melds), table_cards,
                       tuple(sizes), rng.random() < 0.1)


def _every_count(seed: int) -> Iterator[tuple[SafetyTable, Card, int, DealInCount]]:
    """Seed ``seed``'s small table, with every candidate discard against every opponent and
    the exact count of that opponent's hands that win on it."""
    table = small_table(seed)
    for card in table.candidates():
        for other in table.opponents():
            yield table, card, other, deal_in_count(table, other, card)


@pytest.mark.rule("R-SAFE")
@settings(max_examples=120)
@given(st.integers(0, 2**32))
def test_exact_counts_agree_with_brute_force(seed: int) -> None:
    for table, card, other, counted in _every_count(seed):
        assert (counted.winning, counted.total) == brute_force_count(table, other, card)


def _max_red_brute(table: SafetyTable, other: int, card: Card) -> int | None:
    pool = list(table.unseen().elements())
    best = None
    for hand in combinations(pool, table.hand_sizes[other]):
        counts = Counter(c.rank for c in hand)
        counts[card.rank] += 1
        if None in counts or any(counts[r] != counts[14 - r] for r in range(1, 7)) \
                or counts[7] % 2:
            continue
        red = sum(c.red for c in hand) + card.red + sum(m.red for m in table.melds[other])
        best = red if best is None else max(best, red)
    return best


@pytest.mark.rule("R-SAFE")
@settings(max_examples=80)
@given(st.integers(0, 2**32))
def test_every_certificate_is_true(seed: int) -> None:
    for table, card, other, count in _every_count(seed):
        if count.reason == "joker":
            assert card.is_joker
        elif count.reason == "no_partner":
            partner = 14 - (card.rank or 0)
            assert not any(c.rank == partner and c != card for c in table.unseen())
        elif count.reason == "none_combine":
            assert _max_red_brute(table, other, card) is None
        elif count.reason == "red":
            best = _max_red_brute(table, other, card)
            assert best is not None and best < table.rules.red_threshold
            assert best == count.max_red
            assert not table.first_discard
        else:
            assert count.reason == "danger" and count.winning > 0
            assert brute_force_count(table, other, card)[0] > 0


def test_certificates_in_words() -> None:
    six = [parse_card(t) for t in ("6s", "6h", "6c", "6d")]
    table = SafetyTable(RuleSet(), 0, (parse_card("8h"), parse_card("Kd")),
                        ((), (), (), ()), tuple(six), (2, 1, 1, 1))
    result = {r.card: r for r in hidden_analysis(table, samples=200)}
    eight = result[parse_card("8h")]
    assert eight.provably_safe and eight.joint == 0.0
    assert ("All 4 cards that pair with 8♥ (6, any suit) are visible, so your lower player (下家) "
            "cannot be waiting on it") in explain(eight, "en")[0]
    king = result[parse_card("Kd")]
    assert not king.provably_safe and 0 < king.joint < 1
    assert any("Chance that somebody wins on K♦" in line for line in explain(king, "en"))
    assert all(line for line in explain(king, "zh"))


@pytest.mark.rule("R-SAFE", "R-WIN")
def test_red_unreachable_certificate() -> None:
    """West shows little red and holds one card: even the reddest partner cannot reach 20."""
    table = SafetyTable(RuleSet(), 0, (parse_card("9c"), parse_card("2s")),
                        ((), (Meld.parse("chi:3h,Jc"),), (), ()), (), (2, 1, 7, 7))
    count = deal_in_count(table, 1, parse_card("9c"))
    assert count.provably_safe and count.reason == "red" and count.max_red == 8
    assert not count.special_possible  # the chi holds a red and a black card: no 全红, no 全黑
    from trainer.analysis.certificates import certificate

    said = render(certificate(table, count), "en", cite=False)  # the sum, part by part
    assert "3 laid + 5 in hand + 0 for 9♣ = 8 at most, short of 20" in said, said
    assert count.probability == Fraction(0)


@pytest.mark.rule("R-SAFE", "R-PRIORITY")
@pytest.mark.parametrize("seed", range(12))
def test_open_analysis_agrees_with_verdicts(seed: int) -> None:
    state = HandState.deal(seed)
    rng = random.Random(seed)
    bot = HeuristicBot()
    while not state.over and not (state.phase is Phase.DISCARD and state.dealer_discarded):
        state.apply(bot.choose(view_of(state, state.to_act), rng))
    if state.over:
        return
    seat = state.to_act
    table = table_from_view(view_of(state, seat), open_hands=state.hands, first_discard=False)
    for card in table.candidates():
        analysis = open_analysis(table, card)
        expected = [other for other in table.opponents()
                    if verdict(Position(tuple(state.hands[other]), tuple(state.melds[other]),
                                        card, "discard", False, state.rules)).win]
        assert [w.seat for w in analysis.winners] == expected
        for lang in ("en", "zh"):
            assert [render(m, lang) for m in analysis.messages()]


@pytest.mark.rule("R-PUBLIC", "R-SAFE")
def test_views_of_real_hands_give_consistent_tables() -> None:
    """At every discard of real hands, the table built from the discarder's view holds exactly
    what that player can see: unseen = the others' hands and the stock, nothing concealed shown."""
    checked = 0
    for seed in range(12):
        state = HandState.deal(seed)
        bots = [HeuristicBot()] * 4
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act
            view = view_of(state, seat)
            if state.phase is Phase.DISCARD and state.dealer_discarded:
                table = table_from_view(view)
                hidden = Counter(state.stock)
                for other in range(state.players):
                    if other != seat:
                        hidden.update(state.hands[other])
                assert table.unseen() == +hidden
                assert list(table.hand_sizes) == [len(h) for h in state.hands]
                assert Counter(table.visible()) + hidden == Counter(deck(state.rules.jokers))
                checked += 1
            state.apply(bots[seat].choose(view, rng))
    assert checked > 50


def test_table_json_round_trip_and_errors() -> None:
    table = small_table(5)
    assert SafetyTable.from_json(table.to_json()) == table
    with pytest.raises(Exception, match="unknown table key"):
        SafetyTable.from_json({**table.to_json(), "extra": 1})
    with pytest.raises(Exception, match="R-PARITY"):
        SafetyTable(RuleSet(), 0, (parse_card("9c"),), ((), (), (), ()), (), (1, 7, 7, 7))


@pytest.mark.rule("R-RED", "R-SAFE")
def test_the_colour_line_is_said_exactly_where_colour_is_the_difference() -> None:
    """Lesson 14 sets 4♣ at 0.6% against 6♥ at 3.3%, one unseen partner each: it says that the
    red 6 is what completes a hand short of red. The line is said when the least risk is black,
    the next card red, and both have as many unseen partners (recounted here from the visible
    cards)."""
    from trainer.lessons.kinds.least_risk import bank
    from trainer.puzzles.safe import TINY, colour_line, kept_low, working

    said = 0
    for puzzle in bank().values():
        table, answer = puzzle.board, puzzle.answer
        assert isinstance(answer, LeastRiskAnswer)
        ranked = sorted(answer.risks, key=lambda cr: (cr[1], cr[0].index))
        best, runner = ranked[0][0], ranked[1][0]
        assert isinstance(table, SafetyTable)
        seen = Counter(c.rank for c in table.visible())
        unseen = {card: 4 - seen[14 - (card.rank or 7)] for card in (best, runner)}
        expected = best.is_black and runner.is_red and unseen[best] == unseen[runner]
        line = colour_line(puzzle)
        assert (line is not None) is expected, puzzle.id
        low = len(kept_low(puzzle))  # what keeps the answer low comes first
        shown = working(puzzle)[low:low + len(puzzle.details)]  # stored, a 0.0% said "under"
        assert [(m.params, m.rules) for m in shown] == \
            [(m.params, m.rules) for m in puzzle.details]
        assert all(m.key == d.key or TINY.get(d.key) == m.key
                   for m, d in zip(shown, puzzle.details, strict=True))
        if line is not None:
            said += 1
            assert (line.param("card"), line.param("other"), line.param("unseen"),
                    line.param("red")) == (best, runner, unseen[best], runner.red)
            assert working(puzzle)[-1] == line
    assert said > 0


def test_a_least_risk_working_says_what_keeps_the_answer_low() -> None:
    """9♠ (two unseen partners) beats 4♦ (one) where 上家's laid red cannot reach 20 with it,
    and the working says so. Where the least risk is not proven, the working opens with a proof
    for each opponent the answer is safe against — a proof, never "could win" — and explains
    most of the puzzles where counting unseen partners alone picks another card."""
    from trainer.analysis.arguments import safe_against
    from trainer.lessons.kinds.least_risk import bank
    from trainer.puzzles.safe import kept_low, working

    proofs = {"safety.cert_no_partner", "safety.cert_none_combine", "safety.cert_red_sum",
              "safety.joker_safe"}
    counted = explained = 0
    for puzzle in bank().values():
        table, answer = puzzle.board, puzzle.answer
        assert isinstance(table, SafetyTable) and isinstance(answer, LeastRiskAnswer)
        low = kept_low(puzzle)
        if puzzle.why.key != "pz.why_least_risk":
            assert low == (), puzzle.id
            continue
        assert working(puzzle)[:len(low)] == low
        for line in low:
            assert line.key in proofs or line.key.startswith("safety.cert_history"), line.key
            assert line.param("card") == answer.card
        safe = [other for other in table.opponents() if safe_against(table, other, answer.card)]
        assert len(low) <= len(safe)
        seen = Counter(card.rank for card in table.visible())
        unseen = {card: 4 - seen[14 - (card.rank or 7)] for card in table.candidates()}
        if min(unseen.values()) < unseen[answer.card]:  # the count alone picks another
            counted += 1
            explained += bool(low)
    assert counted and explained >= 0.7 * counted

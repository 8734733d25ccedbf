"""“Which discard?” puzzles (R-SAFE, R-PUBLIC, R-PRIORITY, R-PAY), mined from moments of simulated
hands between the heuristic bots where a player must discard — the position seen from that
player's chair (hidden level), or with every hand open (open level) — and kept only when the
choice matters:

- open: "tap every card you can discard without dealing in", graded as a set; at least one
  candidate deals in and at least one is safe;
- hidden: "pick the discard with the least risk", where risk is the chance, summed over the
  opponents, that one wins on it (each opponent's hidden hand equally likely among the cards
  you cannot see); the best must beat the next by a stated margin.

The hand holds no joker (the joker is always safe: it would be the answer, not a question) and
at least three different cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

from trainer.analysis.arguments import Argument, argument_for, counts_for
from trainer.analysis.safety import SafetyTable, open_analysis, table_from_view
from trainer.bots import HeuristicBot
from trainer.engine import Card, Message, RuleSet, partner_rank, rank_name, relation
from trainer.engine.game.state import HandState, Phase
from trainer.engine.game.view import view_of
from trainer.puzzles.difficulty import start_rating
from trainer.puzzles.model import LeastRiskAnswer, Puzzle, PuzzleKind, SafeSetAnswer

MARGIN = Fraction(1, 50)
"""The least risk must beat the next by at least 2 percentage points."""
MIN_CANDIDATES = 3


def _seat(table: SafetyTable, seat: int) -> Message:
    return Message.of(f"seat.{relation(seat, table.seat, table.rules.players).value}")


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}"


def risk(table: SafetyTable, card: Card) -> Fraction:
    """The chance, summed over the opponents, that one of them wins on ``card`` (exact per
    opponent, each hidden hand equally likely)."""
    return sum((count.probability for count in counts_for(table, card)), Fraction(0))


def _usable(table: SafetyTable) -> bool:
    return not any(c.is_joker for c in table.hand) and len(table.candidates()) >= MIN_CANDIDATES


def build_open(table: SafetyTable, source: str) -> Puzzle | None:
    """Every hand open: which cards can you discard without dealing in? None unless at least
    one candidate deals in and at least one is safe."""
    if table.hands is None or not _usable(table):
        return None
    analyses = {card: open_analysis(table, card) for card in table.candidates()}
    safe = frozenset(card for card, analysis in analyses.items() if analysis.safe)
    dangerous = [card for card in table.candidates() if card not in safe]
    if not safe or not dangerous:
        return None
    first = analyses[dangerous[0]].deal_in
    assert first is not None
    why = Message.of("pz.why_safe_set", ("R-SAFE", "R-PAY"),
                     safe=tuple(sorted(safe, key=lambda c: c.index)), card=dangerous[0],
                     seat=_seat(table, first.seat), fan=first.verdict.fan)
    details = []
    for card, analysis in analyses.items():
        if analysis.safe:
            details.append(Message.of("pz.open_safe", ("R-SAFE",), card=card))
        else:
            claim = analysis.deal_in
            assert claim is not None
            details.append(Message.of("pz.open_deals_in", ("R-PRIORITY", "R-PAY"), card=card,
                                      seat=_seat(table, claim.seat), fan=claim.verdict.fan,
                                      paid=claim.verdict.share * table.rules.payers))
    needs_red = any(
        any(count.reason.value == "red" for count in counts_for(table, card)) for card in safe)
    themes = ["open", "safe-set"]
    if len(dangerous) >= 2:
        themes.append("several-deal-in")
    if table.rules.players == 3:
        themes.append("three-players")
    features = {"candidates": float(len(analyses)), "dangerous": float(len(dangerous)),
                "open_cards": float(sum(table.hand_sizes[o] for o in table.opponents())),
                "needs_red": float(needs_red)}
    return Puzzle(PuzzleKind.SAFE_SET, table, SafeSetAnswer(safe), why, tuple(details),
                  tuple(themes), ("R-SAFE", "R-PUBLIC", "R-PAIR14", "R-WIN", "R-PRIORITY",
                                  "R-PAY"), features, start_rating("safe_set", features), source)


def _partners_visible(table: SafetyTable, card: Card) -> int:
    assert card.rank is not None
    partner = partner_rank(card.rank)
    seen = [c for c in table.visible() if c.rank == partner and c != card]
    return len(seen)


def build_hidden(table: SafetyTable, source: str) -> Puzzle | None:
    """Hands hidden: which discard has the least risk? None unless one beats the next by
    :data:`MARGIN` and some candidate carries real risk."""
    if table.hands is not None or not _usable(table):
        return None
    risks = {card: risk(table, card) for card in table.candidates()}
    ranked = sorted(risks.items(), key=lambda item: (item[1], item[0].index))
    (best, least), (runner, second) = ranked[0], ranked[1]
    margin = second - least
    if margin < MARGIN or ranked[-1][1] < Fraction(1, 20):
        return None
    argument = argument_for(table, best) if least == 0 else None
    if argument is not None:
        why = Message.of(f"pz.why_proved_{argument.value}", ("R-SAFE",), card=best,
                         partner=rank_name(partner_rank(best.rank or 7)),
                         threshold=table.rules.red_threshold)
    else:
        why = Message.of("pz.why_least_risk", ("R-SAFE",), card=best, percent=_percent(least),
                         other=runner, other_percent=_percent(second))
    details = []
    for card, value in risks.items():
        card_argument = argument_for(table, card) if value == 0 else None
        if card_argument is not None:
            details.append(Message.of(f"pz.line_proved_{card_argument.value}", ("R-SAFE",),
                                      card=card, partner=rank_name(partner_rank(card.rank or 7))))
        else:
            worst = max(counts_for(table, card), key=lambda c: c.probability)
            details.append(Message.of("pz.line_risk", ("R-SAFE", "R-WIN"), card=card,
                                      percent=_percent(value), seat=_seat(table, worst.opponent),
                                      partner=rank_name(partner_rank(card.rank or 7)),
                                      unseen=worst.partners_unseen))
    partners_pick = max(table.candidates(), key=lambda c: (_partners_visible(table, c), -c.index))
    themes = ["hidden", "least-risk"]
    if argument is Argument.PARTNERS:
        themes.append("partners-visible")
    elif argument is Argument.RED or argument is Argument.NO_HAND:
        themes.append("red-unreachable")
    elif argument is Argument.COLOUR:
        themes.append("colour")
    else:
        themes.append("lowest-risk")
    if table.rules.players == 3:
        themes.append("three-players")
    features = {"candidates": float(len(risks)),
                "partners_only_fails": float(partners_pick != best),
                "colour": float(argument is Argument.COLOUR),
                "red": float(argument in (Argument.RED, Argument.NO_HAND)),
                "small_margin": float(margin < Fraction(1, 20))}
    answer = LeastRiskAnswer(best, tuple(risks.items()), margin)
    return Puzzle(PuzzleKind.LEAST_RISK, table, answer, why, tuple(details), tuple(themes),
                  ("R-SAFE", "R-PUBLIC", "R-PAIR14", "R-WIN"), features,
                  start_rating("least_risk", features), source)


def moments(rng: random.Random, rules: RuleSet | None = None
            ) -> Iterator[tuple[HandState, int]]:
    """Each moment of simulated hands (heuristic bots) where a player must discard after the
    dealer's first discard, holding no joker."""
    bot = HeuristicBot()
    while True:
        table_rules = rules or (RuleSet(players=3) if rng.random() < 0.2 else RuleSet())
        state = HandState.deal(rng.getrandbits(40), table_rules)
        while not state.over:
            seat = state.to_act
            view = view_of(state, seat)
            if state.phase is Phase.DISCARD and state.dealer_discarded and \
                    not any(c.is_joker for c in view.hand):
                yield state, seat
            state.apply(bot.choose(view, rng))


def table_at(state: HandState, seat: int, open_hands: bool) -> SafetyTable:
    hands = [tuple(h) for h in state.hands] if open_hands else None
    return table_from_view(view_of(state, seat), open_hands=hands, first_discard=False)

"""“Which discard?” puzzles (R-SAFE, R-PUBLIC, R-PRIORITY, R-PAY), mined from moments of simulated
hands between the heuristic bots where a player must discard — the position seen from that
player's chair (hidden level), or with every hand open (open level) — and kept only when the
choice matters:

- open: "tap every card you can discard without dealing in", graded as a set; at least one
  candidate deals in and at least one is safe;
- hidden: "pick the discard with the least risk", where risk is the chance that at least one
  opponent wins on it, their hands dealt jointly from the cards you cannot see and no hand kept
  that would have won on a card that passed it (R-READ; :mod:`trainer.analysis.chance`, the
  history reading); the best must beat the next by a stated margin, beyond the sample's error.

The hand holds no joker (the joker is always safe: it would be the answer, not a question) and
at least three different cards.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from trainer.analysis.arguments import Argument, argument_for, counts_for, proof_against, safe_proof
from trainer.analysis.certificates import TwinCase, twin_case
from trainer.analysis.chance import Chance, Model, Proof, deal_in_chances, passed_twin
from trainer.analysis.counting import open_analysis
from trainer.analysis.deal_in import DealInCount
from trainer.analysis.table import SafetyTable, seat_words, table_from_view
from trainer.bots import HeuristicBot
from trainer.engine import (
    Card,
    Message,
    Position,
    Reason,
    Relation,
    RuleSet,
    partner_rank,
    partners_of,
    rank_name,
    red_total,
    relation,
    verdict,
)
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.messages import Amount, Param
from trainer.engine.reachability import Moment, concealed_count
from trainer.engine.sources import Source
from trainer.puzzles.difficulty import start_rating
from trainer.puzzles.model import LeastRiskAnswer, Provenance, Puzzle, PuzzleKind, SafeSetAnswer
from trainer.puzzles.open_words import deal_in_line, why_open
from trainer.puzzles.rejection import Rejection
from trainer.puzzles.themes import Theme

MARGIN = Fraction(1, 50)
"""The least risk must beat the next by at least 2 percentage points."""
MIN_CANDIDATES = 3
REAL_RISK = Fraction(1, 20)
"""Some candidate must carry at least this risk, or the choice does not matter."""


def _percent(value: Fraction) -> Amount:
    return Amount(round(float(value) * 100, 4), 1)


PUZZLE_SAMPLES = 8000
"""Deals sampled for a puzzle's chances (exact where every deal can be counted)."""


def risk(table: SafetyTable, card: Card) -> Fraction:
    """The chance that someone wins on ``card`` (the history reading), to 4 decimals."""
    return chances_of(table)[card][0]


def chances_of(table: SafetyTable, model: Model = Model.HISTORY
               ) -> dict[Card, tuple[Fraction, float, Chance]]:
    """Each candidate's chance to 4 decimals, its 95% error, and the reading itself."""
    found = deal_in_chances(table, model=model, samples=PUZZLE_SAMPLES)
    return {card: (Fraction(round(chance.value, 4)).limit_denominator(10_000), chance.error,
                   chance) for card, chance in found.items()}


def reachable(table: SafetyTable) -> bool:
    """Can a real hand reach this table (R-PARITY)? The player about to discard holds
    8 − 2·s concealed cards, everyone else 7 − 2·s (s: their sets laid)."""
    if len(table.hand) != concealed_count(Moment.DISCARDING, table.melds[table.seat]):
        return False
    return all(table.hand_sizes[other] == concealed_count(Moment.WAITING, table.melds[other])
               for other in table.opponents())


def _unusable(table: SafetyTable) -> Rejection | None:
    if not reachable(table):
        return Rejection.UNREACHABLE
    if any(c.is_joker for c in table.hand):
        return Rejection.JOKER_IN_HAND
    if len(table.candidates()) < MIN_CANDIDATES:
        return Rejection.TOO_FEW_CARDS
    return None


def build_open(table: SafetyTable, provenance: Provenance) -> Puzzle | Rejection:
    """Every hand open: which cards can you discard without dealing in? The reason it is not a
    puzzle unless at least one candidate deals in and at least one is safe."""
    if table.hands is None:
        return Rejection.HANDS_HIDDEN
    unusable = _unusable(table)
    if unusable is not None:
        return unusable
    analyses = {card: open_analysis(table, card) for card in table.candidates()}
    safe = frozenset(card for card, analysis in analyses.items() if analysis.safe)
    dangerous = [card for card in table.candidates() if card not in safe]
    if not dangerous:
        return Rejection.ALL_SAFE
    if not safe:
        return Rejection.ALL_DEAL_IN
    why = why_open(table, analyses, dangerous)
    details = []
    red_decoys = partner_decoys = far_dealers = 0
    for card, analysis in analyses.items():
        claim = analysis.deal_in
        if claim is not None:
            far_dealers += relation(claim.seat, table.seat, table.rules.players) \
                is not Relation.LOWER
            details.append(deal_in_line(table, analysis))
            continue
        short = _red_short_opponent(table, card)
        if short is not None:
            red_decoys += 1
            seat, red = short
            details.append(Message.of("pz.open_safe_red", ("R-SAFE", "R-RED"), card=card,
                                      seat=seat_words(seat, table.seat, table.rules.players), red=red,
                                      threshold=table.rules.red_threshold))
        else:
            partner_decoys += _partner_held(table, card)
            details.append(Message.of("pz.open_safe", ("R-SAFE", "R-PAIR14"), card=card))
    themes = [Theme.OPEN, Theme.SAFE_SET]
    if len(dangerous) >= 2:
        themes.append(Theme.SEVERAL_DEAL_IN)
    if red_decoys:
        themes.append(Theme.RED_SHORT)
    if table.rules.players == 3:
        themes.append(Theme.THREE_PLAYERS)
    features = {"candidates": float(len(analyses)), "dangerous": float(len(dangerous)),
                "red_decoys": float(red_decoys), "partner_decoys": float(partner_decoys),
                "far_dealers": float(far_dealers)}
    return Puzzle(PuzzleKind.SAFE_SET, table, SafeSetAnswer(safe), why, tuple(details),
                  tuple(theme.value for theme in themes),
                  ("R-SAFE", "R-PUBLIC", "R-PAIR14", "R-WIN", "R-PRIORITY", "R-PAY"), features,
                  start_rating("safe_set", features), provenance)


def _red_short_opponent(table: SafetyTable, card: Card) -> tuple[int, int] | None:
    """An opponent whose open hand combines with ``card`` but falls short of the red total
    (R-RED): their seat and red count; None when nobody's does."""
    assert table.hands is not None
    for other in table.opponents():
        judged = verdict(Position(table.hands[other], table.melds[other], card, Source.DISCARD,
                                  table.first_discard, table.rules))
        if judged.reason is Reason.RED_SHORT:
            return other, judged.red
    return None


def _partner_held(table: SafetyTable, card: Card) -> bool:
    """Some opponent holds a card of ``card``'s partner rank (and still cannot win on it)."""
    assert table.hands is not None and card.rank is not None
    return any(partners_of(card, table.hands[other]) for other in table.opponents())


def _partners_visible(table: SafetyTable, card: Card) -> int:
    assert card.rank is not None
    partner = partner_rank(card.rank)
    seen = [c for c in table.visible() if c.rank == partner and c != card]
    return len(seen)


def _read_lines(table: SafetyTable, best: Card, looks: Chance, read: Fraction) -> list[Message]:
    """What the passes change (R-READ) when the visible cards alone would pick another card:
    that card's chance without and with the passes, and a pass that shuts ``best`` out for an
    opponent, if one does."""
    lines = [Message.of("pz.line_read_visible", ("R-SAFE", "R-READ"), card=looks.card,
                        visible=Amount(round(looks.value * 100, 4), 1), percent=_percent(read))]
    for count in counts_for(table, best):
        twin = passed_twin(table, count.opponent, best)
        if twin is not None and not count.provably_safe:
            lines.append(_history_line("pz.line_read_pass", ("R-READ",), table,
                                       count.opponent, best, twin))
            break
    return lines


PROVED = ("R-READ", "R-SAFE")
"""The rules a card proven safe by the history rests on."""


def _history_line(key: str, rules: tuple[str, ...], table: SafetyTable, opponent: int,
                  card: Card, twin: Card, **more: Param) -> Message:
    """``key`` — ``card`` is safe against ``opponent`` because ``twin`` passed them (R-READ) —
    in its form for the case (:func:`~trainer.analysis.certificates.twin_case`): a twin of the
    other colour is said with why it still proves the card (no 全黑 against laid red, or the
    laid red already enough)."""
    case = twin_case(card, twin)
    seat = seat_words(opponent, table.seat, table.rules.players)
    if case is TwinCase.SAME:
        return Message.of(key, rules, card=card, passed=twin, seat=seat, **more)
    if case is TwinCase.RED_PASSED:
        return Message.of(key + case.value, (*rules, "R-SPECIAL"), card=card, passed=twin,
                          seat=seat, **more)
    return Message.of(key + case.value, (*rules, "R-RED"), card=card, passed=twin, seat=seat,
                      red=red_total(table.melds[opponent]), threshold=table.rules.red_threshold,
                      **more)


def colour_line(puzzle: Puzzle) -> Message | None:
    """Why a "least risk" answer beats the next card when both have as many unseen partners
    against every opponent: the next is red, and its red can carry a hand short of the total to
    a win where the black card cannot (R-RED, R-WIN) — the working lists each card's risk and
    partners, and this is the difference they leave unsaid."""
    answer, table = puzzle.answer, puzzle.board
    if not isinstance(answer, LeastRiskAnswer) or not isinstance(table, SafetyTable) or \
            len(answer.risks) < 2:
        return None
    best, runner = (card for card, _ in sorted(answer.risks, key=lambda cr: (cr[1], cr[0].index))[:2])
    if best.is_red or not runner.is_red:
        return None
    pool = table.unseen()  # the partners left unseen: a count, not the deal-in counting

    def partners(card: Card) -> int:
        rank = None if card.rank is None else partner_rank(card.rank)
        return sum(count for other, count in pool.items()
                   if rank is not None and other.rank == rank)

    unseen = partners(best)
    if unseen != partners(runner):
        return None
    return Message.of("pz.line_colour", ("R-RED", "R-WIN", "R-SAFE"), card=best, other=runner,
                      unseen=unseen, red=runner.red)


def working(puzzle: Puzzle) -> tuple[Message, ...]:
    """A puzzle's working as shown after an answer: what keeps the answer's risk low
    (:func:`kept_low`), the lines stored with it in the bank, each chance that would show as
    0.0% said to be under 0.1% (:func:`_shown`), then what they leave unsaid
    (:func:`colour_line`) — worked out when shown, so the shipped bank stays as built."""
    lines = (*kept_low(puzzle), *(_shown(line) for line in puzzle.details))
    colour = colour_line(puzzle)
    return lines if colour is None else (*lines, colour)


def kept_low(puzzle: Puzzle) -> tuple[Message, ...]:
    """Where the least risk is not proven: each opponent the answer is safe against, with the
    proof (their laid red cannot reach the total, a twin passed them …, R-SAFE, R-READ) — the
    count of unseen partners alone would pick another card (9♠ with two unseen partners beats
    4♦ with one where 上家's red cannot reach 20 with 9♠). An opponent a stored line already
    names is left to it."""
    answer, table = puzzle.answer, puzzle.board
    if not isinstance(answer, LeastRiskAnswer) or not isinstance(table, SafetyTable) or \
            puzzle.why.key != "pz.why_least_risk":
        return ()
    named = {line.param("seat") for line in puzzle.details if line.key.startswith("pz.line_read")}
    proofs = (safe_proof(table, other, answer.card) for other in table.opponents()
              if seat_words(other, table.seat, table.rules.players) not in named)
    return tuple(proof for proof in proofs if proof is not None)


TINY = {"pz.line_risk": "pz.line_risk_tiny", "pz.line_risk_only": "pz.line_risk_tiny",
        "pz.why_least_risk": "pz.why_least_risk_tiny"}
"""The stored lines that name a card's chance, with their words for one under 0.1%."""


def why_shown(puzzle: Puzzle) -> Message:
    """A puzzle's why as shown (:func:`_shown`)."""
    return _shown(puzzle.why)


def _shown(line: Message) -> Message:
    """A line whose card's chance rounds to 0.0% at the one decimal shown: said to be under
    0.1% and not proven safe ("0.0% risk, mostly from …" reads as a contradiction)."""
    percent = line.param("percent")
    if line.key not in TINY or not isinstance(percent, Amount) or \
            round(percent.value, percent.digits) > 0:
        return line
    return replace(line, key=TINY[line.key])


def _riskiest(counts: tuple[DealInCount, ...], open_to: list[bool], chance: Chance) -> DealInCount:
    """The opponent most likely to win on the card by the same reading as its chance (the passes
    included, R-READ: one a pass proves it safe against — not ``open_to`` — is never named),
    with their count."""
    against = chance.against or tuple(float(count.probability) for count in counts)

    def weight(i: int) -> tuple[float, bool, float, int]:
        # a sampled 0 ties: the visible count decides, never a pass
        return against[i], open_to[i], float(counts[i].probability), -i

    return counts[max(range(len(counts)), key=weight)]


def build_hidden(table: SafetyTable, provenance: Provenance) -> Puzzle | Rejection:
    """Hands hidden: which discard has the least risk? The reason it is not a puzzle unless one
    beats the next by :data:`MARGIN` and some candidate carries real risk."""
    if table.hands is not None:
        return Rejection.HANDS_OPEN
    unusable = _unusable(table)
    if unusable is not None:
        return unusable
    glance = sorted(c.value for c in deal_in_chances(table, model=Model.HISTORY,
                                                     samples=1024, proofs=False).values())
    if glance[1] - glance[0] < float(MARGIN) / 2:  # plainly no margin: spare the full count
        return Rejection.NO_MARGIN
    read = chances_of(table)
    risks = {card: value for card, (value, _, _) in read.items()}
    ranked = sorted(risks.items(), key=lambda item: (item[1], item[0].index))
    (best, least), (runner, second) = ranked[0], ranked[1]
    margin = second - least
    if margin == 0 and least == 0:
        return Rejection.SEVERAL_PROVED
    if margin < MARGIN or float(margin) < 3 * (read[best][1] + read[runner][1]):
        return Rejection.NO_MARGIN
    if ranked[-1][1] < REAL_RISK:
        return Rejection.NO_REAL_RISK
    visible = deal_in_chances(table, model=Model.VISIBLE, samples=PUZZLE_SAMPLES)
    visible_pick = min(visible.values(), key=lambda c: (c.value, c.card.index)).card
    by_history = read[best][2].proof is Proof.HISTORY
    argument = argument_for(table, best) if least == 0 and not by_history else None
    if by_history:
        opponent, passed = read[best][2].history_proofs[0]
        why = _history_line("pz.why_proved_history", PROVED, table, opponent, best, passed,
                            others=len(table.opponents()) - 1)
    elif argument is not None:
        why = Message.of(f"pz.why_proved_{argument.value}", ("R-SAFE",), card=best,
                         partner=rank_name(partner_rank(best.rank or 7)),
                         threshold=table.rules.red_threshold)
    else:
        why = Message.of("pz.why_least_risk", ("R-SAFE",), card=best, percent=_percent(least),
                         other=runner, other_percent=_percent(second))
    details = _read_lines(table, best, visible[visible_pick], risks[visible_pick]) \
        if visible_pick != best and not by_history else []
    if by_history:  # the why names one player: each other's own reason
        details.extend(proof_against(table, other, best) for other in table.opponents()
                       if other != opponent)
    for card, value in risks.items():
        if card == best and (by_history or argument is not None):
            continue  # the reason above proves it
        chance = read[card][2]
        card_argument = argument_for(table, card) if value == 0 and \
            chance.proof is Proof.VISIBLE else None
        if chance.proof is Proof.HISTORY:
            opponent, passed = chance.history_proofs[0]
            details.append(_history_line("pz.line_proved_history", PROVED, table, opponent,
                                         card, passed))
        elif card_argument is not None:
            details.append(Message.of(f"pz.line_proved_{card_argument.value}", ("R-SAFE",),
                                      card=card, partner=rank_name(partner_rank(card.rank or 7)),
                                      threshold=table.rules.red_threshold))
        else:
            counts = counts_for(table, card)
            open_to = [passed_twin(table, count.opponent, card) is None for count in counts]
            worst = _riskiest(counts, open_to, chance)
            # "only from": every other opponent proven safe against, by the visible cards (no
            # hand of theirs wins on it) or by a pass of its twin (R-SAFE, R-READ)
            only = sum(count.probability > 0 and still for count, still
                       in zip(counts, open_to, strict=True)) == 1
            details.append(Message.of("pz.line_risk_only" if only else "pz.line_risk",
                                      ("R-SAFE", "R-WIN"), card=card,
                                      percent=_percent(value),
                                      seat=seat_words(worst.opponent, table.seat, table.rules.players),
                                      partner=rank_name(partner_rank(card.rank or 7)),
                                      unseen=worst.partners_unseen))
    partners_pick = max(table.candidates(), key=lambda c: (_partners_visible(table, c), -c.index))
    themes = [Theme.HIDDEN, Theme.LEAST_RISK]
    if by_history or visible_pick != best:
        themes.append(Theme.READ_THE_TABLE)
    if argument is Argument.PARTNERS:
        themes.append(Theme.PARTNERS_VISIBLE)
    elif argument is Argument.RED or argument is Argument.NO_HAND:
        themes.append(Theme.RED_UNREACHABLE)
    elif argument is Argument.COLOUR:
        themes.append(Theme.COLOUR)
    elif not by_history:
        themes.append(Theme.LOWEST_RISK)
    if table.rules.players == 3:
        themes.append(Theme.THREE_PLAYERS)
    features = {"candidates": float(len(risks)),
                "read": float(Theme.READ_THE_TABLE in themes),
                "partners_only_fails": float(partners_pick != best),
                "colour": float(argument is Argument.COLOUR),
                "red": float(argument in (Argument.RED, Argument.NO_HAND)),
                "small_margin": float(margin < Fraction(1, 20))}
    answer = LeastRiskAnswer(best, tuple(risks.items()), margin)
    return Puzzle(PuzzleKind.LEAST_RISK, table, answer, why, tuple(details),
                  tuple(theme.value for theme in themes),
                  ("R-SAFE", "R-PUBLIC", "R-READ", "R-PAIR14", "R-WIN"), features,
                  start_rating("least_risk", features), provenance)


def moments(rng: random.Random, rules: RuleSet | None = None
            ) -> Iterator[tuple[int, HandState, int]]:
    """Each moment of simulated hands (heuristic bots) where a player must discard after the
    dealer's first discard, holding no joker: the hand's number, the state, the seat."""
    bot = HeuristicBot()
    for hand in itertools.count():
        table_rules = rules or (RuleSet(players=3) if rng.random() < 0.2 else RuleSet())
        state = HandState.deal(rng.getrandbits(40), table_rules)
        while not state.over:
            seat = state.to_act
            view = view_of(state, seat)
            if state.phase is Phase.DISCARD and state.dealer_discarded and \
                    not any(c.is_joker for c in view.hand):
                yield hand, state, seat
            state.apply(bot.choose(view, rng))


def table_at(state: HandState, seat: int, open_hands: bool) -> SafetyTable:
    hands = [tuple(h) for h in state.hands] if open_hands else None
    return table_from_view(view_of(state, seat), open_hands=hands, first_discard=False)

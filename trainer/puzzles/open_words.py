"""The words of an open-hands "which discards are safe?" puzzle (R-SAFE, R-WIN, R-PAY, R-FAN):
the one-line answer and each candidate's line.

A deal-in line names the winner's pairs, so the learner can check the win on the open hand, and
where its fan comes from (the laid sets in sight);
a win of 0 fan is called a plain win (平糊), which a deal-in still pays; R-PRIORITY is cited
only where more than one player could win on the card and the first in claim order takes it.
"""

from __future__ import annotations

from trainer.analysis.counting import OpenAnalysis, OpenClaim
from trainer.analysis.table import SafetyTable, seat_words
from trainer.engine import Card, Message, Verdict
from trainer.engine.verdict_messages import fan_terms, pairs_expression


def _plain(claim: OpenClaim) -> str:
    return "_plain" if claim.verdict.fan == 0 else ""


def fan_from(judged: Verdict) -> Message | int:
    """A winning verdict's fan with where it comes from (R-FAN): each laid set and special
    win of its count — in an open-hands table the winner's laid sets are in sight — and the
    接地 cap where it applies (R-SPECIAL); 0 for a plain win, whose words (``_plain``) name no
    fan."""
    if judged.fan == 0:
        return 0
    if judged.fan != judged.fan_uncapped:
        return Message.of("pz.fan_capped", fan=judged.fan, terms=fan_terms(judged),
                          uncapped=judged.fan_uncapped)
    return Message.of("pz.fan_from", fan=judged.fan, terms=fan_terms(judged))


def why_open(table: SafetyTable, analyses: dict[Card, OpenAnalysis], dangerous: list[Card]) -> Message:
    """The one-line answer: the dangerous card, who wins on it and for how many fan — or, for
    several, each one's winner (one named alone read as if the others were dangerous for the
    same player)."""
    if len(dangerous) == 1:
        first = analyses[dangerous[0]].deal_in
        assert first is not None
        return Message.of(f"pz.why_safe_set{_plain(first)}",
                          ("R-SAFE", "R-PAY", "R-FAN") if first.verdict.fan else ("R-SAFE", "R-PAY"),
                          dangerous=(dangerous[0],), card=dangerous[0],
                          seat=seat_words(first.seat, table.seat, table.rules.players),
                          fan=fan_from(first.verdict))
    claims: Message | None = None
    for card in sorted(dangerous, key=lambda c: c.index):
        claim = analyses[card].deal_in
        assert claim is not None
        seat, fan = seat_words(claim.seat, table.seat, table.rules.players), claim.verdict.fan
        claims = Message.of(f"pz.claim{_plain(claim)}", card=card, seat=seat, fan=fan) \
            if claims is None else \
            Message.of(f"pz.claim_more{_plain(claim)}", before=claims, card=card, seat=seat, fan=fan)
    assert claims is not None
    return Message.of("pz.why_safe_set_many", ("R-SAFE", "R-PAY"), claims=claims)


def deal_in_line(table: SafetyTable, analysis: OpenAnalysis) -> Message:
    """A dealing-in candidate's line: who wins on it, with which pairs, for how many fan, and
    what the discarder alone pays (点炮)."""
    claim = analysis.deal_in
    assert claim is not None
    judged = claim.verdict
    rules: tuple[str, ...] = ("R-WIN", "R-PRIORITY", "R-PAY") if len(analysis.winners) > 1 \
        else ("R-WIN", "R-PAY")
    if judged.fan:
        rules += ("R-FAN",)
    pairs = pairs_expression(judged.pairs)
    how = Message.of("pz.how_special", pairs=pairs,
                     special=Message.of(f"special_name.{judged.specials[0].value}")) \
        if judged.specials else Message.of("pz.how_red", pairs=pairs, red=judged.red)
    return Message.of(f"pz.open_deals_in_pairs{_plain(claim)}", rules, card=analysis.card,
                      seat=seat_words(claim.seat, table.seat, table.rules.players), how=how,
                      fan=fan_from(judged),
                      paid=judged.share * table.rules.payers)

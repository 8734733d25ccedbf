"""Hints for a wrong "can you win?" answer, aimed at the check the learner got wrong and never
naming the answer (R-WIN, R-PAIR14, R-RED, R-SPECIAL, R-OWN-FLIP). Lessons and puzzles ask the
same question and give the same hints."""

from __future__ import annotations

from trainer.engine import Position, Reason, partner_rank, rank_name, verdict
from trainer.engine.messages import Message


def why_not_hint(position: Position, said_win: bool) -> Message:
    """After a wrong yes (the check that fails, in the engine's order) or a wrong no (the wins
    that need no red, or the red count)."""
    judged = verdict(position)
    threshold = judged.threshold
    if said_win:
        if judged.reason is Reason.OWN_FLIP:
            return Message.of("hint.win_whose_flip", ("R-OWN-FLIP",))
        if judged.reason is Reason.JOKER_IN_HAND:
            return Message.of("hint.win_joker", ("R-WIN", "R-PAIR14"))
        if judged.reason is Reason.NOT_COMBINED:
            card = next(c for c in judged.leftovers if c.rank is not None)
            return Message.of("hint.find_partner", ("R-PAIR14",), card=card,
                              partner=rank_name(partner_rank(card.rank or 7)))
        return Message.of("hint.count_red_all", ("R-RED", "R-WIN"), threshold=threshold)
    if judged.specials:
        return Message.of("hint.special_look", ("R-SPECIAL",))
    return Message.of("hint.red_recount", ("R-RED", "R-WIN"), threshold=threshold)


def checks_hint(position: Position, *, first_only: bool = True) -> Message:
    """After a wrong yes where the next answer is *what stops it*: every check in the engine's
    order, none singled out — the failing one named would be that answer (R-WIN, R-OWN-FLIP).
    A lesson asks for the first check that fails (``first_only``); a puzzle takes any."""
    return Message.of("hint.win_checks" if first_only else "hint.win_checks_any",
                      ("R-WIN", "R-OWN-FLIP", "R-PAIR14", "R-RED"),
                      threshold=position.rules.red_threshold)


def reason_hint(position: Position, said: Reason) -> Message:
    """After a right no with a reason that does not hold: what shows that check passes."""
    if said is Reason.OWN_FLIP:
        return Message.of("hint.win_whose_flip", ("R-OWN-FLIP",))
    if said is Reason.JOKER_IN_HAND:
        return Message.of("hint.no_joker", ("R-WIN",))
    if said is Reason.NOT_COMBINED:
        return Message.of("hint.pairs_all", ("R-PAIR14",))
    return Message.of("hint.red_recount", ("R-RED", "R-WIN"),
                      threshold=position.rules.red_threshold)

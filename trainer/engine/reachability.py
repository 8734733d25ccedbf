"""Is this position one a real hand can reach? (R-DEAL, R-PARITY, R-TOU, R-CHI, R-SPECIAL, R-DECK)

The position reader only insists on parity, so a hand written to ask one question may leave out
melds. Everything the trainer *shows* — lesson steps, drills, puzzles, the Rules page's examples —
must pass this stronger check:

- a player facing a claimed card (waiting) holds exactly 7 − 2·s concealed cards, where s counts
  the chi pairs, pongs and kongs laid face up (joker pongs and kongs included, single jokers
  not): every chi, pong and kong takes two more cards out of the hand than it brings in;
- a player about to discard holds 8 − 2·s; the dealer before the first discard too;
- no chi exists before the dealer's first discard, so neither 天走 nor 接地 comes with a chi;
- 接地 is the dealer's first *discard*, never a flip;
- no card is used more often than the deck holds (the reader checks this already).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message
from trainer.engine.position import Position
from trainer.engine.sources import Source


class Moment(StrEnum):
    """When in a hand the position is seen."""

    WAITING = "waiting"
    """Facing another player's discard or flip, or waiting for one (7 − 2·s concealed)."""
    DISCARDING = "discarding"
    """About to discard: after a chi, or after drawing for a pong, kong, lay-down or flipped
    joker (8 − 2·s concealed)."""
    DEALER_START = "dealer_start"
    """The dealer after the deal and their lay-downs, before the first discard (8 − 2·s)."""


def sets_laid(melds: Iterable[Meld]) -> int:
    """s: the chi pairs, pongs and kongs laid (joker sets included, single jokers not)."""
    return sum(1 for meld in melds if meld.kind is not MeldKind.JOKER)


def _dealt(moment: Moment) -> int:
    """The concealed cards at ``moment`` with nothing laid (R-DEAL, R-PARITY)."""
    return 7 if moment is Moment.WAITING else 8


def concealed_count(moment: Moment, melds: Iterable[Meld]) -> int:
    """How many concealed cards a player holds at ``moment`` with ``melds`` laid (R-PARITY)."""
    return _dealt(moment) - 2 * sets_laid(melds)


def most_sets(moment: Moment) -> int:
    """The most sets and chi pairs a player can have laid at ``moment``: one more would leave
    no concealed card."""
    return (_dealt(moment) - 1) // 2


@dataclass(frozen=True, slots=True)
class Unreachable:
    """Why no real hand reaches a position: a message key with the figures, and its rules."""

    message: Message


def reachability_problems(position: Position, moment: Moment | None = None) -> list[Unreachable]:
    """Every reason ``position`` cannot occur in a real hand (empty when it can). ``moment``
    defaults to the one the position implies: waiting when it has a card or an odd hand, the
    dealer's start with no card and an even hand."""
    if moment is None:
        moment = Moment.WAITING if position.card is not None or len(position.hand) % 2 else \
            Moment.DEALER_START
    problems: list[Unreachable] = []
    expected = concealed_count(moment, position.melds)
    if expected < 1:
        problems.append(Unreachable(Message.of(
            "reach.too_many_sets", ("R-PARITY", "R-DEAL"),
            moment=Message.of(f"reach.moment.{moment.value}"), sets=sets_laid(position.melds),
            most=most_sets(moment))))
    elif len(position.hand) != expected:
        problems.append(Unreachable(Message.of(
            "reach.count", ("R-PARITY", "R-DEAL"), moment=Message.of(f"reach.moment.{moment.value}"),
            held=len(position.hand), expected=expected, sets=sets_laid(position.melds))))
    chis = [meld for meld in position.melds if meld.kind is MeldKind.CHI]
    before_first_discard = moment is Moment.DEALER_START or position.dealer_first_discard
    if before_first_discard and chis:
        problems.append(Unreachable(Message.of("reach.chi_before_first_discard", ("R-CHI",),
                                               cards=chis[0].cards)))
    if position.dealer_first_discard and position.source is not Source.DISCARD:
        problems.append(Unreachable(Message.of("reach.jiedi_is_a_discard", ("R-SPECIAL",))))
    if moment is not Moment.WAITING and position.card is not None:
        problems.append(Unreachable(Message.of("reach.card_while_discarding", ("R-DISCARD",))))
    return problems


def is_reachable(position: Position, moment: Moment | None = None) -> bool:
    """True when a real hand can reach ``position`` (see :func:`reachability_problems`)."""
    return not reachability_problems(position, moment)

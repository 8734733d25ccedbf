"""The win verdict: combination, red total, special wins, fan, share and payments.

Implements R-WIN (both conditions), R-OWN-FLIP, R-SPECIAL (天走, 接地, 全红, 全黑), R-FAN,
R-SCORE and R-PAY. Reasons are judged in docs/format.md's order: the player's own flip first (no
win on it unless ``win_pong_kong_on_own_flip``), then a concealed joker, the combination, and the
red total.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from trainer.engine.cards import COLOUR_OF, RANK_OF, RED_OF, Card
from trainer.engine.combine import counts_combined, split_pairs
from trainer.engine.errors import PositionError
from trainer.engine.fan import SPECIAL_FAN, FanItem, special_fan_item
from trainer.engine.position import Position
from trainer.engine.sources import Source
from trainer.engine.win_rule import HandValue, Judgement, Reason, Special, failing_checks, judge

__all__ = ["Reason", "Special", "Verdict", "failing_reasons", "hand_value", "is_win",
           "pay", "verdict", "win_fan"]


_T = TypeVar("_T")


class Verdict(NamedTuple):
    """Everything the engine says about one position (docs/format.md's ``dou14 check`` line and more).

    ``fan_items`` lists each contribution; ``fan`` is their total after the 接地 cap; ``share`` is
    one losing share under the position's rules (R-SCORE). For a hand that does not win, ``fan``
    and ``share`` are those its laid-down melds carry and ``specials`` is empty.
    """

    position: Position
    win: bool
    reason: Reason
    red: int
    threshold: int
    pairs: tuple[tuple[Card, Card], ...]
    leftovers: tuple[Card, ...]
    specials: tuple[Special, ...]
    fan_items: tuple[FanItem, ...]
    fan_uncapped: int
    fan: int
    share: int

    @property
    def combined(self) -> bool:
        """The concealed cards and the card split wholly into 14-pairs (R-WIN 1), whether or not
        the card may be claimed."""
        return not self.leftovers

    @property
    def is_deal_in(self) -> bool:
        """点炮: a win on a discard (接地 included) — the discarder pays every share (R-PAY)."""
        return self.win and self.position.source is Source.DISCARD

    def payments(self, winner: int = 0, discarder: int | None = None) -> list[int]:
        """Points won (+) and paid (−) by each seat 0..players-1 (R-PAY).

        Seats run counterclockwise, so a seat's upper player (上家) is ``seat - 1``. On a deal-in the
        discarder (by default the winner's upper player) pays all the shares; on a flip or 天走 every
        other player pays one share. A hand that does not win moves nothing.
        """
        players = self.position.rules.players
        if not 0 <= winner < players:
            raise ValueError(f"winner seat {winner} is not 0..{players - 1}")
        if not self.win:
            return [0] * players
        payer = None
        if self.is_deal_in:
            payer = (winner - 1) % players if discarder is None else discarder
            if payer == winner or not 0 <= payer < players:
                raise ValueError(f"discarder seat {payer} must be another seat than {winner}")
        return pay(players, winner, self.share, payer)

    def to_json(self) -> dict[str, object]:
        """docs/format.md's ``dou14 check`` output line."""
        return {
            "win": self.win,
            "reason": self.reason.value,
            "red": self.red,
            "threshold": self.threshold,
            "fan": self.fan,
            "specials": [special.value for special in self.specials],
            "share": self.share,
        }


def hand_value(position: Position) -> HandValue:
    """The position's cards as :func:`judge` reads them: concealed with the claimed card, red
    over everything, colours over everything (R-WIN, R-RED, R-SPECIAL)."""
    card = position.card
    counts = [0] * 15
    red = position.melds_red
    colours = position.melds_colours
    ranks, reds, colour_of = RANK_OF, RED_OF, COLOUR_OF
    for c in position.hand:
        index = c.index
        counts[ranks[index]] += 1
        red += reds[index]
        colours |= colour_of[index]
    if card is not None:
        index = card.index
        counts[ranks[index]] += 1
        red += reds[index]
        colours |= colour_of[index]
    return HandValue(counts[0], counts_combined(counts), red, colours & 1 == 1, colours & 2 == 2)


def _by_win_rule(position: Position, value: HandValue, rule: Callable[..., _T]) -> _T:
    """``rule`` (:func:`judge`, or :func:`failing_checks`) on ``value`` with the position's
    threshold and circumstances."""
    if position.card is None and len(position.hand) % 2:
        raise PositionError("a waiting hand with no card to claim cannot be judged; use waits")
    return rule(value, position.rules.red_threshold,
                first_discard=position.dealer_first_discard, tianzou=position.card is None,
                own_flip_closed=position.claim_blocked)


def _judgement(position: Position, value: HandValue) -> Judgement:
    return _by_win_rule(position, value, judge)


def is_win(position: Position) -> bool:
    """The bare yes/no of :func:`verdict` (R-WIN, R-SPECIAL, R-OWN-FLIP), through :func:`judge`."""
    return _judgement(position, hand_value(position)).reason is Reason.WIN


def failing_reasons(position: Position) -> frozenset[Reason]:
    """Every reason ``position`` does not win (:func:`~trainer.engine.win_rule.failing_checks`):
    :func:`verdict` names the first in the engine's order, but each of these is true.

    >>> from trainer.engine import position_of
    >>> short = position_of("2s Qs 4s", card="7h")  # 2+Q pair up, 4 and 7 do not; red 7
    >>> verdict(short).reason.value, sorted(reason.value for reason in failing_reasons(short))
    ('not_combined', ['not_combined', 'red_short'])
    """
    return _by_win_rule(position, hand_value(position), failing_checks)


def verdict(position: Position) -> Verdict:
    """Judge ``position``: does the claimed card win (or, with no card and an even hand, is this
    天走)? R-WIN, R-OWN-FLIP, R-SPECIAL, R-FAN, R-SCORE, R-PAY."""
    rules = position.rules
    value = hand_value(position)
    judged = _judgement(position, value)
    specials = judged.specials
    pairs, leftovers = split_pairs(position.hand_sorted, position.card, presorted=True)
    items = position.meld_fan_items
    if specials:
        items = items + tuple(_SPECIAL_ITEMS[special] for special in specials)
    uncapped, fan = win_fan(position.melds_fan, specials, rules.jiedi_cap)
    return Verdict(position, judged.win, judged.reason, value.red, rules.red_threshold, pairs,
                   leftovers, specials, items, uncapped, fan, rules.share(fan))


def win_fan(melds_fan: int, specials: tuple[Special, ...], jiedi_cap: int | None
            ) -> tuple[int, int]:
    """A win's fan before and after the 接地 cap: the melds' fan (R-FAN,
    :func:`~trainer.engine.melds.meld_fan`) and 3 per special win (R-SPECIAL), capped at
    ``jiedi_cap`` for a 接地 (``fan_cap`` then applies in the share, R-SCORE). The one sum that
    :func:`verdict` and the play-outs' lean form (trainer/coach/fast_form.py) both use.

    >>> win_fan(2, (Special.JIEDI, Special.ALL_BLACK), 4)
    (8, 4)
    """
    uncapped = melds_fan + SPECIAL_FAN * len(specials)
    if jiedi_cap is not None and Special.JIEDI in specials:
        return uncapped, min(uncapped, jiedi_cap)
    return uncapped, uncapped


def pay(players: int, winner: int, share: int, payer: int | None) -> list[int]:
    """Points won (+) and paid (−) by each seat for a win worth ``share`` (R-PAY): on a deal-in
    ``payer`` (the discarder) pays every losing share, ``players - 1`` of them; with ``payer``
    None (a win on a flip, 天走) every other seat pays one. The one payment rule that
    :meth:`Verdict.payments` and the play-outs' lean form (trainer/coach/fast_form.py) both use.

    >>> pay(4, 1, 4, 0), pay(4, 1, 4, None)
    ([-12, 12, 0, 0], [-4, 12, -4, -4])
    """
    if payer is None:
        result = [-share] * players
    else:
        result = [0] * players
        result[payer] = -share * (players - 1)
    result[winner] = share * (players - 1)
    return result


_SPECIAL_ITEMS = {special: special_fan_item(special.value) for special in Special}

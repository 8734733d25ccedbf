"""Who gets a card several players claim (R-PRIORITY, R-CHI, R-PONG, R-OWN-FLIP).

Win beats pong and kong, which beat chi. Among claims of one class the first in counterclockwise
order from the discarder (or flipper) gets the card: there is no double win. Chi is only for the
discarder's or flipper's lower player, or for the flipper on their own flip; for chi on a flip the
flipper comes before their lower player (``RuleSet.chi_priority_flipper_first``). Nobody pongs,
kongs or wins on their own flip unless ``RuleSet.win_pong_kong_on_own_flip``, nor on their own discard.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from trainer.engine.errors import Dou14Error
from trainer.engine.messages import Message
from trainer.engine.rules import DEFAULT_RULES, RuleSet
from trainer.engine.seats import relation
from trainer.engine.sources import Source


class ClaimKind(StrEnum):
    """What a player claims the card for."""

    WIN = "win"
    KONG = "kong"
    PONG = "pong"
    CHI = "chi"


_RANK = {ClaimKind.WIN: 0, ClaimKind.KONG: 1, ClaimKind.PONG: 1, ClaimKind.CHI: 2}


@dataclass(frozen=True, slots=True)
class Claim:
    """Seat ``seat`` claims the card for ``kind``."""

    seat: int
    kind: ClaimKind


@dataclass(frozen=True, slots=True)
class ClaimResolution:
    """The claim that gets the card (or ``None``), the refused claims with their reasons, and the
    order the valid claims were weighed in."""

    winner: Claim | None
    refused: tuple[tuple[Claim, str], ...]
    order: tuple[Claim, ...]
    origin: int
    source: Source
    players: int = 4
    viewer: int | None = None
    """Whose table it is told from: seats then read "your lower player (下家)" and so on, as the
    table draws them (R-SEAT); ``None`` names them by number."""

    def seen_from(self, viewer: int) -> ClaimResolution:
        """The same resolution, told as ``viewer`` sees the table."""
        return replace(self, viewer=viewer)

    def _who(self, seat: int) -> Message:
        if self.viewer is None:
            return Message.of("priority.seat_number", seat=seat)
        return Message.of(f"seat.{relation(seat, self.viewer, self.players).value}")

    def messages(self) -> list[Message]:
        messages = [Message.of(f"priority.refused.{reason}", ("R-PRIORITY",),
                               who=self._who(claim.seat),
                               kind=Message.of(f"priority.kind.{claim.kind.value}"))
                    for claim, reason in self.refused]
        if self.winner is None:
            messages.append(Message.of("priority.nobody"))
            return messages
        beaten = [claim for claim in self.order if claim != self.winner]
        key = "priority.gets_class" if any(
            _RANK[c.kind] > _RANK[self.winner.kind] for c in beaten) else "priority.gets"
        if any(_RANK[c.kind] == _RANK[self.winner.kind] for c in beaten):
            key = "priority.gets_order"
            if self.winner.kind is ClaimKind.CHI and self.source is Source.FLIP and \
                    self.winner.seat == self.origin:
                key = "priority.gets_flipper"
        if self.viewer is not None and self.winner.seat == self.viewer:
            key += "_you"  # "You take the card", not "you takes"
        messages.append(Message.of(key, ("R-PRIORITY",), who=self._who(self.winner.seat),
                                   kind=Message.of(f"priority.kind.{self.winner.kind.value}"),
                                   origin=self._who(self.origin)))
        return messages



def seats_from(origin: int, players: int) -> list[int]:
    """Seats counterclockwise starting after ``origin``, ending with ``origin`` (R-SEAT)."""
    return [(origin + step) % players for step in range(1, players + 1)]


def seat_refusal(kind: ClaimKind, seat: int, origin: int, source: Source,
                 rules: RuleSet = DEFAULT_RULES) -> str | None:
    """Why ``seat`` may not claim the card ``origin`` discarded or flipped for ``kind``, whatever
    it holds — ``own_discard``, ``own_flip`` (R-OWN-FLIP, a table rule) or ``chi_not_lower``
    (R-CHI: the card's lower player, or its flipper) —, or ``None`` when some hand may.

    >>> seat_refusal(ClaimKind.CHI, 2, 0, Source.DISCARD)
    'chi_not_lower'
    >>> seat_refusal(ClaimKind.CHI, 0, 0, Source.FLIP) is None
    True
    """
    own = seat == origin
    if own and source is Source.DISCARD:
        return "own_discard"
    if own and kind is not ClaimKind.CHI and not rules.win_pong_kong_on_own_flip:
        return "own_flip"
    if kind is ClaimKind.CHI and seat not in ((origin + 1) % rules.players, origin):
        return "chi_not_lower"
    return None


def resolve_claims(claims: Iterable[Claim], origin: int, source: Source | str, *,
                   rules: RuleSet = DEFAULT_RULES) -> ClaimResolution:
    """Who gets the card ``origin`` discarded (``source="discard"``) or flipped (``"flip"``)."""
    players = rules.players
    source = Source.read(source)
    if not 0 <= origin < players:
        raise Dou14Error(f"seat {origin} is not 0..{players - 1}")
    valid: list[Claim] = []
    refused: list[tuple[Claim, str]] = []
    for claim in claims:
        if not 0 <= claim.seat < players:
            raise Dou14Error(f"seat {claim.seat} is not 0..{players - 1}")
        reason = seat_refusal(claim.kind, claim.seat, origin, source, rules)
        if reason is None:
            valid.append(claim)
        else:
            refused.append((claim, reason))
    seat_order = seats_from(origin, players)
    chi_order = seat_order
    if source is Source.FLIP and rules.chi_priority_flipper_first:
        chi_order = [origin, *seat_order[:-1]]

    def key(claim: Claim) -> tuple[int, int]:
        seats = chi_order if claim.kind is ClaimKind.CHI else seat_order
        return _RANK[claim.kind], seats.index(claim.seat)

    order = tuple(sorted(valid, key=key))
    return ClaimResolution(order[0] if order else None, tuple(refused), order, origin, source,
                           rules.players)

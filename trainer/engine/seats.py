"""Seats seen from one player (R-SEAT): play runs counterclockwise, so a player's lower player
(下家) is the next seat and acts after them, their upper player (上家) the previous seat. At a
table seen from your chair the lower player sits on your right, the upper player on your left,
and with four players the fourth sits opposite (对家).
"""

from __future__ import annotations

from enum import StrEnum


class Relation(StrEnum):
    """Where a seat sits as seen from another."""

    YOU = "you"
    LOWER = "lower"
    OPPOSITE = "opposite"
    UPPER = "upper"

    @property
    def place(self) -> str:
        """Where it is drawn: ``bottom``, ``right``, ``top`` or ``left``."""
        return {"you": "bottom", "lower": "right", "opposite": "top", "upper": "left"}[self.value]


def relation(seat: int, viewer: int, players: int) -> Relation:
    """How ``seat`` sits as seen from ``viewer`` (R-SEAT)."""
    if not 0 <= seat < players or not 0 <= viewer < players:
        raise ValueError(f"seats are 0..{players - 1}, not {seat} and {viewer}")
    step = (seat - viewer) % players
    if step == 0:
        return Relation.YOU
    if step == 1:
        return Relation.LOWER
    if step == players - 1:
        return Relation.UPPER
    return Relation.OPPOSITE


def seat_of(relation_: Relation, viewer: int, players: int) -> int:
    """The seat in ``relation_`` to ``viewer`` (R-SEAT)."""
    step = {Relation.YOU: 0, Relation.LOWER: 1, Relation.OPPOSITE: 2,
            Relation.UPPER: players - 1}[relation_]
    if relation_ is Relation.OPPOSITE and players != 4:
        raise ValueError("only a four-player table has an opposite seat")
    return (viewer + step) % players


def counterclockwise_from(origin: int, players: int) -> list[int]:
    """The other seats in the order they act after ``origin`` (R-SEAT, R-PRIORITY)."""
    return [(origin + step) % players for step in range(1, players)]

"""The buttons of a lesson's card table and the move each makes (R-DISCARD, R-PRIORITY,
R-TOU, R-KONG): the names the component sends back, typed.

>>> TableButton.LAY_DOWN.move(3)
<ActionKind.LAY_PONG: 'lay_pong'>
>>> TableButton.read("steal") is None
True
"""

from __future__ import annotations

from enum import StrEnum

from trainer.engine.game.actions import ActionKind
from trainer.engine.inputs import member
from trainer.engine.priority import ClaimKind


class TableButton(StrEnum):
    DISCARD = "discard"
    CHI = "chi"
    PONG = "pong"
    KONG = "kong"
    WIN = "win"
    PASS = "pass"
    LAY_DOWN = "lay_down"
    """Lays a joker (one card), a pong (three) or a kong (four) face up (R-TOU)."""
    KONG_DRAWN = "kong_drawn"
    """Adds a card to the pong just made (R-KONG)."""
    DONE = "done"
    TIANZOU = "tianzou"

    @property
    def claim(self) -> ClaimKind | None:
        """The claim the button makes on an offered card (none for a pass or a turn's move)."""
        return _CLAIMS.get(self)

    @property
    def cards_needed(self) -> tuple[int, int]:
        """How many of the learner's cards the button takes, at least and at most."""
        return _CARDS_NEEDED.get(self, (0, 0))

    def move(self, cards: int) -> ActionKind:
        """The move a press makes with ``cards`` selected."""
        if self is TableButton.LAY_DOWN:
            return {3: ActionKind.LAY_PONG, 4: ActionKind.LAY_KONG}.get(cards, ActionKind.LAY_JOKER)
        return _KINDS[self]

    @classmethod
    def read(cls, name: str) -> TableButton | None:
        """The button named ``name`` (as the component sends it back), or ``None``."""
        return member(cls, name)


_CARDS_NEEDED = {TableButton.DISCARD: (1, 1), TableButton.CHI: (1, 1),
                 TableButton.LAY_DOWN: (1, 4), TableButton.KONG_DRAWN: (1, 1)}
_KINDS = {TableButton.DISCARD: ActionKind.DISCARD, TableButton.CHI: ActionKind.CHI,
          TableButton.PONG: ActionKind.PONG, TableButton.KONG: ActionKind.KONG,
          TableButton.WIN: ActionKind.WIN, TableButton.PASS: ActionKind.PASS,
          TableButton.LAY_DOWN: ActionKind.LAY_JOKER, TableButton.KONG_DRAWN: ActionKind.KONG_DRAWN,
          TableButton.DONE: ActionKind.DONE, TableButton.TIANZOU: ActionKind.TIANZOU}

_CLAIMS = {TableButton.WIN: ClaimKind.WIN, TableButton.KONG: ClaimKind.KONG,
           TableButton.PONG: ClaimKind.PONG, TableButton.CHI: ClaimKind.CHI}

CLAIM_BUTTONS = (TableButton.WIN, TableButton.KONG, TableButton.PONG, TableButton.CHI,
                 TableButton.PASS)
LAYDOWN_BUTTONS = (TableButton.LAY_DOWN, TableButton.DONE)
KONG_LAYDOWN_BUTTONS = (TableButton.LAY_DOWN, TableButton.KONG_DRAWN, TableButton.DONE)
"""The lay-down round when a fourth held may join the pong just made (R-KONG, two steps)."""

"""The learner's choices at the table, as buttons of the card table: one "discard" that takes the
tapped card (R-DISCARD), and one button per other legal action — win, 天走, pong, kong, each chi
partner, pass, each lay-down, done (R-WIN, R-SPECIAL, R-PONG, R-KONG, R-CHI, R-TOU). A press
(its id and the tapped cards) becomes the engine's action here, never in the page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView

DISCARD = "discard"
_ORDER = (ActionKind.WIN, ActionKind.TIANZOU, ActionKind.KONG, ActionKind.PONG, ActionKind.CHI,
          ActionKind.KONG_DRAWN, ActionKind.LAY_KONG, ActionKind.LAY_PONG, ActionKind.LAY_JOKER,
          ActionKind.DONE, ActionKind.PASS)


@dataclass(frozen=True)
class Choice:
    """A button: ``action`` is what it does (``None`` for discard: the tapped card decides)."""

    id: str
    kind: ActionKind
    action: Action | None

    @property
    def takes_card(self) -> bool:
        return self.action is None

    @property
    def primary(self) -> bool:
        return self.kind in (ActionKind.WIN, ActionKind.TIANZOU, ActionKind.DISCARD)


def choices(view: PlayerView) -> list[Choice]:
    """The buttons for the learner's decision now (empty when it is not theirs)."""
    legal = view.legal
    found = [Choice(f"{action.kind.value}-{index}", action.kind, action)
             for index, action in enumerate(legal) if action.kind is not ActionKind.DISCARD]
    found.sort(key=lambda choice: _ORDER.index(choice.kind))
    if any(action.kind is ActionKind.DISCARD for action in legal):
        found.insert(0, Choice(DISCARD, ActionKind.DISCARD, None))
    return found


def action_for(view: PlayerView, choice_id: str, tapped: Sequence[int]) -> Action | None:
    """The engine action a press means, or None when it means nothing now (a stale or malformed
    press, a discard without exactly one tapped card)."""
    for choice in choices(view):
        if choice.id != choice_id:
            continue
        if choice.action is not None:
            return choice.action
        if len(tapped) != 1 or not 0 <= tapped[0] < len(view.hand):
            return None
        wanted = Action(view.seat, ActionKind.DISCARD, (view.hand[tapped[0]],))
        return wanted if wanted in view.legal else None
    return None

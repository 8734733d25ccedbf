"""What a move's table is a case of, beyond its goal (issue 31): the point a fresh table of
the step keeps — a chi of one's own flip (R-OWN-FLIP), a joker laid after a draw (R-TOU-LATER),
which kong a fresh pong becomes (R-KONG), a 全红 win (R-SPECIAL), a pass that ends the hand
drawn (R-STOCK-EMPTY) — read from the table and the move asked for."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.lessons.table_tasks import TableScene, ends_drawn


@dataclass(frozen=True, slots=True)
class MoveCase:
    """What a move's table is a case of, beyond its goal."""

    own_flip: bool = False
    """A chi of the learner's own flip (R-OWN-FLIP: chi only)."""
    after_draw: bool = False
    """A joker laid down right after a draw during play, not in the lay-down round (R-TOU-LATER)."""
    kong_case: int = 0
    """A kong on a fresh pong: 3 the card drawn (巴起), 2 or 1 the fourth held (R-KONG)."""
    all_red: bool = False
    """A win whose every card is red (全红, R-SPECIAL)."""
    drawn: bool = False
    """Letting the card go ends the hand drawn (流局, R-STOCK-EMPTY)."""


def plain_case(goal: str) -> MoveCase:
    """The case a goal is without a word more (a kong on a fresh pong: 巴起)."""
    return MoveCase(kong_case=3 if goal == "kong_drawn" else 0, drawn=goal == "pass")


def case_of(scene: TableScene, goal: Action) -> MoveCase:
    """What the table is a case of, read from the table and the move asked for."""
    state = scene.state
    offer = state.offer
    kong_case = 0
    if goal.kind is ActionKind.KONG_DRAWN:
        kong_case = 3 if not state.fourth_held else 1 if state.phase is Phase.LAYDOWN else 2
    all_red = goal.kind is ActionKind.WIN and offer is not None and offer.card.is_red and all(
        card.is_red for card in (*state.hands[scene.seat],
                                 *(c for m in state.melds[scene.seat] for c in m.cards)))
    return MoveCase(
        own_flip=goal.kind is ActionKind.CHI and state.phase is Phase.CLAIM and
        offer is not None and offer.seat == scene.seat,
        after_draw=goal.kind is ActionKind.LAY_JOKER and state.phase is Phase.DISCARD,
        kong_case=kong_case, all_red=all_red,
        drawn=goal.kind is ActionKind.PASS and ends_drawn(scene))


_LEVEL_KINDS = {"discard": "move_discard", "chi": "move_chi", "pong": "move_pong",
                "kong": "move_kong", "kong_drawn": "move_kong", "win": "move_win",
                "pass": "move_pass", "lay_joker": "move_lay", "lay_pong": "move_lay",
                "lay_kong": "move_lay", "done": "move_lay", "tianzou": "move_special"}


def level_kind(goal: str, case: MoveCase) -> str:
    """What a move's level exercises, for the skill map and the help shown before it (issue
    31: a lay-down showed the claim-priority hint): a discard keeps 14-pairs (R-PAIR14), a
    lay-down trades what never pairs (R-TOU), a chi or pong takes a card (R-CHI, R-PONG), a
    kong is one of its cases (R-KONG), a win pairs everything (R-WIN) — a 全红 win or 天走 is
    special (R-SPECIAL) —, a pass at the stock's end ends the hand drawn (R-STOCK-EMPTY)."""
    if goal == "win" and case.all_red:
        return "move_special"
    return _LEVEL_KINDS.get(goal, "move_chi")

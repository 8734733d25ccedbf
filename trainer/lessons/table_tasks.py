"""Doing, not reading: a move made on a small table (R-TOU, R-DISCARD, R-CHI, R-PONG, R-KONG,
R-WIN, R-STOCK-EMPTY). The table is a real hand of the engine's game — dealt from a stacked deck, or replayed
from a simulated hand — stopped where the learner must act. The learner taps cards and presses an
action; :func:`apply_table_action` turns that into the engine's action, lets the engine judge it
(an illegal move is refused with its rule), and compares it with the move the step asks for.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

from trainer.content.stacking import stacked_hand
from trainer.engine import Card, Dou14Error, Message, partners_of, relation, seat_of
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import Event
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.moves import distinct_moves
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.priority import seat_refusal
from trainer.engine.seats import Relation
from trainer.engine.sources import Source
from trainer.lessons.answers import LessonAnswer, MoveAnswer, Shape
from trainer.lessons.board import Board, SeatPicture
from trainer.lessons.buttons import CLAIM_BUTTONS, KONG_LAYDOWN_BUTTONS, LAYDOWN_BUTTONS, TableButton
from trainer.lessons.move_goals import black_kept, lone_discard, second_step, two_step_kong
from trainer.lessons.refusals import refusal
from trainer.lessons.table_then import then_words
from trainer.lessons.task import StepData, Task, TaskError

GOALS = ("discard", "chi", "pong", "kong", "win", "pass", "lay_joker", "lay_pong", "lay_kong",
         "kong_drawn", "done", "tianzou")


@dataclass(frozen=True)
class TableScene:
    """A hand stopped where ``seat`` (the learner) must act."""

    state: HandState
    seat: int
    then: tuple[Event, ...] = ()
    """What happened since the learner's move, when this is the table after it (told under it:
    flips nobody could take go by in the engine, and the table moved on)."""

    @property
    def view(self) -> PlayerView:
        return view_of(self.state, self.seat)

    @property
    def moves(self) -> int:
        """How many distinct moves the learner has here (two discards alike are one)."""
        return len(distinct_moves(self.view.legal))

    def buttons(self) -> tuple[TableButton, ...]:
        """The table's buttons at this moment: claims, a discard, the lay-down round. At a
        discard, a lay-down only where the moment allows one — a stock card just came into the
        hand (R-TOU-LATER) — and a kong on the pong only right after one's own pong (R-KONG):
        both are public, so the buttons say nothing of the hand, and no move is offered that
        no hand could make now: at a claim, no chi on a card from another seat than the upper
        player, nor a claim on one's own flip the table's rules forbid (R-CHI, R-OWN-FLIP)."""
        state = self.state
        phase = state.phase
        if phase is Phase.CLAIM:
            offer = state.offer
            if offer is None:
                return CLAIM_BUTTONS
            return tuple(button for button in CLAIM_BUTTONS
                         if button.claim is None or seat_refusal(
                             button.claim, self.seat, offer.seat, offer.source,
                             state.rules) is None)
        if phase is Phase.LAYDOWN:
            if any(a.kind is ActionKind.KONG_DRAWN for a in state.legal_actions()):
                return KONG_LAYDOWN_BUTTONS
            return LAYDOWN_BUTTONS
        buttons = [TableButton.DISCARD]
        if state.may_lay_down:
            buttons.append(TableButton.LAY_DOWN)
        if state.fresh_pong == self.seat:
            buttons.append(TableButton.KONG_DRAWN)
        if any(a.kind is ActionKind.TIANZOU for a in state.legal_actions()):
            buttons.insert(0, TableButton.TIANZOU)  # R-SPECIAL: before the first discard
        return tuple(buttons)


@dataclass(frozen=True)
class MoveOutcome:
    """What the engine says of one move: refused (with the rule), allowed but not what was
    asked, or the move asked for (with the table after it)."""

    legal: bool
    correct: bool
    message: Message
    action: Action | None = None


def _parse_script(item: str, players: int, learner: int) -> tuple[int, ActionKind, str]:
    who, _, rest = item.partition(":")
    kind, _, cards = rest.partition(":")
    try:
        seat = seat_of(Relation(who), learner, players)
        return seat, ActionKind(kind), cards
    except ValueError:
        raise TaskError(f"bad move {item!r}: write who:kind[:cards], e.g. upper:discard:Kd") from None


Responder = Callable[[HandState], bool]
"""How the other players answer at a table: apply one action of the player to act, or return
False when there is none to apply."""


def _answer_once(state: HandState) -> bool:
    """The player to act passes the card offered, or ends their lay-downs; False when neither
    is theirs to do."""
    kinds = {action.kind for action in state.legal_actions()}
    for kind in (ActionKind.PASS, ActionKind.DONE):
        if kind in kinds:
            state.apply(Action(state.to_act, kind))
            return True
    return False


def _answer_others(state: HandState, learner: int, until: int | None,
                   answer: Responder = _answer_once) -> None:
    """Everyone but the learner answers (by default: passes claims and ends their lay-downs),
    until ``until`` (or the learner) is to act."""
    while not state.over and state.to_act != learner and state.to_act != until:
        if not answer(state):
            return


def scene_of(data: StepData) -> TableScene:
    """The step's table: a stacked deal played forward by its script, or a replay."""
    rules = data.rules()
    learner = data.integer("seat", 0)
    try:
        if data.has("replay"):
            replay = Replay.from_json(data.text("replay"))
            return TableScene(replay.state_at(), learner)
        hands = [data.cards(f"hand_{relation(seat, 0, rules.players).value}")
                 for seat in range(rules.players)]
        dealer = seat_of(Relation(data.choice("dealer", tuple(r.value for r in Relation), "you")),
                         0, rules.players)
        state = stacked_hand(hands, data.cards("stock"), dealer, rules)
        for item in data.strings("before"):
            seat, kind, cards = _parse_script(item, rules.players, learner)
            _answer_others(state, learner, seat)
            from trainer.engine import parse_cards

            state.apply(Action(seat, kind, parse_cards(cards)))
        _answer_others(state, learner, None)
    except (Dou14Error, ValueError) as error:
        raise TaskError(f"the table cannot be set up: {error}") from None
    if state.over or state.to_act != learner:
        raise TaskError("after the moves before it, it must be the learner's turn to act")
    return TableScene(state, learner)


def board_of_scene(scene: TableScene, *, passes: bool = True, say_win: bool = True) -> Board:
    """The table as the learner at ``scene`` sees it; without ``passes``, no seat shows the
    cards that passed it (R-READ) — for a question of the rules whose answer never depends on
    them, before the lesson that teaches them; without ``say_win``, the words under it do not
    say that the card now offered wins for the learner (the next question asks it)."""
    view = scene.view
    players = view.rules.players
    me = scene.seat
    seats = tuple(SeatPicture(relation(seat, me, players), hidden=view.hand_sizes[seat],
                              melds=view.melds[seat],
                              pile=view.piles[seat],
                              dealer=seat == view.dealer,
                              passed=() if view.history is None or not passes
                              else tuple(view.history.passed_cards(seat)))
                  for seat in range(players) if seat != me)
    offer = view.offer
    return Board(view.hand, view.melds[me],
                 pile=view.piles[me], seats=seats,
                 offer=None if offer is None else offer.card,
                 offer_from=None if offer is None else relation(offer.seat, me, players),
                 offer_source=None if offer is None else offer.source,
                 first_discard=bool(offer and offer.dealer_first_discard),
                 stock=view.stock_size, rules=view.rules, dealer=view.dealer == me,
                 buttons=scene.buttons(),
                 then=then_words(scene.state, scene.seat, scene.then, say_win=say_win))


def to_engine_action(scene: TableScene, move: MoveAnswer) -> Action | Message:
    """The engine action a button press means, or why the press means nothing yet."""
    hand = scene.view.hand
    if any(not 0 <= i < len(hand) for i in move.indices):
        return Message.of("hint.move_pick_cards", ("R-DISCARD",))
    cards = tuple(hand[i] for i in move.indices)
    seat = scene.seat
    kind = move.kind
    if kind in (ActionKind.DISCARD, ActionKind.CHI, ActionKind.KONG_DRAWN) and len(cards) != 1:
        return Message.of(f"hint.move_one_card_{kind.value}", ("R-DISCARD",))
    if kind in (ActionKind.LAY_JOKER, ActionKind.LAY_PONG, ActionKind.LAY_KONG):
        if not cards:
            return Message.of("hint.move_pick_cards", ("R-TOU",))
        if len(cards) not in (1, 3, 4):
            return Message.of("hint.move_lay_down_cards", ("R-TOU",), cards=cards)
        kind = {1: ActionKind.LAY_JOKER, 3: ActionKind.LAY_PONG, 4: ActionKind.LAY_KONG}[len(cards)]
        if kind is not ActionKind.LAY_JOKER and len({c.rank for c in cards}) != 1:
            return Message.of("hint.move_lay_down_same_rank", ("R-TOU", "R-SET"), cards=cards)
        if kind is ActionKind.LAY_JOKER and not cards[0].is_joker:
            return Message.of("hint.move_lay_down_cards", ("R-TOU",), cards=cards)
        ordered = tuple(sorted(cards, key=lambda c: c.index))
        return Action(seat, kind, ordered)
    if kind in (ActionKind.DISCARD, ActionKind.CHI, ActionKind.KONG_DRAWN):
        return Action(seat, kind, cards)
    return Action(seat, kind)


def judged_move(scene: TableScene, given: LessonAnswer) -> Action | Message:
    """The legal engine action a learner's answer at the table means, or why it means none (a
    refusal with its rule) — what a level graded by values rather than by one goal judges."""
    if not isinstance(given, MoveAnswer):
        return Message.of("hint.move_not_now", ("R-DISCARD",))
    action = to_engine_action(scene, given)
    if isinstance(action, Message):
        return action
    if action not in scene.state.legal_actions():
        return refusal(scene.state, action)
    return action


def refused_move(scene: TableScene, given: LessonAnswer) -> Message | None:
    """Why the rules refuse the press ``given`` at this moment (:func:`judged_move`), or None
    for a legal move — at a question of values such a press is no answer."""
    action = judged_move(scene, given)
    return action if isinstance(action, Message) else None


def button_move(button: TableButton, indices: tuple[int, ...]) -> MoveAnswer:
    """The move a press of the table's ``button`` makes with the selected cards."""
    return MoveAnswer(button.move(len(indices)), indices)


def apply_table_action(scene: TableScene, goal: Action, move: MoveAnswer) -> MoveOutcome:
    """Judge one move on the table against the move the step asks for (``goal``)."""
    action = to_engine_action(scene, move)
    if isinstance(action, Message):
        return MoveOutcome(False, False, action)
    if action not in scene.state.legal_actions():
        return MoveOutcome(False, False, refusal(scene.state, action), action)
    if action == goal or two_step_kong(goal, action) or \
            lone_discard(scene.view.hand, goal, action):
        return MoveOutcome(True, True, Message.of("move.accepted", (), action=move_words(
            action.kind, action.cards)),
                           action)
    return MoveOutcome(True, False, _not_asked(scene, goal, action), action)


def move_words(kind: ActionKind, cards: tuple[Card, ...]) -> Message:
    """A move as the learner made it ("you discard 5♥"); a lone joker is "a joker", not a
    card's name."""
    joker = kind in (ActionKind.DISCARD, ActionKind.KONG_DRAWN) and len(cards) == 1 \
        and cards[0].is_joker
    return Message.of(f"move.{kind.value}_joker" if joker else f"move.{kind.value}", cards=cards)


def _not_asked(scene: TableScene, goal: Action, action: Action) -> Message:
    """The move is allowed, but not the one asked for: say what it would cost or miss."""
    if goal.kind is ActionKind.WIN:
        return Message.of("hint.move_missed_win", ("R-WIN",))
    if goal.kind is ActionKind.PASS and ends_drawn(scene):
        return Message.of("hint.move_drawn_claimed", ("R-STOCK-EMPTY",))
    if action.kind is ActionKind.PASS:
        return Message.of("hint.move_passed", (_RULE.get(goal.kind, "R-PRIORITY"),))
    if goal.kind is ActionKind.DISCARD and action.kind is ActionKind.DISCARD:
        card = action.cards[0]
        partner = partners_of(card, scene.view.hand)[0]
        return Message.of("hint.move_discard_pairs", ("R-PAIR14",), card=card, partner=partner)
    if goal.kind is action.kind:
        return Message.of("hint.move_other_card", (), cards=action.cards)
    if goal.kind is ActionKind.LAY_JOKER and action.kind is ActionKind.DISCARD and \
            action.cards[0].is_joker:  # gone, not kept: what it would have brought instead
        return Message.of("hint.move_joker_thrown", ("R-TOU", "R-FAN"))
    if goal.kind in _GOAL_HINTS:  # what the goal is for, asked: "read the goal again" alone says nothing
        return Message.of(f"hint.move_goal_{goal.kind.value}", (_RULE[goal.kind],))
    return Message.of("hint.move_other_move", ())


_GOAL_HINTS = frozenset({ActionKind.LAY_JOKER, ActionKind.LAY_PONG, ActionKind.LAY_KONG,
                         ActionKind.KONG_DRAWN, ActionKind.TIANZOU})
"""Goals whose miss by another allowed move is answered with a question of their own."""


def after_move(scene: TableScene, action: Action, answer: Responder = _answer_once) -> TableScene:
    """The table after the learner's move — a copy: the step's own table is left as it was.
    After a discard, once the others have answered it (let go: its card in the pile, the next
    flip on offer; or taken): the flips after it, each let go by everyone, would jump the table
    ahead unseen. After any other move, with the others answering claims until the learner's
    next decision (or the end of the hand). The others pass by default; ``answer`` is how they
    answer instead — :func:`as_replayed` for a moment of a real hand."""
    state = copy.deepcopy(scene.state)
    state.apply(action)
    if action.kind is ActionKind.DISCARD:  # (when nobody may claim it, the flip is on at once)
        while not state.over and state.to_act != scene.seat and state.offer is not None and \
                state.offer.seat == scene.seat and state.offer.source is Source.DISCARD:
            if not answer(state):
                break
    else:
        _answer_others(state, scene.seat, None, answer)
    return TableScene(state, scene.seat, tuple(state.events[len(scene.state.events):]))


def as_replayed(replay: Replay, step: int) -> Responder:
    """The others answer as they did in ``replay``, whose action ``step`` is the learner's: the
    table after a moment of a real hand shows what happened next in that hand."""
    following = iter(replay.actions[step + 1:])

    def answer(state: HandState) -> bool:
        action = next(following, None)
        if action is None:
            return False
        state.apply(action)
        return True

    return answer


def ends_drawn(scene: TableScene) -> bool:
    """Letting the offered card go ends the hand drawn: no stock card is left for the next flip,
    and nobody else takes it (R-STOCK-EMPTY)."""
    state = scene.state
    if state.phase is not Phase.CLAIM or state.stock:
        return False
    after = after_move(scene, Action(scene.seat, ActionKind.PASS)).state
    return after.result is not None and after.result.winner is None


def goal_of(data: StepData, scene: TableScene) -> Action:
    goal = data.choice("goal", GOALS, "discard")
    kind = ActionKind(goal)
    cards: tuple[Card, ...] = ()
    if data.has("goal_cards"):
        cards = data.cards("goal_cards")
    elif kind in (ActionKind.LAY_JOKER, ActionKind.KONG_DRAWN, ActionKind.CHI,
                  ActionKind.DISCARD, ActionKind.LAY_PONG, ActionKind.LAY_KONG):
        matching = [a for a in scene.state.legal_actions() if a.kind is kind]
        if len(matching) != 1:
            raise TaskError(f"'{goal}' needs 'goal_cards': {len(matching)} such moves are legal")
        cards = matching[0].cards
    action = Action(scene.seat, kind, tuple(sorted(cards, key=lambda c: c.index))
                    if kind in (ActionKind.LAY_PONG, ActionKind.LAY_KONG) else cards)
    if action not in scene.state.legal_actions():
        raise TaskError(f"the move asked for ({action}) is not legal at this table")
    return action


def move_task(data: StepData, table: tuple[TableScene, Action] | None = None) -> Task:
    """The move a step asks for at its table (``table``: the scene and the goal, when the
    caller has them already)."""
    scene, goal = table if table is not None else scene_of_task(data)
    board = board_of_scene(scene, passes=False)  # a rule's move: on a phone the passes of a
    # late table push the hand two screens down, and lesson 9 teaches them
    cards = tuple(board.hand.index(c) for c in goal.cards if c in board.hand)
    answer = MoveAnswer(goal.kind, cards)

    def hint(given: LessonAnswer) -> Message:
        if not isinstance(given, MoveAnswer):
            return Message.of("hint.move_not_now", ("R-DISCARD",))
        return apply_table_action(scene, goal, given).message

    def grade(given: LessonAnswer) -> bool:
        return isinstance(given, MoveAnswer) and apply_table_action(scene, goal, given).correct

    why, rule = f"move_why.{goal.kind.value}", _RULE.get(goal.kind, "R-DISCARD")
    if goal.kind is ActionKind.PASS and ends_drawn(scene):
        why, rule = "move_why.drawn", "R-STOCK-EMPTY"
    instruction = Message.of("instruct.move.table")  # how the table works, never which move

    def shown_after(given: LessonAnswer) -> Board | None:
        """The table after the learner's own right move where it is not the goal (another
        loose card thrown: that card leaves the hand, not the goal's); a pong where the kong is
        asked, with the kong's second step played (R-KONG): the set of four the step asks for."""
        action = to_engine_action(scene, given) if isinstance(given, MoveAnswer) else None
        if not isinstance(action, Action) or action == goal:
            return None
        after = after_move(scene, action)
        second = second_step(after.state.legal_actions()) if two_step_kong(goal, action) \
            else None
        return board_of_scene(after if second is None else after_move(after, second),
                              passes=False)

    def alike(given: LessonAnswer) -> Message | None:
        action = to_engine_action(scene, given) if isinstance(given, MoveAnswer) else None
        if not isinstance(action, Action):
            return None
        if two_step_kong(goal, action):
            return Message.of("lessons.right_two_step_kong", ("R-KONG",))
        black = black_kept(scene.view.hand, action) if lone_discard(
            scene.view.hand, goal, action) else None
        return None if black is None else Message.of(
            "lessons.right_lone_red", ("R-DISCARD", "R-RED"), given=action.cards[0], black=black)

    working: tuple[Message, ...] = (Message.of(why, (rule,)),)
    offer = scene.view.offer
    if goal.kind is ActionKind.CHI and offer is not None:  # the rule, then this table's pair
        working += (Message.of("move_why.chi_here", ("R-CHI", "R-PAIR14"), card=goal.cards[0],
                               offer=offer.card),)
    return Task("move", Shape.MOVE, board, answer, instruction,
                working, (rule,), hint, prompt=Message.of("task.move.prompt"),
                solved_board=board_of_scene(after_move(scene, goal), passes=False), grader=grade,
                shown_after=shown_after, alike_said=alike, moves=scene.moves)


_RULE = {ActionKind.CHI: "R-CHI", ActionKind.PONG: "R-PONG", ActionKind.KONG: "R-KONG",
         ActionKind.KONG_DRAWN: "R-KONG", ActionKind.WIN: "R-WIN", ActionKind.LAY_JOKER: "R-TOU",
         ActionKind.LAY_PONG: "R-TOU", ActionKind.LAY_KONG: "R-TOU", ActionKind.PASS: "R-PRIORITY",
         ActionKind.DONE: "R-TOU-ORDER", ActionKind.DISCARD: "R-DISCARD",
         ActionKind.TIANZOU: "R-SPECIAL"}


def scene_of_task(data: StepData) -> tuple[TableScene, Action]:
    """The table and the asked-for move of a move step (for the page and the run)."""
    scene = scene_of(data)
    return scene, goal_of(data, scene)


__all__ = ["MoveOutcome", "TableScene", "after_move", "apply_table_action", "as_replayed", "board_of_scene",
           "ends_drawn", "judged_move", "move_task", "move_words", "refusal", "refused_move", "scene_of",
           "scene_of_task", "to_engine_action"]

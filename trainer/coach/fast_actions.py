"""Engine actions on the fast form of a hand (:mod:`trainer.coach.fast_hand`): what the seat to
act may do, listed as ``HandState.legal_actions`` lists it, one given action applied as
``HandState.apply`` applies it (refused with :class:`IllegalAction` when it is not legal), and a
trace read back as engine actions.

Why: the coach applies each option of a decision to one fast form copied per option
(:func:`trainer.coach.search.evaluate`), and the tests compare the fast form's legal actions and
actions taken with the engine's at every step."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.coach.fast_form import ANSWER_OF, CLAIM, DISCARD, JOKER, LAYDOWN, NONE, OVER, RANK, Step
from trainer.coach.fast_hand import FastHand
from trainer.engine.cards import ALL_CARDS
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import IllegalAction


def _action(seat: int, kind: ActionKind, cards: Iterable[int] = ()) -> Action:
    return Action(seat, kind, tuple(ALL_CARDS[card] for card in cards))


def _lay_downs(hand: FastHand, seat: int) -> list[Action]:
    """``legal.laydown_actions`` then ``legal.kong_drawn_actions`` (R-TOU, R-KONG)."""
    if not hand.stock:
        return []
    actions = []
    if hand.counts[seat][0]:
        actions.append(_action(seat, ActionKind.LAY_JOKER, (JOKER,)))
    pongs, kongs = hand.lay_ranks(seat)
    for rank in pongs:
        cards = sorted([card for card in hand.hands[seat] if RANK[card] == rank])
        actions.append(_action(seat, ActionKind.LAY_PONG, cards[:3]))
        if rank in kongs:
            actions.append(_action(seat, ActionKind.LAY_KONG, cards[:4]))
    card = hand.kong_drawn_card(seat)
    if card != NONE:
        actions.append(_action(seat, ActionKind.KONG_DRAWN, (card,)))
    return actions


def legal_actions(hand: FastHand) -> list[Action]:
    """What the seat to act may do, in ``HandState.legal_actions``'s order (empty when over)."""
    seat = hand.to_act
    if hand.phase == OVER:
        return []
    if hand.phase == LAYDOWN:
        return [*_lay_downs(hand, seat), Action(seat, ActionKind.DONE)]
    if hand.phase == DISCARD:
        actions = [Action(seat, ActionKind.TIANZOU)] if hand.can_tianzou(seat) else []
        if hand.may_lay_down:
            actions.extend(_lay_downs(hand, seat))
        actions.extend(_action(seat, ActionKind.DISCARD, (card,))
                       for card in sorted(set(hand.hands[seat])))
        return actions
    _seat, win, pong, kong, chi = hand.ask[0]
    actions = [Action(seat, kind) for kind, allowed in (
        (ActionKind.WIN, win), (ActionKind.KONG, kong), (ActionKind.PONG, pong)) if allowed]
    actions.extend(_action(seat, ActionKind.CHI, (card,)) for card in chi)
    return [*actions, Action(seat, ActionKind.PASS)]


def apply(hand: FastHand, action: Action) -> None:
    """Apply one legal engine action to ``hand``, as ``HandState.apply`` does."""
    if hand.phase == OVER:
        raise IllegalAction("the hand is over")
    if action not in legal_actions(hand):
        raise IllegalAction(f"{action} is not allowed now")
    kind = action.kind
    cards = [card.index for card in action.cards]
    if kind is ActionKind.DONE:
        hand.done()
    elif kind in (ActionKind.LAY_JOKER, ActionKind.LAY_PONG, ActionKind.LAY_KONG):
        hand.lay_down(kind, RANK[cards[0]])
    elif kind is ActionKind.KONG_DRAWN:
        hand.kong_drawn(cards[0])
    elif kind is ActionKind.TIANZOU:
        hand.tianzou()
    elif kind is ActionKind.DISCARD:
        hand.discard(cards[0])
    elif hand.phase == CLAIM and kind in ANSWER_OF:
        hand.answer(ANSWER_OF[kind], cards[0] if cards else NONE)
    else:  # pragma: no cover - every legal action is one of the above
        raise IllegalAction(f"{action} is not an action of this phase")


def trace_actions(trace: Iterable[Step]) -> list[Action]:
    """The engine actions a trace (``FastHand.trace``) records."""
    return [_action(seat, kind, cards) for seat, kind, cards in trace]

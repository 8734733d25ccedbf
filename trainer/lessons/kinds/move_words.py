"""A move's question in words of its own table (issue 31): a fresh table is asked as the step
was — "your upper player discards 5♥: take it with a chi", "you just ponged 6♠ and drew 6♦: lay
it on the pong" — naming the cards the move depends on (who offered which card, the pair or
triple held, the pong just made, the card drawn), so its first try can be fresh too."""

from __future__ import annotations

from trainer.engine import Card, Message, rank_name, relation
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import EventKind
from trainer.engine.priority import ClaimKind
from trainer.lessons.kinds._shared import at_table, offer_words
from trainer.lessons.kinds.move_cases import MoveCase
from trainer.lessons.table_tasks import TableScene


def move_prompt(scene: TableScene, goal: Action, case: MoveCase) -> Message:
    """The question of a move at ``scene``: what to do, with what it depends on."""
    return at_table(_question(scene, goal, case), scene.state.rules)


def _question(scene: TableScene, goal: Action, case: MoveCase) -> Message:
    state = scene.state
    me = scene.seat
    players = state.rules.players
    kind = goal.kind
    card = goal.cards[0] if goal.cards else None
    rank = rank_name(card.rank) if card is not None and card.rank else ""
    offer = state.offer
    if offer is not None:
        said = offer_words(offer.card, relation(offer.seat, me, players), offer.source)
        offered_rank = rank_name(offer.card.rank or 7)
        if kind is ActionKind.CHI:
            return Message.of("task.move.chi_own_flip", card=offer.card) if case.own_flip \
                else Message.of("task.move.chi", offer=said)
        if kind in (ActionKind.PONG, ActionKind.KONG):
            return Message.of(f"task.move.{kind.value}", offer=said, rank=offered_rank)
        if kind is ActionKind.WIN:
            return Message.of("task.move.win_all_red" if case.all_red else "task.move.win",
                              offer=said)
        if kind is ActionKind.PASS and case.drawn:
            return Message.of("task.move.pass_drawn", offer=said)
    pong = _ponged(scene) or (state.melds[me][-1].cards[0] if state.melds[me] else None)
    if kind is ActionKind.DISCARD and card is not None:
        first = not state.dealer_discarded and state.dealer == me
        return Message.of("task.move.discard_first" if first else "task.move.discard", card=card)
    if kind is ActionKind.KONG_DRAWN and card is not None and pong is not None:
        return Message.of(f"task.move.kong_drawn_{case.kong_case}", ponged=pong, card=card,
                          drawn=state.drawn or card, rank=rank)
    if kind is ActionKind.LAY_JOKER and case.after_draw and pong is not None:
        return Message.of("task.move.lay_joker_after_draw", ponged=pong)
    if kind is ActionKind.LAY_JOKER:
        return Message.of("task.move.lay_joker_dealer" if state.dealer == me
                          else "task.move.lay_joker")
    if kind is ActionKind.LAY_PONG and state.dealer == me:
        return Message.of("task.move.lay_pong_dealer", rank=rank)
    if kind is ActionKind.LAY_PONG:
        dealer = relation(state.dealer, me, players)
        return Message.of("task.move.lay_pong", rank=rank,
                          dealer=Message.of(f"seat.{dealer.value}"))
    if kind is ActionKind.TIANZOU:
        return Message.of("task.move.tianzou")
    return Message.of("task.move.prompt")


def _ponged(scene: TableScene) -> Card | None:
    """The card the learner last took with a pong or kong (the one claimed, not one of theirs:
    an 8♥ ponged with 8♣ 8♦ is "you ponged 8♥", not 8♣), or None (three laid down after the
    deal claim nothing)."""
    return next((event.cards[0] for event in reversed(scene.state.events)
                 if event.kind is EventKind.TAKE and event.seat == scene.seat and
                 event.claim in (ClaimKind.PONG, ClaimKind.KONG) and event.cards), None)

"""What a seat may do at a decision of the hand: lay down (R-TOU), add to a fresh pong (R-KONG),
declare 天走 or discard (R-DISCARD), claim an offered card or pass (R-CHI, R-PONG, R-KONG, R-WIN,
R-OWN-FLIP, R-PRIORITY): pure reads of a hand's state."""

from __future__ import annotations

from typing import Protocol

from trainer.engine.cards import JOKER, Card
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Claimable, Offer, Phase
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.rules import RuleSet
from trainer.engine.sources import Source
from trainer.engine.win_rule import HandValue, claim_wins, judge


class HandState(Protocol):
    """What these reads see of :class:`trainer.engine.game.state.HandState`."""

    rules: RuleSet
    dealer: int
    stock: list[Card]
    hands: list[list[Card]]
    melds: list[list[Meld]]
    phase: Phase
    to_act: int
    may_lay_down: bool
    fresh_pong: int | None
    fourth_held: bool
    drawn: Card | None
    ask_order: list[Claimable]
    dealer_discarded: bool


def legal_actions(state: HandState) -> list[Action]:
    """What ``state.to_act`` may do now (empty when the hand is over)."""
    if state.phase is Phase.OVER:
        return []
    seat = state.to_act
    if state.phase is Phase.LAYDOWN:
        return [*laydown_actions(state, seat), *kong_drawn_actions(state, seat),
                Action(seat, ActionKind.DONE)]
    if state.phase is Phase.DISCARD:
        actions: list[Action] = []
        if seat == state.dealer and not state.dealer_discarded and judge(
                HandValue.of(state.hands[seat], state.melds[seat]), state.rules.red_threshold,
                tianzou=True).win:
            actions.append(Action(seat, ActionKind.TIANZOU))
        if state.may_lay_down:
            actions.extend(laydown_actions(state, seat))
            actions.extend(kong_drawn_actions(state, seat))
        seen: set[Card] = set()
        for card in sorted(state.hands[seat], key=lambda c: c.index):
            if card not in seen:
                seen.add(card)
                actions.append(Action(seat, ActionKind.DISCARD, (card,)))
        return actions
    return claim_actions(state.ask_order[0])


def claim_actions(claimable: Claimable) -> list[Action]:
    """A seat's answers to the offered card, strongest first, pass last (R-PRIORITY)."""
    seat = claimable.seat
    actions = [Action(seat, kind) for kind, allowed in (
        (ActionKind.WIN, claimable.win), (ActionKind.KONG, claimable.kong),
        (ActionKind.PONG, claimable.pong)) if allowed]
    actions.extend(Action(seat, ActionKind.CHI, (card,)) for card in claimable.chi)
    return [*actions, Action(seat, ActionKind.PASS)]


def legal_actions_for(state: HandState, seat: int) -> list[Action]:
    """What ``seat`` may do at the current decision: the acting seat's actions; while a card
    is offered, the claims of every seat still to be asked (each answers in priority order,
    R-PRIORITY); nothing for a seat with no say."""
    if seat == state.to_act:
        return legal_actions(state)
    if state.phase is not Phase.CLAIM:
        return []
    for claimable in state.ask_order:
        if claimable.seat == seat:
            return claim_actions(claimable)
    return []


def kong_drawn_actions(state: HandState, seat: int) -> list[Action]:
    """R-KONG, right after the draw that followed ``seat``'s pong, with a stock card left for
    the kong's draw: add the card just drawn if it has the pong's rank (case 3, 巴起), or the
    fourth held from before when the pong was made from three of four (cases 1 and 2 in two
    steps). Never later: a pong laid earlier does not grow."""
    if state.fresh_pong != seat or not state.stock:
        return []
    pong = state.melds[seat][-1]
    rank = pong.cards[0].rank
    if pong.kind is not MeldKind.PONG or rank is None:
        return []
    addable = sorted({card for card in state.hands[seat] if card.rank == rank and
                      (card == state.drawn or state.fourth_held)}, key=lambda c: c.index)
    return [Action(seat, ActionKind.KONG_DRAWN, (card,)) for card in addable]


def laydown_actions(state: HandState, seat: int) -> list[Action]:
    """R-TOU: a joker for one card, a triple as a pong for one, four as a kong for two —
    only while the stock can pay the draws (R-STOCK-EMPTY)."""
    stock = len(state.stock)
    if stock == 0:
        return []
    by_rank: dict[int | None, list[Card]] = {}
    for card in state.hands[seat]:
        by_rank.setdefault(card.rank, []).append(card)
    actions: list[Action] = []
    jokers = by_rank.get(None, [])
    if jokers:
        actions.append(Action(seat, ActionKind.LAY_JOKER, (JOKER,)))
    gathered_ok = state.phase is Phase.LAYDOWN or state.rules.kong_from_gathered_four
    for _rank, cards in sorted(by_rank.items(), key=lambda item: item[0] or 0):
        if len(cards) >= 3:
            triple = tuple(sorted(cards, key=lambda c: c.index)[:3])
            actions.append(Action(seat, ActionKind.LAY_PONG, triple))
        if len(cards) >= 4 and stock >= 2 and gathered_ok:
            actions.append(Action(seat, ActionKind.LAY_KONG,
                                  tuple(sorted(cards, key=lambda c: c.index)[:4])))
    return actions


def claimables(state: HandState, offer: Offer) -> list[Claimable]:
    """Who may claim the offered card and how, in the order they are asked: win-capable
    seats first, counterclockwise from the card's player (R-PRIORITY)."""
    rules = state.rules
    players = rules.players
    card = offer.card
    rank = card.rank
    stock = len(state.stock)
    found: list[Claimable] = []
    lower = (offer.seat + 1) % players
    for step in range(1, players + 1):
        seat = (offer.seat + step) % players
        own = seat == offer.seat
        if own and offer.source is Source.DISCARD:
            continue
        others_only = not own or rules.win_pong_kong_on_own_flip
        hand = state.hands[seat]
        same = 0
        partners: list[Card] = []
        for held in hand:
            if held.rank == rank:
                same += 1
            if rank is not None and held.rank is not None and held.rank + rank == 14 \
                    and held not in partners and held != card:
                partners.append(held)
        entry = Claimable(seat)
        if others_only:
            entry.pong = same >= 2 and stock >= 1
            entry.kong = same >= 3 and stock >= 2
            if rank is not None and partners:
                entry.win = wins(state, seat, offer)
        if rank is not None and (seat == lower or own) and len(hand) >= 3:
            # R-CHI + R-PARITY: after a chi one discards, so a last single card cannot chi.
            entry.chi = tuple(sorted(partners, key=lambda c: c.index))
        if entry.win or entry.pong or entry.kong or entry.chi:
            found.append(entry)
    found.sort(key=lambda e: 0 if e.win else 1)  # stable: keeps counterclockwise order
    return found

def wins(state: HandState, seat: int, offer: Offer) -> bool:
    """The bare R-WIN / R-SPECIAL test for ``seat`` on the offered card."""
    return claim_wins(state.hands[seat], state.melds[seat], offer.card,
                      offer.dealer_first_discard, state.rules.red_threshold)

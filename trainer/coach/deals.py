"""The hidden cards dealt again, from one player's view only (R-PUBLIC, R-READ): the unseen cards
shared out to the other players' concealed hands (their sizes are public) and the stock, every
deal equally likely except those the table's history rules out — a player who holds a hand that
would have won on a card that passed them since their hand last changed would have taken it
(R-READ's assumption).

The deals are drawn uniformly; :func:`deal_log_weight` then says how much likelier the table
makes one than another — the play model of :mod:`trainer.analysis.chance` (players keep their
14-pairs: a hand is ``exp(-w)`` times less likely for each card in it without a partner) — and
the search can weigh each deal's play-out by it (self-normalised importance sampling;
:data:`trainer.coach.search.WEIGHTED` says whether it does).

A deal is a whole :class:`~trainer.engine.game.state.HandState` at the viewer's decision, ready
to be played out; its public parts are the view's, so two views with the same public table and
the same seed give the same deals, whatever the real hidden cards are."""

from __future__ import annotations

import random
from collections import Counter

from trainer.analysis.chance import play_weight
from trainer.bots.heuristic import fast_choice
from trainer.engine.cards import Card, deck
from trainer.engine.combine import rank_counts, unpaired
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView
from trainer.engine.win_rule import claim_wins

TRIES_PER_DEAL = 20
"""Deals drawn per deal kept before the history's exclusions are given up (a table whose passes
allow almost nothing then falls back to the unconditioned deal)."""


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the viewer cannot see, sorted: the deck less their hand, every set laid down
    and every card on the table (R-PUBLIC)."""
    left = Counter(deck(view.rules.jokers))
    left.subtract(view.visible_cards())
    return sorted(left.elements(), key=lambda card: card.index)


def searchable(view: PlayerView) -> bool:
    """Can the view be dealt again as a whole state? The viewer's own turn: to discard or lay
    down after a draw, or to claim or pass on an offered card (the seats asked before them are
    then asked again in the deal, R-PRIORITY)."""
    if view.to_act != view.seat or view.result is not None or not view.legal:
        return False
    return view.phase is Phase.DISCARD or (view.phase is Phase.CLAIM and view.offer is not None)


def _allowed(view: PlayerView, hands: list[list[Card]]) -> bool:
    if view.history is None:
        return True
    threshold = view.rules.red_threshold
    for seat, hand in enumerate(hands):
        if seat == view.seat:
            continue
        for card in view.history.passed_cards(seat):
            if claim_wins(hand, view.melds[seat], card, False, threshold):
                return False
    return True


def deal_again(view: PlayerView, rng: random.Random) -> HandState:
    """One deal of the hidden cards consistent with ``view`` (see the module), as a state at
    the viewer's decision."""
    if not searchable(view):
        raise ValueError("only the viewer's own decision can be dealt again")
    pool = unseen_cards(view)
    state = None
    for attempt in range(TRIES_PER_DEAL):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        hands: list[list[Card]] = []
        start = 0
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(list(view.hand))
                continue
            hands.append(shuffled[start:start + size])
            start += size
        state, consistent = dealt_state(view, hands, shuffled[start:])
        if consistent or attempt == TRIES_PER_DEAL - 1:
            break
    assert state is not None
    ask_up_to(state, view.seat, rng)
    return state


def dealt_state(view: PlayerView, hands: list[list[Card]], stock: list[Card]
                ) -> tuple[HandState, bool]:
    """The state the view's public table makes with these concealed ``hands`` and ``stock``,
    and whether the table's history allows it (no pass a hand would have won on, R-READ; at a
    claim, nobody asked before the viewer able to win on the offered card). At a claim the seats
    asked before the viewer have not yet answered (:func:`ask_up_to`)."""
    kinds = {action.kind for action in view.legal}
    kong_cards = [a.cards[0] for a in view.legal if a.kind is ActionKind.KONG_DRAWN]
    state = HandState(view.rules, 0, view.dealer, stock, hands,
                      [list(melds) for melds in view.melds], [list(p) for p in view.piles],
                      phase=Phase.DISCARD, to_act=view.seat,
                      may_lay_down=bool(kinds & {ActionKind.LAY_JOKER, ActionKind.LAY_PONG,
                                                 ActionKind.LAY_KONG, ActionKind.KONG_DRAWN}),
                      fresh_pong=view.seat if kong_cards else None,
                      fourth_held=bool(kong_cards), drawn=kong_cards[0] if kong_cards else None,
                      dealer_discarded=view.dealer_discarded)
    consistent = _allowed(view, hands)
    if view.phase is Phase.CLAIM:
        assert view.offer is not None
        consistent = state.reoffer(view.offer, view.seat) and consistent
    return state, consistent


def ask_up_to(state: HandState, seat: int, rng: random.Random) -> None:
    """At a claim, let the seats asked before ``seat`` answer by the play-out policy (what they
    said is hidden from the viewer: the deal decides it)."""
    while state.phase is Phase.CLAIM and state.to_act != seat:
        state.apply(fast_choice(state, rng))


def deal_log_weight(view: PlayerView, state: HandState) -> float:
    """The log of how likely the table makes this deal, up to a constant shared by every deal
    of the view: −w per card without a 14-partner in the others' concealed hands (R-PAIR14),
    ``w`` by how far the hand has been played (:func:`trainer.analysis.chance.play_weight`)."""
    played = sum(len(pile) for pile in view.piles) + sum(
        len(meld.cards) for melds in view.melds for meld in melds)
    loose = sum(unpaired(rank_counts(hand)) for seat, hand in enumerate(state.hands)
                if seat != view.seat)
    return -play_weight(played) * loose

"""Why the rules refuse a move at a lesson's table, in the learner's terms, with the rule (R-CHI,
R-PONG, R-KONG, R-WIN, R-TOU, R-DISCARD): said instead of the move, and no try spent."""

from __future__ import annotations

from trainer.engine import Message
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.melds import MeldKind
from trainer.engine.priority import ClaimKind, seat_refusal
from trainer.engine.win_rule import HandValue, Reason, failing_checks


def win_refusal(state: HandState, seat: int) -> Message:
    """Why 糊 is refused: the first check of the win rule the hand fails with the offered card,
    and only the checks it fails (R-OWN-FLIP, R-WIN, R-RED)."""
    offer = state.offer
    if offer is None or offer.card.rank is None:
        return Message.of("hint.move_win_no", ("R-WIN",))
    own_flip_closed = seat_refusal(ClaimKind.WIN, seat, offer.seat, offer.source,
                                   state.rules) == "own_flip"
    value = HandValue.of((offer.card, *state.hands[seat]), state.melds[seat])
    failing = failing_checks(value, state.rules.red_threshold,
                             first_discard=offer.dealer_first_discard,
                             own_flip_closed=own_flip_closed)
    if Reason.OWN_FLIP in failing:
        return Message.of("hint.move_win_own_flip", ("R-OWN-FLIP",))
    if Reason.JOKER_IN_HAND in failing:
        return Message.of("hint.move_win_joker", ("R-WIN", "R-TOU"))
    if failing == {Reason.RED_SHORT}:
        return Message.of("hint.move_win_red", ("R-WIN", "R-RED"), card=offer.card,
                          red=value.red, threshold=state.rules.red_threshold)
    if failing == {Reason.NOT_COMBINED}:
        return Message.of("hint.move_win_pairs", ("R-WIN", "R-PAIR14"), card=offer.card)
    return Message.of("hint.move_win_no", ("R-WIN",))


def refusal(state: HandState, action: Action) -> Message:
    """Why the engine refuses ``action`` in ``state``, in the learner's terms, with its rule."""
    offer = state.offer
    card = action.cards[0] if action.cards else None
    if action.kind is ActionKind.CHI and offer is not None and card is not None:
        total = (card.rank or 0) + (offer.card.rank or 0)
        if total != 14:
            return Message.of("hint.move_chi_sum", ("R-CHI", "R-PAIR14"), a=card, b=offer.card,
                              total=total)
        players = state.rules.players
        takes = action.seat == (offer.seat + 1) % players or action.seat == offer.seat
        if takes and len(state.hands[action.seat]) < 3:
            return Message.of("hint.move_chi_last", ("R-CHI", "R-PARITY"))
        return Message.of("hint.move_chi_whose", ("R-CHI",))
    if action.kind is ActionKind.PONG:
        return Message.of("hint.move_pong_needs", ("R-PONG",))
    if action.kind is ActionKind.KONG:
        return Message.of("hint.move_kong_needs", ("R-KONG",))
    if action.kind is ActionKind.WIN:
        return win_refusal(state, action.seat)
    if action.kind is ActionKind.KONG_DRAWN:
        pongs = {meld.cards[0].rank for meld in state.melds[action.seat]
                 if meld.kind is MeldKind.PONG}
        if not pongs:  # nothing to add a card to
            return Message.of("hint.move_kong_no_pong", ("R-KONG",))
        if card is not None and card.rank not in pongs:  # a fourth alike, not any card
            return Message.of("hint.move_kong_rank", ("R-KONG",), card=card)
        return Message.of("hint.move_kong_drawn", ("R-KONG",))
    if action.kind in (ActionKind.LAY_JOKER, ActionKind.LAY_PONG, ActionKind.LAY_KONG):
        return Message.of("hint.move_lay_down_when", ("R-TOU", "R-TOU-LATER"))
    if action.kind is ActionKind.DISCARD and state.phase is Phase.CLAIM:
        return Message.of("hint.move_claim_first", ("R-DISCARD",))
    return Message.of("hint.move_not_now", ("R-DISCARD",))

"""The table's story in words: each event of a hand (:mod:`trainer.engine.game.events`) as a
message of the zh/en catalogs, from the learner's seat.

Only what the learner may see is told while the hand is in play (R-PUBLIC): another player's
drawn cards are a count, a beaten chi never names the concealed card it would have used. Every
message cites the rule it shows at work."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.cards import Card
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import Event, EventKind, EventReason
from trainer.engine.messages import Message
from trainer.engine.priority import ClaimKind
from trainer.play.session import LEARNER

_RULES = {
    EventKind.LAY_DOWN: ("R-TOU",), EventKind.DRAW: (), EventKind.KONG_DRAWN: ("R-KONG",),
    EventKind.DISCARD: ("R-DISCARD",), EventKind.FLIP: ("R-FLIP",),
    EventKind.TO_PILE: ("R-FLIP",), EventKind.FLIPPED_JOKER: ("R-FLIP-JOKER",),
    EventKind.BEATEN: ("R-PRIORITY",), EventKind.WIN: ("R-WIN",),
    EventKind.DRAWN: ("R-STOCK-EMPTY",),
}
_TAKE_RULES = {ClaimKind.CHI: ("R-CHI",), ClaimKind.PONG: ("R-PONG",),
               ClaimKind.KONG: ("R-KONG",)}


def player(seat: int | None, *, learner: int = LEARNER) -> Message:
    """A player's name as the learner reads it: "you" or "seat 2"."""
    return Message.of("log.you") if seat == learner else Message.of("log.seat", seat=seat or 0)


def possessive(seat: int | None, *, learner: int = LEARNER) -> Message:
    """"your" or "seat 2's"."""
    return Message.of("log.your") if seat == learner else Message.of("log.seats", seat=seat or 0)


def event_message(event: Event, *, learner: int = LEARNER) -> Message:
    """``event`` in words; pass it through :meth:`Event.seen_by` first for a hand in play."""
    kind = event.kind
    mine = "_you" if event.seat == learner else ""
    who = player(event.seat, learner=learner)
    card = event.cards[0] if event.cards else None
    if kind is EventKind.DRAW:
        if event.cards:
            return Message.of(f"log.draw_seen{mine}", (), who=who, cards=event.cards)
        return Message.of(f"log.draw{mine}", (), who=who, count=event.count)
    if kind is EventKind.TAKE and event.claim is not None:
        return Message.of(f"log.take_{event.claim}{mine}", _TAKE_RULES[event.claim], who=who,
                          card=event.cards[0], cards=event.cards[1:],
                          source=Message.of(f"log.source_{event.source}"))
    if kind is EventKind.BEATEN:
        return Message.of(
            f"log.beaten{mine}", _RULES[kind], who=who, card=event.cards[0],
            claim=Message.of(f"priority.kind.{event.claim}"),
            by=possessive(event.by_seat, learner=learner),
            by_claim=Message.of(f"priority.kind.{event.by_claim}"),
            reason=Message.of(f"log.reason_{event.reason}"))
    if kind is EventKind.LAY_DOWN:
        return Message.of(f"log.lay_down{mine}", _RULES[kind], who=who, cards=event.cards)
    if kind is EventKind.WIN:
        if card is None:
            return Message.of(f"log.win_tianzou{mine}", ("R-SPECIAL",), who=who)
        return Message.of(f"log.win{mine}", _RULES[kind], who=who, card=card,
                          source=Message.of(f"log.source_{event.source}"))
    if kind is EventKind.DRAWN:
        return Message.of("log.drawn", _RULES[kind])
    assert card is not None, kind
    if kind is EventKind.KONG_DRAWN and event.reason is EventReason.HELD:
        return Message.of(f"log.kong_held{mine}", _RULES[kind], who=who, card=card)
    return Message.of(f"log.{kind.value}{mine}", _RULES[kind], who=who, card=card)


def story(events: Iterable[Event], *, seen_by: int | None = LEARNER,
          learner: int = LEARNER) -> list[tuple[Event, Message]]:
    """The events in order with their words, as ``seen_by`` sees them (``None``: everything,
    for the review of a finished hand)."""
    told = []
    for event in events:
        if event.kind is EventKind.BEATEN and seen_by is not None and event.seat != learner:
            continue  # another player's claim that lost stays their own business
        seen = event.seen_by(seen_by)
        told.append((seen, event_message(seen, learner=learner)))
    return told


def quiet_move(action: Action, card: Card, *, learner: int = LEARNER) -> Message | None:
    """An answer to the offered ``card`` that made no event of its own — a pass (不要), or a
    claim that waits for the seats asked after it (R-PRIORITY) — in words, where a review steps
    through every action, none left unsaid; None for another move."""
    mine = "_you" if action.seat == learner else ""
    who = player(action.seat, learner=learner)
    if action.kind is ActionKind.PASS:
        return Message.of(f"log.pass{mine}", ("R-PRIORITY",), who=who, card=card)
    claim = _CLAIMS.get(action.kind)
    if claim is None:
        return None
    return Message.of(f"log.claim_waits{mine}", ("R-PRIORITY",), who=who, card=card,
                      claim=Message.of(f"priority.kind.{claim}"))


def led_here(told: list[tuple[Event, Message]], step: int, action: Action | None,
             offer: Card | None, let_go: Message | None = None, *,
             learner: int = LEARNER) -> list[Message]:
    """What led to the table after ``step`` actions, as a review steps through a hand: the
    events of ``action``, the move just made; a move that made none (a pass, a claim waiting,
    R-PRIORITY) said by itself while its card ``offer`` is still out; and a pass that let a
    win go (``let_go``, the review's flag, R-WIN) said first — not as "nobody took it" only."""
    events = [message for event, message in told if event.step == step] if step else []
    if let_go is not None:
        return [let_go, *events]
    if events or offer is None or action is None:
        return events
    quiet = quiet_move(action, offer, learner=learner)
    return [] if quiet is None else [quiet]


_CLAIMS = {ActionKind.CHI: ClaimKind.CHI, ActionKind.PONG: ClaimKind.PONG,
           ActionKind.KONG: ClaimKind.KONG, ActionKind.WIN: ClaimKind.WIN}


def beaten_claim(told: list[tuple[Event, Message]], learner: int = LEARNER) -> Message | None:
    """The learner's claim that lost to a higher one since they last moved (R-PRIORITY): said
    until they move again — a discard, a claim, a lay-down, a win —, not lost among the moves
    that follow."""
    for event, message in reversed(told):
        if event.seat == learner and event.kind not in _NOT_CHOSEN:
            return message if event.kind is EventKind.BEATEN else None
    return None


_NOT_CHOSEN = frozenset({EventKind.FLIP, EventKind.TO_PILE, EventKind.FLIPPED_JOKER,
                         EventKind.DRAW})
"""Events of the learner's seat that are no move of theirs: the flip that comes to them, its
card left in their pile, a stock card drawn (the learner's own flip right after a lost chi
would hide its notice before they had read it)."""

"""What the table did after the learner's discard, in words (R-FLIP, R-PRIORITY): told under
the table shown after an answer, so that it does not move on unexplained."""

from __future__ import annotations

from trainer.engine import Message, relation
from trainer.engine.game.events import Event, EventKind
from trainer.engine.game.state import HandState
from trainer.engine.seats import Relation


def then_words(state: HandState, seat: int, then: tuple[Event, ...]) -> Message | None:
    """What the table did after the learner's (``seat``'s) discard — ``then``, the events that
    led to ``state`` — in words: who took it, or that nobody did, the flips nobody could take
    (the engine lets them go by), and who flips the card now on offer — so the table shown
    after an answer does not move on unexplained (R-FLIP, R-PRIORITY). Said only when the
    learner's move was a discard that is the first thing told: after any other move the table
    goes on to the learner's next decision, too much for one sentence."""
    players = state.rules.players
    first = then[0] if then else None
    if first is None or first.kind is not EventKind.DISCARD or first.seat != seat:
        return None
    mine = first.cards[0]
    taken = next((e for e in then if e.kind is EventKind.TAKE), None)
    if taken is not None and taken.seat is not None and taken.claim is not None and \
            taken.cards[0] == mine:
        return Message.of("lesson.then_taken", ("R-PRIORITY",), card=mine,
                          who=Message.of(f"seat.{relation(taken.seat, seat, players).value}"),
                          kind=Message.of(f"priority.kind.{taken.claim.value}"))
    flips = [e for e in then if e.kind is EventKind.FLIP]
    offer = state.offer
    if state.over or offer is None or not flips or taken is not None:
        return None
    passed = len(flips) - 1  # the last flip is the card now on offer
    who = relation(offer.seat, seat, players)
    key = ("lesson.then_flips" if passed else "lesson.then_next") + \
        ("_you" if who is Relation.YOU else "")  # "now you flip": the learner's own flip
    return Message.of(key, ("R-FLIP",), card=mine, count=passed,
                      who=Message.of(f"seat.{who.value}"), offer=offer.card)

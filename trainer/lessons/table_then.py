"""What the table did around the learner's moves, in words (R-FLIP, R-PRIORITY, R-CHI, R-PONG):
after their discard, told under the table shown after an answer, and between two decisions of
a hand played decision by decision, told above the next — so that it never moves on
unexplained."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine import Message, relation
from trainer.engine.cards import Card
from trainer.engine.game.events import Event, EventKind
from trainer.engine.game.legal import wins
from trainer.engine.game.state import HandState
from trainer.engine.seats import Relation
from trainer.engine.sources import Source
from trainer.engine.win_rule import claim_wins


def then_words(state: HandState, seat: int, then: tuple[Event, ...], *,
               say_win: bool = True) -> Message | None:
    """What the table did after the learner's (``seat``'s) discard — ``then``, the events that
    led to ``state`` — in words: who took it, or that nobody did, the flips nobody could take
    (the engine lets them go by), and who flips the card now on offer — so the table shown
    after an answer does not move on unexplained (R-FLIP, R-PRIORITY); after any other move,
    :func:`went_on_words`. A flip of the learner's
    own that would complete their hand is named as such, with the table rule that lets it go
    by (R-OWN-FLIP): a newcomer sees their winning card flipped and nothing said; another
    player's flip now on offer that the learner can win on is said to be one (R-WIN) — unless
    ``say_win`` is off, where the next question asks just that."""
    players = state.rules.players
    first = then[0] if then else None
    if first is None:
        return None
    if first.kind is not EventKind.DISCARD or first.seat != seat:
        return went_on_words(state, seat, then)
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
    rules: tuple[str, ...] = ("R-FLIP",)
    won = _own_winning_flip(state, seat, flips)
    if won is not None:
        key += "_own" if won is flips[-1] else "_own_passed"
        rules = ("R-FLIP", "R-OWN-FLIP")
    elif say_win and who is not Relation.YOU and wins(state, seat, offer):
        key += "_win"  # the card now on offer would win for the learner: said, not left unseen
        rules = ("R-FLIP", "R-WIN")
    return Message.of(key, rules, card=mine, count=passed,
                      who=Message.of(f"seat.{who.value}"), offer=offer.card,
                      **({} if won is None else {"won": won.cards[0]}))


def went_on_words(state: HandState, seat: int, then: tuple[Event, ...]) -> Message | None:
    """What the table did after the learner's pass or claim, which goes on to their next
    decision: how many cards nobody took went to the table, what the others took or laid face
    up, and the card now offered, or the learner's turn (R-FLIP, R-CHI, R-PONG) — else the
    stock falls by a dozen and a new card is offered with nothing said. None
    when the hand is over (its result is told) or nothing happened; only the moment now after
    a pong whose draw is all that happened."""
    if state.over:
        return None
    by = sum(event.kind in (EventKind.TO_PILE, EventKind.FLIPPED_JOKER) for event in then)
    said = _others_moves(then, seat, state.rules.players)
    drawn = next((event.cards[0] for event in then
                  if event.kind is EventKind.DRAW and event.seat == seat and event.cards), None)
    if not by and not said and drawn is None:
        return None
    now = _now_words(state, seat, drawn)
    if not by and not said:
        return now
    if not said:
        return Message.of("lesson.went_on", ("R-FLIP",), count=by, now=now)
    return Message.of("lesson.went_on_took" if by else "lesson.went_on_only_took",
                      ("R-FLIP", *SINCE_RULES), count=by, now=now,
                      took=Message.of(f"lesson.went_took_{len(said)}", (),
                                      **dict(zip("abc", said, strict=False))))


def _now_words(state: HandState, seat: int, drawn: Card | None) -> Message:
    """The moment the table went on to: a card offered — by whom, how, and whether the learner
    can win on it (R-WIN) —, the learner's turn (after a stock card ``drawn``, named: a pong's
    draw, R-PONG), or another player's turn to discard (after their chi or pong)."""
    offer = state.offer
    players = state.rules.players
    if offer is None:
        if state.to_act != seat:
            return Message.of("lesson.now_their_turn", who=Message.of(
                f"seat.{relation(state.to_act, seat, players).value}"))
        if drawn is not None:
            return Message.of("lesson.now_your_turn_drew", ("R-PONG",), card=drawn)
        return Message.of("lesson.now_your_turn")
    who = relation(offer.seat, seat, players)
    how = "discard" if offer.source is Source.DISCARD else "flip"
    if who is Relation.YOU:
        return Message.of(f"lesson.now_{how}_you", offer=offer.card)
    win = "_win" if wins(state, seat, offer) else ""  # never left unsaid under the table
    return Message.of(f"lesson.now_{how}{win}", ("R-WIN",) if win else (),
                      who=Message.of(f"seat.{who.value}"), offer=offer.card)


SINCE_RULES = ("R-CHI", "R-PONG", "R-KONG", "R-TOU", "R-FLIP-JOKER")


def since_words(state: HandState, seat: int, since: int) -> Message | None:
    """What the other players took or laid face up since the learner (``seat``) last moved, at
    action ``since`` of the hand, in turn order from the learner's lower player — a take (R-CHI,
    R-PONG, R-KONG), a lay-down (R-TOU) or a flipped joker nobody took (R-FLIP-JOKER) — so that
    a hand played decision by decision does not jump from one table to the next unexplained;
    None when nobody did (the piles show what was let go)."""
    said = _others_moves([event for event in state.events if event.step > since], seat,
                         state.rules.players)
    if not said:
        return None
    return Message.of(f"lesson.since_{len(said)}", SINCE_RULES, **dict(zip("abc", said, strict=False)))


def _others_moves(events: Iterable[Event], seat: int, players: int) -> tuple[Message, ...]:
    """What each other player took (R-CHI, R-PONG, R-KONG) or laid face up (R-TOU,
    R-FLIP-JOKER) in ``events``, one message a player, in turn order from ``seat``'s lower
    player (:func:`since_words`, :func:`went_on_words`)."""
    taken: dict[int, list[Card]] = {}
    laid: dict[int, list[Card]] = {}
    for event in events:
        if event.seat is None or event.seat == seat or not event.cards:
            continue
        if event.kind is EventKind.TAKE:
            taken.setdefault(event.seat, []).append(event.cards[0])
        elif event.kind in (EventKind.LAY_DOWN, EventKind.FLIPPED_JOKER):
            laid.setdefault(event.seat, []).extend(event.cards)
    return tuple(_since_seat(relation(other, seat, players), taken.get(other, []),
                             laid.get(other, []))
                 for other in sorted(taken.keys() | laid.keys(),
                                     key=lambda other: (other - seat) % players))


def _since_seat(who: Relation, taken: list[Card], laid: list[Card]) -> Message:
    """One player's takes and lay-downs, for :func:`since_words`."""
    key = "lesson.since_took_laid" if taken and laid else \
        "lesson.since_took" if taken else "lesson.since_laid"
    return Message.of(key, who=Message.of(f"seat.{who.value}"), cards=tuple(taken),
                      laid=tuple(laid))


def _own_winning_flip(state: HandState, seat: int, flips: list[Event]) -> Event | None:
    """The learner's own flip among ``flips`` (the one now on offer first) that would complete
    their hand, were it another player's card — at a table where nobody wins on their own flip
    (R-OWN-FLIP, a table rule). Their hand is the one they kept after their discard."""
    if state.rules.win_pong_kong_on_own_flip:
        return None
    threshold = state.rules.red_threshold

    def completes(card: Card) -> bool:
        return claim_wins(state.hands[seat], state.melds[seat], card, False, threshold)

    return next((flip for flip in reversed(flips)
                 if flip.seat == seat and completes(flip.cards[0])), None)

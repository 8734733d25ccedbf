"""Seats and the deal (R-SEAT, R-DEALER, R-DEAL): who acts after whom, who deals first, how many
cards each player gets."""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import Card, Message, Relation, RuleSet, rank_name, relation, seat_of
from trainer.engine.sources import Source, TableCard
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board, SeatPicture
from trainer.lessons.kinds._shared import CHOICE_INSTRUCTION, draw, instruction_number
from trainer.lessons.task import Option, StepData, Task, TaskKind, number

YOU = 0
RELATIONS = tuple(r.value for r in Relation)


def seat_options(players: int) -> tuple[Option, ...]:
    """Every seat as an option, named as seen from your chair."""
    return tuple(Option(relation(seat, YOU, players).value,
                        Message.of(f"seat_short.{relation(seat, YOU, players).value}"))
                 for seat in range(players))


def _relation(data: StepData, key: str, players: int) -> Relation:
    value = data.choice(key, RELATIONS, "upper")
    if value == "opposite" and players != 4:
        from trainer.lessons.task import TaskError

        raise TaskError("only a four-player table has an opposite seat")
    return Relation(value)


def who_acts_next(data: StepData) -> Task:
    """A card is discarded or flipped and nobody claims it: who flips next? (R-FLIP, R-SEAT)"""
    rules = data.rules()
    players = rules.players
    origin = seat_of(_relation(data, "origin", players), YOU, players)
    card = data.card()
    source = Source(data.choice("source", tuple(Source), Source.DISCARD))
    nxt = (origin + 1) % players
    answer = ChoiceAnswer(relation(nxt, YOU, players).value)
    seats = tuple(SeatPicture(relation(s, YOU, players), hidden=7,
                              pile=(TableCard(card, source),) if s == origin else ())
                  for s in range(1, players))
    pile = (TableCard(card, source),) if origin == YOU else ()
    board = Board((), seats=seats, pile=pile, rules=rules)

    def hint(given: LessonAnswer) -> Message:
        return Message.of("hint.next_flips", ("R-SEAT", "R-FLIP"),
                          origin=Message.of(f"seat.{relation(origin, YOU, players).value}"))

    working = (Message.of("lesson.next_is_lower", ("R-SEAT", "R-FLIP"),
                          origin=Message.of(f"seat.{relation(origin, YOU, players).value}"),
                          next=Message.of(f"seat.{answer.value}")),)
    seen = relation(origin, YOU, players)
    verb = "you_" if seen is Relation.YOU else ""  # "you flip", "your upper player flips"
    return Task("who_acts_next", Shape.CHOICE, board, answer, CHOICE_INSTRUCTION, working,
                ("R-SEAT", "R-FLIP"), hint, seat_options(players),
                prompt=Message.of("task.who_acts_next.prompt",
                                  origin=Message.of(f"seat.{seen.value}"), card=card,
                                  source=Message.of(f"lesson.{verb}did_{source}")))


def _who_acts_next_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    rules = data.rules()
    relations = [r.value for r in Relation if r is not Relation.OPPOSITE or rules.players == 4]
    return {"origin": rng.choice(relations), "card": str(draw(rng, 1)[0]),
            "source": rng.choice(("discard", "flip")), "rules": rules.to_json()}


def first_dealer(data: StepData) -> Task:
    """R-DEALER: the turner counts as 1 and counts counterclockwise to the turned card's rank."""
    rules = data.rules()
    players = rules.players
    turner = seat_of(_relation(data, "turner", players), YOU, players)
    card: Card = data.card()
    if card.rank is None:
        from trainer.lessons.task import TaskError

        raise TaskError("a turned joker is turned again: choose a ranked card")
    rank = card.rank
    dealer = (turner + rank - 1) % players
    answer = ChoiceAnswer(relation(dealer, YOU, players).value)
    board = Board((), seats=tuple(SeatPicture(relation(s, YOU, players)) for s in range(1, players)),
                  offer=card, offer_from=relation(turner, YOU, players),
                  caption=Message.of("board.turned_by",
                                     seat=Message.of(f"seat.{relation(turner, YOU, players).value}")),
                  rules=rules)
    order = [relation((turner + step) % players, YOU, players) for step in range(rank)]
    count = Message.of("lesson.count_step", n=1, seat=Message.of(f"seat_short.{order[0].value}"))
    for step in range(1, rank):  # each number with the seat it lands on: "1 上家 → 2 你 → …"
        count = Message.of("lesson.count_chain", head=count, last=Message.of(
            "lesson.count_step", n=step + 1, seat=Message.of(f"seat_short.{order[step].value}")))

    def hint(given: LessonAnswer) -> Message:
        return Message.of("hint.count_from_turner", ("R-DEALER",), rank=rank,
                          turner=Message.of(f"seat.{relation(turner, YOU, players).value}"))

    working = (Message.of("lesson.dealer_count", ("R-DEALER",), count=count,
                          rank=rank_name(rank),
                          seats=tuple(Message.of(f"seat_short.{r.value}") for r in order[-1:]),
                          dealer=Message.of(f"seat.{answer.value}")),)
    turned_by = relation(turner, YOU, players)
    return Task("first_dealer", Shape.CHOICE, board, answer, CHOICE_INSTRUCTION, working,
                ("R-DEALER", "R-SEAT"), hint, seat_options(players),
                prompt=Message.of("task.first_dealer.prompt", card=card,
                                  turner=Message.of(f"seat.{turned_by.value}")),
                answer_class=(turned_by, answer))


def _first_dealer_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """Another card turned by the same player ("counting yourself as 1" stays yours)."""
    rules = data.rules()
    relations = [r.value for r in Relation if r is not Relation.OPPOSITE or rules.players == 4]
    turner = data.text("turner") if data.has("turner") else rng.choice(relations)
    return {"turner": turner, "card": str(draw(rng, 1)[0]), "rules": rules.to_json()}


ASKS = ("dealer", "other", "stock")


def deal_number(data: StepData) -> Task:
    """R-DEAL: the dealer 8 cards, the others 7, the rest face down as the stock."""
    rules = data.rules()
    ask = data.choice("ask", ASKS, "dealer")
    dealer, other = rules.deal_sizes
    value = {"dealer": dealer, "other": other, "stock": rules.stock_after_deal}[ask]

    def hint(given: LessonAnswer) -> Message:
        if ask == "stock":
            return Message.of("hint.stock_count", ("R-DEAL", "R-DECK"), jokers=rules.jokers,
                              players=rules.players)
        return Message.of("hint.deal_sizes", ("R-DEAL",))

    working = (Message.of("lesson.deal", ("R-DEAL",), players=rules.players, jokers=rules.jokers,
                          total=52 + rules.jokers, stock=rules.stock_after_deal),)
    return Task("deal_number", Shape.NUMBER, Board((), rules=rules), number(value),
                instruction_number(Message.of(f"task.deal_number.{ask}")), working, ("R-DEAL",),
                hint, prompt=Message.of(  # the lesson teaches four jokers: another count is said
                    f"task.deal_number.{ask}_prompt" + (
                        "_other_jokers" if ask == "stock" and rules.jokers != 4 else ""),
                    players=rules.players, jokers=rules.jokers))


def _deal_number_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """The same count asked (the dealer's, another player's, the stock's) at another table."""
    rules = RuleSet(players=rng.choice((3, 4)), jokers=rng.choice((2, 4, 6)))
    return {"ask": data.choice("ask", ASKS, "dealer"),
            "rules": {"players": rules.players, "jokers": rules.jokers}}


__all__ = ["KINDS", "seat_options"]

KINDS = (
    TaskKind("who_acts_next", who_acts_next, _who_acts_next_variant,
             frozenset({"origin", "card", "source", "rules"})),
    TaskKind("first_dealer", first_dealer, _first_dealer_variant,
             frozenset({"turner", "card", "rules"})),
    TaskKind("deal_number", deal_number, _deal_number_variant, frozenset({"ask", "rules"})),
)

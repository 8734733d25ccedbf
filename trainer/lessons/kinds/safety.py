"""Safe discards (R-SAFE, R-PUBLIC): is this discard provably safe, and which of your cards is —
by the three arguments a player makes at the table: every partner visible, no hand consistent
with the table reaching the red threshold, and colour (a black card adds no red)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from trainer.analysis.arguments import Argument, argument_for, counts_for, history_proof, unproven_twin
from trainer.analysis.certificates import certificate, certificates_of_proof, said_once
from trainer.analysis.chance import passed_twin
from trainer.analysis.deal_in import SafetyReason
from trainer.analysis.table import SafetyTable, seat_words, table_from_view
from trainer.bots import HeuristicBot
from trainer.data import data_folder
from trainer.engine import Card, Dou14Error, Message, RuleSet, partner_rank, rank_name, relation
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board, SeatPicture
from trainer.lessons.kinds._shared import YES_NO_INSTRUCTION, at_table, instruction_one
from trainer.lessons.task import YES_NO, StepData, Task, TaskError, TaskKind, cards_answer, yes_no

ARGUMENTS = tuple(a.value for a in Argument)


def read_table(data: StepData) -> SafetyTable:
    try:
        table = SafetyTable.from_json(json.loads(data.text("table")))
    except (ValueError, Dou14Error) as error:
        raise TaskError(f"'table': {error}") from None
    if table.hands is not None:
        raise TaskError("a lesson table shows only what the discarder sees: no open hands")
    return table


def board_of_table(table: SafetyTable) -> Board:
    """The table from the discarder's chair: their hand, everyone's melds and piles."""
    players = table.rules.players
    piles = table.piles or tuple(() for _ in range(players))
    passed = table.passed or tuple(() for _ in range(players))
    seats = tuple(SeatPicture(relation(seat, table.seat, players), hidden=table.hand_sizes[seat],
                              melds=table.melds[seat],
                              pile=piles[seat],
                              passed=passed[seat])
                  for seat in table.opponents())
    return Board(table.hand, table.melds[table.seat],
                 pile=piles[table.seat], seats=seats,
                 rules=table.rules)


def _danger_hint(table: SafetyTable, card: Card) -> Message:
    """Why this card is not proved safe, without naming the card that is: some opponent may
    still hold one of its partners."""
    partner = rank_name(partner_rank(card.rank or 7))
    return Message.of("hint.safe_not_this", ("R-SAFE", "R-PAIR14"), card=card, partner=partner)


def _argument_hint(argument: Argument | None, threshold: int) -> Message:
    key = {Argument.PARTNERS: "hint.safe_partners", Argument.RED: "hint.safe_red",
           Argument.COLOUR: "hint.safe_colour", Argument.NO_HAND: "hint.safe_red",
           Argument.HISTORY: "hint.safe_history"}.get(
        argument, "hint.safe_look_again") if argument else "hint.safe_look_again"
    rules = ("R-SAFE", "R-READ") if argument is Argument.HISTORY else ("R-SAFE",)
    return Message.of(key, rules, threshold=threshold)


def _working(table: SafetyTable, card: Card) -> tuple[Message, ...]:
    """Opponent by opponent, why ``card`` is safe or not: by the visible cards, or by what
    passed them (R-READ) where the visible cards leave them able to win on it."""
    counts = counts_for(table, card)
    proof = history_proof(table, card, counts) if argument_for(table, card, counts) \
        is Argument.HISTORY else None
    if proof is not None:
        return certificates_of_proof(table, proof, counts)
    return said_once([certificate(table, count) for count in counts])


def safe(data: StepData) -> Task:
    """Is discarding ``card`` provably safe? Yes by any of the arguments, no otherwise."""
    table = read_table(data)
    card = data.card()
    if card not in table.hand:
        raise TaskError("the card must be in the discarder's hand")
    argument = argument_for(table, card)

    def hint(given: LessonAnswer) -> Message:
        said_yes = isinstance(given, ChoiceAnswer) and given.value == "yes"
        if said_yes:
            return _danger_hint(table, card)
        return _argument_hint(argument, table.rules.red_threshold)

    board = board_of_table(table)
    trap = other_colour_passed(table, card) if argument is None else None
    twin = None if trap is None else trap[1]
    working = _working(table, card)
    if trap is not None:  # the pass that looks like a proof, and why it is none (R-READ)
        working += (Message.of("lesson.passed_other_colour", ("R-READ", "R-RED"), card=card,
                               passed=trap[1], who=seat_words(trap[0], table.seat,
                                                               table.rules.players)),)
    prompt = Message.of("task.safe.prompt", card=card) if twin is None else \
        Message.of("task.safe.prompt_passed", card=card, passed=twin)
    return Task("safe", Shape.CHOICE, Board(board.hand, board.melds, board.pile, board.seats,
                                            offer=card, caption=Message.of("board.your_discard"),
                                            rules=table.rules),
                yes_no(argument is not None), YES_NO_INSTRUCTION, working,
                ("R-SAFE", "R-PUBLIC"), hint, YES_NO, prompt=at_table(prompt, table.rules),
                answer_class=(yes_no(argument is not None), twin is not None))


def other_colour_passed(table: SafetyTable, card: Card) -> tuple[int, Card] | None:
    """An opponent and a card of ``card``'s rank but the other colour that passed them, where
    it proves nothing about ``card`` (R-READ): the red differs, and what they laid down does
    not settle the colour (:func:`~trainer.analysis.chance.history_twin`) — the trap a reader
    of passes must avoid. A pass that does prove it there (a red one, against a player with
    red laid down) is no trap."""
    if table.passed is None:
        return None
    return next(((seat, passed) for seat in table.opponents() for passed in table.passed[seat]
                 if passed.rank == card.rank and passed.is_red != card.is_red
                 and passed_twin(table, seat, card) is None), None)


def pick_safe(data: StepData) -> Task:
    """Tap the one discard that is provably safe (the table is chosen so exactly one is)."""
    table = read_table(data)
    if any(card.is_joker for card in table.hand):
        raise TaskError("no joker in the hand: 'throw the joker' must not be the answer")
    found = {card: argument_for(table, card) for card in table.candidates()}
    safe_cards = [card for card, argument in found.items() if argument is not None]
    if len(safe_cards) != 1:
        raise TaskError(f"exactly one card must be provably safe, not {len(safe_cards)}")
    card = safe_cards[0]
    wanted = data.choice("argument", ARGUMENTS, found[card] or "partners")
    if found[card] != wanted:
        raise TaskError(f"the safe card is safe by {found[card]}, not {wanted}")
    answer = cards_answer({table.hand.index(card)})

    def hint(given: LessonAnswer) -> Message:
        chosen = sorted(given.indices) if isinstance(given, CardsAnswer) else []
        lead = _argument_hint(found[card], table.rules.red_threshold)
        if chosen and table.hand[chosen[0]] != card:  # not this card, and which way to look
            wrong = table.hand[chosen[0]]
            twin = next((said for seat in table.opponents()
                         if (said := unproven_twin(table, seat, wrong)) is not None), None)
            if twin is not None:  # a pass of its rank, in the other colour, read as a proof
                lead = Message.of("hint.not_this_twin", (), said=twin, then=lead)
            unseen = _partners_unseen(table, wrong)
            if unseen:  # what keeps the learner's card open, said of it
                return Message.of("hint.safe_not_this_unseen", (), card=wrong, unseen=unseen,
                                  partner=rank_name(partner_rank(wrong.rank or 7)), then=lead)
            return Message.of("hint.safe_not_this_look", (), card=wrong,
                              then=lead)  # the rule is cited once, by ``lead``
        return lead

    return Task("pick_safe", Shape.ONE_CARD, board_of_table(table), answer,
                instruction_one(Message.of("task.pick_safe.what")), _working(table, card),
                ("R-SAFE", "R-PUBLIC"), hint,
                prompt=at_table(Message.of("task.pick_safe.prompt"), table.rules),
                answer_class=wanted)


def _partners_unseen(table: SafetyTable, card: Card) -> int:
    """The cards of ``card``'s partner rank the discarder has not seen (R-PAIR14, R-PUBLIC):
    any of them could sit in an opponent's hand; 0 for a joker."""
    if card.rank is None:
        return 0
    partner = partner_rank(card.rank)
    return sum(count for unseen, count in table.unseen().items() if unseen.rank == partner)


def colour_pair(table: SafetyTable, found: dict[Card, Argument | None]) -> bool:
    """The hand holds a black card safe by colour and a red card of the same rank that is not:
    the colour argument, side by side."""
    for card, argument in found.items():
        if argument is Argument.COLOUR and any(
                other.rank == card.rank and other.is_red and found.get(other) is None
                for other in table.hand):
            return True
    return False


def find_tables(rng: random.Random, argument: Argument, *, one_safe: bool,
                moments: int = 300, paired: bool = False) -> SafetyTable | None:
    """A table from a simulated hand (heuristic bots, the discarder's view only) where the
    discarder, holding no joker, has a card provably safe by ``argument`` — the only one when
    ``one_safe``; with ``paired``, a black card safe by colour beside its dangerous red twin.
    For :attr:`Argument.HISTORY` the table keeps what passed each player (R-READ)."""
    for _seat, view in discard_moments(rng, moments):
        table = table_from_view(view, first_discard=False)
        found = {c: argument_for(table, c) for c in table.candidates()}
        hits = [c for c, a in found.items() if a is argument]
        safe_count = sum(1 for a in found.values() if a is not None)
        if hits and (not one_safe or safe_count == 1) and (
                not paired or colour_pair(table, found)):
            return table
    return None


def discard_moments(rng: random.Random, moments: int, *, least_cards: int = 1
                    ) -> Iterator[tuple[int, PlayerView]]:
    """Up to ``moments`` later discards (not the dealer's first) of simulated hands, heuristic
    bots at every seat: the seat and its view, when it holds no joker and at least
    ``least_cards`` cards — the moments the reading lessons are mined from."""
    seen = 0
    while seen < moments:
        state = HandState.deal(rng.getrandbits(40), RuleSet())
        bot = HeuristicBot()
        while not state.over and seen < moments:
            seat = state.to_act
            view = view_of(state, seat)
            if state.phase is Phase.DISCARD and state.dealer_discarded and \
                    not any(c.is_joker for c in view.hand) and len(view.hand) >= least_cards:
                seen += 1
                yield seat, view
            state.apply(bot.choose(view, rng))


@cache
def table_pool() -> dict[str, tuple[str, ...]]:
    """Tables mined from simulated hands (``tools/make_lesson_tables.py``), by argument."""
    text = data_folder("lessons").joinpath("safe_tables.json").read_text(encoding="utf-8")
    return {argument: tuple(json.dumps(table) for table in tables)
            for argument, tables in json.loads(text).items()}


def _table_variant(kind: str) -> Any:
    """Another table of the pool mined for the step's argument; for ``safe``, a card of it of
    the step's class — safe or not, and a pass of the other colour standing beside it or not."""
    def generate(rng: random.Random, data: StepData) -> dict[str, Any]:
        wanted = Argument(data.choice("argument", ARGUMENTS, "partners"))
        pool = [t for t in table_pool().get(wanted.value, ()) if t != data.text("table")]
        if not pool:
            raise TaskError(f"no table in the pool for {wanted.value}")
        if kind != "safe":
            if wanted is Argument.HISTORY:  # a pass of the other colour is taught later
                pool = [t for t in pool if same_colour_passes(t)] or pool
            return {"table": rng.choice(pool), "argument": wanted.value}
        keep = safe(data).answer_class if data.has("card") else None
        cases = [(text, card) for text in pool for card in safe_cases(text)
                 if keep is None or safe_cases(text)[card] == keep]
        if not cases:
            raise TaskError(f"no card in the pool for {wanted.value} of class {keep}")
        text, card = rng.choice(cases)
        return {"table": text, "argument": wanted.value, "card": str(card)}

    return generate


@cache
def same_colour_passes(text: str) -> bool:
    """Every card the history proves safe at this table is proven by a pass of its own rank
    and colour (R-READ) — what the step that first asks it teaches; a pass of the other colour
    proving it (a red one, beside a red card laid down) comes in the colour step after."""
    table = SafetyTable.from_json(json.loads(text))
    for card in table.candidates():  # a card the visible cards prove has no passes to read
        proof = history_proof(table, card, counts_for(table, card))
        if proof is not None and any(twin.is_red != card.is_red
                                     for _, twin in proof.history_proofs):
            return False
    return True


@cache
def safe_cases(text: str) -> dict[Card, tuple[object, bool]]:
    """Each card a table's discarder could let go, by its class as a ``safe`` question: proven
    safe or not, and whether a card of its rank in the other colour passed an opponent."""
    table = SafetyTable.from_json(json.loads(text))
    found = {card: argument_for(table, card) for card in table.candidates()}
    return {card: (yes_no(argument is not None),
                   argument is None and other_colour_passed(table, card) is not None)
            for card, argument in found.items()}


__all__ = ["KINDS", "SafetyReason", "board_of_table", "find_tables"]

KINDS = (
    TaskKind("safe", safe, _table_variant("safe"), frozenset({"table", "card", "argument"})),
    TaskKind("pick_safe", pick_safe, _table_variant("pick_safe"),
             frozenset({"table", "argument"})),
)

"""读下叫 — read one opponent's wait (R-READ, R-SAFE, R-PUBLIC): from the discarder's chair, which
of your cards can that player not win on? Their laid-down sets cap their red, the partners in
sight leave them nothing to pair with, and a card like yours that passed them since their hand
last changed proves they are not waiting on it. The learner taps every such card; the answer is
the exact reading of :func:`trainer.analysis.arguments.safe_against`, opponent by opponent.

A step gives ``table`` (a safety table with what passed each player, as the position format
writes it) and ``opponent`` (``upper``, ``across`` or ``lower``); a fresh variant is another
table of the mined pool (``tools/make_lesson_tables.py --waits``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from trainer.analysis.arguments import proof_against, safe_against, unproven_twin
from trainer.analysis.chance import passed_twin
from trainer.analysis.table import SafetyTable, seat_words, table_from_view
from trainer.data import data_folder
from trainer.engine import Card, Message, Relation, red_total, relation, seat_of
from trainer.engine.win_rule import claim_wins, red_reached
from trainer.lessons.answers import CardsAnswer, LessonAnswer, Shape
from trainer.lessons.kinds._shared import instruction_every
from trainer.lessons.kinds.safety import board_of_table, discard_moments, read_table
from trainer.lessons.task import StepData, Task, TaskError, TaskKind, cards_answer

RULES = ("R-READ", "R-SAFE", "R-PUBLIC")
OPPONENTS = tuple(r.value for r in Relation if r is not Relation.YOU)


def _opponent(data: StepData, table: SafetyTable) -> int:
    who = Relation(data.choice("opponent", OPPONENTS, "upper"))
    seat = seat_of(who, table.seat, table.rules.players)
    if seat == table.seat or seat not in table.opponents():
        raise TaskError("'opponent' must be another player at this table")
    return seat


def safe_cards(table: SafetyTable, opponent: int) -> frozenset[int]:
    """Positions in the discarder's hand of the cards ``opponent`` cannot win on."""
    unseen = table.unseen()
    return frozenset(i for i, card in enumerate(table.hand)
                     if not card.is_joker and safe_against(table, opponent, card, unseen))


def needs_colour(table: SafetyTable, opponent: int) -> bool:
    """Does the reading need the colour rule of R-READ — a black card proven safe only by a red
    one of its rank that passed ``opponent`` (who shows red laid down)? A step keeps it in its
    variants, so that no variant asks for it before the lesson has taught it."""
    unseen = table.unseen()
    bare = replace(table, passed=None)
    for card in (table.hand[i] for i in safe_cards(table, opponent)):
        twin = passed_twin(table, opponent, card)
        if twin is not None and twin.is_red != card.is_red and \
                not safe_against(bare, opponent, card, unseen):
            return True
    return False


def read_wait(data: StepData) -> Task:
    table = read_table(data)
    if any(card.is_joker for card in table.hand):
        raise TaskError("no joker in the hand: a joker is safe against everyone")
    opponent = _opponent(data, table)
    safe = safe_cards(table, opponent)
    if not safe or len(safe) == len(table.hand):
        raise TaskError("some of the hand, not all of it, must be safe against the opponent")
    who = seat_words(opponent, table.seat, table.rules.players)
    unseen = table.unseen()
    distinct = list(dict.fromkeys(table.hand))
    working = tuple(said for card in distinct for said in (
        proof_against(table, opponent, card, unseen), unproven_twin(table, opponent, card))
        if said is not None)  # a pass that proves nothing is said too, beside its card

    threshold = table.rules.red_threshold
    laid = red_total(table.melds[opponent])
    red_check = Message.of("hint.read_wait_red_laid", red=laid, threshold=threshold) \
        if red_reached(laid, threshold) else \
        Message.of("hint.read_wait_red_open", threshold=threshold)  # asked only where it can

    colour = needs_colour(table, opponent)
    plain = "" if colour else "_plain"  # the colour case asked only where the answer needs it

    def hint(given: LessonAnswer) -> Message:
        chosen = given.indices if isinstance(given, CardsAnswer) else frozenset()
        wrong = sorted(chosen - safe)
        if not wrong:
            return Message.of(f"hint.read_wait_more{plain}", RULES, who=who, red_check=red_check)
        untapped = len(table.hand) - len(chosen)
        return also_missed(open_words(chosen, wrong, untapped),
                           0 < len(safe - chosen) < untapped)

    def open_words(chosen: frozenset[int], wrong: list[int], untapped: int) -> Message:
        """What to ask again of a tapped card that may still win for the player."""
        if len(wrong) == 1 and untapped == len(safe - chosen):  # naming it names the answer
            return Message.of(f"hint.read_wait_one_open{plain}", RULES, who=who,
                              red_check=red_check)
        card = table.hand[wrong[0]]  # and of a black card only: it proves nothing of a red one
        open_hint = Message.of("hint.read_wait_open" if card.is_black and colour else
                               "hint.read_wait_open_plain", RULES, card=card, who=who,
                               red_check=red_check)
        twin = unproven_twin(table, opponent, card)  # the pass it was taken for
        return open_hint if twin is None else \
            Message.of("hint.not_this_twin", (), said=twin, then=open_hint)

    def also_missed(said: Message, missing: bool) -> Message:
        """A tapped card that may win, and safe cards left untapped besides: both said, the
        second without a count and only where some untapped card is not safe (else it would
        name them all)."""
        return Message.of("hint.read_wait_also_untapped", (), then=said, who=who) if missing \
            else said

    board = board_of_table(table)
    return Task("read_wait", Shape.ALL_CARDS, board, cards_answer(safe),
                instruction_every(Message.of("task.read_wait.what", who=who)),
                working, RULES, hint, prompt=Message.of("task.read_wait.prompt", who=who),
                answer_class=colour)


def find_wait_table(rng: random.Random, moments: int = 400) -> dict[str, Any] | None:
    """A table from a simulated hand (heuristic bots, the discarder's view only, the passes
    kept) where some opponent with at most four concealed cards can win on some of the
    discarder's cards but not on others, and at least one card is safe against them only by
    what passed them (R-READ) — the reading this stage teaches."""
    for seat, view in discard_moments(rng, moments, least_cards=3):
        table = table_from_view(view, first_discard=False)
        found = _readable(table)
        if found is not None:
            return {"table": table.to_json(),
                    "opponent": relation(found, seat, table.rules.players).value}
    return None


def enumerated_safe(table: SafetyTable, opponent: int) -> frozenset[int]:
    """The cards no hand the table allows ``opponent`` could win on, by enumeration: every
    concealed hand of their size from the unseen cards that would not have won on a card that
    passed them (R-READ). The proofs (:func:`safe_cards`) find a subset of these; the pool keeps
    only tables where they find them all, so the level grades the reading a player can make."""
    unseen = table.unseen()
    melds = table.melds[opponent]
    threshold = table.rules.red_threshold
    passed = table.passed[opponent] if table.passed is not None else ()
    kinds = sorted(unseen, key=lambda c: c.index)
    winnable: set[Card] = set()
    for combo in combinations_with_replacement(kinds, table.hand_sizes[opponent]):
        counts = Counter(combo)
        if any(counts[c] > unseen[c] for c in counts):
            continue
        hand = list(combo)
        if any(claim_wins(hand, melds, card, False, threshold) for card in passed):
            continue
        winnable.update(card for card in table.hand if card not in winnable and
                        claim_wins(hand, melds, card, False, threshold))
    return frozenset(i for i, card in enumerate(table.hand) if card not in winnable)


def _readable(table: SafetyTable) -> int | None:
    """The opponent whose wait this table teaches to read, if any (see :func:`find_wait_table`):
    the proofs find every card they cannot win on (:func:`enumerated_safe`)."""
    if table.passed is None:
        return None
    unseen = table.unseen()
    bare = replace(table, passed=None)
    for other in table.opponents():
        if table.hand_sizes[other] > 4:
            continue
        safe = safe_cards(table, other)
        if safe and len(safe) < len(table.hand) and any(
                not safe_against(bare, other, table.hand[i], unseen) for i in safe) and \
                enumerated_safe(table, other) == safe:
            return other
    return None


@cache
def wait_pool() -> tuple[dict[str, Any], ...]:
    """The mined tables of this stage's variants."""
    text = data_folder("lessons").joinpath("wait_tables.json").read_text(encoding="utf-8")
    return tuple(json.loads(text))


def _variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    here = data.text("table") if data.has("table") else ""
    choices = [entry for entry in wait_pool() if json.dumps(entry["table"]) != here]
    if not choices:
        raise TaskError("no table in the pool of wait readings")
    entry = rng.choice(choices)
    return {"table": json.dumps(entry["table"]), "opponent": entry["opponent"]}


KINDS = (TaskKind("read_wait", read_wait, _variant, frozenset({"table", "opponent"})),)

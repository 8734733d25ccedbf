"""The 14-pairs (R-PAIR14, R-SET): the partners of a card, the cards left without a partner,
whether a hand is wholly combined."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from trainer.engine import (
    Card,
    Message,
    is_combined,
    pairs_with,
    partner_rank,
    partners_of,
    rank_name,
    split_pairs,
)
from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._shared import (
    YES_NO_INSTRUCTION,
    card_prompt,
    draw,
    instruction_cards,
    instruction_one,
    notation,
)
from trainer.lessons.task import YES_NO, StepData, Task, TaskError, TaskKind, cards_answer, yes_no


def pairs_text(pairs: tuple[tuple[Card, Card], ...]) -> str:
    return " · ".join(f"{a.symbol}+{b.symbol}" for a, b in pairs) or "—"


def pick_partner(data: StepData) -> Task:
    target = data.card()
    cards = data.cards()
    if target.rank is None:
        raise TaskError("a joker has no partner: pick_partner needs a ranked 'card'")
    rank = target.rank
    answer = cards_answer({i for i, c in enumerate(cards) if pairs_with(c, target)})
    if not answer.indices:
        raise TaskError("none of the cards makes 14 with the card")
    what = Message.of("task.pick_partner.what", card=target)
    instruction = instruction_one(what) if len(answer.indices) == 1 else \
        instruction_cards(what, len(answer.indices))

    def hint(given: LessonAnswer) -> Message:
        chosen = given.indices if isinstance(given, CardsAnswer) else frozenset()
        extra = sorted(chosen - answer.indices)
        if extra:
            other = cards[extra[0]]
            return Message.of("hint.partner_sum", ("R-PAIR14",), a=target, b=other,
                              total=rank + (other.rank or 0))
        return Message.of("hint.partner_missed", ("R-PAIR14",), card=target, rank=rank)

    working = tuple(Message.of("lesson.pair_sum", ("R-PAIR14",), a=target, b=cards[i],
                               total=rank + (cards[i].rank or 0)) for i in sorted(answer.indices))
    shape = Shape.ONE_CARD if len(answer.indices) == 1 else Shape.ALL_CARDS
    seven = partner_rank(rank) == rank  # asked as any other card: its prompt said the answer
    return Task("pick_partner", shape,
                Board((), choices=cards, offer=target,
                      caption=Message.of("board.your_card")),
                answer, instruction, working, ("R-PAIR14",), hint,
                prompt=card_prompt("task.pick_partner", len(answer.indices), card=target),
                answer_class=(len(answer.indices), seven))


def _pick_partner_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """As many partners among as many cards; a 7 stays a 7 (the one rank that pairs with its
    own kind, R-PAIR14), any other card stays another."""
    size = len(data.cards()) or 5
    if data.has("card"):
        written = pick_partner(data)
        rank = data.card().rank or 0
        wanted, seven = written.answer_size, partner_rank(rank) == rank
    else:
        wanted, seven = (1 if rng.random() < 0.6 else 2), False
    while True:
        target = draw(rng, 1)[0]
        assert target.rank is not None
        if (partner_rank(target.rank) == target.rank) != seven:
            continue
        cards = draw(rng, size, exclude=[target])
        found = partners_of(target, cards)
        if len(found) == wanted:
            return {"card": str(target), "cards": notation(cards)}


def _unique_leftovers(cards: tuple[Card, ...]) -> frozenset[int]:
    """The positions of the cards left without a partner — only when they are unambiguous: every
    copy of a leftover rank is left over (with three 5s and one 9, *which* 5 is left is no
    question anyone can answer)."""
    _pairs, leftovers = split_pairs(cards)
    left = Counter(card.rank for card in leftovers)
    held = Counter(card.rank for card in cards)
    for rank, count in left.items():
        if held[rank] != count:
            raise TaskError(f"which {rank_name(rank) if rank else 'joker'} is left over is "
                            "ambiguous: choose cards where every copy of a leftover rank is left")
    return frozenset(i for i, card in enumerate(cards) if card.rank in left)


def pick_leftover(data: StepData) -> Task:
    cards = data.cards()
    answer = cards_answer(_unique_leftovers(cards))
    pairs, leftovers = split_pairs(cards)
    if not answer.indices:
        raise TaskError("every card pairs: pick_leftover needs a card without a partner")

    def hint(given: LessonAnswer) -> Message:
        chosen = given.indices if isinstance(given, CardsAnswer) else frozenset()
        extra = sorted(chosen - answer.indices)
        if len(chosen) > 1 and extra:  # which pick is wrong is left to find: half the answer
            return Message.of("hint.leftover_one_paired" if len(extra) == 1 else
                              "hint.leftover_some_paired", ("R-PAIR14",))
        if extra:
            card = cards[extra[0]]
            partner = next(b if a == card else a for a, b in pairs if card in (a, b))
            return Message.of("hint.leftover_has_partner", ("R-PAIR14",), card=card,
                              rank=rank_name(partner.rank) if partner.rank else "")
        return Message.of("hint.leftover_missed", ("R-PAIR14",))

    working = (Message.of("lesson.pairs_found", ("R-PAIR14",), pairs=pairs_text(pairs)),
               Message.of("lesson.leftovers", ("R-PAIR14",), cards=leftovers))
    return Task("pick_leftover", Shape.ALL_CARDS, Board(cards), answer,
                instruction_cards(Message.of("task.pick_leftover.what"), len(answer.indices)),
                working, ("R-PAIR14",), hint,
                prompt=card_prompt("task.pick_leftover", len(answer.indices)),
                answer_class=len(answer.indices))


def _pick_leftover_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """As many cards, up to three of them left without a partner (a variant of a step keeps
    the step's count: :attr:`Task.answer_class`)."""
    size = len(data.cards()) or 6
    while True:
        cards = tuple(draw(rng, size))
        try:
            if _unique_leftovers(cards) and len(_unique_leftovers(cards)) <= 3:
                return {"cards": notation(cards)}
        except TaskError:
            continue


def combined(data: StepData) -> Task:
    cards = data.cards()
    whole = is_combined(cards)
    pairs, leftovers = split_pairs(cards)
    triple = _triple_rank(cards)

    def hint(given: LessonAnswer) -> Message:
        said_yes = isinstance(given, ChoiceAnswer) and given.value == "yes"
        if said_yes and triple is not None:
            return Message.of("hint.triple_no_set", ("R-SET", "R-PAIR14"),
                              rank=rank_name(triple), partner=rank_name(partner_rank(triple)))
        if said_yes and leftovers:
            return Message.of("hint.find_partner", ("R-PAIR14",), card=leftovers[0],
                              partner=rank_name(partner_rank(leftovers[0].rank or 7)))
        return Message.of("hint.pair_one_by_one", ("R-PAIR14",))

    working = [Message.of("lesson.pairs_found", ("R-PAIR14",), pairs=pairs_text(pairs))]
    if leftovers:
        working.append(Message.of("lesson.leftovers", ("R-PAIR14",), cards=leftovers))
    return Task("combined", Shape.CHOICE, Board(cards), yes_no(whole), YES_NO_INSTRUCTION,
                tuple(working), ("R-PAIR14", "R-SET"), hint, YES_NO,
                prompt=Message.of("task.combined.prompt"),
                answer_class=(yes_no(whole), triple is not None))


def _triple_rank(cards: Sequence[Card]) -> int | None:
    """A rank held three times or more (R-SET: in hand, no set), if any."""
    counts = Counter(card.rank for card in cards if card.rank is not None)
    return next((rank for rank, count in counts.items() if count >= 3), None)


def _triple_hand(rng: random.Random, size: int, whole: bool) -> list[Card]:
    """Three of a rank in hand (R-SET: no set until laid) and ``size`` cards in all: each of the
    three with its own partner when ``whole``, else one partner at least missing."""
    while True:
        rank = rng.choice([r for r in range(1, 14) if partner_rank(r) != r])
        pool = draw(rng, 52)
        triple = [c for c in pool if c.rank == rank][:3]
        partners = [c for c in pool if c.rank == partner_rank(rank)]
        others = [c for c in pool if c.rank not in (rank, partner_rank(rank))]
        mates = partners[:3] if whole else partners[:rng.randrange(3)]
        hand = [*triple, *mates]
        while len(hand) < size:
            hand.append(others.pop())
        if len(hand) == size and is_combined(hand) == whole:
            rng.shuffle(hand)
            return hand


def _combined_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A hand of as many cards; a step with three of a rank in hand keeps three of a rank."""
    size = len(data.cards()) or 6
    want = rng.random() < 0.5
    if _triple_rank(data.cards()) is not None:
        return {"cards": notation(_triple_hand(rng, size, want))}
    while True:
        pairs: list[Card] = []
        while len(pairs) < size:
            first = draw(rng, 1, exclude=pairs)[0]
            assert first.rank is not None
            partners = partners_of(first, draw(rng, 20, exclude=[*pairs, first]))
            if partners:
                pairs += [first, partners[0]]
        if not want:
            pairs[rng.randrange(size)] = draw(rng, 1, exclude=pairs)[0]
        if is_combined(pairs) == want and _triple_rank(pairs) is None:
            rng.shuffle(pairs)
            return {"cards": notation(pairs[:size])}


KINDS = (
    TaskKind("pick_partner", pick_partner, _pick_partner_variant, frozenset({"card", "cards"})),
    TaskKind("pick_leftover", pick_leftover, _pick_leftover_variant, frozenset({"cards"})),
    TaskKind("combined", combined, _combined_variant, frozenset({"cards"})),
)

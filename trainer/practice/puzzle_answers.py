"""A puzzle's answer: what the learner gives (a verdict, a set of cards, one card), its stored
notation and back, and its grade — exactly what the puzzle asks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine import Card, Reason, parse_cards
from trainer.puzzles import Puzzle
from trainer.puzzles.model import LeastRiskAnswer, PuzzleKind, SafeSetAnswer, WinAnswer, accepted_reasons


@dataclass(frozen=True)
class WinGiven:
    """"Can you win?": yes with a fan, or no with a reason."""

    win: bool
    fan: int | None = None
    reason: Reason | None = None


@dataclass(frozen=True)
class SetGiven:
    """"Tap every safe card": the cards tapped."""

    cards: frozenset[Card]


@dataclass(frozen=True)
class CardGiven:
    """"Least risk": the one card picked."""

    card: Card


Given = WinGiven | SetGiven | CardGiven


@dataclass(frozen=True)
class Grade:
    """Right or not, and for a set answer which safe cards were missed and which dangerous
    cards were tapped; for "can you win?", whether yes/no itself was right."""

    correct: bool
    verdict_right: bool = True
    missed: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    first_reason: Reason | None = None
    """A right no whose reason holds but is not the first check that fails: that first one
    (the explanation names it, so the page says both hold)."""


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def grade(puzzle: Puzzle, given: Given) -> Grade:
    """Grade exactly what the puzzle asks: yes plus the fan or no plus a reason that holds
    (:func:`~trainer.puzzles.model.accepted_reasons`); the exact
    set of safe cards; the one least-risk card. A given of the wrong shape is wrong."""
    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        if not isinstance(given, WinGiven):
            return Grade(False, False)
        if given.win != answer.win:
            return Grade(False, False)
        if answer.win:
            return Grade(given.fan == answer.fan)
        right = given.reason in accepted_reasons(puzzle)
        return Grade(right, first_reason=answer.reason if right and given.reason != answer.reason
                     else None)
    if isinstance(answer, SafeSetAnswer):
        if not isinstance(given, SetGiven):
            return Grade(False)
        missed = _sorted(answer.safe - given.cards)
        extra = _sorted(given.cards - answer.safe)
        return Grade(not missed and not extra, missed=missed, extra=extra)
    assert isinstance(answer, LeastRiskAnswer)
    return Grade(isinstance(given, CardGiven) and given.card == answer.card)


def given_text(given: Given) -> str:
    """The answer as stored: notation and reason codes, never rendered prose."""
    if isinstance(given, WinGiven):
        if given.win:
            return f"yes {given.fan if given.fan is not None else '?'} fan"
        return f"no {given.reason.value if given.reason is not None else '?'}"
    if isinstance(given, SetGiven):
        return " ".join(str(c) for c in _sorted(given.cards)) or "-"
    return str(given.card)


def given_of(puzzle: Puzzle, text: str) -> Given:
    """An answer back from its stored notation (:func:`given_text`), read as ``puzzle``'s kind
    asks; raise ValueError, quoting the text, when it is not one."""
    words = text.split()
    try:
        if puzzle.kind is PuzzleKind.WIN:
            if len(words) == 3 and words[0] == "yes" and words[2] == "fan":
                return WinGiven(True, fan=None if words[1] == "?" else int(words[1]))
            if len(words) == 2 and words[0] == "no":
                return WinGiven(False, reason=None if words[1] == "?" else Reason(words[1]))
            raise ValueError("not yes with a fan, or no with a reason")
        cards = () if text == "-" else parse_cards(text)
    except ValueError as error:
        raise ValueError(f"not a {puzzle.kind.value} answer: {text!r} ({error})") from error
    if puzzle.kind is PuzzleKind.SAFE_SET:
        return SetGiven(frozenset(cards))
    if len(cards) != 1:
        raise ValueError(f"not one card: {text!r}")
    return CardGiven(cards[0])


def expected_text(puzzle: Puzzle) -> str:
    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        return f"yes {answer.fan} fan" if answer.win else f"no {answer.reason.value}"
    if isinstance(answer, SafeSetAnswer):
        return " ".join(str(c) for c in _sorted(answer.safe))
    assert isinstance(answer, LeastRiskAnswer)
    return str(answer.card)

"""A puzzle as typed data: the board it shows, the engine's answer, the reason in one line and
the working below it (engine messages, rendered in the learner's language when shown), themes
from the analysis' own reason codes, rule ids, the features its difficulty is estimated from,
and its starting rating.

Three kinds, each one clear task graded as asked:

- ``win`` — "Can you win on this card?": yes with the fan, or no with the reason;
- ``safe_set`` — every hand open: tap every card you can discard without dealing in (graded as
  a set);
- ``least_risk`` — hands hidden: pick the discard with the least risk (a unique best by a
  stated margin).

The id is a hash of the puzzle's canonical board (card order and colour-keeping suit swaps do not
make another puzzle).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Any

from trainer.analysis.table import SafetyTable
from trainer.engine import (
    Card,
    Dou14Error,
    Position,
    Reason,
    Relation,
    RuleSet,
    failing_reasons,
    parse_card,
    parse_cards,
)
from trainer.engine.inputs import bounded_json
from trainer.engine.messages import Message, message_from_json, message_to_json
from trainer.puzzles.canonical import canonical_key


class PuzzleError(Dou14Error):
    """A puzzle line that cannot be read, or that disagrees with the engine."""


class PuzzleKind(StrEnum):
    WIN = "win"
    SAFE_SET = "safe_set"
    LEAST_RISK = "least_risk"


KINDS = tuple(kind.value for kind in PuzzleKind)


class Provenance(StrEnum):
    """Where a puzzle comes from (its JSON ``source``): mined from simulated play, constructed
    for a rare pattern, the learner's own (a moment of their Play hand), or made fresh on the
    spot and unrated (drawn from no bank, so it moves no shared rating)."""

    SIMULATED = "simulated"
    CONSTRUCTED = "constructed"
    OWN = "own"
    FRESH = "fresh"


@dataclass(frozen=True, slots=True)
class WinBoard:
    """A player facing a card: their position, and who discarded or flipped the card."""

    position: Position
    origin: Relation


@dataclass(frozen=True, slots=True)
class WinAnswer:
    """Wins with ``fan`` fan, or does not, for ``reason`` (the first check that fails)."""

    win: bool
    fan: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class SafeSetAnswer:
    """Every open hand shown: the cards nobody can win on."""

    safe: frozenset[Card]


@dataclass(frozen=True, slots=True)
class LeastRiskAnswer:
    """Hands hidden: the discard with the least risk, each candidate's risk (the chance that
    some opponent wins on it, exact per opponent), and the margin to the next best."""

    card: Card
    risks: tuple[tuple[Card, Fraction], ...]
    margin: Fraction


FAN_CHOICES = tuple(range(9))
"""The fan a learner can tap after "yes" (0–8: every fan a bank puzzle can carry)."""
NO_REASONS = (Reason.OWN_FLIP, Reason.NOT_COMBINED, Reason.RED_SHORT, Reason.JOKER_IN_HAND)
"""The reasons a learner can tap after "no"."""

PuzzleBoard = WinBoard | SafetyTable
PuzzleAnswer = WinAnswer | SafeSetAnswer | LeastRiskAnswer


@dataclass(frozen=True)
class Puzzle:
    kind: PuzzleKind
    board: PuzzleBoard
    answer: PuzzleAnswer
    why: Message
    """The reason in one line, shown first."""
    details: tuple[Message, ...]
    """The working, folded below."""
    themes: tuple[str, ...]
    rules: tuple[str, ...]
    features: Mapping[str, float]
    rating: float
    """The starting rating, estimated from the features."""
    provenance: Provenance

    @cached_property
    def id(self) -> str:
        """``kind-`` and 12 hex digits of the SHA-256 of the canonical board."""
        digest = hashlib.sha256(canonical_key(self.kind.value, board_json(self.board))
                                .encode()).hexdigest()[:12]
        return f"{self.kind.value}-{digest}"

    @property
    def players(self) -> int:
        return rules_of(self.board).players

    @property
    def candidates(self) -> tuple[Card, ...]:
        """The cards a learner chooses among (safe puzzles)."""
        if isinstance(self.board, SafetyTable):
            return tuple(self.board.candidates())
        return ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind.value, "board": board_json(self.board),
                "answer": answer_json(self.answer), "why": message_to_json(self.why),
                "details": [message_to_json(m) for m in self.details],
                "themes": list(self.themes), "rules": list(self.rules),
                "features": dict(self.features), "rating": self.rating, "source": self.provenance.value}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)


def rules_of(board: PuzzleBoard) -> RuleSet:
    return board.position.rules if isinstance(board, WinBoard) else board.rules


def board_json(board: PuzzleBoard) -> dict[str, Any]:
    if isinstance(board, WinBoard):
        return {"position": board.position.to_json(), "from": board.origin.value}
    return board.to_json()


def answer_json(answer: PuzzleAnswer) -> dict[str, Any]:
    if isinstance(answer, WinAnswer):
        return {"win": answer.win, "fan": answer.fan, "reason": answer.reason.value}
    if isinstance(answer, SafeSetAnswer):
        return {"safe": " ".join(str(c) for c in sorted(answer.safe, key=lambda c: c.index))}
    return {"card": str(answer.card), "margin": str(answer.margin),
            "risks": {str(card): str(risk) for card, risk in answer.risks}}


PUZZLE_KEYS = {"id", "kind", "board", "answer", "why", "details", "themes", "rules", "features",
               "rating", "source"}


def _text_list(data: Any, name: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise PuzzleError(f"{name} must be a list of text")
    return tuple(data)


def read_board(kind: PuzzleKind, data: Any) -> PuzzleBoard:
    if not isinstance(data, dict):
        raise PuzzleError("the board must be an object")
    try:
        if kind is PuzzleKind.WIN:
            if set(data) != {"position", "from"}:
                raise PuzzleError("a win board is {position, from}")
            position = Position.from_json(data["position"])
            origin = Relation(str(data["from"]))
            if position.offered_by is not origin:
                raise PuzzleError(f"the board's from ({origin.value}) and its position's "
                                  f"({position.offered_by}) disagree")
            return WinBoard(position, origin)
        return SafetyTable.from_json(data)
    except (Dou14Error, ValueError) as error:
        if isinstance(error, PuzzleError):
            raise
        raise PuzzleError(f"board: {error}") from None


def read_answer(kind: PuzzleKind, data: Any) -> PuzzleAnswer:
    if not isinstance(data, dict):
        raise PuzzleError("the answer must be an object")
    try:
        if kind is PuzzleKind.WIN:
            if set(data) != {"win", "fan", "reason"} or not isinstance(data["win"], bool) \
                    or not isinstance(data["fan"], int) or isinstance(data["fan"], bool):
                raise PuzzleError("a win answer is {win: true/false, fan: number, reason}")
            return WinAnswer(data["win"], data["fan"], Reason(str(data["reason"])))
        if kind is PuzzleKind.SAFE_SET:
            if set(data) != {"safe"} or not isinstance(data["safe"], str):
                raise PuzzleError("a safe-set answer is {safe: cards}")
            return SafeSetAnswer(frozenset(parse_cards(data["safe"])))
        if set(data) != {"card", "margin", "risks"} or not isinstance(data["risks"], dict):
            raise PuzzleError("a least-risk answer is {card, margin, risks}")
        risks = tuple((parse_card(str(card)), Fraction(str(risk)))
                      for card, risk in data["risks"].items())
        return LeastRiskAnswer(parse_card(str(data["card"])), risks, Fraction(str(data["margin"])))
    except (Dou14Error, ValueError, ZeroDivisionError) as error:
        if isinstance(error, PuzzleError):
            raise
        raise PuzzleError(f"answer: {error}") from None


def read_puzzle(data: Any, *, shipped: bool = False) -> Puzzle:
    """A puzzle from its JSON object (or line); :class:`PuzzleError` names what is wrong. The
    id must match the content: a changed board is refused (``trainer.puzzles.check`` then
    re-validates every other field against the engine).

    ``shipped``: a line of the bank shipped with the trainer (the tests re-validate it line by
    line against the engine): read as plain JSON, without the size bounds a learner's file
    gets. Its id is checked like any other's: a bank line edited by hand is refused, not
    trusted."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data) if shipped else bounded_json(data, max_chars=64_000)
        except ValueError as error:  # bad JSON, too long or deep, huge integers
            raise PuzzleError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle is a JSON object")
    unknown = sorted(set(data) - PUZZLE_KEYS)
    missing = sorted(PUZZLE_KEYS - set(data))
    if unknown or missing:
        raise PuzzleError(f"unknown puzzle key {unknown[0]!r}" if unknown
                          else f"a puzzle needs {missing[0]!r}")
    try:
        kind = PuzzleKind(str(data["kind"]))
    except ValueError:
        raise PuzzleError(f"kind must be one of {', '.join(KINDS)}, not {data['kind']!r}") from None
    features = data["features"]
    if not isinstance(features, dict) or not all(
            isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
            for k, v in features.items()):
        raise PuzzleError("features must map names to numbers")
    rating = data["rating"]
    if not isinstance(rating, int | float) or isinstance(rating, bool) or not 0 < rating < 4000:
        raise PuzzleError(f"rating must be a number from 0 to 4000, not {rating!r}")
    try:
        provenance = Provenance(str(data["source"]))
    except ValueError:
        raise PuzzleError("source must be one of " + ", ".join(Provenance)
                          + f", not {data['source']!r}") from None
    try:
        why = message_from_json(data["why"])
        details = data["details"]
        if not isinstance(details, list):
            raise PuzzleError("details must be a list of messages")
        parsed_details = tuple(message_from_json(m) for m in details)
    except (ValueError, Dou14Error) as error:
        if isinstance(error, PuzzleError):
            raise
        raise PuzzleError(f"explanation: {error}") from None
    puzzle = Puzzle(kind, read_board(kind, data["board"]), read_answer(kind, data["answer"]),
                    why, parsed_details, _text_list(data["themes"], "themes"),
                    _text_list(data["rules"], "rules"), dict(features), float(rating), provenance)
    if data["id"] != puzzle.id:
        raise PuzzleError(f"id {data['id']!r} does not match the board ({puzzle.id}): "
                          "the puzzle was changed")
    return puzzle


def accepted_reasons(puzzle: Puzzle) -> frozenset[Reason]:
    """The reasons graded right on a "can you win?" puzzle whose hand does not win: every check
    it fails (:func:`~trainer.engine.failing_reasons`), not only the first the engine names in
    ``answer.reason`` — a hand short of both a partner and red is short of red too. Empty for
    the other kinds."""
    board = puzzle.board
    return failing_reasons(board.position) if isinstance(board, WinBoard) else frozenset()


__all__ = [
    "FAN_CHOICES",
    "KINDS",
    "NO_REASONS",
    "LeastRiskAnswer",
    "Puzzle",
    "PuzzleAnswer",
    "PuzzleBoard",
    "PuzzleError",
    "PuzzleKind",
    "SafeSetAnswer",
    "WinAnswer",
    "WinBoard",
    "accepted_reasons",
    "read_puzzle",
]

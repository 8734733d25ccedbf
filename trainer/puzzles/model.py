"""A puzzle as data: docs/format.md's position (or a safety table) plus question, answer,
explanation in both languages, themes, rule ids, a difficulty estimate and the rating fields the
rating system needs. The id is a content hash, so any change to the puzzle's content changes it."""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.errors import Dou14Error

PUZZLE_KEYS = {"id", "kind", "level", "position", "table", "question", "answer", "explanation",
               "themes", "rules", "difficulty", "rating", "source"}
DEFAULT_RATING = {"rating": 1500.0, "rd": 350.0, "volatility": 0.06, "attempts": 0, "solved": 0}


def initial_rating(estimate: float) -> dict[str, Any]:
    """Glicko-2 fields for a new puzzle: its difficulty estimate as the rating, the default
    deviation and volatility, and counters for results (what the rating system needs)."""
    return {**DEFAULT_RATING, "rating": round(estimate, 1)}


class PuzzleError(Dou14Error):
    """A puzzle file line that cannot be read, or that disagrees with the engine."""


@dataclass(frozen=True)
class Puzzle:
    kind: str
    level: str
    board: dict[str, Any]
    """The docs/format.md position (``win``) or the safety table (``safe``)."""
    question: dict[str, str]
    answer: dict[str, Any]
    explanation: dict[str, list[str]]
    themes: tuple[str, ...]
    rules: tuple[str, ...]
    difficulty: dict[str, Any]
    source: str
    rating: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_RATING))
    id: str = field(init=False, compare=False)
    """``kind-`` and 12 hex digits of the SHA-256 of the content (computed once)."""

    def __post_init__(self) -> None:
        text = json.dumps(self.content(), sort_keys=True, ensure_ascii=False)
        digest = hashlib.sha256(text.encode()).hexdigest()[:12]
        object.__setattr__(self, "id", f"{self.kind}-{digest}")

    def content(self) -> dict[str, Any]:
        """What the id hashes: everything a learner is shown and graded on."""
        return {"kind": self.kind, "level": self.level, "board": self.board,
                "answer": self.answer}

    def to_json(self) -> dict[str, Any]:
        """A fresh JSON object (a deep copy: changing it never changes the puzzle)."""
        board_key = "position" if self.kind == "win" else "table"
        return copy.deepcopy({"id": self.id, "kind": self.kind, "level": self.level, board_key: self.board,
                "question": self.question, "answer": self.answer,
                "explanation": self.explanation, "themes": list(self.themes),
                "rules": list(self.rules), "difficulty": self.difficulty, "rating": self.rating,
                "source": self.source})

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise PuzzleError(f"not JSON: {error}") from None
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is a JSON object")
        unknown = sorted(set(data) - PUZZLE_KEYS)
        if unknown:
            raise PuzzleError(f"unknown puzzle key {unknown[0]!r}")
        kind = data.get("kind")
        if kind not in ("win", "safe"):
            raise PuzzleError(f"kind must be 'win' or 'safe', not {kind!r}")
        board = data.get("position" if kind == "win" else "table")
        if not isinstance(board, dict):
            raise PuzzleError(f"a {kind} puzzle needs its {'position' if kind == 'win' else 'table'}")
        try:
            puzzle = cls(kind, str(data.get("level", "")), board, dict(data["question"]),
                         dict(data["answer"]), dict(data["explanation"]),
                         tuple(data["themes"]), tuple(data["rules"]),
                         dict(data["difficulty"]), str(data.get("source", "")),
                         dict(data.get("rating") or DEFAULT_RATING))
        except (KeyError, TypeError, ValueError) as error:
            raise PuzzleError(f"a puzzle needs question, answer, explanation, themes, rules and "
                              f"difficulty ({error})") from None
        if data.get("id") != puzzle.id:
            raise PuzzleError(f"id {data.get('id')!r} does not match the content "
                              f"({puzzle.id}): the puzzle was changed")
        return puzzle

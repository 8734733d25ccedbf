"""A learner as pages see it, and the refusals of the store: shared by the progress store and
the accounts (profiles, passwords, sign-ins)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from trainer.engine import RuleSet

MAX_NAME = 40


class ProgressError(ValueError):
    """A request the store refuses; ``key`` and ``params`` name the catalog message to show."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key} {params}")


@dataclass(frozen=True)
class LearnerInfo:
    """A learner as pages see it. ``id`` is the row id, for the store only; ``public_id`` is
    what a URL or the browser carries; ``private`` when the profile has a password."""

    id: int
    name: str
    language: str
    rules: RuleSet
    created_at: datetime
    public_id: str
    private: bool


def rules_of(text: str) -> RuleSet:
    try:
        return RuleSet.from_json(json.loads(text or "{}"))
    except (ValueError, TypeError):
        return RuleSet()


class LearnerFields(Protocol):
    id: int
    name: str
    language: str
    rules_json: str
    created_at: datetime
    public_id: str
    password_hash: str | None
    identity: str | None


def info(row: LearnerFields) -> LearnerInfo:
    """A learner as pages see it, from the ORM row or a Core row with the same columns."""
    return LearnerInfo(row.id, row.name, row.language, rules_of(row.rules_json), row.created_at,
                       row.public_id, row.password_hash is not None or row.identity is not None)

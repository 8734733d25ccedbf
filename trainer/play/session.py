"""A learner's match at the Play table: the learner at seat 0, bots in the other seats.

The whole match is a small JSON record — the seed, the rules, the actions of every hand, a move
number and where the review stands — saved after every change, so a reload, a new tab or another
device resumes it exactly (the hands are replayed: the same seed and actions give the same
table, R-DEAL). Bots draw their randomness from (seed, hand, step), so a bot's move does not
depend on when it is made. :func:`advance` makes the bot moves that are due by a clock time: a
plain function, with no page and no sleeping. The learner only ever sees their own view
(R-PUBLIC)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from trainer.bots.base import Bot
from trainer.coach.players import Level
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action
from trainer.engine.game.match import Match
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.rules import RuleSet

LEARNER = 0
FORMAT = 1


class Pace(StrEnum):
    """How fast the bots' moves follow each other on the page."""

    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"

    @property
    def seconds(self) -> float:
        return {"normal": 0.6, "fast": 0.25, "instant": 0.0}[self.value]


@dataclass(frozen=True)
class PlaySettings:
    """The learner's Play settings, kept in their profile."""

    hints: bool = True
    pace: Pace = Pace.NORMAL
    level: Level = Level.CLUB
    """The opponents of the next hand."""

    def dumps(self) -> str:
        return json.dumps({"hints": self.hints, "pace": self.pace.value,
                           "level": self.level.value})

    @classmethod
    def loads(cls, text: str) -> PlaySettings:
        """Settings from their stored JSON; anything unreadable falls back to the default."""
        try:
            data = json.loads(text or "{}")
        except json.JSONDecodeError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        hints, pace, level = data.get("hints"), data.get("pace"), data.get("level")
        return cls(hints if isinstance(hints, bool) else cls.hints,
                   Pace(pace) if pace in {p.value for p in Pace} else cls.pace,
                   Level(level) if level in {v.value for v in Level} else cls.level)


@dataclass(frozen=True)
class ReviewAt:
    """The review is open on finished hand ``hand`` (an index into the match's hands), after its
    first ``step`` actions."""

    hand: int
    step: int


def _bot_rng(seed: int, hand: int, step: int) -> random.Random:
    return random.Random(f"{seed}:{hand}:{step}")


@dataclass
class PlaySession:
    """A match in progress: ``state`` is the current hand, ``move`` counts saved changes."""

    seed: int
    rules: RuleSet
    match: Match = field(init=False)
    state: HandState = field(init=False)
    move: int = 0
    review: ReviewAt | None = None
    level: Level = Level.CLUB
    """The opponents of the first hand."""
    levels: list[Level] = field(init=False)
    """The opponents' level in each hand of the match (finished ones and the current one)."""
    _bots: dict[Level, Bot] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.match = Match(self.seed, self.rules)
        self.levels = [self.level]
        self.state = self.match.next_hand()

    def bot(self) -> Bot:
        """The bot playing this hand's opponents (one for every seat: a bot keeps no state)."""
        level = self.levels[self.hand_number]
        if level not in self._bots:
            self._bots[level] = level.bot()
        return self._bots[level]

    def fork(self) -> PlaySession:
        """A copy to change, cheaply: the finished hands are shared (a booked hand never changes
        again); the hand in play, the scores, the list of hands and levels and the match's
        random source are the copy's own."""
        other = copy.copy(self)
        other.match = copy.copy(self.match)
        other.match.scores = list(self.match.scores)
        other.match.hands = list(self.match.hands)
        other.match.rng = copy.deepcopy(self.match.rng)
        other.levels = list(self.levels)
        other._bots = dict(self._bots)  # a bot keeps no state
        booked = bool(self.match.hands) and self.match.hands[-1] is self.state
        other.state = self.state if booked else copy.deepcopy(self.state)
        return other

    # -- where things stand -------------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        """0 for the match's first hand."""
        booked = bool(self.match.hands) and self.match.hands[-1] is self.state
        return len(self.match.hands) - (1 if booked else 0)

    @property
    def learner_to_act(self) -> bool:
        return not self.state.over and self.state.to_act == LEARNER

    @property
    def bots_to_act(self) -> bool:
        return not self.state.over and self.state.to_act != LEARNER

    def view(self) -> PlayerView:
        """What the learner may see (R-PUBLIC)."""
        return view_of(self.state, LEARNER)

    # -- changes ------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Apply one of the learner's legal actions (anything else raises IllegalAction)."""
        if action.seat != LEARNER:
            raise Dou14Error("the learner plays seat 0")
        self.state.apply(action)
        self.move += 1
        self._book_if_over()

    def bot_step(self) -> Action | None:
        """Let the bot whose turn it is make one move; None when it is not a bot's turn."""
        if not self.bots_to_act:
            return None
        seat = self.state.to_act
        rng = _bot_rng(self.seed, self.hand_number, len(self.state.history))
        action = self.bot().choose(view_of(self.state, seat), rng)
        self.state.apply(action)
        self.move += 1
        self._book_if_over()
        return action

    def bot_beat(self) -> list[Action]:
        """Bot moves up to the next thing the table sees happen (a discard, a flip, a take…):
        a bot's silent pass on an offered card takes no beat of its own."""
        seen = len(self.state.events)
        moves = []
        while len(self.state.events) == seen and (move := self.bot_step()) is not None:
            moves.append(move)
        return moves

    def run_bots(self) -> list[Action]:
        """All bot moves up to the learner's next decision or the end of the hand."""
        moves = []
        while (move := self.bot_step()) is not None:
            moves.append(move)
        return moves

    def next_hand(self, level: Level | None = None) -> None:
        """Deal the next hand, against ``level`` (the last hand's opponents by default)."""
        if not self.state.over:
            raise Dou14Error("finish this hand first")
        self.levels.append(level or self.levels[-1])
        self.state = self.match.next_hand()
        self.review = None
        self.move += 1

    def open_review(self, hand: int, step: int) -> None:
        """Open (or move) the review of finished hand ``hand`` at ``step``."""
        if not 0 <= hand < len(self.match.hands):
            raise Dou14Error(f"there is no finished hand {hand}")
        steps = len(self.match.hands[hand].history)
        self.review = ReviewAt(hand, max(0, min(step, steps)))
        self.move += 1

    def close_review(self) -> None:
        self.review = None
        self.move += 1

    def _book_if_over(self) -> None:
        if self.state.over and (not self.match.hands or self.match.hands[-1] is not self.state):
            self.match.record(self.state)

    # -- storage ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        finished = [hand for hand in self.match.hands if hand is not self.state]
        return {
            "format": FORMAT, "seed": self.seed, "rules": self.rules.to_json(),
            "finished": [[a.to_json() for a in hand.history] for hand in finished],
            "current": [a.to_json() for a in self.state.history], "move": self.move,
            "review": None if self.review is None else [self.review.hand, self.review.step],
            "levels": [level.value for level in self.levels],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> PlaySession:
        """The match a :meth:`dumps` saved, replayed; :class:`Dou14Error` saying what is wrong
        for anything else (a stored table that does not replay is refused, never half-read)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise Dou14Error(f"a stored table is JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise Dou14Error(f"a stored table has format {FORMAT}")
        seed, move = data.get("seed"), data.get("move")
        finished, current = data.get("finished"), data.get("current")
        if not isinstance(seed, int) or not isinstance(move, int) or move < 0 or \
                not isinstance(finished, list) or not isinstance(current, list):
            raise Dou14Error("a stored table needs a seed, a move number and its hands")
        levels = data.get("levels", [Level.CLUB.value] * (len(finished) + 1))
        known = {level.value for level in Level}
        if not isinstance(levels, list) or len(levels) != len(finished) + 1 or \
                not all(level in known for level in levels):
            raise Dou14Error(f"a stored table names one of {', '.join(sorted(known))} per hand")
        session = cls(seed, RuleSet.from_json(data.get("rules")), level=Level(levels[0]))
        session.levels = [Level(level) for level in levels]
        for number, actions in enumerate([*finished, current]):
            if not isinstance(actions, list):
                raise Dou14Error(f"hand {number + 1} of the stored table is not a list")
            if number:
                session.state = session.match.next_hand()
            for raw in actions:
                session.state.apply(Action.from_json(raw))
            if number < len(finished):
                if not session.state.over:
                    raise Dou14Error(f"finished hand {number + 1} of the stored table is not over")
                session.match.record(session.state)
        session._book_if_over()
        session.move = move
        review = data.get("review")
        if review is not None:
            if not (isinstance(review, list) and len(review) == 2
                    and all(isinstance(v, int) for v in review)):
                raise Dou14Error("a stored review is [hand, step]")
            hand, step = review
            if not 0 <= hand < len(session.match.hands) or \
                    not 0 <= step <= len(session.match.hands[hand].history):
                raise Dou14Error("the stored review points at no finished hand")
            session.review = ReviewAt(hand, step)
        return session


def advance(session: PlaySession, pace: Pace, now: float, due: float) -> tuple[int, float]:
    """Make the bot moves that are due by clock time ``now``: the first beat (moves up to the
    next thing the table sees, :meth:`PlaySession.bot_beat`) at ``due``, then one beat every
    ``pace.seconds``; at instant pace, all of them up to the learner's next decision or the
    end of the hand. Returns the number of moves made and when the next beat is due."""
    made = 0
    while session.bots_to_act and now >= due:
        made += len(session.bot_beat())
        if pace.seconds:
            due += pace.seconds
    return made, due

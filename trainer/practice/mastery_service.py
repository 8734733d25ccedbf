"""Mastery the learner can see (issue 32): each skill's estimate from the learner's first
attempts (:mod:`trainer.mastery`), the weakest skills of a period, and the next exercise — the
weakest skill not yet mastered, with why, and where to practise it.

A first attempt is an answer not preceded by an answer to the same item (a second try after a
hint, or the answer shown, is not evidence of what the learner knew: Lichess rates puzzles the
same way). A lesson answer's skill comes from its level's kind."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from functools import cache

from trainer.engine.game.actions import ActionKind
from trainer.engine.game.moves import WINS
from trainer.engine.messages import Message
from trainer.lessons import Question, load_lessons
from trainer.lessons.kinds.coached import kinds_of
from trainer.lessons.kinds.move_cases import level_kind
from trainer.lessons.run import AGAIN
from trainer.mastery.bkt import MASTERED, Tracing
from trainer.mastery.guidance import FADE_AFTER, SETTLED_OVER, known_well
from trainer.mastery.skills import SKILLS, Answered, Skill, skills_of
from trainer.practice.kept import kept
from trainer.store.progress_store import ProgressStore
from trainer.store.rows import AnswerRow

RECENT = SETTLED_OVER
"""First attempts kept with an estimate: what "mastered" reads (:func:`known_well`)."""
WHY_OVER = FADE_AFTER
"""The last first attempts the "why" of the next exercise counts."""
AREAS_MIN_ATTEMPTS = 3
"""First attempts a skill needs before it can be named an improvement area."""


class Place(StrEnum):
    """Where a skill is practised."""

    DRILL = "drill"
    LESSON = "lesson"


@dataclass(frozen=True)
class Target:
    place: Place
    name: str
    """The drill's name or the lesson stage's id."""


@dataclass(frozen=True)
class SkillEstimate:
    skill: Skill
    mastery: float
    """The chance the skill is known now (0 before any answer: the prior)."""
    attempts: int
    right: int
    recent: tuple[bool, ...]
    """The last :data:`RECENT` first attempts, oldest first."""
    history: tuple[tuple[datetime, float], ...]
    """The estimate after each first attempt, with its time."""

    @property
    def mastered(self) -> bool:
        """Mastered as the learner is told it (:func:`~trainer.mastery.guidance.known_well`)."""
        return known_well(self.mastery, recent=self.recent, attempts=self.attempts)

    @property
    def settling(self) -> bool:
        """The estimate reads as mastered, yet the skill is not (:func:`known_well`): recent
        misses, or too few first tries — a figure of 95% or more beside "weakest" needs why."""
        return self.mastery >= MASTERED and not self.mastered


@dataclass(frozen=True)
class NextExercise:
    skill: Skill
    why: Message
    target: Target


@cache
def _lesson_kinds() -> dict[tuple[str, int], str]:
    """(lesson id, step number) → the level's kind (``best_discard_first`` for a first
    discard: the plan made from the deal; a move by what it does, ``move_lay``, ``move_chi``
    … — :func:`trainer.lessons.kinds.move_cases.level_kind`; a decision of the coached hand by
    what it decides: a claim ``best_claim``, a win ``move_win``)."""
    found = {}
    for lesson in load_lessons():
        for number, step in enumerate(lesson.steps):
            if isinstance(step, Question):
                found[lesson.id, number] = _level_kind(step)
    return found


def _level_kind(step: Question) -> str:
    if step.kind == "best_discard" and bool(step.data.get("first")):
        return "best_discard_first"
    if step.kind == "coached_move":  # stage 16's decisions: a claim trains claiming …
        decided = kinds_of(int(step.data.get("hand", 0)))[int(step.data.get("decision", 0))]
        return {"claim": "best_claim", "win": "move_win"}.get(decided, step.kind)
    answer_class = step.task.answer_class
    if step.kind == "move" and isinstance(answer_class, tuple):
        return level_kind(str(step.data.get("goal", "discard")), answer_class[1])
    return step.kind


def lesson_kind(lesson_id: str, step: int) -> str:
    """The kind of a lesson level ('' for a reading step or an unknown one)."""
    return _lesson_kinds().get((lesson_id, step), "")


def answered_of(row: AnswerRow) -> Answered:
    """What the skill map reads of one stored answer."""
    kind = lesson = ""
    if row.context == "lesson":
        lesson, _, rest = row.item.partition(":")
        step = rest.split(":")[0]
        kind = lesson_kind(lesson, int(step)) if step.isdigit() else ""
    return Answered(row.context, row.skill, row.themes, row.rule_ids, kind, lesson)


RETRIED = frozenset({"lesson", "puzzle"})
"""The contexts whose second tries are stored too (a lesson step tried again after its hint, a
puzzle answered again as practice). A drill or a review stores only an item's first answer, and
two items in a row may share an id (a drill's is its size level): each row is a first attempt."""


def first_rows(rows: Iterable[AnswerRow]) -> Iterator[AnswerRow]:
    """The answers that are first attempts: not an answer again to the item just answered, nor
    to a puzzle answered before (a puzzle's id names one position: answered again from "My
    misses" or a link it is practice, not a first try), nor a lesson's re-ask (mode
    :data:`AGAIN`: a level missed earlier in the run, asked again as a fresh variant after its
    answer and working were shown — it shows the learner followed the working, which the
    lesson's stars count, not what they knew: four misses of ten, re-asked and answered right,
    read as mastered minutes later)."""
    previous: tuple[str, str] | None = None
    puzzles: set[str] = set()
    for row in rows:
        item = (row.context, row.item)
        again = item == previous or (row.context == "puzzle" and row.item in puzzles) or \
            (row.context == "lesson" and row.mode == AGAIN)
        if not again or row.context not in RETRIED:
            yield row
        previous = item
        if row.context == "puzzle":
            puzzles.add(row.item)


def first_attempts(rows: Iterable[AnswerRow]) -> list[tuple[AnswerRow, Skill]]:
    """Each first attempt with each skill it exercised, oldest first."""
    return [(row, skill) for row in first_rows(rows) for skill in skills_of(answered_of(row))]


def estimates(store: ProgressStore, learner_id: int, *, since: datetime | None = None,
              model: Tracing | None = None) -> list[SkillEstimate]:
    """Every skill's estimate from the learner's first attempts (only those from ``since`` on,
    for a period), in the skill map's order."""
    model = model or Tracing()
    answers: dict[Skill, list[tuple[datetime, bool]]] = {skill: [] for skill in SKILLS}
    for row, skill in first_attempts(store.answers.rows(learner_id)):
        if since is None or row.created_at >= since:
            answers[skill].append((row.created_at, row.correct))
    found = []
    for skill, seen in answers.items():
        outcomes = [correct for _, correct in seen]
        trace = model.trace(outcomes)
        found.append(SkillEstimate(skill, trace[-1] if trace else model.known, len(outcomes),
                                   sum(outcomes), tuple(outcomes[-RECENT:]),
                                   tuple((when, value) for (when, _), value
                                         in zip(seen, trace, strict=True))))
    return found


@dataclass(frozen=True)
class RuleEstimate:
    """One rule id as a skill of its own: the first attempts at questions citing it."""

    rule_id: str
    mastery: float
    attempts: int
    right: int
    recent: tuple[bool, ...] = ()
    """The last :data:`RECENT` first attempts, oldest first."""

    @property
    def mastered(self) -> bool:
        """Mastered as the learner is told it (:func:`~trainer.mastery.guidance.known_well`)."""
        return known_well(self.mastery, recent=self.recent, attempts=self.attempts)


def rule_estimates(store: ProgressStore, learner_id: int, *,
                   model: Tracing | None = None) -> list[RuleEstimate]:
    """Every rule id the learner's answers cite, each traced as a skill (the finer grain under
    the skill map's families), in rule-id order."""
    model = model or Tracing()
    outcomes: dict[str, list[bool]] = {}
    for row in first_rows(store.answers.rows(learner_id)):
        for rule_id in sorted(set(row.rule_ids)):
            if rule_id.startswith("R-"):
                outcomes.setdefault(rule_id, []).append(row.correct)
    return [RuleEstimate(rule_id, model.estimate(seen), len(seen), sum(seen),
                         tuple(seen[-RECENT:])) for rule_id, seen in sorted(outcomes.items())]


def kept_estimates(store: ProgressStore, learner_id: int, *, since: datetime | None = None,
                   version: int | None = None) -> list[SkillEstimate]:
    """:func:`estimates`, kept until the learner's next answer (a period starts on the hour,
    so that its figures are kept too)."""
    start = None if since is None else since.replace(minute=0, second=0, microsecond=0)
    return kept(store, learner_id, "skills", start,
                lambda: estimates(store, learner_id, since=start), version=version)


def kept_rule_estimates(store: ProgressStore, learner_id: int, *, version: int | None = None
                        ) -> list[RuleEstimate]:
    """:func:`rule_estimates`, kept until the learner's next answer."""
    return kept(store, learner_id, "rules", None, lambda: rule_estimates(store, learner_id),
                version=version)


def target_of(skill: Skill) -> Target:
    """Where to practise ``skill``: its drill when it has one (quick, adaptive), else its lesson
    stage's levels again as fresh variants."""
    info = SKILLS[skill]
    if info.drills:
        return Target(Place.DRILL, info.drills[0])
    return Target(Place.LESSON, info.lesson)


CLAIMS = frozenset({ActionKind.PASS, ActionKind.CHI, ActionKind.PONG, ActionKind.KONG})


def practice_of_move(kind: ActionKind, players: int) -> tuple[Skill, Target]:
    """The skill a move of the learner's exercised, and where to practise it — for a mistake
    the coach flags in Play: a win let go (``kind`` the win) is seeing a win, practised on its
    waits; an answer to an offered card is 吃、扯还是不要, any other move 留哪张; at three
    players these two are practised in the three-player stage."""
    if kind in WINS:
        return Skill.WINNING, target_of(Skill.WINNING)
    skill = Skill.CLAIMING if kind in CLAIMS else Skill.DISCARDING
    if players == 3:
        return skill, Target(Place.LESSON, THREE_PLAYER_STAGE)
    return skill, target_of(skill)


@dataclass(frozen=True)
class PlayFocus:
    """The skill the learner's recent Play mistakes cost most at, with where to practise it."""

    skill: Skill
    mistakes: int
    points: float
    target: Target


def play_focus(mistakes: Iterable[tuple[ActionKind, float]], players: int) -> PlayFocus | None:
    """Of the mistakes of recent Play hands (the move chosen, the points lost), the skill they
    cost most points at (:func:`practice_of_move`); None without a mistake. Play is the test
    the drills prepare for: what it costs is the next thing to practise."""
    lost: dict[Skill, list[float]] = {}
    targets: dict[Skill, Target] = {}
    for kind, points in mistakes:
        skill, targets[skill] = practice_of_move(kind, players)
        lost.setdefault(skill, []).append(points)
    if not lost:
        return None
    skill = max(lost, key=lambda s: (sum(lost[s]), -list(SKILLS).index(s)))
    return PlayFocus(skill, len(lost[skill]), sum(lost[skill]), targets[skill])


THREE_PLAYER_STAGE = "three-players"
"""The stage whose levels are played at three: the practice of a move made at three players."""


def next_exercise(found: list[SkillEstimate],
                  lessons_done: Collection[str] | None = None) -> NextExercise | None:
    """The weakest skill the learner has met and not yet mastered, with why; None when every
    skill met is mastered (or none has been met: the track comes first). Given the lessons
    done, only a skill whose lesson is among them: a newcomer who tried a few defence puzzles
    before lesson 1 is sent to lesson 1, not to practise what no lesson has taught yet."""
    open_ = [e for e in found if e.attempts and not e.mastered and (
        lessons_done is None or SKILLS[e.skill].lesson in lessons_done)]
    if not open_:
        return None
    weakest = min(open_, key=lambda e: (e.mastery, list(SKILLS).index(e.skill)))
    lately = weakest.recent[-WHY_OVER:]
    missed = sum(1 for right in lately if not right)
    why = Message.of("mastery.why_missed", missed=missed, count=len(lately)) if missed \
        else Message.of("mastery.why_not_yet", count=weakest.attempts)  # under the skill's name
    return NextExercise(weakest.skill, why, target_of(weakest.skill))


AREAS_SHOWN = 3
"""Improvement areas shown with their practice button and history; any weaker-than-mastered
skill beyond them is still named, so none is passed over."""


def improvement_areas(found: list[SkillEstimate]) -> list[SkillEstimate]:
    """The weakest skills of the period, Lichess-style: at least :data:`AREAS_MIN_ATTEMPTS`
    first attempts, at least one miss, not mastered — weakest first, all of them (the page
    shows the first :data:`AREAS_SHOWN` in full)."""
    areas = [e for e in found if e.attempts >= AREAS_MIN_ATTEMPTS and e.right < e.attempts
             and not e.mastered]
    return sorted(areas, key=lambda e: (e.mastery, list(SKILLS).index(e.skill)))


def too_early(found: list[SkillEstimate]) -> list[SkillEstimate]:
    """The skills of the period with a miss but fewer than :data:`AREAS_MIN_ATTEMPTS` first
    tries, not mastered: too few to call an improvement area, yet not to be passed over in
    silence ("no improvement area" beside two skills at 17% would mislead)."""
    return [e for e in found if 0 < e.attempts < AREAS_MIN_ATTEMPTS and e.right < e.attempts
            and not e.mastered]


def period_start(days: int | None, now: datetime) -> datetime | None:
    """The start of a period of ``days`` days before ``now`` (None: all time)."""
    return None if days is None else now - timedelta(days=days)

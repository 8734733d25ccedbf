"""Hints that fade (issue 32): how much help a question shows *before* it is answered, from the
mastery of the skill it exercises — the full hint while the skill is new, a nudge once the
learner has shown some of it, nothing once it is mastered. The learner can always ask for more
(each ask raises the help one level; the pages record the ask). A miss always gets its reasoning
hint, whatever the level: that hint is the task's, not this module's.

>>> hint_level(0.2), hint_level(0.7), hint_level(0.97)
(<HintLevel.FULL: 2>, <HintLevel.NUDGE: 1>, <HintLevel.NONE: 0>)
>>> raised(HintLevel.NONE, 1), raised(HintLevel.NONE, 5)
(<HintLevel.NUDGE: 1>, <HintLevel.FULL: 2>)
>>> guide(Skill.RED, HintLevel.NUDGE).key
'guide.nudge.red'
>>> guide(Skill.RED, HintLevel.NONE) is None
True
>>> guide(Skill.TABLE, HintLevel.FULL, "move_lay").key
'guide.topic.full.move_lay'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from trainer.engine.messages import Message
from trainer.mastery.bkt import MASTERED
from trainer.mastery.skills import Skill

FULL_BELOW = 0.6
"""Under this estimate a skill's questions show the full hint; from it to :data:`MASTERED` a
nudge; mastered, none. The prior (0.2) is well under it: a new learner sees the full hint, and
about three right first tries in a row bring the nudge."""


class HintLevel(IntEnum):
    """How much help is shown before an answer; more is larger."""

    NONE = 0
    NUDGE = 1
    FULL = 2


FADE_AFTER = 5
"""First attempts a skill needs before its hint goes altogether: the estimate is mastered after
three right first tries, which may all come from another stage (stage 16's discards before
stage 11 is opened); a nudge stays until the learner has shown the skill a few more times."""


SETTLED_OVER = 2 * FADE_AFTER
"""The first attempts a mastered skill is read over: at most one miss among its last ten. The
estimate forgives early misses fast (eight misses, then right answers, can leave it at 99%),
but a learner who missed half of a lesson minutes ago has not yet shown the skill
settled, and "mastered" beside "7 of 15 right" reads as a contradiction."""


def known_well(mastery: float, *, recent: Sequence[bool], attempts: int) -> bool:
    """Mastered as the learner is told it, on Progress, Home and in the fading of hints: the
    estimate at :data:`MASTERED`, at least :data:`FADE_AFTER` first attempts, none of the last
    :data:`FADE_AFTER` of ``recent`` (first attempts, oldest first) missed, and at most one of
    the last :data:`SETTLED_OVER`.

    >>> known_well(0.98, recent=(True,) * 5, attempts=9)
    True
    >>> known_well(0.98, recent=(True, False), attempts=9), known_well(0.9, recent=(), attempts=9)
    (False, False)
    >>> known_well(0.99, recent=(False, True) * 3 + (True,) * 4, attempts=15)
    False
    >>> known_well(0.99, recent=(True, False) + (True,) * 8, attempts=15)
    True
    """
    return mastery >= MASTERED and all(recent[-FADE_AFTER:]) and attempts >= FADE_AFTER and \
        list(recent[-SETTLED_OVER:]).count(False) <= 1


def hint_level(mastery: float, *, recent: Sequence[bool] = (),
               attempts: int = FADE_AFTER) -> HintLevel:
    """The help a question of a skill at this estimate shows unasked; at least a nudge while
    any of the skill's last :data:`FADE_AFTER` first attempts (``recent``) was a miss (the
    estimate climbs fast — four misses in twelve can leave it mastered —, but a learner who
    missed lately should not read "you know this well"), and while fewer than
    :data:`FADE_AFTER` first attempts of it were made.

    >>> hint_level(0.97, recent=(True, False)), hint_level(0.97, attempts=3)
    (<HintLevel.NUDGE: 1>, <HintLevel.NUDGE: 1>)

    Two misses or more among the last :data:`FADE_AFTER` keep the full hint, whatever the
    estimate: it climbs past :data:`FULL_BELOW` after a right answer or two (0.62 after miss,
    miss, right, miss, right), and a learner still missing one question in two is still
    learning the method the full hint gives.

    >>> hint_level(0.62, recent=(False, False, True, False, True))
    <HintLevel.FULL: 2>
    """
    if known_well(mastery, recent=recent, attempts=attempts):
        return HintLevel.NONE
    if list(recent[-FADE_AFTER:]).count(False) >= 2:
        return HintLevel.FULL
    return HintLevel.NUDGE if mastery >= FULL_BELOW else HintLevel.FULL


def raised(level: HintLevel, asked: int) -> HintLevel:
    """The help shown after the learner asked ``asked`` times for more on this question."""
    return HintLevel(min(HintLevel.FULL, level + max(0, asked)))


TOPICS = {"red_needed": "red_needed", "deal_number": "deal_number",
          "move_discard": "move_discard", "move_chi": "move_chi", "move_pong": "move_pong",
          "move_lay": "move_lay", "move_pass": "move_pass", "move_special": "special",
          "special": "special", "fan": "fan", "share": "share",
          "first_dealer": "first_dealer", "pick_waits": "waits", "waits": "waits"}
"""Level kinds whose reasoning is not their skill's method (issue 31's walk: a lay-down showed
"who gets the card", a first discard "win first, then pong"), and the help they show instead
(``guide.topic.full.*`` / ``guide.topic.nudge.*``, at the skill's level): a discard keeps its
14-pairs, a lay-down trades what never pairs, a special win is told by colours and moment, the
red a win needs and the cards dealt are facts the help must not state; a hand's waits (下叫)
are read without asking whose card it is, which the question does not say."""


def guide(skill: Skill, level: HintLevel, topic: str = "") -> Message | None:
    """The words of the help at ``level`` (the catalogs' ``guide.full.*`` / ``guide.nudge.*``),
    or those of the question's ``topic`` (its level's kind) where it has its own
    (:data:`TOPICS`); None for none."""
    if level is HintLevel.NONE:
        return None
    depth = "full" if level is HintLevel.FULL else "nudge"
    if topic in TOPICS:
        return Message.of(f"guide.topic.{depth}.{TOPICS[topic]}")
    return Message.of(f"guide.{depth}.{skill.value}")

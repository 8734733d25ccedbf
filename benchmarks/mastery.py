"""The mastery model measured (issue 32), on simulated learners:

1. the tracing fitted on the first generator (answers drawn from knowledge tracing with random
   parameters per learner);
2. on learners of the second generator (learning and forgetting rates of their own), the log loss
   of predicting each held-out answer from the ones before: the tracing beside a per-skill
   running average;
3. the same on answers *recorded through the services*: ``--recorded`` learners of the second
   generator answer into a real SQLite store (each answer recorded as the drill or lesson level of
   its skill would record it), and the sequences are read back as the app reads them
   (``mastery_service.first_attempts`` over ``store.answers.rows``, each answer's skills from the
   skill map);
4. exercises until every skill has been truly mastered, for ``--learners`` learners of the second
   generator, in sessions of ten exercises of one skill: the track's fixed order beside the next
   session chosen from the estimates (the weakest skill not yet mastered).

Run by ``make bench``; ``--learners`` (≥ 200 for the issue's figure) and ``--seed``."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.stats import mean_interval  # noqa: E402
from trainer.mastery.bkt import Tracing, fit, running_average_log_loss  # noqa: E402
from trainer.mastery.simulated import (  # noqa: E402
    SESSION,
    ForgettingLearner,
    chosen_next,
    exercises_to_master,
    fixed_order,
    tracing_learner,
)
from trainer.mastery.skills import SKILLS, Skill  # noqa: E402


def held_out(rng: random.Random, learners: int, answers: int) -> list[list[bool]]:
    """Each skill's answers of learners of the second generator, practised in the fixed order."""
    sequences = []
    for _ in range(learners):
        learner = ForgettingLearner(random.Random(rng.getrandbits(32)), len(SKILLS))
        history: list[list[bool]] = [[] for _ in range(learner.skills)]
        for step in range(answers * learner.skills):  # the track's order, a session at a time
            skill = (step // SESSION) % learner.skills
            history[skill].append(learner.answer(skill))
        sequences.extend(history)
    return sequences


def recorded(rng: random.Random, learners: int, answers: int) -> list[list[bool]]:
    """Answers of learners of the second generator recorded in a fresh SQLite store as the
    pages record them, and read back per learner and skill through the mastery service."""
    from trainer.lessons import Question, load_lessons
    from trainer.practice.mastery_service import first_attempts, lesson_kind
    from trainer.store import ProgressStore, open_database

    places: dict[Skill, tuple[str, str, str]] = {}
    for skill, info in SKILLS.items():
        if info.drills:
            places[skill] = ("drill", f"drill:{info.drills[0]}", info.drills[0])
            continue
        lesson, step = next((lesson.id, step.number) for lesson in load_lessons()
                            for step in lesson.steps if isinstance(step, Question)
                            and lesson_kind(lesson.id, step.number) in info.kinds)
        places[skill] = ("lesson", "", f"{lesson}:{step}")
    sequences: list[list[bool]] = []
    with tempfile.TemporaryDirectory() as folder:
        store = ProgressStore(open_database(f"sqlite:///{Path(folder) / 'recorded.sqlite3'}"))
        order = list(SKILLS)
        for number in range(learners):
            learner = ForgettingLearner(random.Random(rng.getrandbits(32)), len(SKILLS))
            profile = store.create_learner(f"Simulated {number}").id
            for step in range(answers * learner.skills):
                skill = (step // SESSION) % learner.skills
                context, column, item = places[order[skill]]
                right = learner.answer(skill)
                store.answers.record(profile, context=context, item=f"{item}:v{step}",
                                     question="simulated", answer="", expected="",
                                     correct=right, seconds=5.0, skill=column)
            history: dict[Skill, list[bool]] = {}
            for row, found in first_attempts(store.answers.rows(profile)):
                history.setdefault(found, []).append(bool(row.correct))
            sequences.extend(history.values())
    return sequences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--recorded", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    training = [tracing_learner(rng, 20) for _ in range(600)]
    fitted = fit(training)
    print(f"1. fitted on 600 simulated answer sequences (first generator): {fitted}")
    shipped = Tracing()
    print(f"   shipped defaults (trainer.mastery.bkt.Tracing()): {shipped}"
          + ("" if shipped == fitted else " — not the fit: refit and ship it"))
    test = held_out(rng, args.learners, 20)
    print(f"2. held-out answers of {args.learners} learners of the second generator "
          f"({sum(map(len, test)):,} answers): log loss, tracing {shipped.log_loss(test):.4f}, "
          f"running average {running_average_log_loss(test):.4f}")
    kept = recorded(rng, args.recorded, 20)
    print(f"3. answers of {args.recorded} learners recorded through the services and read back "
          f"as the app reads them ({sum(map(len, kept)):,} first attempts): log loss, tracing "
          f"{shipped.log_loss(kept):.4f}, running average {running_average_log_loss(kept):.4f}")
    fixed, chosen = [], []
    for _ in range(args.learners):
        seed = rng.getrandbits(32)
        fixed.append(exercises_to_master(ForgettingLearner(random.Random(seed), len(SKILLS)),
                                         fixed_order()))
        chosen.append(exercises_to_master(ForgettingLearner(random.Random(seed), len(SKILLS)),
                                          chosen_next(shipped)))
    diff = [f - c for f, c in zip(fixed, chosen, strict=True)]
    low, high = mean_interval(diff)
    print(f"4. exercises until each of the {len(SKILLS)} skills has been truly mastered, {args.learners} "
          f"learners (same learners both ways): fixed order mean {statistics.fmean(fixed):.1f} "
          f"(median {statistics.median(fixed):.0f}), chosen next mean "
          f"{statistics.fmean(chosen):.1f} (median {statistics.median(chosen):.0f}); "
          f"fewer with chosen next by {statistics.fmean(diff):.1f} (95% {low:.1f} … {high:.1f}),"
          f" fewer for {sum(d > 0 for d in diff)} of {len(diff)} learners")


if __name__ == "__main__":
    main()

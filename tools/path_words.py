"""The path to a newcomer's first hand, measured (issue 31: a whole hand within 30 minutes): the
lessons Home serves before it points to Play (``trainer.practice.track``), walked as a learner
who answers every first try right, counting what they read and tap.

Words (English): each explain step's text; each question's prompt as the first try shows it (a
fresh variant's own words, or the step's as written), its instruction, and the help shown before
the answer (the skill's hint at the mastery the right answers so far give, as the page shows it).
Taps: a Continue for every step; for a question the cards tapped and the check or the button.
Averaged over several runs (the first tries are fresh variants, their words vary a little).

    python tools/path_words.py [--runs 5] [--lang en]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.engine import Message  # noqa: E402
from trainer.i18n import render  # noqa: E402
from trainer.lessons import Explain, LessonRun, Question, load_lessons  # noqa: E402
from trainer.lessons.answers import CardsAnswer, MoveAnswer, NumberAnswer  # noqa: E402
from trainer.mastery.bkt import Tracing  # noqa: E402
from trainer.mastery.guidance import guide, hint_level  # noqa: E402
from trainer.practice.guidance_service import lesson_skill, lesson_topic  # noqa: E402
from trainer.practice.lesson_service import task_of  # noqa: E402
from trainer.practice.track import next_lesson, ready_to_play  # noqa: E402

WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
"""A word: a run of letters or digits (a run of Chinese characters counts as one)."""


def words(text: str) -> int:
    return len(WORD.findall(text))


def path() -> list[str]:
    """The lesson ids Home serves, in order, until it points to the first hand."""
    lessons = load_lessons()
    done: set[str] = set()
    order = []
    while not ready_to_play(done):
        lesson = next_lesson(lessons, done)
        if lesson is None:
            break
        order.append(lesson.id)
        done.add(lesson.id)
    return order


def walk(run_seed: int, lang: str) -> dict[str, dict[str, float]]:
    """One newcomer's walk: per lesson, the words of each part and the taps."""
    lessons = {lesson.id: lesson for lesson in load_lessons()}
    known: dict[object, float] = {}
    tracing = Tracing()
    found: dict[str, dict[str, float]] = {}
    for lesson_id in path():
        lesson = lessons[lesson_id]
        count: dict[str, float] = defaultdict(float)
        run = LessonRun.start(lesson.id, len(lesson.steps), run_seed, lesson.fresh_first)
        for item in run.plan:
            step = lesson.steps[item.step]
            count["taps"] += 1  # Continue
            if isinstance(step, Explain):
                count["explain"] += words(step.words(lang))
                continue
            assert isinstance(step, Question)
            task = task_of(step, item)
            prompt = render(task.prompt, lang, cite=False) \
                if item.seed is not None and task.prompt is not None else step.words(lang)
            count["prompt"] += words(prompt)
            count["instruction"] += words(render(task.instruction, lang, cite=False))
            skill = lesson_skill(lesson.id, item.step)
            if skill is not None:
                help_words = guide(skill, hint_level(known.get(skill, tracing.known)),
                                   lesson_topic(lesson.id, item.step))
                if help_words is not None:
                    count["hint"] += words(render(help_words, lang, cite=False))
                known[skill] = tracing.update(known.get(skill, tracing.known), True)
            count["working"] += sum(words(render(m, lang, cite=False))
                                    for m in task.full_working)
            count["captions"] += words(" ".join(
                render(Message.of(f"ruleref.{rule}.title"), lang, cite=False)
                for rule in task.rule_ids)) + 4  # "On the Rules page:", the right answer's
            answer = task.answer
            count["answers"] += 1
            if isinstance(answer, CardsAnswer | MoveAnswer):  # the cards, then check or a button
                count["taps"] += len(answer.indices) + 1
            elif isinstance(answer, NumberAnswer):
                count["taps"] += 2  # type it, check
            else:
                count["taps"] += 1
        found[lesson_id] = count
    return found


PARTS = ("explain", "prompt", "instruction", "hint")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    args = parser.parse_args()
    seeds = [random.Random(n).getrandbits(32) for n in range(args.runs)]
    walks = [walk(seed, args.lang) for seed in seeds]
    total: dict[str, float] = defaultdict(float)
    print(f"{'lesson':<18}" + "".join(f"{p:>12}" for p in (*PARTS, "words", "taps", "answers")))
    for lesson_id in walks[0]:
        mean = {key: sum(w[lesson_id][key] for w in walks) / len(walks)
                for key in (*PARTS, "taps", "answers", "working", "captions")}
        mean["words"] = sum(mean[p] for p in PARTS)
        for key, value in mean.items():
            total[key] += value
        print(f"{lesson_id:<18}" + "".join(f"{mean[k]:>12.0f}" for k in
                                           (*PARTS, "words", "taps", "answers")))
    print(f"{'path':<18}" + "".join(f"{total[k]:>12.0f}" for k in
                                    (*PARTS, "words", "taps", "answers")))
    print(f"explain + prompts: {total['explain'] + total['prompt']:.0f} words; with the working "
          f"(its expander opened) and the rules' captions: "
          f"{total['words'] + total['working'] + total['captions']:.0f}")


if __name__ == "__main__":
    main()

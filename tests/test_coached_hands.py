"""Three coached hands, scored by points lost (issue 31): the coach's stored reviews of the
learner's newest hands, read back and totalled on Progress."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from tests.apptest_helpers import app
from trainer.engine import RuleSet
from trainer.engine.game.replay import Replay
from trainer.engine.messages import Points
from trainer.i18n import t
from trainer.lessons import Explain, LessonRun, load_lessons
from trainer.play.coach_jobs import COACHED_HANDS, Job, recent_losses, review_key, review_of
from trainer.play.coach_review import PricedHand, price_hand
from trainer.play.session import PlaySession
from trainer.store import ProgressStore
from trainer.store.progress_store import KeptRun


def _careless_hand(seed: int) -> Replay:
    """A hand where the learner's seat picks any legal action: mistakes the coach prices."""
    session, rng = PlaySession(seed, RuleSet()), random.Random(seed)
    while not session.state.over:
        while session.bots_to_act:
            session.bot_step()
        if session.learner_to_act:
            session.act(rng.choice(session.state.legal_actions()))
    return Replay.of(session.state)


@pytest.fixture(scope="module")
def reviews() -> list[PricedHand]:
    """Four reviewed hands, three of them with points lost (a small budget: the figures need
    not be good, only the same read back)."""
    found = [price_hand(_careless_hand(seed), 0, deals=16) for seed in (1, 3, 8, 10)]
    assert sum(1 for review in found if review.points_lost > 0) == 3
    return found


def test_the_newest_three_reviews_are_scored_oldest_first(
        db: tuple[ProgressStore, str], reviews: list[PricedHand]) -> None:
    store, learner = db
    assert recent_losses(store, int(learner)) == []
    for number, review in enumerate(reviews):
        store.coach_reviews.save(int(learner), f"hand-{number}", review.dumps())
    store.coach_reviews.save(int(learner), "broken", "{not json")  # left out, not a crash
    assert recent_losses(store, int(learner)) == pytest.approx(  # stored to 6 decimals
        [r.points_lost for r in reviews[2:]], abs=1e-6)
    assert recent_losses(store, int(learner), count=5) == pytest.approx(
        [r.points_lost for r in reviews], abs=1e-6)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_progress_totals_the_points_the_last_hands_lost(
        db: tuple[ProgressStore, str], reviews: list[PricedHand], lang: str) -> None:
    store, learner = db
    page = app("progress", as_learner=learner, lang=lang)
    assert t("progress.coached_none", lang) in [c.value for c in page.caption]
    for number, review in enumerate(reviews[:3]):
        store.coach_reviews.save(int(learner), f"hand-{number}", review.dumps())
    page.run()
    losses = [r.points_lost for r in reviews[:3]]
    each = t("list.sep", lang).join(t("progress.coached_hand", lang,
                                      lost=Points(loss, signed=False)) for loss in losses)
    said = t("progress.coached_hands", lang, count=3, each=each,
             total=Points(sum(losses), signed=False))
    assert said in [c.value for c in page.caption]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_last_level_of_stage_16_is_three_coached_hands_in_play(
        db: tuple[ProgressStore, str], reviews: list[PricedHand], lang: str) -> None:
    """Issue 31: the stage ends with three whole hands played in Play and priced by the coach;
    the level shows how many are reviewed and what each lost, and leads to Play."""
    store, learner = db
    lesson = next(x for x in load_lessons() if x.id == "play-with-the-coach")
    last = lesson.steps[-1]
    assert isinstance(last, Explain) and last.play_hands == COACHED_HANDS
    run = LessonRun.start(lesson.id, len(lesson.steps), 1)
    run.index = len(lesson.steps) - 1
    store.lessons.save_run(int(learner), KeptRun(lesson.id, run.to_json(), 0, 0))
    page = app("lessons", as_learner=learner, lesson=lesson.id, lang=lang)
    assert page.progress[-1].proto.text == t("lessons.coached_progress", lang, done=0, count=3)
    for number, review in enumerate(reviews[:2]):
        store.coach_reviews.save(int(learner), f"hand-{number}", review.dumps())
    page.run()
    assert page.progress[-1].proto.text == t("lessons.coached_progress", lang, done=2, count=3)
    each = t("list.sep", lang).join(t("progress.coached_hand", lang, lost=Points(
        r.points_lost, signed=False)) for r in reviews[:2])
    assert t("progress.coached_hands", lang, count=2, each=each, total=Points(
        sum(r.points_lost for r in reviews[:2]), signed=False)) in [c.value for c in page.caption]
    page.button(key=f"lesson-{lesson.id}-{run.index}-play").click().run()
    assert not page.exception
    assert page.title[0].value == t("play.title", lang)


def test_a_finished_review_keeps_itself(db: tuple[ProgressStore, str]) -> None:
    """The review started at the end of a hand is stored when it finishes, without a page
    asking again: the lesson's tally and Progress fill even if the review is never opened."""
    store, learner = db
    replay = _careless_hand(3)
    job = review_of(store, int(learner), replay, 0)
    assert isinstance(job, Job)
    deadline = time.monotonic() + 600
    while not job.finished and time.monotonic() < deadline:
        time.sleep(0.05)
    assert job.result is not None
    assert store.coach_reviews.get(int(learner), review_key(replay, 0)) == job.result.dumps()


def test_play_focus_is_the_skill_the_mistakes_cost_most() -> None:
    """Pure: the mistakes' points summed by skill (a claim answer 吃、扯还是不要, any other move
    留哪张); at three players both are practised in the three-player stage."""
    from trainer.engine.game.actions import ActionKind
    from trainer.mastery.skills import Skill
    from trainer.practice.mastery_service import Place, play_focus

    assert play_focus([], 4) is None
    mistakes = [(ActionKind.DISCARD, 0.6), (ActionKind.DISCARD, 0.7), (ActionKind.PONG, 1.2)]
    found = play_focus(mistakes, 4)
    assert found is not None and found.skill is Skill.DISCARDING
    assert (found.mistakes, found.points) == (2, pytest.approx(1.3))
    found = play_focus([*mistakes, (ActionKind.PASS, 0.5)], 4)
    assert found is not None and found.skill is Skill.CLAIMING and found.mistakes == 2
    three = play_focus(mistakes, 3)
    assert three is not None and three.target.place is Place.LESSON
    assert three.target.name == "three-players"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_home_points_at_what_the_last_hands_cost(
        db: tuple[ProgressStore, str], reviews: list[PricedHand], lang: str) -> None:
    """Home's "do next" counts the points lost in Play too. After reviewed hands with mistakes,
    Home names the skill they cost most at, with its count and points, and a way to practise it;
    before any, nothing. Progress, beside the hands' losses, says the same."""
    from trainer.play.coach_jobs import recent_mistakes
    from trainer.practice.mastery_service import play_focus

    store, learner = db
    for lesson in ("a-turn", "winning"):
        store.lessons.complete(int(learner), lesson, 3, 5)
    store.replays.save(int(learner), "{}", "drawn")
    home = app("home", as_learner=learner, lang=lang)
    assert not home.exception
    assert not any(b.key == "home-practise-play" for b in home.button)
    for number, review in enumerate(reviews[:3]):
        store.coach_reviews.save(int(learner), f"hand-{number}", review.dumps())
    home.run()
    focus = play_focus(recent_mistakes(store, int(learner)), 4)
    assert focus is not None and focus.mistakes > 0
    said = t("home.play_focus", lang, skill=t(f"skill.{focus.skill.value}", lang),
             count=focus.mistakes, points=Points(focus.points, signed=False))
    assert said in [m.value for m in home.markdown]
    home.button(key="home-practise-play").click().run()
    assert not home.exception
    progress = app("progress", as_learner=learner, lang=lang)  # the same box, the same words
    assert not progress.exception
    assert said in [m.value for m in progress.markdown]
    progress.button(key="progress-practise-play").click().run()
    assert not progress.exception


def test_a_review_summary_adds_the_losses_its_items_show(reviews: list[PricedHand]) -> None:
    """The summary adds the items' figures as shown, never "1 mistake losing 4.5 points" above
    an item saying "You lost 4.4 points"."""
    for review in reviews:
        mistakes = [d for d in review.decisions if d.mistake]
        for d in mistakes:
            best = d.decision.best.mean
            chosen = d.decision.value_of(d.chosen)
            assert chosen is not None
            assert d.shown_loss.value == pytest.approx(abs(round(best, 1) - round(chosen.mean, 1)))
        lost = review.summary().param("lost")
        assert isinstance(lost, Points)
        assert lost.value == pytest.approx(sum(d.shown_loss.value for d in mistakes))


def test_the_points_lost_curve_keeps_its_line_inside_and_its_steps_apart(
        reviews: list[PricedHand]) -> None:
    """The review's curve: every point under the top of its axis (walk 38 saw the line drawn
    above the last tick), the steps placed as far apart as the hand had them, not evenly, and
    the last point the total the summary says."""
    import doctest
    from dataclasses import replace

    from trainer.play.coach_review import PricedHand
    from trainer.ui import coach_view
    from trainer.ui.coach_view import points_lost_curve

    lost_some = [r for r in reviews if r.points_lost > 0]
    longer = PricedHand(tuple(replace(d, step=d.step + 100 * copy) for copy in range(3)
                              for d in lost_some[0].decisions))  # more decisions than ticks
    assert len(longer.decisions) > 8
    for review in [*lost_some, longer]:
        figure = points_lost_curve(review)
        line = figure.data[0]
        assert list(line.x) == [d.step for d in review.decisions]
        low, high = figure.layout.yaxis.range
        assert low == 0 and max(line.y) < high
        lost = review.summary().param("lost")
        assert isinstance(lost, Points) and line.y[-1] == pytest.approx(lost.value)
        ticks = list(figure.layout.xaxis.tickvals)  # walk 53: a label at every step ran
        steps = [d.step for d in review.decisions]  # together on a phone
        assert len(ticks) <= 8 and set(ticks) <= set(steps)
        assert ticks[0] == steps[0] and ticks[-1] == steps[-1]
        gap = (steps[-1] - steps[0]) / 7  # named steps at least a seventh of the span apart
        assert all(b - a >= gap for a, b in itertools.pairwise(ticks))
        assert figure.layout.xaxis.tickangle == 0
    result = doctest.testmod(coach_view)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.rule("R-CHI")
def test_a_coached_chi_does_not_name_the_discard_the_next_question_asks() -> None:
    """Stage 16 asks a chi, then the discard it owes: the chi's working (its words and the
    hint after a miss) must not name that discard — "best 6♣" above "Which card do you let
    go?" gave the next answer away. Every coached hand is checked, in both languages."""
    from trainer.engine.game.actions import ActionKind
    from trainer.i18n import card_words, render
    from trainer.lessons.answers import MoveAnswer
    from trainer.lessons.kinds.coached import coached_move, pool
    from trainer.lessons.task import StepData

    checked = 0
    for number, hand in enumerate(pool()):
        for index, coached in enumerate(hand.decisions[:-1]):
            best = coached.decision.best.action
            after = hand.decisions[index + 1]
            if best.kind is not ActionKind.CHI or after.step != coached.step + 1:
                continue
            task = coached_move(StepData({"hand": number, "decision": index}))
            owed = after.decision.best.action.cards[0]
            if any(owed in option.action.cards for option in coached.decision.options):
                continue  # "chi with 5♦ or with 5♣", then the other 5 thrown: named as an option
            misses = [MoveAnswer(ActionKind.PASS)]
            for lang in ("en", "zh"):
                text = " ".join(render(m, lang, cite=False) for m in (
                    *task.full_working, *(task.hint(given) for given in misses
                                          if not task.is_correct(given))))
                assert card_words(owed, lang) not in text, (number, index, lang)
            checked += 1
    assert checked >= 3


def test_a_coached_decision_says_what_the_others_took_since_the_last_one() -> None:
    """Between two decisions of a coached hand the table moves on; the question says who took
    which cards since the learner's last move (R-CHI, R-PONG, R-KONG), checked against the
    growth of each other player's laid sets — and says nothing when no set grew."""
    from trainer.i18n import card_words, render
    from trainer.lessons.kinds.coached import coached_move, pool
    from trainer.lessons.task import StepData

    said = 0
    for number, hand in enumerate(pool()):
        for index in range(1, len(hand.decisions)):
            task = coached_move(StepData({"hand": number, "decision": index}))
            then = hand.replay.state_at(hand.decisions[index - 1].step)  # before its move
            now = hand.replay.state_at(hand.decisions[index].step)
            grew = {seat: [card for meld in now.melds[seat] for card in meld.cards][
                sum(len(meld.cards) for meld in then.melds[seat]):]
                for seat in range(now.rules.players) if seat != hand.seat}
            grew = {seat: cards for seat, cards in grew.items() if cards}
            assert (task.before is None) == (not grew), (number, index)
            if task.before is None:
                continue
            said += 1
            for lang in ("en", "zh"):
                text = render(task.before, lang, cite=False)
                named = [card for cards in grew.values() for card in cards
                         if card_words(card, lang) in text]
                assert named, (number, index, lang, text)
    assert said >= 3


def test_the_table_after_an_answer_does_not_give_the_next_win_away() -> None:
    """Walk 39: after one coached decision the words under the table said "now the player
    opposite flips 7♣ — you can win on it", and the next question was that very win. Where the
    next decision is a win, the words say the flip and not that it wins."""
    from trainer.lessons.kinds.coached import coached_move, kinds_of, pool
    from trainer.lessons.task import StepData

    checked = 0
    for number, hand in enumerate(pool()):
        kinds = kinds_of(number)
        for index in range(len(hand.decisions) - 1):
            if kinds[index + 1] != "win":
                continue
            solved = coached_move(StepData({"hand": number, "decision": index})).solved_board
            assert solved is not None
            assert solved.then is None or not solved.then.key.endswith("_win"), (number, index)
            checked += 1
    assert checked >= 3


def test_a_right_move_that_is_not_the_best_is_set_beside_it_in_points() -> None:
    """Walk 39: a discard graded right but not the coach's best was shown only as "right too",
    the working speaking of another card. It is now set beside the best in points, and the
    reason it counts as right is the true one: within the mistake margin, or within the noise."""
    from trainer.coach.search import MISTAKE_POINTS
    from trainer.i18n import render
    from trainer.lessons.answers import MoveAnswer
    from trainer.lessons.kinds.coached import coached_move, pool
    from trainer.lessons.task import StepData

    said: set[str] = set()
    for number, hand in enumerate(pool()):
        for index, coached in enumerate(hand.decisions):
            task = coached_move(StepData({"hand": number, "decision": index}))
            assert task.alike_said is not None
            for option in coached.decision.options[1:]:
                given = MoveAnswer(option.action.kind, tuple(
                    task.board.hand.index(card) for card in option.action.cards
                    if card in task.board.hand))
                if not task.is_correct(given):
                    continue
                message = task.alike_said(given)
                assert message is not None
                said.add(message.key)
                close = option.loss < MISTAKE_POINTS
                assert message.key == ("coach.coached_alike" if close
                                       else "coach.coached_alike_noise")
                for lang in ("en", "zh"):
                    assert render(message, lang, cite=False)
    assert said == {"coach.coached_alike", "coach.coached_alike_noise"}


def test_practice_opened_from_a_mistake_leaves_homes_next_lesson(
        db: tuple[ProgressStore, str]) -> None:
    """Walk 49: "Practise …" from Play's box opened lesson 12's questions, and Home's next lesson
    became lesson 12 for a learner who had not done lessons 1 and 2. A practice run is no place
    on the track: Home goes on with the first lesson not done; a lesson really begun still
    comes first."""
    from trainer.lessons import load_lessons
    from trainer.practice.lesson_service import Runs

    store, learner = db
    lessons = load_lessons()
    claims = next(lesson for lesson in lessons if lesson.id == "claim-or-pass")
    runs = Runs(store, int(learner))
    runs.practise(claims)
    assert runs.under_way(lessons) == set()
    home = app("home", as_learner=learner, lang="en")
    first = t("home.next_lesson", "en", order=lessons[0].order, title=lessons[0].title["en"])
    assert first in [m.value for m in home.markdown]
    runs.load(lessons[1])  # a lesson begun: kept, and Home goes on with it
    assert runs.under_way(lessons) == {lessons[1].id}

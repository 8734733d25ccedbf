"""Practice: Glicko-2 against the published example, FSRS scheduling, adaptive drills, serving and
grading puzzles, progress figures, CSV export and merging import."""

from __future__ import annotations

import csv
import io
import random
import threading
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, timezone
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from fsrs import Rating as FsrsRating
from fsrs import State
from hypothesis import given, settings
from hypothesis import strategies as hypothesis_st

from tests.seeding import rate_puzzle
from tests.wrong_answers import wrong_answer
from trainer.engine import RuleSet
from trainer.i18n import render
from trainer.lessons.answers import ChoiceAnswer
from trainer.practice import csv_export, csv_import, puzzle_selector
from trainer.practice import progress_figures as figures
from trainer.practice import puzzle_service as service
from trainer.practice.drills import DRILLS, generate, next_level
from trainer.practice.fact_reviews import REVIEW_SKILLS, due_facts, record_review
from trainer.practice.srs import NEW_PER_DAY, all_facts, grade, question, review
from trainer.puzzles import Puzzle, PuzzleKind
from trainer.puzzles.model import LeastRiskAnswer, SafeSetAnswer
from trainer.rating import Rating, expected, play, update
from trainer.store import ProgressStore, open_database
from trainer.store.progress_store import PuzzleAnswer
from trainer.store.rows import PuzzleStanding


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}"))


def test_glicko2_published_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100
    and 1700/300 → 1464.06, 151.52, 0.05999."""
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30, 0.06), 1.0),
                                             (Rating(1550, 100, 0.06), 0.0),
                                             (Rating(1700, 300, 0.06), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_new_learners_rating_is_provisional_until_it_settles() -> None:
    """A "?" after the rating while its deviation is above 110 (as Lichess shows it): a new
    learner's first answers move it a lot; after enough answers it is shown plain."""
    from trainer.rating.glicko2 import PROVISIONAL_RD

    learner = Rating()
    assert learner.provisional and learner.shown() == "1500?"
    answers = 0
    while learner.provisional:
        learner, _ = play(learner, Rating(1500, 60), answers % 2 == 0)
        answers += 1
    assert learner.rd <= PROVISIONAL_RD and learner.shown() == f"{learner.rating:.0f}"
    assert 3 <= answers <= 40


def test_an_attempt_moves_learner_and_puzzle_apart() -> None:
    learner, puzzle = Rating(1500, 200), Rating(1600, 100)
    won_l, won_p = play(learner, puzzle, True)
    lost_l, lost_p = play(learner, puzzle, False)
    assert won_l.rating > learner.rating > lost_l.rating
    assert won_p.rating < puzzle.rating < lost_p.rating
    assert 0 < expected(learner, puzzle) < 0.5


@pytest.mark.parametrize(("correct", "seconds", "rating"), [
    (False, 1.0, FsrsRating.Again), (True, 2.0, FsrsRating.Easy),
    (True, 7.0, FsrsRating.Good), (True, 30.0, FsrsRating.Hard)])
def test_grades_from_correctness_and_time(correct: bool, seconds: float,
                                          rating: FsrsRating) -> None:
    assert grade(correct, seconds) == rating


def test_scheduling_with_same_day_relearning() -> None:
    now = datetime(2026, 11, 29, 12, tzinfo=UTC)
    card = review(None, True, 7.0, now)  # Good on a new card: the next learning step
    assert card.state is State.Learning and card.due - now == timedelta(minutes=10)
    card = review(card.to_json(), True, 7.0, card.due)
    assert card.state is State.Review and card.due - now > timedelta(days=1)
    lapse = review(card.to_json(), False, 3.0, card.due)  # a lapse: relearn the same day
    assert lapse.state is State.Relearning
    assert lapse.due - card.due == timedelta(minutes=10)


def test_every_fact_has_an_engine_question() -> None:
    rng = random.Random(1)
    facts = all_facts()
    assert len(facts) == 52 + 13 + 4 + 3
    for fact in facts:
        asked = question(fact, rng)
        assert asked.task.is_correct(asked.task.answer)
        assert not asked.task.is_correct(wrong_answer(asked.task))
        assert render(asked.prompt, "zh") and render(asked.prompt, "en")


def _reviewing_all(store: ProgressStore, learner: int) -> None:
    for skill in REVIEW_SKILLS:  # reviews are opt-in per skill: these tests turn all on
        store.review_choices.set(learner, skill.value, True)


def test_due_today_and_reviews_recorded(store: ProgressStore) -> None:
    learner = store.create_learner("Ann").id
    _reviewing_all(store, learner)
    due = due_facts(store, learner)
    assert len(due) == NEW_PER_DAY
    asked = question(due[0], random.Random(2))
    assert record_review(store, learner, asked, asked.task.answer, 5.0)
    later = due_facts(store, learner)
    assert due[0] not in later and len(later) == NEW_PER_DAY - 1
    rows = store.answers.rows(learner)
    assert rows[-1].context == "review" and rows[-1].item == due[0]


def test_new_facts_allowance_is_per_utc_day(store: ProgressStore) -> None:
    """The day's allowance of new facts counts only the new facts introduced that (UTC) day:
    one yesterday leaves today's whole; one today takes one off; tomorrow it is whole again."""
    learner = store.create_learner("Ann").id
    _reviewing_all(store, learner)
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

    def new_facts(at: datetime) -> int:
        items = store.fact_reviews.items(learner)
        return sum(1 for fact in due_facts(store, learner, now=at) if fact not in items)

    introduced = {"context": "review", "item": "x", "question": "q", "answer": "a",
                  "expected": "a", "correct": True, "seconds": 3.0, "mode": "new"}
    store.answers.import_many(learner, [{**introduced, "created_at": now - timedelta(hours=13)}])
    assert new_facts(now) == NEW_PER_DAY
    store.answers.import_many(learner, [{**introduced, "created_at": now.replace(hour=0)},
                                        {**introduced, "mode": "review", "created_at": now}])
    assert new_facts(now) == NEW_PER_DAY - 1
    assert new_facts(now + timedelta(days=1)) == NEW_PER_DAY


def test_adaptive_sizes() -> None:
    assert next_level([]) == 2
    fast = [(True, 2.0, 2)] * 3
    assert next_level(fast) == 3
    assert next_level([*fast, (True, 2.0, 3), (True, 2.0, 3), (True, 2.0, 3)]) == 4
    assert next_level([*fast, (False, 2.0, 3)]) == 2
    slow = [(True, 60.0, 2)] * 6
    assert next_level(slow) == 2


@pytest.mark.parametrize("drill", DRILLS)
def test_drill_items_are_answered_by_the_engine(drill: str) -> None:
    rng = random.Random(drill)
    for level in (1, 4, 9):
        item = generate(drill, level, rng)
        assert item.task.is_correct(item.task.answer)
        assert not item.task.is_correct(wrong_answer(item.task))
        assert [render(m, "en") for m in item.task.working]
        assert render(item.task.hint(wrong_answer(item.task)), "zh")


@settings(max_examples=60, deadline=None)
@given(hypothesis_st.sampled_from(DRILLS), hypothesis_st.integers(1, 9),
       hypothesis_st.integers(0, 2**32 - 1), hypothesis_st.booleans())
def test_a_stored_drill_answer_reads_back_as_the_try(drill: str, level: int, seed: int,
                                                      right: bool) -> None:
    """A reloaded drill shows the first try it stored: the stored text reads back as an answer
    that is stored, and graded, as the one given; text that is no answer reads as none."""
    task = generate(drill, level, random.Random(seed)).task
    given_answer = task.answer if right else wrong_answer(task)
    text = task.answer_text(given_answer)
    read = task.read_answer(text)
    assert read is not None
    assert task.answer_text(read) == text
    assert task.is_correct(read) == right
    assert task.read_answer("no such answer") is None


def test_red20_is_balanced() -> None:
    rng = random.Random(5)
    answers = [generate("red20", 5, rng).task.answer for _ in range(60)]
    assert 15 < answers.count(ChoiceAnswer("yes")) < 45


def test_puzzle_service_serves_near_the_rating(store: ProgressStore) -> None:
    learner = store.create_learner("Ann")
    first = service.choose(store, learner.id, learner.rules, "rated", rng=random.Random(1))
    assert first is not None and first.players == 4
    ratings = sorted(abs(service.puzzle_rating(p, {}).rating - 1500) for p in service.bank()
                     if p.players == 4)
    assert abs(service.puzzle_rating(first, {}).rating - 1500) <= ratings[service.NEAREST]
    themed = service.choose(store, learner.id, learner.rules, "theme", theme="near-miss",
                            rng=random.Random(2))
    assert themed is not None and "near-miss" in themed.themes
    hard = service.choose(store, learner.id, learner.rules, "streak", streak=12,
                          rng=random.Random(3))
    easy = service.choose(store, learner.id, learner.rules, "streak", streak=0,
                          rng=random.Random(3))
    assert hard is not None and easy is not None
    assert service.puzzle_rating(hard, {}).rating > service.puzzle_rating(easy, {}).rating


def test_safe_discard_puzzles_come_after_their_lesson(store: ProgressStore) -> None:
    """A newcomer is served "can you win?" puzzles only, nearest their rating among those; the
    safe-discard kinds join once the lesson teaching them is done."""
    learner = store.create_learner("Ann")
    kinds = service.taught_kinds(service.lessons_done(store, learner.id))
    assert kinds == frozenset({PuzzleKind.WIN})
    served = [service.choose(store, learner.id, learner.rules, mode, rng=random.Random(seed),
                             kinds=kinds, streak=seed)
              for mode in ("rated", "streak", "timed") for seed in range(8)]
    assert all(p is not None and p.kind is PuzzleKind.WIN for p in served)
    wins = sorted(abs(service.puzzle_rating(p, {}).rating - 1500) for p in service.bank()
                  if p.players == 4 and p.kind is PuzzleKind.WIN)
    first = served[0]
    assert first is not None
    assert abs(service.puzzle_rating(first, {}).rating - 1500) <= wins[service.NEAREST]
    store.lessons.complete(learner.id, service.SAFETY_LESSON, 3, 9)
    assert service.taught_kinds(service.lessons_done(store, learner.id)) is None
    everything = {p.kind for seed in range(40) if (p := service.choose(
        store, learner.id, learner.rules, "streak", streak=seed % 20, rng=random.Random(seed)))}
    assert everything > {PuzzleKind.WIN}


def test_no_puzzle_repeats_within_a_session(store: ProgressStore) -> None:
    learner = store.create_learner("Ann")
    seen: list[str] = []
    for number in range(60):
        puzzle = service.choose(store, learner.id, learner.rules, "rated", recent=seen,
                                rng=random.Random(number))
        assert puzzle is not None and puzzle.id not in seen
        seen.append(puzzle.id)


def _safe_set() -> Puzzle:
    return next(p for p in service.bank() if p.kind is PuzzleKind.SAFE_SET)


def test_a_puzzle_is_rated_only_on_the_first_attempt(store: ProgressStore) -> None:
    learner = store.create_learner("Ann").id
    puzzle = _safe_set()
    assert isinstance(puzzle.answer, SafeSetAnswer)
    wrong = service.SetGiven(frozenset(list(puzzle.answer.safe)[:1]) | frozenset(
        c for c in puzzle.candidates if c not in puzzle.answer.safe))
    first = service.record(store, learner, puzzle, wrong, 9.0, "rated")
    assert first.rated and not first.correct and first.change < 0
    assert first.grade.extra and store.ratings.puzzles()[puzzle.id][1:] == (1, 0)
    for _ in range(3):
        again = service.record(store, learner, puzzle, service.SetGiven(puzzle.answer.safe),
                               5.0, "rated")
        assert again.correct and not again.rated and again.change == 0
    assert store.ratings.learner(learner) == first.rating.after
    assert store.ratings.puzzles()[puzzle.id][0] == first.rating.puzzle_after
    rows = store.answers.rows(learner)
    assert [r.mode for r in rows] == ["rated", "practice", "practice", "practice"]
    assert rows[0].rating_before == pytest.approx(1500.0)
    assert all(r.rating_before is None for r in rows[1:])
    assert rows[0].answer != rows[1].answer == rows[1].expected
    assert len(store.ratings.history(learner)) == 1
    assert service.failed_puzzles(store, learner) == []


def test_answer_and_ratings_are_one_transaction(store: ProgressStore) -> None:
    """A failure while rating leaves no answer behind, and no rating moved."""
    learner = store.create_learner("Ann").id
    puzzle = _safe_set()
    answer = PuzzleAnswer(puzzle.id, "q", "a", "e", True, 1.0, (), "puzzle:x", (), "rated", "")

    def broken(learner_rating: Rating, puzzle_rating: Rating,
               solved: bool) -> tuple[Rating, Rating]:
        raise RuntimeError("the rating server fell over")

    with pytest.raises(RuntimeError):
        store.ratings.record_puzzle_answer(learner, answer, rated_mode=True,
                                   start=service.start_rating(puzzle), rate=broken)
    assert store.answers.rows(learner) == [] and store.ratings.puzzles() == {}
    assert store.ratings.learner(learner) == Rating() and store.ratings.history(learner) == []


def test_misses_come_back_unrated(store: ProgressStore) -> None:
    learner = store.create_learner("Ann").id
    puzzle = next(p for p in service.bank() if p.kind is PuzzleKind.LEAST_RISK)
    assert isinstance(puzzle.answer, LeastRiskAnswer)
    other = next(c for c in puzzle.candidates if c != puzzle.answer.card)
    service.record(store, learner, puzzle, service.CardGiven(other), 9.0, "rated")
    assert service.failed_puzzles(store, learner) == [puzzle.id]
    replay = service.choose(store, learner, RuleSet(), "failed")
    assert replay is not None and replay.id == puzzle.id
    attempt = service.record(store, learner, puzzle, service.CardGiven(puzzle.answer.card), 4.0,
                             "failed")
    assert attempt.correct and not attempt.rated
    assert service.failed_puzzles(store, learner) == []
    assert [r.mode for r in store.answers.rows(learner)] == ["rated", "failed"]


def test_progress_figures_and_records(store: ProgressStore) -> None:
    learner = store.create_learner("Ann").id
    for number, correct in enumerate([True, True, False]):
        store.answers.record(learner, context="puzzle", item=f"p{number}", question="q",
                            answer="a", expected="a", correct=correct, seconds=3.0 + number,
                            rule_ids=("R-SAFE", "R-WIN"), skill="puzzle:safe",
                            themes=("hidden",), mode="streak", run="r1")
    store.answers.record(learner, context="drill", item="red:2", question="q", answer="7",
                        expected="8", correct=False, seconds=5.0, rule_ids=("R-RED",),
                        skill="drill:red")
    by_day = figures.skill_by_day(store, learner)
    assert set(by_day["skill"]) == {"puzzle:safe", "drill:red"}
    assert by_day.set_index("skill").loc["puzzle:safe", "accuracy"] == pytest.approx(2 / 3)
    mistakes = figures.mistakes_by_rule(store, learner).set_index("rule")["mistakes"].to_dict()
    assert mistakes == {"R-SAFE": 1, "R-WIN": 1, "R-RED": 1}
    assert figures.records(store, learner).best_streak == 2
    themes = figures.theme_performance(store, learner)
    assert themes.iloc[0]["theme"] == "hidden" and themes.iloc[0]["attempts"] == 3


@given(hypothesis_st.integers(0, 2000), hypothesis_st.integers(2, 400))
def test_a_thinned_history_keeps_its_ends_and_order(length: int, most: int) -> None:
    """The rating chart draws at most ``most`` points: the first and the latest always, the
    rest evenly spread and in order, none twice; a short history whole."""
    history = list(range(length))
    kept = figures.thinned(history, most)
    assert len(kept) == min(length, most)
    assert kept == sorted(set(kept))
    if history:
        assert kept[0] == history[0] and kept[-1] == history[-1]
    if length > most:  # evenly: no gap more than one step wider than another
        gaps = [later - earlier for earlier, later in pairwise(kept)]
        assert max(gaps) - min(gaps) <= 1


def _one_answer_exported(store: ProgressStore) -> tuple[str, int, int]:
    """Ann's one answer as exported, Ann, and Bo, a second learner with none, to import it."""
    learner = store.create_learner("Ann").id
    store.answers.record(learner, context="drill", item="red:2", question="q", answer="7",
                        expected="8", correct=False, seconds=5.0, skill="drill:red")
    return csv_export.export_csv(store, learner), learner, store.create_learner("Bo").id


def test_export_and_merging_import(store: ProgressStore) -> None:
    exported, _, other = _one_answer_exported(store)
    report = csv_import.import_csv(store, other, exported)
    assert (report.added, report.duplicates, report.bad) == (1, 0, [])
    again = csv_import.import_csv(store, other, exported)
    assert (again.added, again.duplicates) == (0, 1)
    broken = exported + "not-a-date,drill,drill:red,x,q,a,b,maybe,abc,,,,,,\n"
    report = csv_import.import_csv(store, other, broken)
    assert report.added == 0 and [line for line, _ in report.bad] == [3]
    assert csv_export.export_csv(store, other).splitlines()[1:] == exported.splitlines()[1:]
    assert csv_import.import_csv(store, other, "a,b\n1,2\n").bad[0][1].startswith("missing columns")


def test_an_export_with_drill_levels_imports_whole(store: ProgressStore) -> None:
    """A drill answer keeps its level as a whole number beside answers that have none (pandas
    wrote it "2.0", which the import refused: nothing of the file came in)."""
    learner = store.create_learner("Ann").id
    store.answers.record(learner, context="drill", item="red:2", question="q", answer="7",
                         expected="8", correct=False, seconds=5.0, skill="drill:red", level=2)
    store.answers.record(learner, context="lesson", item="cards:1", question="q", answer="a",
                         expected="a", correct=True, seconds=3.0)
    exported = csv_export.export_csv(store, learner)
    assert ",2\n" in exported and "2.0" not in exported
    other = store.create_learner("Bo").id
    report = csv_import.import_csv(store, other, exported)
    assert (report.added, report.bad) == (2, [])
    assert sorted(row.level or 0 for row in store.answers.rows(other)) == [0, 2]
    spreadsheet = exported.replace(",2\n", ",2.0\n")  # as a spreadsheet may save it
    third = store.create_learner("Cy").id
    assert csv_import.import_csv(store, third, spreadsheet).bad == []


def _import_twice_at_once(stores: tuple[ProgressStore, ProgressStore], learner: int,
                          exported: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The same file imported by two stores at once (two tabs, two replicas): each import,
    having read the answers already stored, waits up to two seconds for the other to have read
    them too before it writes. Unlocked, both read before either writes and both store the
    file; locked, the second cannot read until the first has committed."""
    from trainer.store import answers as answers_module

    reading = answers_module._answer_keys
    readers = threading.Condition()
    have_read = [0]

    def read_then_wait(session: Any, learner_id: int, *times: Any) -> Any:
        keys = reading(session, learner_id, *times)
        with readers:
            have_read[0] += 1
            readers.notify_all()
            readers.wait_for(lambda: have_read[0] >= 2, timeout=2)
        return keys

    monkeypatch.setattr(answers_module, "_answer_keys", read_then_wait)
    reports: list[Any] = [None, None]

    def run(number: int) -> None:
        reports[number] = csv_import.import_csv(stores[number], learner, exported)

    threads = [threading.Thread(target=run, args=(number,)) for number in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return reports


def test_the_same_file_imported_twice_at_once_is_stored_once(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    exported, _, other = _one_answer_exported(store)
    twin = ProgressStore(store.engine)
    reports = _import_twice_at_once((store, twin), other, exported, monkeypatch)
    assert store.answers.count(other) == 1
    assert sorted((r.added, r.duplicates) for r in reports) == [(0, 1), (1, 0)]


def test_an_import_knows_an_answer_whatever_the_time_zone_it_is_written_in(
        store: ProgressStore) -> None:
    """The same moment written with another offset (a spreadsheet saved in Beijing) is the
    same answer: not stored twice."""
    exported, learner, _ = _one_answer_exported(store)
    header, row = exported.splitlines()[:2]
    written = row.split(",")[0]
    moment = datetime.fromisoformat(written).astimezone(timezone(timedelta(hours=8)))
    beijing = f"{header}\n{row.replace(written, moment.isoformat(), 1)}\n"
    assert moment.isoformat() != written
    report = csv_import.import_csv(store, learner, beijing)
    assert (report.added, report.duplicates, report.bad) == (0, 1, [])


def test_an_import_runs_in_its_own_thread_once_per_file(store: ProgressStore,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.practice import import_jobs

    exported, _, other = _one_answer_exported(store)
    release = threading.Event()
    storing = store.answers.import_many

    def held(*args: Any, **kwargs: Any) -> int:
        release.wait(30)
        return storing(*args, **kwargs)

    monkeypatch.setattr(store.answers, "import_many", held)
    first, job = import_jobs.start_import(store, other, "file-1", exported)
    assert first == "file-1" and import_jobs.start_import(
        store, other, "file-1", exported) == ("file-1", job)  # a rerun
    # While it runs, the same rows chosen again (a reload, another tab) start nothing new.
    assert import_jobs.start_import(store, other, "file-1b", exported) == ("file-1", job)
    assert import_jobs.running_import(other) == "file-1"
    release.set()
    assert job.finished.wait(30)
    assert import_jobs.running_import(other) is None
    assert job.report is not None and (job.report.added, job.report.duplicates) == (1, 0)
    assert job.done == 1.0 and import_jobs.import_job(other, "file-1") is job
    assert store.answers.count(other) == 1
    again = import_jobs.start_import(store, other, "file-2", exported)[1]  # another upload
    assert again is not job and again.finished.wait(30)
    assert again.report is not None and (again.report.added, again.report.duplicates) == (0, 1)
    assert import_jobs.import_job(other, "never") is None


def test_an_import_that_the_database_refuses_says_why(store: ProgressStore,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from trainer.practice import import_jobs

    exported, _, other = _one_answer_exported(store)

    def full(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("INSERT INTO answers …", {},
                               sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(store.answers, "import_many", full)
    job = import_jobs.start_import(store, other, "full-disk", exported)[1]
    assert job.finished.wait(30)
    assert (job.problem, job.report, job.done) == ("full", None, 1.0)


@pytest.mark.parametrize(("column", "value", "says"), [
    ("seconds", "nan", "seconds must be"), ("seconds", "inf", "seconds must be"),
    ("seconds", "1e400", "seconds must be"), ("themes", "evil_theme", "unknown theme"),
    ("mode", "level:abc", "unknown mode"), ("created_at", "9999-12-31T23:59:59-12:00", "between"),
    ("item", "x" * 129, "longer than 128"), ("level", "²", "drill level"),
    ("rating_before", "nan", "rating from"),
])
def test_a_hostile_import_row_is_refused_and_nothing_is_written(
        store: ProgressStore, column: str, value: str, says: str) -> None:
    exported, learner, other = _one_answer_exported(store)
    good = csv_import.import_csv(store, learner, exported)  # a row already there: a duplicate
    assert good.added == 0
    header, row = exported.splitlines()[:2]
    fields = dict(zip(header.split(","), next(csv.reader([row])), strict=True))
    fields[column] = value
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=header.split(","))
    writer.writeheader()
    writer.writerow({**fields, "item": "fresh:1"} if column != "item" else fields)
    writer.writerow({**fields, "item": "fresh:2", column: dict(zip(header.split(","), next(
        csv.reader([row])), strict=True))[column]})
    report = csv_import.import_csv(store, other, buffer.getvalue())
    assert report.added == 0 and len(report.bad) == 1 and says in report.bad[0][1]
    assert store.answers.count(other) == 0  # all or nothing: the good row is not kept either


def test_export_neutralises_formulas_and_import_restores_them(store: ProgressStore) -> None:
    learner = store.create_learner("Ann").id
    for number, text in enumerate(["=cmd|' /C calc'!A0", "+SUM(1,2)", "@SUM(A1)", "-2", "\tx"]):
        store.answers.record(learner, context="drill", item=f"red:{number}", question=text,
                            answer=text, expected="8", correct=False, seconds=5.0,
                            skill="drill:red")
    exported = csv_export.export_csv(store, learner)
    cells = [cell for row in csv.reader(io.StringIO(exported)) for cell in row]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "@", "\t", "\r"))]
    assert not [cell for cell in cells if cell.startswith("-") and not cell[1:2].isdigit()]
    other = store.create_learner("Bo").id
    assert csv_import.import_csv(store, other, exported).added == 5
    assert sorted(r.question for r in store.answers.rows(other)) == sorted(
        ["=cmd|' /C calc'!A0", "+SUM(1,2)", "@SUM(A1)", "-2", "\tx"])


_RATED = hypothesis_st.lists(
    hypothesis_st.tuples(hypothesis_st.integers(0, 2399), hypothesis_st.floats(600, 2600)),
    max_size=60, unique_by=lambda pair: pair[0])


@settings(max_examples=40)
@given(rated=_RATED, target=hypothesis_st.floats(700, 2500),
       theme=hypothesis_st.sampled_from([None, "near-miss", "kong"]),
       kinds=hypothesis_st.sampled_from([None, frozenset({PuzzleKind.WIN})]))
def test_the_puzzles_read_near_a_target_hold_the_nearest_of_the_whole_bank(
        tmp_path_factory: pytest.TempPathFactory, rated: list[tuple[int, float]], target: float,
        theme: str | None, kinds: frozenset[PuzzleKind] | None) -> None:
    """Reading only the puzzles rated or starting near the target (by index) loses none of the
    ones a full read of every rating would choose among."""
    store = ProgressStore(open_database(f"sqlite:///{tmp_path_factory.mktemp('near')}/n.db"))
    puzzles = service.bank()
    seeder = store.create_learner("Seeder").id
    for index, rating in rated:
        rate_puzzle(store, seeder, puzzles[index].id, Rating(rating, 100, 0.06))
    everything = store.ratings.puzzles()
    eligible = [p for p in puzzles if p.players == 4 and (theme is None or theme in p.themes)
                and (kinds is None or p.kind in kinds)]
    pool, stored = puzzle_selector.near(store, 4, theme, kinds, target)
    assert {p.id for p in pool} <= {p.id for p in eligible}
    assert _nearest(pool, stored, target) == _nearest(eligible, everything, target)


def _nearest(chosen: list[Puzzle], ratings: Mapping[str, PuzzleStanding], target: float
             ) -> list[float]:
    """The distances to ``target`` of the ``NEAREST`` puzzles nearest to it."""
    return sorted(abs(service.puzzle_rating(p, ratings).rating - target)
                  for p in chosen)[:service.NEAREST]


@pytest.mark.parametrize("moved_to", [600.0, 2600.0])
def test_the_pool_stays_exact_when_the_puzzles_starting_near_the_target_moved_away(
        tmp_path: Path, moved_to: float) -> None:
    """Every puzzle starting near the target rated far away since: the nearest now are
    puzzles that start further out, unrated — the pool must reach out to them."""
    store = ProgressStore(open_database(f"sqlite:///{tmp_path}/n.db"))
    target = 1500.0
    eligible = sorted((p for p in service.bank() if p.players == 4),
                      key=lambda p: abs(p.rating - target))
    seeder = store.create_learner("Seeder").id
    for puzzle in eligible[:4 * service.WINDOW]:
        rate_puzzle(store, seeder, puzzle.id, Rating(moved_to, 100, 0.06))
    pool, stored = puzzle_selector.near(store, 4, None, None, target)
    assert _nearest(pool, stored, target) == _nearest(eligible, store.ratings.puzzles(), target)


def test_a_puzzle_run_counts_until_a_streak_miss_or_the_clock(store: ProgressStore) -> None:
    """A streak counts right answers and ends at the first miss; a 3-minute run ignores a miss
    but stops counting once its clock is out; a reloaded run comes back with its count."""
    learner = store.create_learner("Ann").id
    streak = service.PuzzleRun.begin(store, learner, "k", service.PuzzleMode.STREAK, "", 1000.0)
    assert streak.in_address and streak.solved == 0
    streak.answered(True)
    streak.answered(True)
    assert streak.solved == 2 and not streak.ends_with(True) and streak.ends_with(False)
    timed = service.PuzzleRun.begin(store, learner, "k", service.PuzzleMode.TIMED, "", 900.0)
    assert timed.waiting and not timed.counts_at(950.0)  # the clock waits for the go
    assert timed.time_left(5000.0) == service.TIMED_SECONDS
    timed.start(1000.0)
    assert not timed.waiting and timed.started_at == 1000.0
    timed.start(1100.0)  # a second go does not move the clock
    assert timed.started_at == 1000.0
    assert not timed.ends_with(False)
    assert timed.counts_at(1000.0 + service.TIMED_SECONDS - 1)
    assert not timed.counts_at(1000.0 + service.TIMED_SECONDS) and timed.over
    assert not timed.counts_at(1000.0)  # over is over, whatever the clock says later
    rated = service.PuzzleRun.begin(store, learner, "k", service.PuzzleMode.RATED, "", 1000.0)
    assert not rated.in_address and rated.counts_at(10.0 ** 9)
    puzzle = service.bank()[0]
    service.record(store, learner, puzzle, service.WinGiven(False), 3.0, "streak", streak.id)
    again = service.PuzzleRun.begin(store, learner, "k", service.PuzzleMode.STREAK, streak.id,
                                    2000.0)
    assert again.id == streak.id and again.solved == int(service.grade(
        puzzle, service.WinGiven(False)).correct)


def test_the_track_goes_on_with_the_lesson_in_hand_then_the_first_not_done() -> None:
    from trainer.lessons import load_lessons
    from trainer.practice.track import next_lesson, ready_to_play

    lessons = tuple(load_lessons())
    ids = [lesson.id for lesson in lessons]
    assert next_lesson(lessons, set()) == lessons[0]
    assert next_lesson(lessons, {ids[0]}) == lessons[1]
    assert next_lesson(lessons, {ids[0]}, {ids[4]}) == lessons[4]  # the one in hand first
    assert next_lesson(lessons, {ids[4]}, {ids[4]}) == lessons[0]  # a finished one is done
    assert next_lesson(lessons, set(ids)) is None
    assert not ready_to_play({"a-turn"}) and ready_to_play({"a-turn", "winning", ids[0]})


def test_a_finished_lesson_offers_the_next_not_done() -> None:
    """Finishing a lesson never offers "Next" of a lesson already done. The offer is the next in
    the track not completed, else the first skipped before it, else none."""
    from trainer.lessons import load_lessons
    from trainer.practice.track import lesson_after

    lessons = tuple(load_lessons())
    ids = [lesson.id for lesson in lessons]
    assert lesson_after(lessons, lessons[2], set()) == lessons[3]
    assert lesson_after(lessons, lessons[2], {ids[3], ids[4]}) == lessons[5]  # done: passed by
    assert lesson_after(lessons, lessons[-1], set(ids[2:])) == lessons[0]  # one skipped before
    assert lesson_after(lessons, lessons[-1], set(ids)) is None
    assert lesson_after(lessons, lessons[-1], set(ids[:-1])) is None  # itself is not offered


def test_special_wins_wait_for_their_lesson(store: ProgressStore) -> None:
    """Puzzles served unasked hold back the special wins (全红, 全黑, 接地 …) until the lesson
    that teaches them is done; then they come like any other."""
    learner = store.create_learner("Ann").id
    held = service.held_back_themes(service.lessons_done(store, learner))
    assert held == puzzle_selector.SPECIAL_THEMES
    rng = random.Random(5)
    served = [service.choose(store, learner, RuleSet(), "rated", rng=rng, held_back=held,
                             recent=[], kinds=frozenset({PuzzleKind.WIN}))
              for _ in range(40)]
    assert all(p is not None and not held & set(p.themes) for p in served)
    pool, _ = puzzle_selector.near(store, 4, None, None, 1500.0, held)
    assert pool and not any(held & set(p.themes) for p in pool)
    store.lessons.complete(learner, puzzle_selector.SPECIALS_LESSON, 3, 10)
    assert service.held_back_themes(service.lessons_done(store, learner)) == frozenset()

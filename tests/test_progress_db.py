"""The progress database: answers from many threads and processes are all kept; a damaged file
gives a clear message and stays untouched; the schema is created and versioned by the app."""

from __future__ import annotations

import multiprocessing
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import PendingRollbackError

from tests.seeding import learners
from trainer.store import DatabaseUnreadable, ProgressStore, open_database
from trainer.store import answers as answers_module
from trainer.store.db import alembic_config, database_url, head_revision, write_turns
from trainer.store.progress_store import KeptRun, ProgressError


def _url(path: Path) -> str:
    return f"sqlite:///{path}"


def _write_answers(url: str, learner_id: int, worker: int, count: int) -> None:
    store = ProgressStore(open_database(url))
    for number in range(count):
        store.answers.record(learner_id, context="drill", item=f"w{worker}-{number}",
                            question="q", answer="a", expected="a", correct=number % 3 != 0,
                            seconds=0.5)


def test_creates_schema_in_wal_mode(tmp_path: Path) -> None:
    engine = open_database(_url(tmp_path / "p.sqlite3"))
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == \
            head_revision()


def test_default_url_is_under_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOU14_DATABASE_URL", raising=False)
    assert database_url().startswith("sqlite:///") and "dou14-trainer" in database_url()
    monkeypatch.setenv("DOU14_DATABASE_URL", "postgresql://u@localhost/dou14")
    assert database_url() == "postgresql://u@localhost/dou14"


def test_concurrent_threads_lose_nothing(tmp_path: Path) -> None:
    url = _url(tmp_path / "p.sqlite3")
    store = ProgressStore(open_database(url))
    learner = store.create_learner("Ann")
    with ThreadPoolExecutor(max_workers=8) as pool:
        for worker in range(8):
            pool.submit(_write_answers, url, learner.id, worker, 40)
    answers = store.answers.rows(learner.id)
    assert len(answers) == 320
    assert len({a.item for a in answers}) == 320


def test_a_failed_write_gives_the_next_writer_its_turn(tmp_path: Path) -> None:
    """Writers of one file in a process take turns (db._WriteTurns): a write that fails and
    rolls back must hand the turn on, or every later write would wait for ever."""
    path = tmp_path / "p.sqlite3"
    store = ProgressStore(open_database(_url(path)))
    store.create_learner("Ann")
    turns = write_turns(path)
    with pytest.raises(ProgressError):
        store.create_learner("Ann")  # the name is taken: the transaction rolls back
    assert not turns.held()
    with ThreadPoolExecutor(max_workers=4) as pool:  # and writers in other threads go on
        made = list(pool.map(store.create_learner, ["Bo", "Cy", "Di", "Ed"]))
    assert {learner.name for learner in made} == {"Bo", "Cy", "Di", "Ed"}
    assert not turns.held()


def test_a_write_connection_lost_midway_gives_the_turn_back(tmp_path: Path) -> None:
    """A write transaction whose connection is dropped (invalidated, no rollback of its own)
    still hands the turn on when the connection leaves: later writers do not wait."""
    from trainer.store.db import IMMEDIATE

    path = tmp_path / "p.sqlite3"
    store = ProgressStore(open_database(_url(path)))
    turns = write_turns(path)
    connection = store.engine.execution_options(**{IMMEDIATE: True}).connect()
    transaction = connection.begin()
    assert turns.held()
    connection.invalidate()  # its DBAPI connection is closed and leaves the pool
    assert not turns.held()
    assert store.create_learner("Flo").name == "Flo"
    with pytest.raises(PendingRollbackError):  # SQLAlchemy's word on the dropped transaction
        transaction.rollback()


def test_concurrent_processes_lose_nothing(tmp_path: Path) -> None:
    url = _url(tmp_path / "p.sqlite3")
    store = ProgressStore(open_database(url))
    learner = store.create_learner("Ann")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_answers, args=(url, learner.id, w, 50))
               for w in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(120)
        assert process.exitcode == 0
    assert store.answers.count(learner.id) == 200


@pytest.mark.parametrize("content", [b"not a database at all" * 50,
                                     b"SQLite format 3\x00" + b"\xff" * 4000])
def test_damaged_file_is_refused_and_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "p.sqlite3"
    path.write_bytes(content)
    with pytest.raises(DatabaseUnreadable, match=r"left untouched|damaged"):
        open_database(_url(path))
    assert path.read_bytes() == content
    assert not (tmp_path / "p.sqlite3-wal").exists()


@pytest.mark.parametrize(("statement", "message"), [
    ("UPDATE alembic_version SET version_num = 'r9999'", "newer version of the trainer"),
    ("CREATE TABLE schema_info (id INTEGER PRIMARY KEY, version INTEGER);"
     "INSERT INTO schema_info VALUES (1, 99); DROP TABLE alembic_version", "does not know"),
])
def test_newer_or_unknown_schema_is_refused_byte_for_byte(tmp_path: Path, statement: str,
                                                          message: str) -> None:
    path = tmp_path / "p.sqlite3"
    open_database(_url(path)).dispose()
    connection = sqlite3.connect(path)
    connection.executescript(statement)
    connection.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
    connection.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseUnreadable, match=message):
        open_database(_url(path))
    assert path.read_bytes() == before
    assert not (tmp_path / "p.sqlite3-wal").exists()


def test_foreign_tables_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    connection = sqlite3.connect(path)
    connection.executescript("CREATE TABLE learners (x INTEGER); INSERT INTO learners VALUES (1)")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseUnreadable, match="not the trainer's progress"):
        open_database(_url(path))
    assert path.read_bytes() == before


def test_bad_url(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnreadable, match="not a database URL"):
        open_database("::nonsense::")
    with pytest.raises(DatabaseUnreadable, match="Cannot"):
        open_database("nosuchdialect://x/y")


def test_reopening_keeps_everything(tmp_path: Path) -> None:
    url = _url(tmp_path / "p.sqlite3")
    store = ProgressStore(open_database(url))
    learner = store.create_learner("Ann")
    store.lessons.complete(learner.id, "red-points", 3, 10)
    store.engine.dispose()
    again = ProgressStore(open_database(url))
    assert again.lessons.state(learner.id, "red-points").best_stars == 3


def test_a_lesson_answer_and_its_run_are_kept_together(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer in a lesson and the run it moves on are one transaction: both kept, or, when
    keeping the run fails, neither (no answer counted for a step the learner is not past)."""
    store = ProgressStore(open_database(_url(tmp_path / "p.sqlite3")))
    learner = store.create_learner("Ann").id
    answer = dict(context="lesson", item="red-points:1", question="q", answer="7",
                  expected="8", correct=False, seconds=2.0)
    store.answers.record(learner, **answer, lesson_run=KeptRun("red-points", '{"at": 1}', 1, 1))
    state, run = store.lessons.progress(learner, "red-points")
    assert (run, state.step, state.mistakes, state.in_progress) == ('{"at": 1}', 1, 1, True)
    first = store.answers.version(learner)
    assert store.answers.count(learner) == 1 and first > 0

    def broken(*_: object) -> None:
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(answers_module, "keep_run", broken)
    with pytest.raises(RuntimeError):
        store.answers.record(learner, **answer, lesson_run=KeptRun("red-points", "{}", 2, 2))
    assert store.answers.version(learner) == first  # the second answer went with its run
    assert store.answers.count(learner) == 1
    assert store.lessons.progress(learner, "red-points")[1] == '{"at": 1}'


def test_stars_and_best_kept(tmp_path: Path) -> None:
    store = ProgressStore(open_database(_url(tmp_path / "p.sqlite3")))
    learner = store.create_learner("Ann")
    assert store.lessons.complete(learner.id, "x", 1, 5) == 1
    assert store.lessons.complete(learner.id, "x", 3, 5) == 3
    assert store.lessons.complete(learner.id, "x", 2, 5) == 3  # the best is kept
    with pytest.raises(ValueError, match="stars are 1 to 3"):
        store.lessons.complete(learner.id, "x", 0, 5)
    state = store.lessons.state(learner.id, "x")
    assert (state.best_stars, state.times_completed) == (3, 3)


@pytest.mark.parametrize(("name", "key"), [("", "profile.name_empty"), ("   ", "profile.name_empty"),
                                           ("x" * 41, "profile.name_long")])
def test_bad_names(tmp_path: Path, name: str, key: str) -> None:
    store = ProgressStore(open_database(_url(tmp_path / "p.sqlite3")))
    with pytest.raises(ProgressError) as caught:
        store.create_learner(name)
    assert caught.value.key == key
    assert learners(store) == []


def test_invalid_rules_store_nothing(tmp_path: Path) -> None:
    store = ProgressStore(open_database(_url(tmp_path / "p.sqlite3")))
    learner = store.create_learner("Ann")
    store.set_rules(learner.id, {"players": 3})
    with pytest.raises(ProgressError) as caught:
        store.set_rules(learner.id, {"players": 5})
    assert caught.value.key == "settings.bad_rules"
    assert store.learner(learner.id).rules.players == 3


V1_SCHEMA = """
CREATE TABLE schema_info (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE learners (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL UNIQUE,
    created_at DATETIME, language VARCHAR(8), rules_json TEXT);
CREATE TABLE lesson_progress (id INTEGER PRIMARY KEY, learner_id INTEGER NOT NULL,
    lesson_id VARCHAR(64) NOT NULL, step INTEGER, mistakes INTEGER, completed BOOLEAN,
    best_stars INTEGER, times_completed INTEGER, updated_at DATETIME,
    UNIQUE (learner_id, lesson_id));
CREATE TABLE answers (id INTEGER PRIMARY KEY, learner_id INTEGER NOT NULL,
    context VARCHAR(32) NOT NULL, item VARCHAR(128) NOT NULL, question TEXT NOT NULL,
    answer TEXT NOT NULL, expected TEXT NOT NULL, correct BOOLEAN NOT NULL,
    seconds FLOAT NOT NULL, rule_ids VARCHAR(256), created_at DATETIME);
INSERT INTO schema_info VALUES (1, 1);
INSERT INTO learners VALUES (1, 'Old', '2026-11-01 10:00:00', 'zh', '{"players": 3}');
INSERT INTO lesson_progress VALUES (1, 1, 'red-points', 10, 1, 1, 2, 1, '2026-11-01 10:05:00');
INSERT INTO answers VALUES (1, 1, 'lesson', 'red-points:2', 'q', '7', '7', 1, 2.5, 'R-RED',
    '2026-11-01 10:01:00');
"""


def test_a_version_1_database_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    connection.executescript(V1_SCHEMA)
    connection.close()
    store = ProgressStore(open_database(_url(path)))
    learner = store.learner(1)
    assert learner is not None and learner.name == "Old" and learner.rules.players == 3
    assert store.lessons.state(1, "red-points").best_stars == 2
    rows = store.answers.rows(1)
    assert len(rows) == 1 and rows[0].skill == "" and rows[0].rating_before is None
    assert store.ratings.learner(1).rating == 1500.0
    store.answers.record(1, context="puzzle", item="p", question="q", answer="a", expected="a",
                        correct=True, seconds=1.0, skill="puzzle:win", rating_before=1500.0,
                        rating_after=1510.0)
    with store.engine.connect() as connection2:
        assert connection2.execute(text("SELECT version_num FROM alembic_version")).scalar() == \
            head_revision()


def test_filtered_answers_and_totals(tmp_path: Path) -> None:
    store = ProgressStore(open_database(_url(tmp_path / "p.sqlite3")))
    learner = store.create_learner("Ann").id
    for number in range(40):
        store.answers.record(learner, context="drill" if number % 2 else "puzzle",
                            item=f"i{number}", question="q", answer="a", expected="a",
                            correct=number % 4 == 0, seconds=1.0,
                            skill="drill:red" if number % 2 else "puzzle:win",
                            mode="" if number % 2 else "rated", level=2 if number % 2 else None)
    assert store.answers.totals(learner) == (40, 10)
    assert store.answers.totals(store.create_learner("Bo").id) == (0, 0)
    drills = store.answers.rows(learner, skill="drill:red", last=5)
    assert [r.item for r in drills] == ["i31", "i33", "i35", "i37", "i39"]
    assert all(r.level == 2 for r in drills)
    puzzles = store.answers.rows(learner, context="puzzle", mode="rated")
    assert len(puzzles) == 20 and all(r.context == "puzzle" for r in puzzles)
    assert store.answers.rows(learner) == sorted(store.answers.rows(learner), key=lambda r: r.id)


FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize("version", [1, 2, 3])
def test_databases_written_by_versions_1_to_3_are_upgraded(tmp_path: Path, version: int) -> None:
    """Files written by the commits of schema versions 1–3 (tests/fixtures): stamped at their
    revision, upgraded to the newest, every row kept, old option names rewritten, no drift."""
    from alembic import command

    path = tmp_path / "old.sqlite3"
    path.write_bytes((FIXTURES / f"progress_v{version}.sqlite3").read_bytes())
    store = ProgressStore(open_database(_url(path)))
    names = {learner.name: learner for learner in learners(store)}
    assert set(names) == {"Ann", "Bob"}
    ann = names["Ann"]
    assert ann.language == "zh" and ann.rules.players == 3
    assert ann.rules.win_pong_kong_on_own_flip is True
    assert store.lessons.state(ann.id, "red-points").step == 3
    assert store.lessons.state(names["Bob"].id, "red-points").best_stars == 3
    assert store.answers.totals(ann.id) == (5, 4)
    # the comma-joined lists came through as JSON arrays, each name whole
    assert {row.rule_ids for row in store.answers.rows(ann.id)} == {("R-RED",)}
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT DISTINCT rule_ids FROM answers")).scalars().all() \
            == ['["R-RED"]']
    if version >= 2:
        assert store.ratings.learner(ann.id).rating == pytest.approx(1560.0)
        assert "red:Qd" in store.fact_reviews.items(ann.id)
        # reviews became opt-in per skill: a skill already under review stays on
        assert "red" in store.review_choices.enabled(ann.id)
        assert not store.review_choices.enabled(names["Bob"].id) or \
            store.fact_reviews.items(names["Bob"].id)
    if version >= 3:
        ((_id, _at, outcome, replay),) = store.replays.all(ann.id)
        assert outcome == "drawn" and "win_on_own_flip" not in replay
        assert "drawn_hand_pays" not in replay
    with store.engine.connect() as connection:
        stored = connection.execute(text("SELECT rules_json FROM learners WHERE name = 'Ann'"))
        assert stored.scalar() == '{"players": 3, "win_pong_kong_on_own_flip": true}'
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == \
            head_revision()
        command.check(alembic_config(connection))


def test_drift_check_fails_when_the_database_and_models_differ(tmp_path: Path) -> None:
    from alembic import command
    from alembic.util.exc import AutogenerateDiffsDetected

    path = tmp_path / "p.sqlite3"
    engine = open_database(_url(path))
    with engine.connect() as connection:
        command.check(alembic_config(connection))
        connection.execute(text("DROP INDEX ix_answers_learner_id"))
        connection.commit()
        with pytest.raises(AutogenerateDiffsDetected):
            command.check(alembic_config(connection))


def test_lists_of_any_length_are_kept_whole(tmp_path: Path) -> None:
    """An answer's rule ids and themes are stored as they were given, however many: the
    old comma-joined column cut them at 256 characters without a word."""
    store = ProgressStore(open_database(_url(tmp_path / "p.sqlite3")))
    learner = store.create_learner("Ann").id
    rules = tuple(f"rule-{number:02d}" for number in range(60))
    themes = tuple(f"theme-{number}" for number in range(60))
    store.answers.record(learner, context="puzzle", item="p", question="q", answer="a",
                         expected="a", correct=True, seconds=1.0, rule_ids=rules,
                         themes=themes)
    (row,) = store.answers.rows(learner)
    assert len(",".join(rules)) > 256
    assert row.rule_ids == rules and row.themes == themes



def test_best_move_answers_keep_their_puzzle_through_the_new_ids(tmp_path: Path) -> None:
    """r0016: a best-move puzzle's id names its moment, not its values. A database whose
    answers carry the old ids (the SHA-256 of the stored line, values and all) is upgraded in
    place: the answers to a shipped puzzle and to the learner's own follow them, two own
    puzzles of one moment become one, and an id of any other kind is left alone."""
    import hashlib
    import json

    from trainer.coach.best_moves import BestMove
    from trainer.practice.best_move_puzzles import MODE, PREFIX, own_best_moves, shipped, solved

    path = tmp_path / "old.sqlite3"
    store = ProgressStore(open_database(_url(path)))
    ann = store.create_learner("Ann").id
    first, second = shipped(4)[0], shipped(4)[1]

    def legacy(text: str) -> str:
        return PREFIX + hashlib.sha256(text.encode()).hexdigest()[:12]

    revalued = json.loads(second.move.dumps())  # the same moment, other values
    revalued["options"][0]["mean"] += 0.5
    own_texts = [second.move.dumps(),
                 json.dumps(revalued, ensure_ascii=False, separators=(",", ":"))]
    answered = {legacy(first.move.dumps()): True, legacy(own_texts[0]): False,
                legacy(own_texts[1]): True, "p-other": True}
    for text_ in own_texts:
        store.own_puzzles.save(ann, legacy(text_), text_)
    for item, correct in answered.items():
        store.answers.record(ann, context="puzzle", item=item, question="q", answer="a",
                             expected="a", correct=correct, seconds=1.0, mode=MODE)
    with store.engine.begin() as connection:  # as the trainer before r0016 left it
        connection.execute(text("UPDATE alembic_version SET version_num = 'r0015'"))
    store.engine.dispose()

    store = ProgressStore(open_database(_url(path)))
    marks = solved(store, ann)
    assert marks == {first.id: True, second.id: True, "p-other": True}
    (own,) = own_best_moves(store, ann)
    assert own.id == second.id and isinstance(own.move, BestMove)
    assert len(store.answers.rows(ann)) == 4
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == \
            head_revision()

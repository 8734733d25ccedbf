"""Puzzles: mined from simulated play, typed, explained by message keys; the shipped bank meets
its teaching targets (measured by ``dou14 puzzles stats``), re-validates field by field, and a
tampered puzzle is refused; canonical ids see through card order and colour-keeping suit swaps;
grading asks exactly what the puzzle asks."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import Reason, RuleSet, parse_cards
from trainer.i18n import LANGUAGES, render, t
from trainer.practice import puzzle_service as service
from trainer.puzzles import KINDS, PuzzleKind, bank_file, read_puzzle
from trainer.puzzles.bank import fresh, generate, win_bucket
from trainer.puzzles.check import check_lines, check_puzzle, read_puzzles
from trainer.puzzles.model import (
    FAN_CHOICES,
    NO_REASONS,
    LeastRiskAnswer,
    Provenance,
    Puzzle,
    PuzzleError,
    SafeSetAnswer,
    WinAnswer,
    WinBoard,
)
from trainer.puzzles.safe import MARGIN, risk
from trainer.puzzles.solvers import solve_rate
from trainer.puzzles.stats import bank_stats, random_chance, spearman

DOU14 = str(Path(sys.executable).parent / "dou14")
BANK = {kind: read_puzzles(bank_file(kind).read_text(encoding="utf-8").splitlines())
        for kind in KINDS}
STATS = {stats.kind: stats for stats in bank_stats(p for ps in BANK.values() for p in ps)}


# -- the shipped bank's teaching targets ---------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_bank_meets_the_targets(kind: str) -> None:
    stats = STATS[kind]
    assert stats.count == len(BANK[kind]) >= 600
    assert stats.random_chance <= 0.35
    assert stats.share(stats.joker_only) <= 0.05
    assert stats.duplicates == 0 and stats.unreachable == 0
    assert stats.share(stats.trivial) <= 0.02
    assert stats.rating_vs_solvers <= -0.3
    if kind == "win":
        assert 0.4 <= stats.share(stats.yes) <= 0.6


def test_win_puzzles_spread_over_buckets_fan_and_themes() -> None:
    buckets = Counter(win_bucket(p) for p in BANK["win"])
    assert None not in buckets and min(buckets.values()) >= 50
    fans = Counter(p.answer.fan for p in BANK["win"] if isinstance(p.answer, WinAnswer)
                   and p.answer.win)
    assert len([fan for fan, n in fans.items() if n >= 20]) >= 4
    themes = Counter(theme for p in BANK["win"] for theme in p.themes)
    for theme in ("red-short", "near-miss", "colour-decides", "special-win", "all-red",
                  "all-black", "jiedi", "three-players", "not-combined", "fan"):
        assert themes[theme] >= 15, theme
    sources = Counter(p.provenance for p in BANK["win"])
    assert sources["simulated"] >= 0.9 * len(BANK["win"])
    assert all(p.provenance in (Provenance.CONSTRUCTED, Provenance.SIMULATED) for p in BANK["win"])


def test_which_discard_puzzles_are_real_choices() -> None:
    for puzzle in BANK["safe_set"]:
        answer = puzzle.answer
        assert isinstance(answer, SafeSetAnswer)
        assert answer.safe and answer.safe < set(puzzle.candidates)
        assert len(puzzle.candidates) >= 3
    for puzzle in BANK["least_risk"]:
        answer = puzzle.answer
        assert isinstance(answer, LeastRiskAnswer)
        ranked = sorted(value for _, value in answer.risks)
        assert ranked[1] - ranked[0] == answer.margin >= MARGIN
        assert dict(answer.risks)[answer.card] == ranked[0]


def test_least_risk_is_the_one_chance() -> None:
    """The bank's risks are the one deal-in chance (the history reading, R-READ) to four
    decimals: recomputed from the board alone, 0 exactly for a card proven safe, and a card the
    visible cards prove safe against everyone has no risk at all (brute-force agreement of the
    chance itself: tests/test_chance.py)."""
    from trainer.analysis.chance import Model, Proof, deal_in_chances

    for puzzle in BANK["least_risk"][:15]:
        table = puzzle.board
        assert not isinstance(table, WinBoard) and table.passed is not None
        assert isinstance(puzzle.answer, LeastRiskAnswer)
        stored = dict(puzzle.answer.risks)
        chances = deal_in_chances(table, model=Model.HISTORY, samples=8000)
        for card in puzzle.candidates:
            assert risk(table, card) == stored[card]
            assert abs(float(stored[card]) - chances[card].value) <= 5e-5
            if chances[card].proof is Proof.VISIBLE:
                assert stored[card] == 0



def test_a_risk_line_never_names_a_player_the_passes_cover() -> None:
    """The working's "mostly from …" names the opponent most likely to win on the card by the
    same reading as its chance, so never one a card of its rank and colour passed since their
    hand last changed (R-READ: they would have won on it)."""
    from trainer.analysis.arguments import counts_for
    from trainer.analysis.chance import history_twin
    from trainer.engine.cards import Card
    from trainer.engine.messages import Message
    from trainer.engine.seats import relation
    from trainer.puzzles.safe_hints import RISK_LINES

    named = only = 0
    for puzzle in BANK["least_risk"]:
        table = puzzle.board
        assert not isinstance(table, WinBoard) and table.passed is not None
        for line in puzzle.details:
            if line.key not in RISK_LINES:
                continue
            card, seat = line.param("card"), line.param("seat")
            assert isinstance(card, Card) and isinstance(seat, Message)
            opponent = next(o for o in table.opponents() if seat.key ==
                            f"seat.{relation(o, table.seat, table.rules.players).value}")
            assert history_twin(card, table.passed[opponent], table.melds[opponent],
                                table.rules.red_threshold) is None, \
                (puzzle.id, card)
            # "only from" exactly where every other opponent is proven safe against, by the
            # visible cards (no hand of theirs wins on it) or by a pass of its twin
            open_to = [count.opponent for count in counts_for(table, card)
                       if count.probability > 0 and history_twin(
                           card, table.passed[count.opponent], table.melds[count.opponent],
                           table.rules.red_threshold) is None]
            assert opponent in open_to, (puzzle.id, card)
            assert (line.key == "pz.line_risk_only") is (open_to == [opponent]), (puzzle.id, card)
            named += 1
            only += line.key == "pz.line_risk_only"
    assert named > 100 and 20 < only < named  # the property is exercised both ways

def test_an_answer_proven_by_a_pass_gives_each_other_players_reason() -> None:
    """"6♥ passed your lower player … and the others cannot win on it either" leaves the upper
    player unexplained. An answer proven by the history names one player in its sentence; the
    working then gives every other opponent's own certificate, each a proof."""
    from trainer.analysis.arguments import proof_against, safe_against
    from trainer.engine.cards import Card

    proven = 0
    for puzzle in BANK["least_risk"]:
        if not puzzle.why.key.startswith("pz.why_proved_history"):
            continue
        table = puzzle.board
        assert not isinstance(table, WinBoard)
        card = puzzle.why.param("card")
        assert isinstance(card, Card)
        said = {(line.key, tuple(sorted(line.params))) for line in puzzle.details}
        given = [proof_against(table, other, card) for other in table.opponents()]
        assert sum((line.key, tuple(sorted(line.params))) in said for line in given) == \
            len(given) - 1  # as read back from the bank: its words' order is the file's
        assert all(safe_against(table, other, card) for other in table.opponents())
        proven += 1
    assert proven >= 50


@pytest.mark.parametrize("kind", KINDS)
def test_bank_revalidates_field_by_field(kind: str) -> None:
    problems = [(p.id, check_puzzle(p)) for p in BANK[kind]]
    assert [item for item in problems if item[1]] == []


def test_a_safe_set_answer_names_every_dangerous_card_and_its_winner() -> None:
    """The one-line answer names each dangerous card (one named alone read as if it were the
    only reason), and a safe card's working never says nobody can pair with it when someone
    holds its partner."""
    for puzzle in BANK["safe_set"]:
        assert isinstance(puzzle.answer, SafeSetAnswer)
        dangerous = [c for c in puzzle.board.candidates() if c not in puzzle.answer.safe]
        line = render(puzzle.why, "en")
        assert all(card.symbol in line for card in dangerous), line
        assert line.count(" wins") == len(dangerous), line
    assert "every card must pair" in t("pz.open_safe", "en", card="3♣")


def test_the_served_bank_is_the_checked_bank() -> None:
    """The server reads the shipped bank taking each id as written (``shipped=True``); read
    with every id hashed again, as here, it is the same puzzles under the same ids."""
    from trainer.practice import puzzle_service as service

    checked = [p for kind in KINDS for p in BANK[kind]]
    assert [p.id for p in service.bank()] == [p.id for p in checked]
    assert service.bank() == tuple(checked)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_explanation_renders_in_both_languages(lang: str) -> None:
    for puzzle in (p for ps in BANK.values() for p in ps[:200]):
        for message in (puzzle.why, *puzzle.details):
            text = render(message, lang)
            assert text and "{" not in text and message.key not in text
        for theme in puzzle.themes:
            assert render_theme(theme, lang) != f"theme.{theme}"


def render_theme(theme: str, lang: str) -> str:
    from trainer.i18n import t

    return t(f"theme.{theme}", lang)


# -- the statistics themselves, against brute force ----------------------------------------------

def _brute_random_chance(puzzle: Puzzle) -> float:
    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        options = [service.WinGiven(True, fan=f) for f in FAN_CHOICES]
        reasons = [service.WinGiven(False, reason=r) for r in NO_REASONS]
        return 0.5 * sum(service.grade(puzzle, g).correct for g in options) / len(options) + \
            0.5 * sum(service.grade(puzzle, g).correct for g in reasons) / len(reasons)
    cards = puzzle.candidates
    if isinstance(answer, SafeSetAnswer):
        subsets = [frozenset(c) for n in range(1, len(cards) + 1)
                   for c in itertools.combinations(cards, n)]
        return sum(service.grade(puzzle, service.SetGiven(s)).correct
                   for s in subsets) / len(subsets)
    return sum(service.grade(puzzle, service.CardGiven(c)).correct for c in cards) / len(cards)


@pytest.mark.parametrize("kind", KINDS)
def test_random_chance_is_what_grading_gives(kind: str) -> None:
    for puzzle in BANK[kind][:25]:
        assert random_chance(puzzle) == pytest.approx(_brute_random_chance(puzzle))


@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=3, max_size=30),
       st.randoms(use_true_random=False))
def test_spearman_agrees_with_pandas(xs: list[float], rng: random.Random) -> None:
    ys = [x + rng.choice((-1.0, 1.0)) * rng.random() * 1e5 for x in xs]
    expected = pd.Series(xs).rank().corr(pd.Series(ys).rank())  # Spearman: Pearson of ranks
    if pd.isna(expected):
        assert spearman(xs, ys) == 0.0
    else:
        assert spearman(xs, ys) == pytest.approx(expected, abs=1e-9)


def test_solve_rates_are_shares_of_the_solvers() -> None:
    for puzzle in (p for ps in BANK.values() for p in ps[:50]):
        assert 0.0 <= solve_rate(puzzle) <= 1.0


# -- canonical ids ----------------------------------------------------------------------------------

SWAPS = ({"h": "d", "d": "h"}, {"s": "c", "c": "s"})


def _swap_suits(data: Any, swap: dict[str, str]) -> Any:
    import re

    text = json.dumps(data, ensure_ascii=False)
    text = re.sub(r"\b(10|[2-9AJQK])([shcd])\b", lambda m: m.group(1) + swap.get(m.group(2),
                                                                                m.group(2)), text)
    return json.loads(text)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([p for ps in BANK.values() for p in ps[:100]]),
       st.sampled_from(SWAPS), st.randoms(use_true_random=False))
def test_suit_swaps_and_card_order_are_the_same_puzzle(puzzle: Puzzle, swap: dict[str, str],
                                                       rng: random.Random) -> None:
    data = _swap_suits(puzzle.to_json(), swap)
    board = data["board"]["position"] if puzzle.kind is PuzzleKind.WIN else data["board"]
    cards = board["hand"].split()
    rng.shuffle(cards)
    board["hand"] = " ".join(cards)
    data["id"] = puzzle.id
    twin = read_puzzle(data)
    assert twin.id == puzzle.id


def test_another_card_is_another_puzzle() -> None:
    puzzle = BANK["win"][0]
    data = puzzle.to_json()
    hand = data["board"]["position"]["hand"].split()
    used = json.dumps(data["board"])
    hand[0] = next(c for c in ("2s", "3c", "4d", "5s", "9h", "Jc", "Kh") if c not in used)
    data["board"]["position"]["hand"] = " ".join(hand)
    with pytest.raises(PuzzleError, match="does not match the board"):
        read_puzzle(data)


# -- tampering is refused --------------------------------------------------------------------------

def _tampered(puzzle: Puzzle) -> list[tuple[str, dict[str, Any]]]:
    out = []
    data = puzzle.to_json()
    data["why"] = {**data["why"], "key": "pz.why_joker"}
    out.append(("why", data))
    data = puzzle.to_json()
    data["features"] = {**data["features"], next(iter(data["features"])): 99.0}
    out.append(("features", data))
    data = puzzle.to_json()
    data["rating"] = data["rating"] + 100
    out.append(("rating", data))
    data = puzzle.to_json()
    data["themes"] = [*data["themes"], "jiedi"]
    out.append(("themes", data))
    data = puzzle.to_json()
    if puzzle.kind is PuzzleKind.WIN:
        data["answer"] = {**data["answer"], "win": not data["answer"]["win"]}
    elif puzzle.kind is PuzzleKind.SAFE_SET:
        data["answer"] = {"safe": " ".join(data["answer"]["safe"].split()[1:]) or "Kd"}
    else:
        other = next(c for c in puzzle.candidates if str(c) != data["answer"]["card"])
        data["answer"] = {**data["answer"], "card": str(other)}
    out.append(("answer", data))
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_tampered_puzzles_are_refused(kind: str, tmp_path: Path) -> None:
    puzzle = BANK[kind][0]
    tampered = _tampered(puzzle)
    lines = [puzzle.dumps()] + [json.dumps(d, ensure_ascii=False) for _, d in tampered]
    problems = list(check_lines(lines))
    found = {p.line: p.message for p in problems}
    assert 1 not in found
    for line, (field, _) in enumerate(tampered, start=2):
        assert found[line].startswith(f"{field} disagrees with the engine"), (field, found)
    path = tmp_path / "bank.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run([DOU14, "puzzles", "check", str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert f"{path}: {len(lines)} puzzles checked, {len(problems)} problems" in done.stdout
    assert f"{path}:2: {puzzle.id}: why disagrees" in done.stderr
    assert "Traceback" not in done.stderr


def test_unreadable_lines_are_reported() -> None:
    good = BANK["win"][0].to_json()
    lines = ["not json", '{"kind": "chess"}', "",
             json.dumps({**good, "kind": "chess"}),
             json.dumps({**good, "rating": "high"}),
             json.dumps({**good, "extra": 1}),
             json.dumps({k: v for k, v in good.items() if k != "why"}),
             json.dumps({**good, "answer": {"win": "maybe", "fan": 0, "reason": "win"}}),
             json.dumps({**good, "why": {"key": "pz.why_win", "params": {"red": None}}})]
    problems = {p.line: p.message for p in check_lines(lines)}
    assert sorted(problems) == [1, 2, 4, 5, 6, 7, 8, 9]
    assert problems[1].startswith("not JSON")
    assert "kind must be one of" in problems[4]
    assert "rating must be a number" in problems[5]
    assert "unknown puzzle key 'extra'" in problems[6]
    assert "a puzzle needs 'why'" in problems[7]
    assert "a win answer is" in problems[8]
    assert "parameter 'red'" in problems[9]


# -- mining ---------------------------------------------------------------------------------------

def test_generate_command_is_seeded_checked_and_reports(tmp_path: Path) -> None:
    def run(kind: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DOU14, "puzzles", "generate", "--kind", kind, "--count", "12",
                               "--seed", "4"], capture_output=True, text=True, timeout=300,
                              check=True)

    first, again = run("win"), run("win")
    assert first.stdout == again.stdout
    assert "puzzles in" in first.stderr and "rejected per accepted" in first.stderr
    for kind in ("win", "safe_set"):
        lines = (first if kind == "win" else run(kind)).stdout.splitlines()
        assert len(lines) == 12
        assert not list(check_lines(lines))
        assert all(read_puzzle(line).kind.value == kind for line in lines)


def test_win_quotas_hold_for_a_small_bank() -> None:
    puzzles, report = generate(PuzzleKind.WIN, 40, 3)
    assert len(puzzles) == 40 == report.accepted
    yes = sum(1 for p in puzzles if isinstance(p.answer, WinAnswer) and p.answer.win)
    assert yes == 20
    assert report.candidates > report.accepted and report.rejected


@pytest.mark.parametrize("kind", list(PuzzleKind))
def test_fresh_puzzles_follow_house_rules(kind: PuzzleKind) -> None:
    rules = RuleSet(players=3)
    puzzle = fresh(kind, rules, random.Random(11))
    assert puzzle.kind is kind and puzzle.players == 3 and puzzle.provenance is Provenance.FRESH
    assert not check_puzzle(puzzle)


def test_a_constructed_colour_win_is_reachable_and_special() -> None:
    from trainer.engine import is_reachable, verdict
    from trainer.puzzles import win

    rng = random.Random(2)
    for red in (True, False):
        for _ in range(10):
            position, _origin = win.constructed(rng, red)
            assert is_reachable(position)
            judged = verdict(position)
            assert judged.win and judged.specials
            assert judged.red < judged.threshold


# -- grading ---------------------------------------------------------------------------------------

def test_win_grading_needs_the_fan_or_the_reason() -> None:
    yes = next(p for p in BANK["win"] if isinstance(p.answer, WinAnswer) and p.answer.win)
    no = next(p for p in BANK["win"] if isinstance(p.answer, WinAnswer) and not p.answer.win)
    assert isinstance(yes.answer, WinAnswer) and isinstance(no.answer, WinAnswer)
    assert service.grade(yes, service.WinGiven(True, fan=yes.answer.fan)).correct
    wrong_fan = service.grade(yes, service.WinGiven(True, fan=yes.answer.fan + 1))
    assert not wrong_fan.correct and wrong_fan.verdict_right
    said_no = service.grade(yes, service.WinGiven(False, reason=Reason.RED_SHORT))
    assert not said_no.correct and not said_no.verdict_right
    assert service.grade(no, service.WinGiven(False, reason=no.answer.reason)).correct
    other = next(r for r in NO_REASONS if r is not no.answer.reason)
    assert not service.grade(no, service.WinGiven(False, reason=other)).correct
    assert not service.grade(no, service.CardGiven(parse_cards("Kd")[0])).correct


def test_set_grading_names_missed_and_extra_cards() -> None:
    puzzle = BANK["safe_set"][0]
    answer = puzzle.answer
    assert isinstance(answer, SafeSetAnswer)
    dangerous = [c for c in puzzle.candidates if c not in answer.safe]
    safe = sorted(answer.safe, key=lambda c: c.index)
    assert service.grade(puzzle, service.SetGiven(answer.safe)).correct
    one_short = service.grade(puzzle, service.SetGiven(frozenset(safe[1:])))
    assert not one_short.correct and one_short.missed == (safe[0],) and not one_short.extra
    one_more = service.grade(puzzle, service.SetGiven(answer.safe | {dangerous[0]}))
    assert not one_more.correct and one_more.extra == (dangerous[0],) and not one_more.missed
    assert not service.grade(puzzle, service.SetGiven(frozenset({safe[0]}))).correct or \
        len(safe) == 1


def test_a_no_is_right_with_any_reason_the_hand_fails() -> None:
    """"No, red short" on a hand that lacks a partner and red both is a true answer: every
    check the hand fails is graded right, every other reason wrong (the puzzle asks for a
    reason, not the engine's first). The bank has such hands."""
    from trainer.engine import failing_reasons

    both = 0
    for puzzle in BANK["win"]:
        answer, board = puzzle.answer, puzzle.board
        assert isinstance(answer, WinAnswer) and isinstance(board, WinBoard)
        if answer.win:
            continue
        failing = failing_reasons(board.position)
        assert answer.reason in failing
        both += len(failing) > 1
        for reason in NO_REASONS:
            graded = service.grade(puzzle, service.WinGiven(False, reason=reason))
            assert graded.correct == (reason in failing), (puzzle.id, reason)
        assert random_chance(puzzle) == 0.5 * len(failing) / len(NO_REASONS)
    assert both > 50


def test_least_risk_grading_takes_only_the_best() -> None:
    puzzle = BANK["least_risk"][0]
    answer = puzzle.answer
    assert isinstance(answer, LeastRiskAnswer)
    for card in puzzle.candidates:
        assert service.grade(puzzle, service.CardGiven(card)).correct == (card == answer.card)


@st.composite
def answers_given(draw: st.DrawFn) -> tuple[Puzzle, service.Given]:
    """A bank puzzle and an answer of its shape, right or not: yes with any fan or none, no with
    any reason or none, any subset of the cards tapped, any one card picked."""
    kind = draw(st.sampled_from(KINDS))
    puzzle = draw(st.sampled_from(BANK[kind]))
    if puzzle.kind is PuzzleKind.WIN:
        if draw(st.booleans()):
            return puzzle, service.WinGiven(True, fan=draw(st.none() | st.sampled_from(FAN_CHOICES)))
        return puzzle, service.WinGiven(False, reason=draw(st.none() | st.sampled_from(NO_REASONS)))
    cards = sorted(set(puzzle.candidates), key=lambda c: c.index)
    if puzzle.kind is PuzzleKind.SAFE_SET:
        return puzzle, service.SetGiven(frozenset(draw(st.sets(st.sampled_from(cards)))))
    return puzzle, service.CardGiven(draw(st.sampled_from(cards)))


@given(answers_given())
def test_a_stored_answer_reads_back_as_given(drawn: tuple[Puzzle, service.Given]) -> None:
    """The stored notation of an answer round-trips: a reloaded page grades what was given."""
    puzzle, given_answer = drawn
    text = service.given_text(given_answer)
    assert service.given_of(puzzle, text) == given_answer
    assert service.grade(puzzle, service.given_of(puzzle, text)) == \
        service.grade(puzzle, given_answer)


@pytest.mark.parametrize(("kind", "text"), [("win", "maybe"), ("win", "yes 3"),
                                            ("win", "no because"), ("least_risk", "Kd Qd"),
                                            ("least_risk", "-"), ("safe_set", "Zz")])
def test_an_answer_that_is_not_one_is_refused_quoting_it(kind: str, text: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(text))):
        service.given_of(BANK[kind][0], text)


# -- the 3-minute run's deadline --------------------------------------------------------------------

@given(st.floats(0, 1e9), st.floats(-1e4, 1e4))
def test_time_left_is_bounded_and_falls(start: float, elapsed: float) -> None:
    left = service.time_left(start, start + elapsed)
    assert 0.0 <= left <= service.TIMED_SECONDS
    later = service.time_left(start, start + elapsed + 1.0)
    assert later <= left
    assert service.in_time(start, start + elapsed) == (left > 0)


def test_the_deadline_itself() -> None:
    assert service.time_left(1000.0, 1000.0) == service.TIMED_SECONDS
    assert service.in_time(1000.0, 1000.0 + service.TIMED_SECONDS - 0.01)
    assert not service.in_time(1000.0, 1000.0 + service.TIMED_SECONDS)
    assert service.time_left(1000.0, 900.0) == service.TIMED_SECONDS  # clock set back
    assert service.time_left(1000.0, 1000.0 + 179.5) == pytest.approx(0.5)


def test_a_no_win_names_every_card_left_without_a_partner() -> None:
    """"Not combined" puzzles name every leftover: one named alone would suggest that its
    partner alone makes the hand win."""
    from trainer.engine import verdict

    named_many = 0
    for puzzle in service.bank():
        if puzzle.kind is not PuzzleKind.WIN or puzzle.why.key not in (
                "pz.why_not_combined", "pz.why_not_combined_many"):
            continue
        leftovers = [c for c in verdict(puzzle.board.position).leftovers  # type: ignore[union-attr]
                     if c.rank is not None]
        if len(leftovers) == 1:
            assert puzzle.why.key == "pz.why_not_combined"
            assert puzzle.why.param("card") == leftovers[0]
        else:
            named_many += 1
            assert puzzle.why.key == "pz.why_not_combined_many"
            assert list(puzzle.why.param("cards")) == leftovers  # type: ignore[arg-type]
            for lang in LANGUAGES:
                text = render(puzzle.why, lang)
                assert all(card.symbol in text for card in leftovers)
    assert named_many, "the bank has no puzzle with several leftovers to check"


@pytest.mark.rule("R-OWN-FLIP", "R-WIN")
def test_every_own_flip_puzzle_asks_the_rule() -> None:
    """On your own flip the bank never says yes: each such puzzle would win on another player's
    card, answers no with the reason own_flip, carries the theme and cites the rule."""
    own = [p for p in BANK[PuzzleKind.WIN] if isinstance(p.board, WinBoard)
           and p.board.origin.value == "you"]
    assert len(own) >= 60
    for puzzle in own:
        assert isinstance(puzzle.answer, WinAnswer) and isinstance(puzzle.board, WinBoard)
        assert (puzzle.answer.win, puzzle.answer.reason) == (False, Reason.OWN_FLIP)
        assert puzzle.board.position.offered_by is puzzle.board.origin
        assert "own-flip" in puzzle.themes and "colour-decides" not in puzzle.themes
        assert "R-OWN-FLIP" in puzzle.rules and puzzle.why.key == "pz.why_own_flip"


def test_shape_themes_are_carried_wherever_they_hold() -> None:
    for puzzle in BANK[PuzzleKind.WIN]:
        assert isinstance(puzzle.board, WinBoard)
        position = puzzle.board.position
        assert position.card is not None
        ranks = Counter(c.rank for c in (*position.hand, position.card))
        assert ("concealed-triple" in puzzle.themes) == (max(ranks.values()) >= 3)
        assert ("kong" in puzzle.themes) == any(m.kind.value == "kong" for m in position.melds)


def test_themes_that_name_the_answer_are_not_offered_alone() -> None:
    offered = service.themes()
    assert not {"wins", "red-short", "not-combined", "own-flip", "joker-in-hand"} & set(offered)
    assert {"near-miss", "colour-decides", "whose-flip"} <= set(offered)
    for name in ("near-miss", "whose-flip", "colour-decides"):
        answers = Counter(isinstance(p.answer, WinAnswer) and p.answer.win
                          for p in BANK[PuzzleKind.WIN] if name in p.themes)
        assert answers[True] and answers[False], name  # both answers come


def test_a_win_board_whose_froms_disagree_is_refused() -> None:
    line = bank_file(PuzzleKind.WIN).read_text(encoding="utf-8").splitlines()[0]
    data = json.loads(line)
    data["board"]["from"] = "upper" if data["board"]["from"] != "upper" else "lower"
    with pytest.raises(PuzzleError, match="disagree"):
        read_puzzle(data)


def test_every_registered_theme_has_its_name_in_both_catalogs() -> None:
    from trainer.i18n import catalog
    from trainer.puzzles.themes import REGISTRY
    for info in REGISTRY:
        for lang in LANGUAGES:
            assert f"theme.{info.theme.value}" in catalog(lang), (info.theme, lang)


def test_a_shipped_line_edited_by_hand_is_refused() -> None:
    """Issue 30: the bank's ids are checked on load, not trusted: a line whose board was
    changed (its id no longer the board's) is refused with a message naming both ids."""
    import json as json_module

    line = bank_file("win").read_text(encoding="utf-8").splitlines()[0]
    data = json_module.loads(line)
    data["id"] = data["id"][:-1] + ("0" if data["id"][-1] != "0" else "1")
    with pytest.raises(PuzzleError, match="does not match the board"):
        read_puzzle(json_module.dumps(data), shipped=True)
    assert read_puzzle(line, shipped=True).id == json_module.loads(line)["id"]


@pytest.mark.rule("R-SAFE")
def test_no_shown_chance_reads_zero_percent_unless_proven() -> None:
    """"Q♦: 0.0% risk, mostly from your lower player" reads as a contradiction. A least-risk
    puzzle's why and lines show a chance that rounds to 0.0% as under 0.1%, not proven safe;
    every other chance keeps its figure."""
    from trainer.engine.messages import Amount
    from trainer.practice.puzzle_bank import bank
    from trainer.puzzles.safe import TINY, why_shown, working

    zero = re.compile(r"(?<![\d.])0\.0%")
    tiny = 0
    for puzzle in bank():
        if puzzle.kind is not PuzzleKind.LEAST_RISK:
            continue
        for line in (why_shown(puzzle), *working(puzzle)):
            for lang in ("en", "zh"):
                assert not zero.search(render(line, lang, cite=False)), (puzzle.id, line)
            tiny += line.key in TINY.values()
            if line.key in TINY.values():
                percent = line.param("percent")
                assert isinstance(percent, Amount) and round(percent.value, 1) == 0
    assert tiny > 0

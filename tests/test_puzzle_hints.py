"""The hint after a first miss on a puzzle: aimed at what the answer got wrong, never the
answer (practice/puzzle_hints.py)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import Card, Reason, failing_reasons, verdict
from trainer.engine.messages import Message
from trainer.i18n import render
from trainer.practice import puzzle_service as service
from trainer.puzzles import Puzzle
from trainer.puzzles.model import NO_REASONS, LeastRiskAnswer, SafeSetAnswer, WinAnswer, WinBoard
from trainer.puzzles.safe_hints import RISK_LINES

BANK = service.bank()


def _win_puzzles(win: bool) -> list[Puzzle]:
    return [p for p in BANK if isinstance(p.answer, WinAnswer) and p.answer.win == win][:40]


def test_a_wrong_reason_is_answered_about_that_check() -> None:
    """A "no" naming a check the hand passes is told to look at that check again: a hand
    that pairs up hears that every card finds its partner, not to count the red."""
    keys = {Reason.NOT_COMBINED: "hint.pairs_all", Reason.JOKER_IN_HAND: "hint.no_joker",
            Reason.OWN_FLIP: "hint.win_whose_flip"}
    for puzzle in _win_puzzles(True) + _win_puzzles(False):
        board = puzzle.board
        assert isinstance(board, WinBoard)
        failing = failing_reasons(board.position)
        for reason in NO_REASONS:
            if reason in failing:
                continue
            given = service.WinGiven(False, reason=reason)
            hint = service.hint(puzzle, given, service.grade(puzzle, given))
            if reason in keys:
                assert hint.key == keys[reason], (puzzle.id, reason)
            else:  # red short, said of a hand with the red or a special win
                assert hint.key in ("hint.red_recount", "hint.special_look"), (puzzle.id,
                                                                               hint.key)


def test_a_wrong_yes_is_told_every_check_none_singled_out() -> None:
    """After a wrong yes, "is it at least 20?" would name the reason the learner answers next:
    the hint lists every check in the engine's order, and says that any failing one is an
    answer — as the grading takes it: a "no" with a reason that fails but not first is right,
    and the grade names the first, which the explanation states (walk 46 was told "the first
    that fails" and then graded right on another)."""
    seen = 0
    for puzzle in _win_puzzles(False):
        board = puzzle.board
        assert isinstance(board, WinBoard)
        given = service.WinGiven(True, fan=0)
        hint = service.hint(puzzle, given, service.grade(puzzle, given))
        assert hint.key == "hint.win_checks_any", puzzle.id
        assert hint.param("threshold") == board.position.rules.red_threshold
        first = verdict(board.position).reason
        assert service.grade(puzzle, service.WinGiven(False, reason=first)).first_reason is None
        for later in failing_reasons(board.position) - {first}:
            graded = service.grade(puzzle, service.WinGiven(False, reason=later))
            assert graded.correct and graded.first_reason is first, puzzle.id
            seen += 1
    assert seen > 0


def test_a_card_hint_never_names_the_answer() -> None:
    """"Tap every safe card": how many are wrong, no card named; "least risk": the card
    picked, never the answer."""
    sets = [p for p in BANK if isinstance(p.answer, SafeSetAnswer)][:20]
    for puzzle in sets:
        assert isinstance(puzzle.answer, SafeSetAnswer)
        given = service.SetGiven(frozenset(puzzle.candidates) - puzzle.answer.safe)
        hint = service.hint(puzzle, given, service.grade(puzzle, given))
        assert hint.key in ("hint.set_counts", "hint.set_counts_missed", "hint.set_counts_extra",
                            "hint.set_look") and hint.param("card") is None
    for puzzle in [p for p in BANK if isinstance(p.answer, LeastRiskAnswer)][:20]:
        assert isinstance(puzzle.answer, LeastRiskAnswer)
        wrong = next(c for c in puzzle.candidates if c != puzzle.answer.card)
        given = service.CardGiven(wrong)
        hint = service.hint(puzzle, given, service.grade(puzzle, given))
        for lang in ("en", "zh"):
            words = render(hint, lang)
            assert wrong.symbol in words and puzzle.answer.card.symbol not in words


def test_a_least_risk_hint_points_at_this_board() -> None:
    """A least-risk miss hears of this board, not the same checklist each time: the hint says
    where the chosen card's risk comes from on this board — the seat and the unseen partners of
    the puzzle's own working line for that card — and, where the passes decide the puzzle,
    points to them; it never names the answer, in either language."""
    from trainer.puzzles.themes import Theme

    puzzles = [p for p in BANK if isinstance(p.answer, LeastRiskAnswer)]
    said = set()
    for puzzle in puzzles:
        assert isinstance(puzzle.answer, LeastRiskAnswer)
        for wrong in (c for c, _ in puzzle.answer.risks if c != puzzle.answer.card):
            hint = service.hint(puzzle, service.CardGiven(wrong), service.grade(
                puzzle, service.CardGiven(wrong)))
            line = next(line for line in puzzle.details
                        if line.key in RISK_LINES and line.param("card") == wrong)
            assert hint.key == RISK_LINES[line.key]
            assert [hint.param(name) for name in ("seat", "unseen", "partner")] == \
                [line.param(name) for name in ("seat", "unseen", "partner")]
            then = hint.param("then")
            assert isinstance(then, Message) and then.key == (
                "hint.safe_history" if Theme.READ_THE_TABLE.value in puzzle.themes
                else "hint.least_risk_weigh")
            for lang in ("en", "zh"):
                words = render(hint, lang)
                assert wrong.symbol in words and puzzle.answer.card.symbol not in words
                said.add(words)
    assert len(said) > len(puzzles)  # not one text for every board


def _named(cards: frozenset[Card], count: int) -> bool:
    """Whether "``count`` of these cards" names them: one way to choose them, and some to
    choose — tried over every choice."""
    return count > 0 and sum(1 for _ in itertools.combinations(sorted(cards, key=str),
                                                              count)) == 1


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_set_hint_counts_only_where_the_counts_name_no_card(data: st.DataObject) -> None:
    """Walk 46 and 49: with one card left out, "one safe card left out" named it. The counts
    are said only where neither names cards (checked over every choice of cards); otherwise
    the hint says where to look, no figure."""
    puzzle = data.draw(st.sampled_from([p for p in BANK if isinstance(p.answer, SafeSetAnswer)]))
    assert isinstance(puzzle.answer, SafeSetAnswer)
    cards = frozenset(puzzle.candidates)
    given = data.draw(st.one_of(  # any taps, the answer turned inside out, or all but one card
        st.sets(st.sampled_from(puzzle.candidates)).map(frozenset),
        st.just(cards - puzzle.answer.safe),
        st.sampled_from(puzzle.candidates).map(lambda card: cards - {card})))
    graded = service.grade(puzzle, service.SetGiven(given))
    if graded.correct:
        return
    hint = service.hint(puzzle, service.SetGiven(given), graded)
    named = _named(cards - given, len(graded.missed)) or _named(given, len(graded.extra))
    missed, extra = len(graded.missed), len(graded.extra)
    counts = "hint.set_counts" if missed and extra else \
        "hint.set_counts_extra" if extra else "hint.set_counts_missed"  # no "0 cards" said
    assert hint.key == ("hint.set_look" if named else counts), (named, hint.key)

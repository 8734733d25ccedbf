"""One engine check for every position the trainer shows (R-PARITY, R-DEAL, R-CHI,
R-SPECIAL): the check itself, the sampler, every drill generator and the Rules page's
examples. (Lesson steps: tests/test_lessons.py.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.content.rule_examples import EXAMPLES
from trainer.content.sampling import random_position, random_rules
from trainer.engine import Moment, Position, is_reachable, position_of, reachability_problems
from trainer.practice.drills import DRILLS, generate


@pytest.mark.rule("R-PARITY", "R-DEAL")
@pytest.mark.parametrize(("hand", "melds", "card", "moment", "ok"), [
    ("7h Kd Ac 5h 9c 6d 8s", [], "7d", None, True),
    ("7h Kd Ac 5h 9c", ["chi:8h,6s"], "7d", None, True),
    ("Ks 3s Js 3c Jc", [], "7d", None, False),  # five concealed, nothing laid: no game
    ("7h Kd Ac 5h 9c", ["chi:8h,6s", "joker:X"], "7d", None, True),  # a single joker is 1-for-1
    ("7h Kd Ac", ["pong:Qh,Qs,Qd", "kong:5s,5c,5d,5h"], "7d", None, True),
    ("As Ks 2c Qc 3s Jh 4c 10d", [], None, None, True),  # the dealer before the first discard
    ("As Ks 2c Qc 3s Jh", ["pong:X,X,X"], None, None, True),
    ("As Ks 2c Qc", ["pong:X,X,X"], None, None, False),
])
def test_concealed_counts(hand: str, melds: list[str], card: str | None,
                          moment: Moment | None, ok: bool) -> None:
    position = position_of(hand, melds=melds, card=card)
    assert is_reachable(position, moment) is ok


@pytest.mark.rule("R-PARITY", "R-DEAL")
@given(st.integers(0, 5), st.booleans())
def test_a_count_problem_names_counts_a_hand_can_have(sets: int, with_card: bool) -> None:
    """Too many sets for any hand is said as such (at most three), never as a hand that should
    hold a negative number of cards."""
    laid = ["chi:8h,6s", "chi:3d,Jd", "chi:4s,10s", "pong:Qh,Qs,Qd", "kong:5s,5c,5d,5h"][:sets]
    position = position_of("7h Kd Ac 2h 9c 7c Jc", melds=laid, card="7d" if with_card else None)
    said = {p.message.key: p.message for p in reachability_problems(position)}
    if sets > 3:
        assert "reach.count" not in said and said["reach.too_many_sets"].param("most") == 3
    else:
        assert "reach.too_many_sets" not in said
        if "reach.count" in said:
            expected = said["reach.count"].param("expected")
            assert isinstance(expected, int) and expected >= 1


@pytest.mark.rule("R-CHI", "R-SPECIAL")
def test_no_chi_before_the_first_discard() -> None:
    jiedi = position_of("7h Kd Ac 5h 9c", melds=["chi:8h,6s"], card="7d",
                        dealer_first_discard=True)
    assert [p.message.key for p in reachability_problems(jiedi)] == \
        ["reach.chi_before_first_discard"]
    # The reader already refuses a chi beside the dealer's whole hand (天走 is judged there).
    with pytest.raises(ValueError, match="no chi can be laid before the first discard"):
        Position(position_of("As Ks 2c Qc 3s Jh").hand, (jiedi.melds[0],))


@given(st.integers(0, 2**32))
def test_the_sampler_makes_reachable_positions(seed: int) -> None:
    rng = random.Random(seed)
    assert is_reachable(random_position(rng, random_rules(rng)))
    assert is_reachable(random_position(rng, random_rules(rng), with_card=False))


@pytest.mark.parametrize("drill", DRILLS)
def test_every_drill_shows_reachable_positions(drill: str) -> None:
    for level in (1, 4, 9):
        for seed in range(15):
            board = generate(drill, level, random.Random(seed)).task.board
            if drill in ("kong", "pairs", "split"):
                continue  # loose cards; a kong moment is checked by the kong kind itself
            if board.offer is not None:
                position = Position(board.hand, board.melds, board.offer,
                                    "flip" if board.offer_source == "flip" else "discard",
                                    board.first_discard, board.rules)
                assert is_reachable(position), (drill, level, seed)
            elif board.melds:
                assert is_reachable(Position(board.hand, board.melds, rules=board.rules),
                                    Moment.WAITING), (drill, level, seed)


@pytest.mark.parametrize("rule", sorted(rule for rule, e in EXAMPLES.items() if "check" in e))
def test_rules_page_examples_are_reachable(rule: str) -> None:
    example = EXAMPLES[rule]
    position = position_of(example["cards"], melds=example.get("melds", []),
                           card=example.get("card"),
                           dealer_first_discard=example.get("first", False))
    assert is_reachable(position), reachability_problems(position)

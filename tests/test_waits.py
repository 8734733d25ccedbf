"""R-WAIT: waits agree with trying every card, and say how colour matters."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import reference_verdict
from tests.strategies import waiting_positions
from trainer.content.sampling import random_position, random_rules
from trainer.engine import ALL_CARDS, Position, PositionError, position_of, waits
from trainer.i18n import explain


def _brute_force_waits(position: Position) -> list[str]:
    own = Counter(position.all_cards)
    result = []
    for card in ALL_CARDS:  # all 53 kinds of card, jokers included
        copies = position.rules.jokers if card.is_joker else 1
        if own[card] >= copies:
            continue
        reason, _red, _specials = reference_verdict(
            [str(c) for c in position.hand], [[str(c) for c in m.cards] for m in position.melds],
            str(card), False, position.rules.red_threshold)
        if reason == "win":
            result.append(str(card))
    return result


@pytest.mark.rule("R-WAIT")
@given(st.integers(min_value=0, max_value=2**32))
def test_waits_agree_with_trying_all_53_cards(seed: int) -> None:
    rng = random.Random(seed)
    position = random_position(rng, random_rules(rng), with_card=False)
    result = waits(position)
    assert [str(c) for c in result.wins_on] == _brute_force_waits(position)
    assert result.ready == bool(result.wins_on)
    for lang in ("en", "zh"):
        assert explain(result, lang)


@pytest.mark.rule("R-WAIT", "R-WIN")
@given(waiting_positions())
def test_waits_of_drawn_hands_agree_with_the_reference(position: Position) -> None:
    result = waits(position)
    assert [str(c) for c in result.wins_on] == _brute_force_waits(position)
    assert result.ready == bool(result.wins_on)


@pytest.mark.rule("R-WAIT", "R-WIN")
def test_colour_dependence_is_explained() -> None:
    """6♥ and 6♦ win; 6♠ and 6♣ leave the hand short of 20 red."""
    position = position_of("8h 5h 9c", melds=["chi:10c,4d", "chi:Ah,Kc", "chi:Qs,2c"])
    result = waits(position)
    assert [str(c) for c in result.wins_on] == ["6h", "6d"]
    assert result.to_json() == {"ready": True, "wins_on": ["6h", "6d"]}
    lines = explain(result, "en")
    assert "6♥ and 6♦ win; 6♠ and 6♣ leave you at 18 red, short of 20 (R-WAIT, R-WIN)" in lines
    assert any("6♥ 和 6♦ 能糊" in line for line in explain(result, "zh"))


@pytest.mark.rule("R-WAIT")
def test_own_copy_left_out() -> None:
    position = position_of("7h Kd Ac 5h 9c 6d 8s")
    result = waits(position)
    assert [str(c) for c in result.wins_on] == ["7d"]
    lines = explain(result, "en")
    assert "7♦ wins; 7♠ and 7♣ leave you at 19 red, short of 20 (R-WAIT, R-WIN)" in lines
    assert "7♥ is already yours, so nobody can discard it." in lines


@pytest.mark.rule("R-WAIT", "R-SPECIAL")
def test_special_wait_without_red() -> None:
    result = waits(position_of("7s Ks Ac 5s 9c 6c 8s"))
    assert [str(c) for c in result.wins_on] == ["7c"]
    assert any("special win" in line for line in explain(result, "en"))


@pytest.mark.rule("R-WAIT", "R-WIN")
def test_joker_in_hand_never_ready() -> None:
    result = waits(position_of("X 7h Kd Ac 5h 9c 6d"))
    assert not result.ready and "joker" in explain(result, "en")[0]


@pytest.mark.rule("R-PARITY")
def test_waits_needs_waiting_hand() -> None:
    with pytest.raises(PositionError, match="odd"):
        waits(position_of("7h Kd"))
    with pytest.raises(PositionError, match="no claimed card"):
        waits(position_of("7h Kd Ac", card="7d"))

"""docs/format.md positions: reading, writing, and rejecting what cannot occur (R-PARITY, R-DECK)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.content.sampling import random_position, random_rules
from trainer.engine import Dou14Error, Position, PositionError, RuleSet

EXAMPLE = {
    "rules": {"players": 4, "jokers": 4, "scoring": "doubling", "base": 1, "fan_cap": 5},
    "hand": "7h Kd Ac 5h 9c 6d 8s",
    "melds": [{"kind": "chi", "cards": "8h 6s"}, {"kind": "pong", "cards": "Qh Qs Qd"},
              {"kind": "joker", "cards": "X"}],
    "card": "7d", "source": "discard", "dealer_first_discard": False,
}


def test_format_example_reads() -> None:
    position = Position.from_json(EXAMPLE)
    assert len(position.hand) == 7 and len(position.melds) == 3
    assert str(position.card) == "7d" and position.source == "discard"


def test_format_example_kong_is_rejected() -> None:
    """docs/format.md's kong of mixed ranks must be rejected with a clear message."""
    data = dict(EXAMPLE, melds=[*EXAMPLE["melds"], {"kind": "kong", "cards": "5s 5c 5d 9h"}])
    with pytest.raises(PositionError, match=r"meld 4: .*mixes ranks"):
        Position.from_json(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [({"colour": 1}, "unknown position key 'colour'"),
     ({"rules": {"players": 4, "speed": 2}}, "unknown rules key 'speed'"),
     ({"hand": "7h Kd Ac 5h 9c 6d"}, "odd number"),
     ({"hand": "7h Kd Ac 5h 9c 6d 8s 2s 3s"}, "at most 7"),
     ({"hand": "7h Kd Ac 5h 9c 6d 7d"}, "'7d' appears 2 times"),
     ({"melds": [{"kind": "joker", "cards": "X"}] * 5}, "'X' appears 5 times"),
     ({"hand": "7h Kd 7x 5h 9c 6d 8s"}, "hand: '7x' at 6"),
     ({"card": "7z"}, "card: '7z' at 0"),
     ({"card": 7}, "card must be"),
     ({"source": "stock"}, "source must be"),
     ({"source": "flip", "dealer_first_discard": True}, "first discard is a discard"),
     ({"dealer_first_discard": "yes"}, "true or false"),
     ({"melds": "chi:8h,6s"}, "melds must be a list"),
     ({"hand": ["7h"]}, "hand must be a string")],
)
@pytest.mark.rule("R-PARITY", "R-DECK")
def test_invalid_positions(change: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_json({**EXAMPLE, **change})


@pytest.mark.rule("R-DECK")
def test_jokers_counted_against_the_rules() -> None:
    two_jokers = {**EXAMPLE, "rules": {"jokers": 2},
                  "melds": [{"kind": "pong", "cards": "X X X"}]}
    with pytest.raises(PositionError, match="'X' appears 3 times; a 2-joker deck holds 2"):
        Position.from_json(two_jokers)
    assert Position.from_json({**two_jokers, "rules": {"jokers": 4}}).melds[0].is_joker_set


@pytest.mark.rule("R-PARITY", "R-SPECIAL")
def test_no_card_even_hand_is_the_dealer() -> None:
    dealer = Position.from_json({"hand": "As Ks 2c Qc", "melds": [{"kind": "pong",
                                                                   "cards": "5s 5h 5d"}]})
    assert dealer.is_tianzou_check
    with pytest.raises(PositionError, match="no chi"):
        Position.from_json({"hand": "As Ks", "melds": [{"kind": "chi", "cards": "8h 6s"}]})
    with pytest.raises(PositionError, match="no card to claim"):
        Position.from_json({"hand": "As Ks 7h", "source": "flip"})


def test_missing_source_defaults_to_discard() -> None:
    data = {k: v for k, v in EXAMPLE.items() if k != "source"}
    assert Position.from_json(data).source == "discard"


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"hand"', "[" * 5000,
                                  '{"hand": null}', '{"melds": []}'])
def test_unreadable_json(text: str) -> None:
    with pytest.raises(PositionError):
        Position.from_json(text)


@given(st.integers(min_value=0, max_value=2**32))
def test_json_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    position = random_position(rng, random_rules(rng), with_card=rng.random() < 0.8)
    assert Position.from_json(position.to_json()) == position
    assert Position.from_json(json.dumps(position.to_json())) == position


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["hand", "card", "melds", "rules", "source", "kind",
                                       "cards", "players", "dealer_first_discard", "x"]),
                      children, max_size=5),
    max_leaves=12,
)


@given(JSONISH)
def test_position_reader_fuzz_structured(data: object) -> None:
    """Random JSON-like values: a position or the engine's own error, nothing else."""
    with contextlib.suppress(Dou14Error):
        Position.from_json(data)


@given(st.text(max_size=80))
def test_position_reader_fuzz_text(text: str) -> None:
    with contextlib.suppress(Dou14Error):
        Position.from_json(text)


@given(st.fixed_dictionaries(
    {"hand": st.text(alphabet="7hKdAc5s9X ,", max_size=24)},
    optional={"card": st.text(alphabet="7hKdX", max_size=3),
              "melds": st.lists(st.fixed_dictionaries(
                  {"kind": st.sampled_from(["chi", "pong", "kong", "joker", "bad"]),
                   "cards": st.text(alphabet="7hKdAcX ", max_size=12)}), max_size=3),
              "rules": st.fixed_dictionaries({}, optional={
                  "players": st.integers(2, 5), "jokers": st.integers(1, 7)})}))
def test_position_reader_fuzz_near_valid(data: dict[str, object]) -> None:
    try:
        position = Position.from_json(data)
    except Dou14Error:
        return
    assert Position.from_json(position.to_json()) == position


def test_rules_default_threshold_per_players_is_kept_in_json() -> None:
    position = Position.from_json({**EXAMPLE, "rules": {"players": 3}})
    assert position.rules == RuleSet(players=3)
    assert position.rules.red_threshold == 25
    assert Position.from_json(position.to_json()).rules.red_threshold == 25

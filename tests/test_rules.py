"""RuleSet options and R-SCORE / R-DEAL figures from the seeds."""

from __future__ import annotations

import pytest

from trainer.engine import RuleSet, RuleSetError


@pytest.mark.rule("R-SEAT", "R-DECK", "R-WIN", "R-SCORE")
def test_defaults_are_rules_md() -> None:
    rules = RuleSet()
    assert (rules.players, rules.jokers, rules.red_threshold) == (4, 4, 20)
    assert (rules.scoring, rules.base, rules.fan_cap, rules.jiedi_cap) == ("doubling", 1, 5, 4)
    assert rules.win_pong_kong_on_own_flip is False
    assert rules.joker_kong_fan == 5
    assert not rules.kong_from_gathered_four and rules.chi_priority_flipper_first
    assert rules.same_dealer_after_draw
    assert "drawn_hand_pays" not in rules.to_json()


@pytest.mark.rule("R-WIN")
def test_three_players_need_25_red() -> None:
    """R-WIN 2 / seeds: 3 players raise the threshold to 25."""
    assert RuleSet(players=3).red_threshold == 25
    assert RuleSet(players=3, red_threshold=22).red_threshold == 22


@pytest.mark.rule("R-SCORE")
def test_ladder_defaults() -> None:
    rules = RuleSet(scoring="ladder")
    assert (rules.base, rules.fan_cap) == (5, None)


@pytest.mark.parametrize(("players", "jokers", "stock"),
                         [(4, 4, 27), (4, 2, 25), (4, 6, 29), (3, 4, 34)])
@pytest.mark.rule("R-DEAL")
def test_stock_after_deal(players: int, jokers: int, stock: int) -> None:
    """R-DEAL: a 4-joker deal with 4 players leaves 27 cards."""
    assert RuleSet(players=players, jokers=jokers).stock_after_deal == stock


@pytest.mark.rule("R-SCORE")
@pytest.mark.parametrize(("fan", "share"), [(0, 1), (1, 2), (3, 8), (5, 32), (6, 32), (13, 32)])
def test_doubling_share_capped_at_5_fan(fan: int, share: int) -> None:
    """R-SCORE: base × 2^min(n, 5); a loser pays at most 32 at base 1."""
    assert RuleSet().share(fan) == share


@pytest.mark.rule("R-SCORE")
def test_doubling_no_cap_and_base() -> None:
    assert RuleSet(fan_cap=None).share(7) == 128
    assert RuleSet(base=2).share(3) == 16


@pytest.mark.rule("R-SCORE")
@pytest.mark.parametrize(("fan", "share"), [(0, 5), (1, 10), (4, 25), (5, 30), (13, 70)])
def test_ladder_share(fan: int, share: int) -> None:
    """R-SCORE: base × (n + 1), base 5, no cap."""
    assert RuleSet(scoring="ladder").share(fan) == share


@pytest.mark.rule("R-SCORE")
def test_ladder_4_and_5_fan_differ_by_5() -> None:
    rules = RuleSet(scoring="ladder")
    assert rules.share(5) - rules.share(4) == 5


@pytest.mark.parametrize(
    ("options", "message"),
    [({"players": 5}, "players"), ({"jokers": 3}, "jokers"), ({"scoring": "x"}, "scoring"),
     ({"base": 0}, "base"), ({"fan_cap": -1}, "fan_cap"), ({"players": True}, "players"),
     ({"win_pong_kong_on_own_flip": "yes"}, "win_pong_kong_on_own_flip")],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(RuleSetError, match=message):
        RuleSet(**options)  # type: ignore[arg-type]


def test_json_round_trip_and_unknown_keys() -> None:
    rules = RuleSet(players=3, scoring="ladder", fan_cap=8, win_pong_kong_on_own_flip=True)
    assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.from_json({}) == RuleSet()
    assert RuleSet.from_json({"fan_cap": None}).fan_cap is None
    with pytest.raises(RuleSetError, match="'colour'"):
        RuleSet.from_json({"colour": "red"})


@pytest.mark.rule("R-OWN-FLIP")
def test_old_own_flip_name_is_read_and_never_written() -> None:
    """R-OWN-FLIP: the option governs win, pong and kong; its old name is still read."""
    rules = RuleSet.from_json({"win_on_own_flip": True})
    assert rules.win_pong_kong_on_own_flip is True
    assert "win_on_own_flip" not in rules.to_json()
    assert rules.to_json()["win_pong_kong_on_own_flip"] is True


@pytest.mark.rule("R-STOCK-EMPTY")
def test_drawn_hand_pays_false_is_ignored_true_refused() -> None:
    """R-STOCK-EMPTY: a drawn hand never pays, so the retired option may only say false."""
    assert RuleSet.from_json({"drawn_hand_pays": False}) == RuleSet()
    for value in (True, 1, "yes", None):
        with pytest.raises(RuleSetError, match="drawn hand never pays"):
            RuleSet.from_json({"drawn_hand_pays": value})


def test_old_and_new_name_together_are_refused() -> None:
    with pytest.raises(RuleSetError, match="given twice"):
        RuleSet.from_json({"win_on_own_flip": True, "win_pong_kong_on_own_flip": False})


@pytest.mark.rule("R-SCORE")
def test_ladder_cap_only_when_set() -> None:
    """R-SCORE: ladder scoring has no cap unless the player sets one."""
    assert RuleSet(scoring="ladder").share(13) == 70
    assert RuleSet(scoring="ladder", fan_cap=5).share(13) == 30
    assert RuleSet.from_json({"scoring": "ladder"}).fan_cap is None


@pytest.mark.rule("R-KONG")
def test_a_stored_rule_set_keeps_what_it_said() -> None:
    """The default of kong_from_gathered_four changed to false; a rule set stored with it true
    (a replay, a saved table) still plays it, and every option is written out."""
    stored = RuleSet.from_json({"kong_from_gathered_four": True})
    assert stored.kong_from_gathered_four
    assert RuleSet.from_json(stored.to_json()) == stored
    assert set(RuleSet().to_json()) >= {"kong_from_gathered_four", "win_pong_kong_on_own_flip"}


def test_a_rule_example_says_what_the_rule_decides_in_it() -> None:
    """The Rules page's special-win example says it is 全黑, not only its share and payment.
    Each example's line keeps the verdict and the lines citing its rule."""
    from trainer.content.rule_examples import EXAMPLES
    from trainer.ui.content import rule_example_line

    for lang in ("en", "zh"):
        special = rule_example_line("R-SPECIAL", lang)
        assert special is not None and "全黑" in special
        for rule_id in EXAMPLES:
            line = rule_example_line(rule_id, lang)
            if line is not None and EXAMPLES[rule_id].get("check") == "verdict":
                assert rule_id in line

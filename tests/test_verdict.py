"""R-WIN, R-SPECIAL, R-FAN, R-SCORE and R-PAY, by table and against a brute-force reference."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import reference_fan, reference_share, reference_verdict
from tests.strategies import claim_positions, dealer_hands
from trainer.content.sampling import random_position, random_rules
from trainer.engine import Position, PositionError, Reason, Relation, RuleSet, is_win, position_of, verdict
from trainer.engine.errors import PositionPart
from trainer.i18n import explain

Case = tuple[str, str, list[str], str, str, bool, int, str, int, list[str], int]
"""id, hand, melds, card, source, first discard, players, reason, red, specials, fan."""


def _case(name: str, hand: str, melds: list[str], card: str, reason: str, red: int, *,
          source: str = "discard", first: bool = False, players: int = 4,
          specials: tuple[str, ...] = (), fan: int = 0) -> Case:
    """A row of the verdict table: the position (a discard, not the dealer's first, four players
    unless said) and its verdict (the reason, the red total, the specials, the fan)."""
    return name, hand, melds, card, source, first, players, reason, red, list(specials), fan


CASES: list[Case] = [
    _case("R-WIN plain", "7h Kd Ac 5h 9c", ["chi:8h,6s"], "7d", "win", 28),
    _case("R-WIN red short by 1", "7h Kd Ac 5s 9c", ["chi:3d,Jd"], "7d", "red_short", 19),
    _case("R-WIN exactly 20", "7h Kd Ac 5s 9c", ["chi:5d,9s"], "7d", "win", 20),
    _case("R-PAIR14 not combined", "7h Kd Ac 5h 9c 6d 8s", [], "8d", "not_combined", 27),
    _case("R-SET concealed triple", "5h 5d 5s 9c 9h 7c 3s", [], "7s", "not_combined", 19),
    _case("R-SET triple with three partners", "5h 5d 5s 9c 9h 9d 7c", [], "7s", "win", 28),
    _case("R-WIN joker in hand", "X 7h Kd Ac 5h 9c 6d", [], "7d", "joker_in_hand", 26),
    _case("R-WIN joker before combination", "X Kd Ac 5h 9c 6d 2s", [], "7d", "joker_in_hand", 19),
    _case("R-WIN 3 players 25", "7h Kd Ac 5h 9c 6d 8s", [], "7d", "win", 26, players=3),
    _case("R-WIN 3 players short", "7h Kd Ac 5h 9c 6s 8s", [], "7d", "red_short", 20, players=3),
    _case("R-SPECIAL all black", "7s Ks Ac 5s 9c 6c 8s", [], "7c", "win", 0,
          specials=("all_black",), fan=3),
    _case("R-SPECIAL all red", "Ah Kd 7h", ["chi:Qh,2d", "chi:3h,Jd", "joker:X"], "7d", "win", 23,
          source="flip", specials=("all_red",), fan=4),
    _case("R-SPECIAL all red claimed black", "Ah Kd 7h", ["chi:Qh,2d"], "7s", "red_short", 12,
          source="flip"),
    _case("R-SPECIAL jiedi low red", "7s Kc Ac 5s 9c 6s 8h", [], "7d", "win", 15,
          first=True, specials=("jiedi",), fan=3),
    _case("R-SPECIAL jiedi capped", "Ah Kc 7s 5c 9s", ["pong:Qh,Qs,Qd", "joker:X", "joker:X"],
          "7d", "win", 10, first=True, specials=("jiedi",), fan=4),
    _case("R-FAN pongs and kongs", "Ah Kd 7h", ["pong:Qh,Qs,Qd", "kong:5s,5c,5d,5h"],
          "7d", "win", 28, fan=3),
    _case("R-FAN joker pong", "Ah Kd 7h 8s 6h", ["pong:X,X,X", "joker:X"], "7d", "win", 22,
          source="flip", fan=5),
]


@pytest.mark.parametrize(
    ("hand", "melds", "card", "source", "first", "players", "reason", "red", "specials", "fan"),
    [case[1:] for case in CASES], ids=[case[0] for case in CASES])
@pytest.mark.rule("R-WIN", "R-RED", "R-PAIR14", "R-SET", "R-SPECIAL", "R-FAN")
def test_verdict_table(hand: str, melds: list[str], card: str, source: str, first: bool,
                       players: int, reason: str, red: int, specials: list[str],
                       fan: int) -> None:
    position = position_of(hand, melds=melds, card=card, source=source,  # type: ignore[arg-type]
                           dealer_first_discard=first, rules=RuleSet(players=players))
    result = verdict(position)
    expected_red = reference_verdict(hand.split(), [m.split(":")[1].split(",") for m in melds],
                                     card, first, position.rules.red_threshold)[1]
    assert result.red == expected_red
    assert result.red == red
    assert result.reason.value == reason
    assert [s.value for s in result.specials] == specials
    assert result.fan == fan
    assert result.win == (reason == "win") == is_win(position)


def test_format_example_verdict_line() -> None:
    position = position_of("7h Kd Ac 5h 9c 6d 8s", melds=["chi:8h,6s", "pong:Qh,Qs,Qd",
                                                          "joker:X"], card="7d")
    assert verdict(position).to_json() == {
        "win": True, "reason": "win", "red": 36, "threshold": 20, "fan": 2, "specials": [],
        "share": 4}


@pytest.mark.rule("R-FAN", "R-SPECIAL")
def test_maximum_11_fan() -> None:
    """Seeds: 天走 + 全黑 + four jokers of which three ponged = 3+3+4+1 = 11."""
    position = position_of("As Ks 2c Qc 3s Js", melds=["pong:X,X,X", "joker:X"])
    result = verdict(position)
    assert result.win and [s.value for s in result.specials] == ["tianzou", "all_black"]
    assert result.fan == 11
    assert result.share == 32  # capped at 5 fan: a loser pays at most 32 at base 1


@pytest.mark.rule("R-FAN", "R-SPECIAL")
def test_maximum_13_fan() -> None:
    """Seeds: 天走 + three kongs + four jokers = 3+6+4 = 13."""
    position = position_of("As Kd", melds=["kong:5s,5h,5c,5d", "kong:9s,9h,9c,9d",
                                           "kong:10s,10h,10c,10d", "joker:X", "joker:X",
                                           "joker:X", "joker:X"])
    result = verdict(position)
    assert result.win and [s.value for s in result.specials] == ["tianzou"]
    assert result.fan == 13
    assert result.share == 32
    assert verdict(Position(position.hand, position.melds,
                            rules=RuleSet(scoring="ladder"))).share == 5 * 14


@pytest.mark.rule("R-SPECIAL")
def test_tianzou_not_combined() -> None:
    result = verdict(position_of("As Ks 2c Qc 3s 5s 8h 9d"))
    assert not result.win and result.reason.value == "not_combined"


def test_waiting_hand_without_card_cannot_be_judged() -> None:
    with pytest.raises(PositionError, match="no card to claim"):
        verdict(position_of("7h Kd Ac"))


@pytest.mark.parametrize(("source", "first", "players", "payments"), [
    ("discard", False, 4, [12, 0, 0, -12]),
    ("discard", True, 4, [48, 0, 0, -48]),
    ("flip", False, 4, [12, -4, -4, -4]),
    ("discard", False, 3, [8, 0, -8]),
    ("flip", False, 3, [8, -4, -4]),
])
@pytest.mark.rule("R-PAY", "R-SCORE")
def test_payments(source: str, first: bool, players: int, payments: list[int]) -> None:
    """R-PAY: 点炮 — the discarder pays every share; a flip — everyone pays one share."""
    position = position_of("Ah Kd 7h 5h 9d", melds=["pong:Qh,Qs,Qd", "joker:X"], card="7d",
                           source=source, dealer_first_discard=first,  # type: ignore[arg-type]
                           rules=RuleSet(players=players))
    result = verdict(position)
    assert result.win
    assert result.payments() == payments
    assert sum(result.payments()) == 0
    if source == "discard":
        other = result.payments(winner=1, discarder=0 if players == 3 else 2)
        assert other[1] == payments[0] and sum(other) == 0


@pytest.mark.rule("R-PAY", "R-SPECIAL")
def test_tianzou_everyone_pays() -> None:
    result = verdict(position_of("As Ks 2c Qc 3s Js", melds=["pong:X,X,X", "joker:X"]))
    assert result.payments(winner=2) == [-32, -32, 96, -32]


@pytest.mark.rule("R-PAY")
def test_no_win_pays_nothing() -> None:
    result = verdict(position_of("7h Kd Ac 5h 9c 6d 8s", card="8d"))
    assert result.payments() == [0, 0, 0, 0]
    with pytest.raises(ValueError, match="seat"):
        result.payments(winner=4)


def test_explains_red_short_in_both_languages() -> None:
    position = position_of("7h Kc Ac", melds=["chi:8c,6c", "chi:3d,Jd"], card="7d")
    english = explain(verdict(position), "en")
    chinese = explain(verdict(position), "zh")
    assert "Red: 7♥ 7 + 7♦ 7 + 3♦ 3 + J♦ 1 = 18, short of 20 by 2 (R-RED, R-WIN)" in english
    assert any("差 2 点才够 20" in line for line in chinese)


def test_a_hand_with_no_red_card_says_so() -> None:
    """"Red: 0 = 0, short of 20 by 20" reads as a sum of nothing; a hand with no red card says
    it has none (and, all black, that a special win needs no red total)."""
    short = explain(verdict(position_of("7s Kc Ac 5s 9c", card="8c")), "en")
    assert any(line.startswith("Red: no red card, 0 red — short of 20 (R-RED") for line in short)
    assert not any("0 = 0" in line for line in short)
    black = verdict(position_of("7s Kc Ac 5s 9c", card="7c"))
    assert black.win and any("特殊糊牌不计红" in line and "没有红牌" in line
                             for line in explain(black, "zh"))


def test_explains_concealed_triple() -> None:
    lines = explain(verdict(position_of("5h 5d 5s 9c 9h 7c 3s", card="7s")), "en")
    assert any("3 cards of rank 5 need 3 of rank 9" in line and "R-SET" in line for line in lines)


def test_explains_joker_and_specials() -> None:
    lines = explain(verdict(position_of("X 7h Kd Ac 5h 9c 6d", card="7d")), "en")
    assert any("joker in hand" in line for line in lines)
    lines = explain(verdict(position_of("Ah Kc 7s 5c 9s", melds=["pong:Qh,Qs,Qd", "joker:X", "joker:X"],
                                card="7d", dealer_first_discard=True)), "zh")
    assert any("接地另有封顶" in line and "6 番按 4 番计" in line for line in lines)


def test_explains_a_plain_wins_share_in_words() -> None:
    """0 fan under doubling: the share is the base, said so (not "doubled 0 times"); 1 fan:
    doubled once."""
    plain = position_of("7h Kd Ac 5h 9c 6d 8h", card="7d")
    assert verdict(plain).win and verdict(plain).fan == 0
    assert any("no fan, so just the base, 1" in line for line in explain(verdict(plain), "en"))
    assert any("没有番，就是基数 1" in line for line in explain(verdict(plain), "zh"))
    one_fan = position_of("9h 5d 6h 8d 4h", melds=["pong:Qh,Qs,Qd"], card="Th")
    assert verdict(one_fan).win and verdict(one_fan).fan == 1
    assert any("the base 1 doubled once per fan, 1 fan = 2" in line
               for line in explain(verdict(one_fan), "en"))
    assert any("基数 1，每番翻一倍，1 番 = 2" in line for line in explain(verdict(one_fan), "zh"))


def _check_against_reference(position: Position) -> None:
    result = verdict(position)
    melds = [[str(c) for c in meld.cards] for meld in position.melds]
    reason, red, specials = reference_verdict(
        [str(c) for c in position.hand], melds, None if position.card is None else
        str(position.card), position.dealer_first_discard, position.rules.red_threshold,
        position.offered_by is Relation.YOU and not position.rules.win_pong_kong_on_own_flip)
    assert result.reason.value == reason
    assert result.red == red
    assert [s.value for s in result.specials] == specials
    assert result.win == is_win(position)
    if result.combined:
        assert not result.leftovers
        assert all((a.rank or 0) + (b.rank or 0) == 14 for a, b in result.pairs)
    rules = position.rules
    expected_fan = reference_fan(melds, specials, rules.joker_kong_fan, rules.jiedi_cap)
    assert result.fan == expected_fan
    assert result.share == reference_share(expected_fan, rules.scoring, rules.base, rules.fan_cap)
    payments = result.payments()
    assert sum(payments) == 0
    if result.win:
        assert max(payments) == result.share * (rules.players - 1)
    else:
        assert payments == [0] * rules.players
    for lang in ("en", "zh"):
        assert all(line.strip() for line in explain(result, lang))


@pytest.mark.rule("R-WIN", "R-RED", "R-SPECIAL", "R-FAN", "R-SCORE", "R-PAY")
@given(claim_positions())
def test_verdict_agrees_with_brute_force(position: Position) -> None:
    _check_against_reference(position)


@pytest.mark.rule("R-WIN", "R-SPECIAL")
@given(st.integers(min_value=0, max_value=2**32))
def test_verdict_agrees_with_brute_force_on_sampled_positions(seed: int) -> None:
    """The engine's own sampler (used by drills and puzzles) too."""
    rng = random.Random(seed)
    _check_against_reference(random_position(rng, random_rules(rng)))


@pytest.mark.rule("R-SPECIAL")
@given(dealer_hands())
def test_tianzou_agrees_with_brute_force(position: Position) -> None:
    assert not any(meld.kind.value == "chi" for meld in position.melds)
    _check_against_reference(position)


@pytest.mark.rule("R-WIN")
@given(claim_positions())
def test_drawn_positions_are_reachable(position: Position) -> None:
    """The strategy itself: 7 − 2·s concealed, no chi beside 接地."""
    sets = sum(1 for meld in position.melds if meld.kind.value != "joker")
    assert len(position.hand) == 7 - 2 * sets
    if position.dealer_first_discard:
        assert all(meld.kind.value != "chi" for meld in position.melds)


OWN_FLIP_LINE = ('{"hand": "7d", "melds": [{"kind":"pong","cards":"2h 2s 2c"},{"kind":"pong",'
                 '"cards":"8s 8h 8d"},{"kind":"chi","cards":"4c 10h"}], "card": "7h", '
                 '"source": "flip", "from": "you"')


@pytest.mark.rule("R-OWN-FLIP", "R-WIN")
def test_no_win_on_your_own_flip_unless_the_table_allows_it() -> None:
    closed = Position.from_json(OWN_FLIP_LINE + "}")
    assert closed.offered_by is Relation.YOU
    judged = verdict(closed)
    assert (judged.win, judged.reason, judged.red) == (False, Reason.OWN_FLIP, 42)
    assert judged.combined and not is_win(closed)
    assert judged.to_json()["reason"] == "own_flip"
    opened = Position.from_json(OWN_FLIP_LINE + ', "rules": {"win_pong_kong_on_own_flip": true}}')
    assert verdict(opened).win and is_win(opened)
    other = Position.from_json(OWN_FLIP_LINE.replace('"you"', '"upper"') + "}")
    assert verdict(other).win
    assert any("flipped 7♥ yourself" in line and "table rule" in line and "R-OWN-FLIP" in line
               for line in explain(judged, "en"))
    assert any("自己翻出" in line and "桌规" in line for line in explain(judged, "zh"))


@pytest.mark.rule("R-OWN-FLIP", "R-SEAT")
@pytest.mark.parametrize(("extra", "says"), [
    ('"card": "7h", "source": "discard", "from": "you"', "own discard"),
    ('"card": "7h", "from": "you"', "own discard"),
    ('"from": "upper"', "no card"),
    ('"card": "7h", "from": "left"', "from must be one of"),
    ('"card": "7h", "from": 3', "from must be one of"),
    ('"card": "7h", "from": "opposite", "rules": {"players": 3}', "four"),
])
def test_from_is_checked(extra: str, says: str) -> None:
    with pytest.raises(PositionError, match=says):
        Position.from_json('{"hand": "7d", ' + extra + "}")


@given(claim_positions())
def test_from_round_trips(position: Position) -> None:
    assert Position.from_json(position.to_json()) == position
    assert ("from" in position.to_json()) == (position.offered_by is not None)


@given(claim_positions())
def test_every_failing_check_is_a_true_reason(position: Position) -> None:
    """``failing_reasons`` holds each check the hand fails, each decided here from the cards
    alone: the first in the engine's order is the verdict's reason, and a win fails none."""
    from trainer.engine import failing_reasons, is_combined
    from trainer.engine.win_rule import wins_without_red

    judged = verdict(position)
    found = failing_reasons(position)
    if judged.win:
        assert found == frozenset()
        return
    cards = [*position.hand, *([position.card] if position.card is not None else [])]
    laid = [c for meld in position.melds for c in meld.cards]
    colours = {c.is_red for c in [*cards, *laid] if not c.is_joker}
    expected = set()
    if position.claim_blocked:
        expected.add(Reason.OWN_FLIP)
    if any(c.is_joker for c in cards):
        expected.add(Reason.JOKER_IN_HAND)
    if not is_combined(cards):
        expected.add(Reason.NOT_COMBINED)
    special = wins_without_red(True in colours, False in colours,
                               position.dealer_first_discard, position.card is None)
    if not special and judged.red < judged.threshold:
        expected.add(Reason.RED_SHORT)
    assert found == expected
    order = [Reason.OWN_FLIP, Reason.JOKER_IN_HAND, Reason.NOT_COMBINED, Reason.RED_SHORT]
    assert judged.reason is next(r for r in order if r in found)


@pytest.mark.parametrize(("given", "part"), [
    ({"hand": "7h 7x"}, PositionPart.HAND),
    ({"melds": ["chi:8h,5s"]}, PositionPart.MELDS),
    ({"card": "Zz"}, PositionPart.CARD),
    ({"card": "7d", "source": "thrown"}, PositionPart.SOURCE),
    ({"hand": "7h 7h 7h 7h 7h"}, None),  # each part reads; together they cannot occur
])
def test_a_position_that_cannot_be_read_names_its_part(given: dict[str, object],
                                                      part: PositionPart | None) -> None:
    """Check a hand names the box a typo is in from the error itself (``PositionError.part``)."""
    arguments: dict[str, Any] = {"hand": "7h Kd Ac 5h 9c", **given}
    with pytest.raises(PositionError) as raised:
        position_of(arguments.pop("hand"), **arguments)
    assert raised.value.part == part


def test_laid_sets_are_said_with_a_joker_by_its_name() -> None:
    """The working of a win lists the laid sets; a joker among them is 鬼, not the emoji 🃏
    (a box where no emoji font is installed, walk 42), and a chi is its 14-pair."""
    from trainer.engine.melds import Meld
    from trainer.engine.verdict_messages import laid_expression

    said = laid_expression((Meld.parse("joker:X"), Meld.parse("chi:7s,7h"),
                            Meld.parse("pong:Qs,Qh,Qc")))
    assert said == "鬼 · 7♠+7♥ · Q♠ Q♥ Q♣"

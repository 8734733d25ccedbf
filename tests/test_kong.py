"""R-KONG: the three ways to kong, the forbidden one, and the [decision] on four gathered later."""

from __future__ import annotations

import pytest

from trainer.engine import (
    Dou14Error,
    KongCase,
    KongEvent,
    Meld,
    Message,
    RuleSet,
    kong_eligibility,
    parse_card,
    parse_cards,
)
from trainer.i18n import explain

CASES = [
    # id, hand, melds, event, card, allowed, case, reason
    ("case 1 four after the deal", "5s 5h 5c 5d 7h Kd 2s 3c", [], KongEvent.AFTER_DEAL, None,
     True, KongCase.DEALT_FOUR, "dealt_four"),
    ("case 1 four jokers", "X X X X 7h Kd 2s", [], KongEvent.AFTER_DEAL, None,
     True, KongCase.DEALT_FOUR, "dealt_four"),
    ("no four after the deal", "5s 5h 5c 7h Kd 2s 3c", [], KongEvent.AFTER_DEAL, None,
     False, None, "no_four"),
    ("case 2 triple plus discard", "5s 5h 5c 7h Kd", [], KongEvent.CLAIM, "5d",
     True, KongCase.TRIPLE_PLUS_CLAIM, "triple_plus_claim"),
    ("case 2 three jokers plus flipped joker", "X X X 7h Kd", [], KongEvent.CLAIM, "X",
     True, KongCase.TRIPLE_PLUS_CLAIM, "triple_plus_claim"),
    ("pair only: pong not kong", "5s 5h 7h Kd 2s", [], KongEvent.CLAIM, "5d",
     False, None, "only_pair"),
    ("no triple", "5s 7h Kd 2s 3s", [], KongEvent.CLAIM, "5d", False, None, "no_triple"),
    ("own flip", "5s 5h 5c 7h Kd", [], KongEvent.OWN_FLIP, "5d", False, None, "own_flip"),
    ("case 3 draw after pong", "7h Kd 2s", ["pong:5s,5h,5c"], KongEvent.DRAW_AFTER_PONG, "5d",
     True, KongCase.PONG_PLUS_DRAW, "pong_plus_draw"),
    ("later flip matching an exposed pong", "7h Kd 2s", ["pong:5s,5h,5c"], KongEvent.CLAIM, "5d",
     False, None, "pong_cannot_grow"),
    ("later draw matching an old pong", "7h Kd 2s", ["pong:5s,5h,5c", "pong:9s,9h,9c"],
     KongEvent.DRAW_AFTER_PONG, "5d", False, None, "pong_cannot_grow"),
    ("later draw after a joker matching a pong", "7h Kd 2s", ["pong:5s,5h,5c", "joker:X"],
     KongEvent.LATER_DRAW, "5d", False, None, "pong_cannot_grow"),
    ("four gathered by draws: none of the three ways", "5s 5h 5c Kd 2s", ["joker:X"],
     KongEvent.LATER_DRAW, "5d", False, None, "gathered_four_off"),
    ("case 2 in two steps: the held third after the pong's draw", "7h Kd 2s",
     ["pong:5s,5h,5c"], KongEvent.PONGED_FROM_TRIPLE, "5d", True, KongCase.TRIPLE_PLUS_CLAIM,
     "two_step_claim"),
    ("case 1 in two steps: the held fourth after the lay-down's draw", "7h Kd 2s 3c 9s",
     ["pong:5s,5h,5c"], KongEvent.LAID_FROM_FOUR, "5d", True, KongCase.DEALT_FOUR,
     "two_step_dealt"),
    ("draw making nothing", "5s 5h Kd 2s 3s", [], KongEvent.LATER_DRAW, "5d",
     False, None, "no_four_drawn"),
]


@pytest.mark.parametrize(("hand", "melds", "event", "card", "allowed", "case", "reason"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.rule("R-KONG")
def test_kong_table(hand: str, melds: list[str], event: KongEvent, card: str | None,
                    allowed: bool, case: KongCase | None, reason: str) -> None:
    result = kong_eligibility(parse_cards(hand), [Meld.parse(m) for m in melds], event,
                              None if card is None else parse_card(card))
    assert (result.allowed, result.case, result.reason) == (allowed, case, reason)
    assert "R-KONG" in result.rules
    for lang in ("en", "zh"):
        (line,) = explain(result, lang)
        assert "R-KONG" in line


@pytest.mark.rule("R-KONG", "R-TOU-LATER")
def test_gathered_four_is_a_table_option_off_by_default() -> None:
    """The sources' "除这三种情况，其他情况均不能杠牌": four gathered later make no kong unless the
    table switches ``kong_from_gathered_four`` on."""
    assert RuleSet().kong_from_gathered_four is False
    result = kong_eligibility(parse_cards("5s 5h 5c Kd 2s"), [], KongEvent.LATER_DRAW,
                              parse_card("5d"), RuleSet(kong_from_gathered_four=True))
    assert result.allowed and result.case is KongCase.GATHERED_FOUR
    assert any("table option" in line for line in explain(result, "en"))


@pytest.mark.rule("R-KONG")
def test_two_step_kongs_say_so() -> None:
    result = kong_eligibility(parse_cards("7h Kd 2s"), [Meld.parse("pong:5s,5h,5c")],
                              KongEvent.PONGED_FROM_TRIPLE, parse_card("5d"))
    assert result.two_step and "two steps" in explain(result, "en")[0]
    assert "分两步" in explain(result, "zh")[0]
    other = kong_eligibility(parse_cards("7h Kd 2s"), [Meld.parse("pong:5s,5h,5c")],
                             KongEvent.PONGED_FROM_TRIPLE, parse_card("9d"))
    assert not other.allowed


@pytest.mark.rule("R-OWN-FLIP", "R-KONG")
def test_own_flip_kong_follows_the_own_flip_option() -> None:
    result = kong_eligibility(parse_cards("5s 5h 5c 7h Kd"), [], KongEvent.OWN_FLIP,
                              parse_card("5d"), RuleSet(win_pong_kong_on_own_flip=True))
    assert result.allowed and result.case is KongCase.TRIPLE_PLUS_CLAIM


def test_explanations_name_the_case() -> None:
    result = kong_eligibility(parse_cards("7h Kd 2s"), [Meld.parse("pong:5s,5h,5c")],
                              KongEvent.CLAIM, parse_card("5d"))
    assert explain(result, "en") == [
        "Your pong of 5 was laid earlier: a pong never grows into a kong later (R-KONG)"]
    assert "扯过的牌以后不能再杠" in explain(result, "zh")[0]


@pytest.mark.parametrize(("event", "card", "message"), [
    (KongEvent.AFTER_DEAL, "5d", "leave 'card' out"),
    (KongEvent.CLAIM, None, "needs the card"),
    (KongEvent.DRAW_AFTER_PONG, "5d", "last meld"),
])
def test_bad_events(event: KongEvent, card: str | None, message: str) -> None:
    with pytest.raises(Dou14Error, match=message):
        kong_eligibility(parse_cards("5s 5h 7h"), [], event,
                         None if card is None else parse_card(card))


@pytest.mark.rule("R-KONG", "R-TOU")
def test_dealt_four_is_laid_down_by_r_tou() -> None:
    """Case 1 is a lay-down exchange (R-TOU): four of a rank for two stock cards."""
    result = kong_eligibility(parse_cards("5s 5h 5c 5d 7h Kd 2s 3c"), [], KongEvent.AFTER_DEAL)
    assert result.rules == ("R-KONG", "R-TOU")
    assert result.cards == (parse_card("5s"),)


def test_a_two_step_kongs_card_is_named_in_the_moments_own_count() -> None:
    """"You ponged with two of your three …; 3♣ is the third": the card's caption says the
    third of the learner's three, not "the fourth" (a walker read two names for one card);
    three of four laid first keeps "the fourth"."""
    from trainer.lessons.kinds.kong import kong
    from trainer.lessons.task import StepData

    third = kong(StepData({"event": "ponged_from_triple", "card": "3c", "cards": "6h 5d 5s Kc 6c",
                           "melds": ["pong:3d,3s,3h"]}))
    assert third.board.caption == Message.of("board.held_third")
    fourth = kong(StepData({"event": "laid_from_four", "card": "8d", "cards": "Kd 2s 3c 5h",
                            "melds": ["pong:8s,8h,8c"]}))
    assert fourth.board.caption == Message.of("board.held_card")

"""Melds validated on construction (R-PAIR14, R-SET) and their fan (R-FAN)."""

from __future__ import annotations

import pytest

from trainer.engine import Meld, MeldError, RuleSet


@pytest.mark.parametrize(
    ("text", "fan", "red"),
    [("chi:8h,6s", 0, 8), ("chi:7h,7d", 0, 14), ("chi:Ah,Kd", 0, 2), ("pong:Qh,Qs,Qd", 1, 2),
     ("kong:5s,5c,5d,5h", 2, 10), ("joker:X", 1, 0), ("pong:X,X,X", 4, 0),
     ("kong:X,X,X,X", 5, 0)],
)
@pytest.mark.rule("R-FAN", "R-SET")
def test_valid_melds(text: str, fan: int, red: int) -> None:
    """R-FAN: joker 1, pong 1, kong 2, joker pong 4, joker kong 5 [decision]."""
    meld = Meld.parse(text)
    assert meld.fan() == fan
    assert meld.red == red
    assert Meld.from_json(meld.to_json()) == meld


@pytest.mark.rule("R-FAN")
def test_joker_kong_fan_is_an_option() -> None:
    assert Meld.parse("kong:X,X,X,X").fan(RuleSet(joker_kong_fan=6).joker_kong_fan) == 6


@pytest.mark.parametrize(
    ("text", "message"),
    [("chi:8h,5s", "sums to 13"), ("chi:7h,7d,7s", "two cards"), ("chi:X,7h", "joker"),
     ("pong:Qh,Qs,Kd", "mixes ranks"), ("pong:Qh,Qs", "3 cards"),
     ("kong:5s,5c,5d", "4 cards"), ("kong:5s,5c,5d,9h", "mixes ranks"),
     ("joker:7h", "one joker"), ("joker:X,X", "one joker"), ("triple:5s,5c,5d", "unknown meld kind"),
     ("pong:X,X,7h", "mixes ranks"), ("chi8h6s", "kind:cards")],
)
@pytest.mark.rule("R-SET", "R-PAIR14")
def test_invalid_melds_name_the_cards(text: str, message: str) -> None:
    with pytest.raises(MeldError, match=message):
        Meld.parse(text)


def test_meld_json_errors() -> None:
    with pytest.raises(MeldError, match="'size'"):
        Meld.from_json({"kind": "chi", "cards": "8h 6s", "size": 2})
    with pytest.raises(MeldError, match="'cards'"):
        Meld.from_json({"kind": "chi"})
    with pytest.raises(MeldError, match="string"):
        Meld.from_json({"kind": "chi", "cards": ["8h", "6s"]})

"""R-PRIORITY, R-CHI, R-OWN-FLIP: who gets a claimed card; and R-SAFE's first tool."""

from __future__ import annotations

import pytest

from trainer.analysis.partners import partner_count
from trainer.engine import Dou14Error, RuleSet, parse_card, parse_cards
from trainer.engine.priority import Claim, ClaimKind, resolve_claims, seats_from
from trainer.i18n import explain

W, P, K, C = ClaimKind.WIN, ClaimKind.PONG, ClaimKind.KONG, ClaimKind.CHI

CASES = [
    # id, claims, origin, source, players, winner seat (None = nobody), refused seats
    ("win beats pong", [(1, P), (2, W)], 0, "discard", 4, 2, []),
    ("pong beats chi", [(1, C), (3, P)], 0, "discard", 4, 3, []),
    ("kong beats chi", [(1, C), (2, K)], 0, "flip", 4, 2, []),
    ("two wins: first counterclockwise", [(3, W), (2, W)], 1, "discard", 4, 2, []),
    ("two wins wrap around", [(0, W), (1, W)], 2, "discard", 4, 0, []),
    ("three players", [(0, W), (1, W)], 2, "discard", 3, 0, []),
    ("chi only for the lower player", [(2, C)], 0, "discard", 4, None, [2]),
    ("own discard refused", [(0, W)], 0, "discard", 4, None, [0]),
    ("own flip: no win", [(0, W), (1, C)], 0, "flip", 4, 1, [0]),
    ("own flip: chi allowed, flipper first", [(1, C), (0, C)], 0, "flip", 4, 0, []),
    ("no claims", [], 0, "discard", 4, None, []),
]


@pytest.mark.parametrize(("claims", "origin", "source", "players", "winner", "refused"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.rule("R-PRIORITY", "R-CHI", "R-OWN-FLIP")
def test_priority_table(claims: list[tuple[int, ClaimKind]], origin: int, source: str,
                        players: int, winner: int | None, refused: list[int]) -> None:
    result = resolve_claims([Claim(seat, kind) for seat, kind in claims], origin, source,
                            rules=RuleSet(players=players))
    assert (None if result.winner is None else result.winner.seat) == winner
    assert [claim.seat for claim, _ in result.refused] == refused
    for lang in ("en", "zh"):
        assert explain(result, lang)


@pytest.mark.rule("R-OWN-FLIP")
def test_own_flip_option() -> None:
    result = resolve_claims([Claim(0, W), Claim(1, W)], 0, "flip",
                            rules=RuleSet(win_pong_kong_on_own_flip=True))
    assert result.winner == Claim(1, W)
    result = resolve_claims([Claim(0, W), Claim(2, P)], 0, "flip",
                            rules=RuleSet(win_pong_kong_on_own_flip=True))
    assert result.winner == Claim(0, W)


@pytest.mark.rule("R-PRIORITY", "R-CHI")
def test_chi_order_decision_can_switch() -> None:
    result = resolve_claims([Claim(0, C), Claim(1, C)], 0, "flip",
                            rules=RuleSet(chi_priority_flipper_first=False))
    assert result.winner == Claim(1, C)


def test_explanation_names_the_order() -> None:
    result = resolve_claims([Claim(3, W), Claim(2, W)], 1, "discard")
    assert "first counterclockwise from seat 1" in explain(result, "en")[-1]


@pytest.mark.rule("R-SEAT")
def test_seats_from() -> None:
    assert seats_from(2, 4) == [3, 0, 1, 2]
    with pytest.raises(Dou14Error):
        resolve_claims([Claim(5, W)], 0, "discard")


@pytest.mark.parametrize(("card", "visible", "exhausted"), [
    ("8h", "6s 6h 6c 6d", True),
    ("8h", "6s 6h 6c 2d", False),
    ("7h", "7s 7c 7d", True),
    ("7h", "7h 7s 7c", False),
    ("X", "", True),
])
@pytest.mark.rule("R-SAFE")
def test_partner_exhausted(card: str, visible: str, exhausted: bool) -> None:
    """R-SAFE: when every partner is visible nobody can be waiting on the card."""
    result = partner_count(parse_card(card), parse_cards(visible))
    assert result.exhausted == exhausted
    assert explain(result, "en") and explain(result, "zh")


def test_flipper_first_is_explained() -> None:
    result = resolve_claims([Claim(1, C), Claim(0, C)], 0, "flip")
    assert "the flipper comes before their lower player" in explain(result, "en")[-1]


def test_the_viewer_who_gets_the_card_is_told_in_the_second_person() -> None:
    """Walk 45: "You takes the card to 扯 pong"; the viewer's own take reads "You take"."""
    result = resolve_claims([Claim(3, W), Claim(2, W)], 1, "discard")
    assert explain(result.seen_from(2), "en")[-1].startswith("You take the card to")
    assert explain(result.seen_from(0), "en")[-1].startswith("The player opposite (对家) takes")

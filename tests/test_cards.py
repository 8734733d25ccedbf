"""R-DECK, R-RANK, R-RED and docs/format.md's card notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine import (
    ALL_CARDS,
    JOKER,
    RANKED_CARDS,
    Card,
    Dou14Error,
    NotationError,
    Suit,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    red_total,
)
from trainer.engine.cards import deck_red_total, partner_rank, sorted_cards


@pytest.mark.rule("R-DECK")
@pytest.mark.parametrize(("jokers", "size"), [(2, 54), (4, 56), (6, 58)])
def test_deck_sizes(jokers: int, size: int) -> None:
    cards = deck(jokers)
    assert len(cards) == size
    assert sum(card.is_joker for card in cards) == jokers
    assert len(set(cards) - {JOKER}) == 52


@pytest.mark.rule("R-DECK")
@pytest.mark.parametrize("jokers", [1, 3, 5, 0])
def test_deck_rejects_other_joker_counts(jokers: int) -> None:
    with pytest.raises(ValueError, match=str(jokers)):
        deck(jokers)


@pytest.mark.parametrize(
    ("text", "red"),
    [("Ah", 1), ("Jd", 1), ("Qd", 1), ("Kh", 1), ("10h", 10), ("3d", 3), ("2h", 2), ("9d", 9),
     ("As", 0), ("10c", 0), ("Ks", 0), ("7c", 0), ("X", 0)],
)
@pytest.mark.rule("R-RED")
def test_red_points(text: str, red: int) -> None:
    """R-RED: red A/J/Q/K carry 1, red 2–10 their face, black cards and jokers 0."""
    assert parse_card(text).red == red


@pytest.mark.rule("R-RED", "R-DECK")
def test_deck_holds_116_red_points() -> None:
    """R-RED: a 4-joker deck holds 116 red points (and jokers add none)."""
    assert deck_red_total(4) == 116
    assert deck_red_total(2) == deck_red_total(6) == 116


@pytest.mark.parametrize(("text", "rank"), [("A", 1), ("2", 2), ("10", 10), ("T", 10),
                                            ("J", 11), ("Q", 12), ("K", 13)])
@pytest.mark.rule("R-RANK")
def test_ranks(text: str, rank: int) -> None:
    """R-RANK."""
    assert parse_card(text + "s").rank == rank


@pytest.mark.rule("R-RED")
def test_colours() -> None:
    """R-RED: hearts and diamonds red, spades and clubs black, jokers neither."""
    assert parse_card("5h").is_red and parse_card("5d").is_red
    assert parse_card("5s").is_black and parse_card("5c").is_black
    assert not JOKER.is_red and not JOKER.is_black


@pytest.mark.rule("R-PAIR14")
def test_partners_make_14() -> None:
    """R-PAIR14: the seven pairs."""
    assert {(r, partner_rank(r)) for r in range(1, 8)} == {
        (1, 13), (2, 12), (3, 11), (4, 10), (5, 9), (6, 8), (7, 7)}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10h", "10h"), ("Th", "10h"), ("td", "10d"), ("qD", "Qd"), ("A♠", "As"), ("7♥", "7h"),
     ("K♣", "Kc"), ("2♦", "2d"), ("x", "X"), ("joker", "X"), ("JOKER", "X"), ("鬼", "X"),
     ("🃏", "X"), ("as", "As")],
)
def test_notation_variants(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical


def test_list_separators() -> None:
    assert format_cards(parse_cards("7h 7s,Kd , Ac  X")) == "7h 7s Kd Ac X"
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    ("text", "token", "offset", "problem"),
    [("7h Kd 7x", "7x", 6, "unknown suit 'x'"), ("7h 7x", "7x", 3, "unknown suit 'x'"),
     ("Zh", "Zh", 0, "unknown rank 'Z'"), ("7h 1h", "1h", 3, "unknown rank '1'"),
     ("7", "7", 0, "rank then a suit"), ("7h,11s", "11s", 3, "unknown rank '11'"),
     ("7h zz", "zz", 3, "rank then a suit"),  # neither a rank nor a suit: not a card at all
     ("7hh Kd", "7hh", 0, "two suits"), ("Kd 10♥h", "10♥h", 3, "two suits")],  # a suit twice
)
def test_errors_name_token_and_position(text: str, token: str, offset: int, problem: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    assert caught.value.token == token
    assert caught.value.offset == offset
    assert str(caught.value).startswith(f"{token!r} at {offset}: ")
    assert problem in str(caught.value)


def test_parse_card_wants_one_card() -> None:
    with pytest.raises(NotationError, match="exactly one card"):
        parse_card("7h 8h")
    with pytest.raises(NotationError, match="no card"):
        parse_card("  ")


def test_display_uses_unicode_suits() -> None:
    assert [c.symbol for c in parse_cards("10h Qd As 7c X")] == ["10♥", "Q♦", "A♠", "7♣", "🃏"]


def test_all_cards_sorted_rank_then_suit() -> None:
    assert list(ALL_CARDS) == sorted_cards(ALL_CARDS)
    assert [str(c) for c in RANKED_CARDS[:4]] == ["As", "Ah", "Ac", "Ad"]
    assert [c.suit for c in RANKED_CARDS[:4]] == [Suit.SPADES, Suit.HEARTS, Suit.CLUBS,
                                                  Suit.DIAMONDS]


def test_card_is_immutable() -> None:
    card = parse_card("7h")
    with pytest.raises(AttributeError):
        card.rank = 8  # type: ignore[misc]
    assert Card(7, Suit.HEARTS) == card and hash(Card(7, Suit.HEARTS)) == hash(card)


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20))
def test_format_parse_round_trip(cards: list[Card]) -> None:
    """parse ∘ format is the identity."""
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(" , ".join(c.symbol for c in cards)) == tuple(cards)


@pytest.mark.rule("R-RED")
@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20))
def test_red_total_is_sum(cards: list[Card]) -> None:
    assert red_total(cards) == sum(c.red for c in cards)


@given(st.text(max_size=40))
def test_parser_fuzz_only_engine_errors(text: str) -> None:
    """Random text: the parser returns cards or raises the engine's own error, nothing else."""
    try:
        cards = parse_cards(text)
    except Dou14Error as error:
        assert isinstance(error, NotationError)
        assert error.token and error.token in text
    else:
        assert parse_cards(format_cards(cards)) == cards


@given(st.text(alphabet="AaTtJjQqKkXx0123456789shcd♠♥♣♦ ,鬼", max_size=30))
def test_parser_fuzz_near_notation(text: str) -> None:
    try:
        parse_cards(text)
    except NotationError as error:
        assert text[error.offset:].startswith(error.token)


def test_full_width_input_reads_as_ascii_and_a_suit_first_card_is_named() -> None:
    """A Chinese keyboard types full-width letters and digits (ＡＨ, ７): they read as Ah, 7
    (NFKC); a card written suit first (红桃7, h7) is told to put its rank first."""
    assert parse_cards("ＡＨ，ＫＤ ７♥ １０ｃ") == parse_cards("Ah Kd 7h 10c")
    for text in ("红桃7", "h7", "♥10"):
        with pytest.raises(NotationError) as raised:
            parse_cards(text)
        assert raised.value.kind == "order" and raised.value.token == text

"""The card table's payload (trainer.ui.card_table): the JSON the component reads holds every
field of the view and the picture of every card it shows that the browser does not hold yet,
and nothing else."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from trainer.engine import Card, deck, parse_card
from trainer.ui.card_table import CardView, SeatView, TableView
from trainer.ui.cards_svg import card_svg

_CARDS = st.sampled_from(deck())


def _views(cards: list[Card]) -> tuple[CardView, ...]:
    return tuple(CardView(card, label=f"#{n}") for n, card in enumerate(cards))


@given(hand=st.lists(_CARDS, max_size=14), pile=st.lists(_CARDS, max_size=6),
       seat_pile=st.lists(_CARDS, max_size=6), offer=st.none() | _CARDS,
       held=st.sets(st.sampled_from([*deck(), None]).map(lambda c: "back" if c is None
                                                         else str(c)), max_size=20))
def test_the_payload_is_the_view_and_the_pictures_the_browser_lacks(
        hand: list[Card], pile: list[Card], seat_pile: list[Card], offer: Card | None,
        held: set[str]) -> None:
    view = TableView(seq="s1", hand=_views(hand), my_pile=_views(pile),
                     seats=(SeatView("left", "下家 \"Bo\"", 5, "5 cards", pile=_views(seat_pile)),),
                     offer=None if offer is None else CardView(offer), selected_text="选 <b>")
    payload = json.loads(view.to_json("table-key", held))
    art, every = payload.pop("art"), payload.pop("every_picture")
    assert payload == view.to_data("table-key")
    shown = {str(card) for card in [*hand, *pile, *seat_pile]} | {"back"}
    if offer is not None:
        shown.add(str(offer))
    assert set(art) == shown - held
    assert every == (not shown & held)
    assert all(art[code] == card_svg(None if code == "back" else parse_card(code))
               for code in art)


def test_a_seat_with_sets_laid_shows_the_red_they_carry() -> None:
    """A safe-discard answer counts from "the player opposite shows 2 red", so the seat says it
    too, not only "5 cards". A seat with sets laid says their red beside its cards (R-RED: a Q♦
    or Q♥ carries 1); a seat with none says its cards alone."""
    from trainer.engine.melds import Meld
    from trainer.ui.lang import hidden_cards

    laid = [Meld.parse("pong:Qd,Qh,Qs"), Meld.parse("chi:9h,5s")]
    assert hidden_cards(5, laid) == "5 cards · laid red 11"
    assert hidden_cards(1, [Meld.parse("chi:8s,6c")]) == "1 card · laid red 0"
    assert hidden_cards(5) == "5 cards"

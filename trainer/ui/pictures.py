"""The named pictures of explain steps, drawn on the card table: the seats, the deal, a turn,
and the three kong cases (and the one that is never allowed) — shown before they are asked."""

from __future__ import annotations

from trainer.engine import DEFAULT_RULES, Meld, parse_card, parse_cards
from trainer.engine.sources import Source, TableCard
from trainer.ui.board_view import meld_views, pile_view
from trainer.ui.card_table import CardView, SeatView, TableView
from trainer.ui.lang import hidden_cards, pile_legend, tr

DEALT_STOCK = DEFAULT_RULES.stock_after_deal
"""The stock the pictures show after the deal, the default table's (R-DEAL)."""


def _seat(place: str, relation: str, hidden: int, pile: str = "", melds: tuple[str, ...] = (),
          dealer: bool = False) -> SeatView:
    laid = [Meld.parse(m) for m in melds]
    return SeatView(place, tr(f"seat_short.{relation}"), hidden, hidden_cards(hidden, laid),
                    melds=meld_views(laid),
                    pile=pile_view([TableCard(parse_card(c.split("/")[0]),
                                              Source.read(c.split("/")[1]))
                                    for c in pile.split()]),
                    pile_title=tr("board.pile") if pile else "",
                    dealer=tr("board.dealer") if dealer else "")


def _others(pile_upper: str = "", pile_opposite: str = "", pile_lower: str = "",
            hidden: int = 7, dealer: str = "") -> tuple[SeatView, ...]:
    return (_seat("left", "upper", hidden, pile_upper, dealer=dealer == "upper"),
            _seat("top", "opposite", hidden, pile_opposite, dealer=dealer == "opposite"),
            _seat("right", "lower", hidden, pile_lower, dealer=dealer == "lower"))


def picture(name: str) -> TableView:
    """The picture ``name`` (see ``trainer.lessons.model.PICTURES``)."""
    me = tr("board.you")
    backs = tuple(CardView(c) for c in parse_cards("Ah 5s 9d Kc 3h Jc 7d"))  # your hand, face up
    if name == "seats":
        return TableView(seq=name, hand=backs, selectable=False, seats=_others(), my_name=me,
                         centre_note=tr("board.counterclockwise"))
    if name == "deal":
        return TableView(seq=name, hand=(*backs, CardView(parse_card("Qs"))), selectable=False,
                         seats=_others(), my_name=me, my_dealer=tr("board.dealer"),
                         stock=DEALT_STOCK, stock_text=tr("board.stock", count=DEALT_STOCK))
    if name == "turn":
        return TableView(seq=name, hand=backs, selectable=False,
                         seats=_others(pile_upper="Kd/discard", dealer="upper"), my_name=me,
                         stock=DEALT_STOCK - 1,
                         stock_text=tr("board.stock", count=DEALT_STOCK - 1),
                         offer=CardView(parse_card("6c")),
                         offer_caption=tr("board.offer_flip", card="6♣", seat=tr("seat.you")),
                         legend=pile_legend(True))  # the D under the K♦ says how it got there
    if name == "table_reading":  # mid-hand, each seat holding 7 less 2 a set laid (R-PARITY)
        return TableView(seq=name, hand=tuple(CardView(c) for c in parse_cards("8h 5s Jd 2c 9c")),
                         selectable=False,
                         seats=(_seat("left", "upper", 5, "Kd/discard 6s/flip", ("chi:Qs,2d",)),
                                _seat("top", "opposite", 5, "9d/flip", ("pong:4h,4s,4c",)),
                                _seat("right", "lower", 7, "Ah/discard")),
                         my_name=me, my_melds=meld_views([Meld.parse("chi:10h,4d")]),
                         stock=19, stock_text=tr("board.stock", count=19),
                         legend=pile_legend(True))
    kongs = {
        "kong_case_1": ("Kd 2s 3c 5h 9d Qc", "kong:8s,8h,8c,8d", None, "board.kong_case_1"),
        "kong_case_2": ("4c 6d 8h 2s", "kong:Jd,Js,Jh,Jc", "Jd", "board.kong_case_2"),
        "kong_case_3": ("Ah 10c 3s 9h 5c", "kong:6s,6h,6c,6d", "6d", "board.kong_case_3"),
        "kong_never": ("Ah 10c 3s 9h 5c", "pong:6s,6h,6c", "6d", "board.kong_never"),
    }
    hand, meld, card, caption = kongs[name]
    return TableView(seq=name, hand=tuple(CardView(c) for c in parse_cards(hand)),
                     selectable=False, seats=_others(), my_name=me,
                     my_melds=meld_views([Meld.parse(meld)]),
                     offer=None if card is None else CardView(parse_card(card)),
                     offer_caption=tr(caption) if card is not None else "",
                     centre_note=tr(caption) if card is None else "")  # no offer to caption

"""A lesson, drill or puzzle board drawn on the card table: the same picture everywhere — you at
the bottom, your lower player (下家) on the right, your upper player (上家) on the left, the
player opposite at the top; every table card with its origin."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine import Card, Meld, Relation
from trainer.engine.sources import Source, TableCard
from trainer.i18n import render
from trainer.lessons.board import Board, SeatPicture
from trainer.ui.card_table import ActionButton, CardView, MeldView, SeatView, TableView
from trainer.ui.lang import (
    card_text,
    current_language,
    hidden_cards,
    meld_caption,
    pile_legend,
    tr,
    way_of_play,
)


def pile_view(pile: Sequence[TableCard]) -> tuple[CardView, ...]:
    """A pile's cards, each captioned with how it got there (discarded or flipped)."""
    return tuple(CardView(entry.card, tr(f"board.pile_{entry.source}")) for entry in pile)


def meld_views(melds: Sequence[Meld]) -> tuple[MeldView, ...]:
    """Sets laid down, each captioned with its kind (吃, 扯, 杠, joker)."""
    return tuple(MeldView(m, meld_caption(m.kind)) for m in melds)


def seat_view(seat: SeatPicture, laid: frozenset[Card] = frozenset()) -> SeatView:
    """Another player's place; a card that passed them and now lies in a set (``laid``) is
    captioned taken, as in Play (R-READ: it passed them all the same)."""
    name = tr(f"seat_short.{seat.relation.value}")
    if seat.claim is not None:
        name += " · " + tr("board.claims", kind=tr(f"priority.kind.{seat.claim.value}"))
    return SeatView(
        place=seat.relation.place, name=name, hidden=seat.hidden,
        hidden_text="" if seat.hidden is None else hidden_cards(seat.hidden, seat.melds),
        melds=meld_views(seat.melds),
        pile=pile_view(seat.pile), pile_title=tr("board.pile") if seat.pile else "",
        dealer=tr("board.dealer") if seat.dealer else "",
        hand=tuple(CardView(c) for c in seat.open_hand),
        passed=tuple(CardView(c, tr("board.passed_taken") if c in laid else "")
                     for c in seat.passed),
        passed_title=tr("board.passed") if seat.passed else "",
        passed_help=tr("board.passed_help") if seat.passed else "")


def offer_caption(board: Board) -> str:
    if board.offer is None:
        return ""
    if board.caption is not None:
        return render(board.caption, current_language(), cite=False)
    return offer_words(board.offer, board.offer_source, board.offer_from, board.first_discard)


def offer_words(card: Card, source: Source | None, offered_by: Relation | None,
                first_discard: bool) -> str:
    """"7♦ discarded by your upper player (上家)": the card on offer and who put it there (the
    upper player where the position does not say)."""
    who = tr(f"seat.{(offered_by or Relation.UPPER).value}")
    if first_discard:
        return tr("board.offer_first", card=card_text(card), seat=who)
    key = "board.offer_flip" if source is Source.FLIP else "board.offer_discard"
    return tr(key, card=card_text(card), seat=who)


def table_view(board: Board, *, seq: str, actions: Sequence[ActionButton] = (),
               tappable: bool = False, multi: bool = False, labels: Sequence[str] = (),
               tones: Sequence[str] = (), tap_again: str = "",
               preselected: tuple[int, ...] = ()) -> TableView:
    """The card table for ``board``: the tappable cards at the bottom (your hand, or the
    choices), everyone else around it; ``labels`` and ``tones`` caption those cards, and
    ``preselected`` are shown selected."""
    cards = board.tappable
    hand = tuple(CardView(card, labels[i] if i < len(labels) else "",
                          tones[i] if i < len(tones) else "") for i, card in enumerate(cards))
    if not hand and board.seats:  # a seats question: your own cards, face down
        hand = tuple(CardView(None) for _ in range(7))
    my_name = tr("board.you") if board.seats else ""
    laid = frozenset(card for melds in (board.melds, *(seat.melds for seat in board.seats))
                     for meld in melds for card in meld.cards)
    if board.your_claim is not None:
        my_name += " · " + tr("board.claims", kind=tr(f"priority.kind.{board.your_claim.value}"))
    shown_hand: tuple[CardView, ...] = ()
    if board.choices is not None:
        shown_hand = tuple(CardView(card) for card in board.hand)
    return TableView(
        seq=seq, hand=hand, actions=tuple(actions), selectable=tappable, multi=multi,
        seats=tuple(seat_view(seat, laid) for seat in board.seats), my_name=my_name,
        my_dealer=tr("board.dealer") if board.dealer else "",
        my_melds=meld_views(board.melds),
        my_pile=pile_view(board.pile) or shown_hand,
        my_pile_title=tr("board.pile") if board.pile else (tr("board.your_hand")
                                                           if shown_hand else ""),
        hand_title=tr("board.choices") if board.choices is not None else "",
        stock=board.stock, stock_text="" if board.stock is None else tr("board.stock",
                                                                         count=board.stock),
        offer=None if board.offer is None else CardView(board.offer),
        offer_caption=offer_caption(board), selected_text=tr("board.selected", n="{n}"),
        need_one=tr("board.need_one", action="{action}"),
        need_fewer=tr("board.need_fewer", n="{n}", max="{max}", action="{action}"),
        need_range=tr("board.need_range", min="{min}", max="{max}", action="{action}"),
        need_count=tr("board.need_count", min="{min}", action="{action}"),
        tap_again=tap_again, preselected=preselected,
        centre_note=way_of_play(len(board.seats) + 1) if board.seats else "",
        legend=pile_legend(bool(board.pile) or any(seat.pile for seat in board.seats)),
        compact=bool(board.seats))  # on a phone, each player one row: the hand stays on screen

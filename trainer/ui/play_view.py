"""The Play table drawn on the card table: the learner at the bottom with their hand and their
buttons, each other player compact around it (name, seat relation, concealed count, laid sets,
the cards in front of them with their origin), the stock and the card on offer in the middle.

During play only the learner's view is drawn (R-PUBLIC); the review of a finished hand may show
every hand, and says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from trainer.analysis.certificates import said_once
from trainer.engine import Card, relation
from trainer.engine.cards import sorted_cards
from trainer.engine.game.hand_parts import Offer
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView
from trainer.engine.sources import Source
from trainer.i18n import percent_figure, render
from trainer.play.choices import Choice
from trainer.play.hints import CardRisk
from trainer.play.session import LEARNER
from trainer.ui.board_view import meld_views, pile_view
from trainer.ui.card_table import ActionButton, CardView, SeatView, TableView
from trainer.ui.lang import (
    card_text,
    cards_text,
    current_language,
    hidden_cards,
    pile_legend,
    tr,
    way_of_play,
)

RESULT_KEY = "play-result"
"""The key of the page's box with the hand's result (the table brings it into view)."""

def seat_name(seat: int, players: int) -> str:
    where = relation(seat, LEARNER, players)
    return f"{tr('log.seat', seat=seat)} · {tr(f'seat_short.{where.value}')}"


def _offer_caption(offer: Offer | None, players: int) -> str:
    if offer is None:
        return ""
    who = tr("log.you") if offer.seat == LEARNER else tr("log.seat", seat=offer.seat)
    key = "board.offer_flip" if offer.source is Source.FLIP else "board.offer_discard"
    return tr(key, card=card_text(offer.card), seat=who)


def button_label(choice: Choice) -> str:
    action = choice.action
    if action is None:
        return tr("button.discard_selected")
    return tr(f"button.{action.kind.value}",
              card=card_text(action.cards[0]) if action.cards else "",
              cards=cards_text(action.cards))


def badge_percent(risk: float) -> str:
    """A deal-in chance as the card's badge says it at a glance: whole percents, "<1%" below
    one and ">99%" short of certain (the colour already ranks the cards; the exact figure is in
    the card's working, shown on a tap)."""
    percent = risk * 100
    if percent < 1:
        return "<1%"
    return ">99%" if 99 < percent < 100 else f"{percent:.0f}%"


def sentences(texts: Sequence[str]) -> str:
    """Sentences of the catalog's language, each ended (". " in English, "。" in Chinese)."""
    return "".join(tr("play.sentence", text=text[:1].upper() + text[1:])
                   for text in texts).strip()


def risk_card(card: Card, risk: CardRisk | None) -> CardView:
    if risk is None:
        return CardView(card)
    lang = current_language()
    reasons = [render(m, lang, cite=False) for m in said_once(risk.certificates)]
    if risk.safe:
        return CardView(card, tr("play.risk_safe_short"), risk.band, sentences(reasons))
    # the badge is the chance that anyone wins on it; the working names the likeliest one
    overall = tr("play_hint.risk_pct_all" if len(reasons) == 1 else "play_hint.risk_pct",
                 percent=percent_figure(risk.risk))
    return CardView(card, badge_percent(risk.risk), risk.band, sentences([overall, *reasons]))


def _passed(view: PlayerView, seat: int) -> tuple[CardView, ...]:
    """What passed ``seat`` since their hand last changed, jokers left out (never won on); a
    card another player then took is marked so, since it also lies in that player's set."""
    if view.history is None or view.result:
        return ()
    return tuple(CardView(entry.card, tr("board.passed_taken") if entry.taken else "")
                 for entry in view.history.passed[seat] if not entry.card.is_joker)


def play_table(view: PlayerView, *, seq: str, buttons: Sequence[Choice],
               risks: Mapping[Card, CardRisk], prompt: str = "") -> TableView:
    """The table as the learner sees it, with their buttons and the question they answer."""
    players = view.rules.players
    passed = {seat: _passed(view, seat) for seat in range(players)}
    shown = _shown_hand(view)
    seats = tuple(
        SeatView(place=relation(seat, LEARNER, players).place, name=seat_name(seat, players),
                 hidden=None if seat in shown else view.hand_sizes[seat],
                 hidden_text="" if seat in shown else hidden_cards(view.hand_sizes[seat],
                                                                          view.melds[seat]),
                 hand=shown.get(seat, ()),
                 melds=meld_views(view.melds[seat]), pile=pile_view(view.piles[seat]),
                 pile_title=tr("board.pile") if view.piles[seat] else "",
                 dealer=tr("board.dealer") if seat == view.dealer else "",
                 to_act=not view.result and view.to_act == seat,
                 passed=passed[seat],
                 passed_title=tr("board.passed") if passed[seat] else "",
                 passed_help=tr("board.passed_help") if passed[seat] else "")
        for seat in range(players) if seat != LEARNER)
    actions = tuple(ActionButton(choice.id, button_label(choice),
                                 1 if choice.takes_card else 0, 1 if choice.takes_card else 0,
                                 choice.primary) for choice in buttons)
    takes_card = any(choice.takes_card for choice in buttons)
    return TableView(
        seq=seq, hand=tuple(risk_card(card, risks.get(card)) for card in view.hand),
        actions=actions, selectable=takes_card, seats=seats,
        my_name=tr("play.you_name"), my_dealer=tr("board.dealer") if view.dealer == LEARNER
        else "", my_melds=meld_views(view.melds[LEARNER]), my_pile=pile_view(view.piles[LEARNER]),
        my_pile_title=tr("board.pile") if view.piles[LEARNER] else "",
        stock=view.stock_size, stock_text=tr("board.stock", count=view.stock_size),
        offer=None if view.offer is None else CardView(view.offer.card),
        offer_caption=_offer_caption(view.offer, players), tap_again="discard" if takes_card
        else "", centre_note=way_of_play(len(view.piles)), legend=pile_legend(any(view.piles)), compact=True,
        show_first=RESULT_KEY if view.result else "", prompt=prompt,
        need_one=tr("board.need_one", action="{action}"),
        need_fewer=tr("board.need_fewer", n="{n}", max="{max}", action="{action}"),
        need_none="" if takes_card else tr("board.need_none"))


def _shown_hand(view: PlayerView) -> dict[int, tuple[CardView, ...]]:
    """The winner's concealed cards once the hand is won: a win is laid open on the table
    (R-WIN), the others' hands stay hidden until the review."""
    result = view.result
    if result is None or result.winner is None or result.position is None:
        return {}
    return {result.winner: tuple(CardView(card) for card in sorted_cards(result.position.hand))}


def review_table(state: HandState, *, seq: str,
                 risks: Mapping[Card, CardRisk] | None = None) -> TableView:
    """A position of a finished hand with every hand open (the review says so); ``risks``, at
    the learner's discard, badge their cards as Play did then (from their view, not the open
    hands)."""
    players = state.players
    seats = tuple(
        SeatView(place=relation(seat, LEARNER, players).place, name=seat_name(seat, players),
                 hidden=None, hidden_text="", melds=meld_views(state.melds[seat]),
                 pile=pile_view(state.piles[seat]),
                 pile_title=tr("board.pile") if state.piles[seat] else "",
                 dealer=tr("board.dealer") if seat == state.dealer else "",
                 to_act=not state.over and state.to_act == seat,
                 hand=tuple(CardView(c) for c in sorted_cards(state.hands[seat])))
        for seat in range(players) if seat != LEARNER)
    return TableView(
        seq=seq, hand=tuple(risk_card(c, (risks or {}).get(c))
                            for c in sorted_cards(state.hands[LEARNER])),
        selectable=False, seats=seats, my_name=tr("play.you_name"),
        my_dealer=tr("board.dealer") if state.dealer == LEARNER else "",
        my_melds=meld_views(state.melds[LEARNER]), my_pile=pile_view(state.piles[LEARNER]),
        my_pile_title=tr("board.pile") if state.piles[LEARNER] else "",
        stock=len(state.stock), stock_text=tr("board.stock", count=len(state.stock)),
        offer=None if state.offer is None else CardView(state.offer.card),
        offer_caption=_offer_caption(state.offer, players),
        centre_note=way_of_play(len(state.piles)), legend=pile_legend(any(state.piles)),
        compact=True)

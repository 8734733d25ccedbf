"""One hand of 斗十四 as a state machine, every step a rule of docs/rules.md.

The dealer is chosen (R-DEALER) and deals (R-DEAL); players lay down in seat order (R-TOU,
R-TOU-ORDER); the dealer may declare 天走 or discards (R-DISCARD); a discarded or flipped card is
offered to every player who may claim it (R-CHI, R-PONG, R-KONG, R-WIN, R-OWN-FLIP) and goes to
the claim of highest priority (R-PRIORITY); unclaimed, it lies between its player and their lower
player, who flips the next card (R-FLIP); a flipped joker goes to the flipper, who draws
(R-FLIP-JOKER); after taking a stock card a player may lay down (R-TOU-LATER); a win is judged by
the engine's verdict (R-WIN, R-SPECIAL) and paid (R-PAY); an empty stock when a flip is due draws
the hand (R-STOCK-EMPTY).

At every decision exactly one seat acts (``to_act``) and :meth:`HandState.legal_actions` lists
what it may do; :meth:`HandState.apply` refuses anything else with :class:`IllegalAction` naming
the rule. The same seed and the same actions give the same hand, bit for bit.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from trainer.engine.cards import Card, deck
from trainer.engine.errors import Dou14Error
from trainer.engine.game import legal
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import Event, EventKind, EventReason, ResultKind
from trainer.engine.game.hand_parts import Claimable, HandResult, IllegalAction, Offer, Phase, first_dealer
from trainer.engine.game.history import HistoryTracker, PublicHistory, public_history
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.position import Position
from trainer.engine.priority import Claim, ClaimKind, ClaimResolution, resolve_claims
from trainer.engine.rules import DEFAULT_RULES, RuleSet
from trainer.engine.seats import relation
from trainer.engine.sources import Source, TableCard
from trainer.engine.verdicts import Verdict, verdict


@dataclass
class HandState:
    """The whole state of one hand. Build it with :meth:`deal`; drive it with :meth:`apply`."""

    rules: RuleSet
    seed: int
    dealer: int
    stock: list[Card]
    hands: list[list[Card]]
    melds: list[list[Meld]]
    piles: list[list[TableCard]]
    phase: Phase = Phase.LAYDOWN
    to_act: int = 0
    laydown_turns: list[int] = field(default_factory=list)
    may_lay_down: bool = False
    fresh_pong: int | None = None
    """Seat whose last stock card was drawn right after their pong: the pong may become a kong
    now and only now (R-KONG case 3, and cases 1 and 2 in two steps)."""
    fourth_held: bool = False
    """With ``fresh_pong``: the pong was made from three of four held (two of a concealed triple
    ponged, or three of four laid in the lay-down round), so the held fourth may be added."""
    drawn: Card | None = None
    offer: Offer | None = None
    ask_order: list[Claimable] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    chi_cards: dict[int, Card] = field(default_factory=dict)
    dealer_discarded: bool = False
    result: HandResult | None = None
    history: list[Action] = field(default_factory=list)
    turned: Card | None = None
    events: list[Event] = field(default_factory=list)
    """What the table saw happen, in order (:mod:`trainer.engine.game.events`)."""
    tracker: HistoryTracker | None = field(default=None, compare=False, repr=False)
    """The public history kept as events come (R-READ), see :meth:`table_history`."""

    # -- setting up ---------------------------------------------------------------------------
    @classmethod
    def deal(cls, seed: int, rules: RuleSet = DEFAULT_RULES, dealer: int | None = None,
             cards: list[Card] | None = None) -> HandState:
        """Shuffle (seeded) and deal (R-DEAL): 8 to the dealer, 7 to everyone else, the rest is
        the stock. ``dealer`` None chooses the first dealer by R-DEALER. ``cards`` stacks the
        deck for tests: dealt in order, dealer first, one card each in turn, the rest is the
        stock with its top first."""
        rng = random.Random(seed)
        chosen, card, _ = first_dealer(rng, rules.players)  # drawn either way: same shuffle
        turned: Card | None = card if dealer is None else None
        if dealer is None:
            dealer = chosen
        if cards is None:
            pack = deck(rules.jokers)
            rng.shuffle(pack)
        else:
            pack = list(cards)
            if sorted(c.index for c in pack) != sorted(c.index for c in deck(rules.jokers)):
                raise Dou14Error("a stacked deck must hold exactly the cards of the deck")
        players = rules.players
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = 0
        for _round in range(7):
            for step in range(players):
                hands[(dealer + step) % players].append(pack[position])
                position += 1
        hands[dealer].append(pack[position])
        position += 1
        stock = pack[position:]
        stock.reverse()  # the top of the stock is the end of the list
        state = cls(rules, seed, dealer, stock, hands, [[] for _ in range(players)],
                    [[] for _ in range(players)], turned=turned)
        state.laydown_turns = [(dealer + step) % players for step in range(players)]
        state._next_laydown_turn()
        return state

    # -- queries ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def table_history(self) -> PublicHistory:
        """What the table's history proves so far (R-READ): per seat, when their concealed hand
        last changed and the cards that passed them since."""
        if self.tracker is None:
            return public_history(self.events, self.rules, self.dealer)
        return self.tracker.snapshot()

    def card_count(self) -> int:
        """Every card in the hand's world: concealed, laid down, on the table, in the stock and
        on offer (R-DECK); always 52 + jokers."""
        return (sum(len(h) for h in self.hands) + sum(len(m.cards) for ms in self.melds for m in ms)
                + sum(len(p) for p in self.piles) + len(self.stock)
                + (1 if self.offer is not None else 0))

    def legal_actions(self) -> list[Action]:
        """What ``to_act`` may do now (empty when the hand is over): :mod:`.legal`."""
        return legal.legal_actions(self)

    def legal_actions_for(self, seat: int) -> list[Action]:
        """What ``seat`` may do at the current decision (:func:`.legal.legal_actions_for`)."""
        return legal.legal_actions_for(self, seat)

    def _close_fresh_pong(self) -> None:
        self.fresh_pong = None
        self.fourth_held = False

    # -- acting -------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply one legal action; :class:`IllegalAction` (naming the rule) for anything else."""
        if self.phase is Phase.OVER:
            raise IllegalAction("the hand is over")
        if action.seat != self.to_act:
            raise IllegalAction(f"it is seat {self.to_act}'s decision, not seat {action.seat}'s")
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not allowed now ({self._rule_hint(action)})")
        self.history.append(action)
        kind = action.kind
        if kind is ActionKind.DONE:
            self._close_fresh_pong()
            self._next_laydown_turn()
        elif kind in (ActionKind.LAY_JOKER, ActionKind.LAY_PONG, ActionKind.LAY_KONG):
            self._lay_down(action)
        elif kind is ActionKind.KONG_DRAWN:
            self._kong_drawn(action)
        elif kind is ActionKind.TIANZOU:
            self._tianzou(action.seat)
        elif kind is ActionKind.DISCARD:
            self._discard(action.seat, action.cards[0])
        else:
            self._claim(action)

    def _rule_hint(self, action: Action) -> str:
        hints = {
            ActionKind.DISCARD: "R-DISCARD: discard a card you hold, when it is your turn",
            ActionKind.CHI: "R-CHI: only your upper player's discard or flip, or your own flip, "
                            "with a concealed card making 14",
            ActionKind.PONG: "R-PONG: a concealed pair and another player's card, stock left",
            ActionKind.KONG: "R-KONG: only the three cases",
            ActionKind.KONG_DRAWN: "R-KONG: only right after a pong's draw — the card drawn "
                                   "(case 3), or the fourth held when three of four were ponged "
                                   "or laid (cases 1 and 2 in two steps)",
            ActionKind.WIN: "R-WIN: combined and enough red, on another player's card",
            ActionKind.TIANZOU: "R-SPECIAL: the dealer, combined, before the first discard",
        }
        return hints.get(action.kind, "R-TOU / R-TOU-ORDER: lay-downs in turn, with stock left")

    def _event(self, kind: EventKind, seat: int | None, cards: tuple[Card, ...] = (), *,
               count: int = 0, source: Source | ResultKind | None = None,
               claim: ClaimKind | None = None, by_seat: int | None = None,
               by_claim: ClaimKind | None = None, reason: EventReason | None = None,
               private: bool = False) -> None:
        event = Event(len(self.history), kind, seat, cards, count, source, claim, by_seat,
                      by_claim, reason, private)
        self.events.append(event)
        if self.tracker is None:
            self.tracker = HistoryTracker(self.rules, self.dealer)
        self.tracker.add(event)

    def _draw(self, seat: int, count: int) -> Card | None:
        drawn = None
        cards = []
        for _ in range(count):
            drawn = self.stock.pop()
            self.hands[seat].append(drawn)
            cards.append(drawn)
        self._event(EventKind.DRAW, seat, tuple(cards), count=count, private=True)
        return drawn

    def _remove(self, seat: int, cards: Iterable[Card]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)

    def _next_laydown_turn(self) -> None:
        """R-TOU-ORDER: the next seat in order that can lay down; then the dealer discards."""
        while self.laydown_turns:
            seat = self.laydown_turns.pop(0)
            self.phase = Phase.LAYDOWN
            self.to_act = seat
            if legal.laydown_actions(self, seat):
                return
        self.phase = Phase.DISCARD
        self.to_act = self.dealer
        self.may_lay_down = False

    def _lay_down(self, action: Action) -> None:
        seat = action.seat
        self._remove(seat, action.cards)
        if action.kind is ActionKind.LAY_JOKER:
            meld, draws = Meld(MeldKind.JOKER, action.cards), 1
        elif action.kind is ActionKind.LAY_PONG:
            meld, draws = Meld(MeldKind.PONG, action.cards), 1
        else:
            meld, draws = Meld(MeldKind.KONG, action.cards), 2
        self.melds[seat].append(meld)
        self._event(EventKind.LAY_DOWN, seat, meld.cards)
        rank = meld.cards[0].rank
        from_four = self.phase is Phase.LAYDOWN and action.kind is ActionKind.LAY_PONG and \
            rank is not None and any(card.rank == rank for card in self.hands[seat])
        self.drawn = self._draw(seat, draws)
        self._close_fresh_pong()
        if from_four:  # R-KONG case 1 in two steps: the held fourth may follow the draw
            self.fresh_pong, self.fourth_held = seat, True
        self._end_laydown_if_nothing_left(seat)

    def _end_laydown_if_nothing_left(self, seat: int) -> None:
        if self.phase is Phase.LAYDOWN and not legal.laydown_actions(self, seat) and \
                not legal.kong_drawn_actions(self, seat):
            self._close_fresh_pong()
            self._next_laydown_turn()

    def _kong_drawn(self, action: Action) -> None:
        seat = action.seat
        card = action.cards[0]
        self._remove(seat, (card,))
        pong = self.melds[seat].pop()
        self.melds[seat].append(Meld(MeldKind.KONG, (*pong.cards, card)))
        self._event(EventKind.KONG_DRAWN, seat, (card,),
                    reason=EventReason.DRAWN if card == self.drawn else EventReason.HELD)
        self._close_fresh_pong()
        self.drawn = self._draw(seat, 1)
        self._end_laydown_if_nothing_left(seat)

    def _tianzou(self, seat: int) -> None:
        position = Position(tuple(self.hands[seat]), tuple(self.melds[seat]), None, None, False,
                            self.rules)
        judged = verdict(position)
        self._finish(seat, ResultKind.TIANZOU, judged, None, position)

    def _discard(self, seat: int, card: Card) -> None:
        self._remove(seat, (card,))
        self._event(EventKind.DISCARD, seat, (card,))
        first = seat == self.dealer and not self.dealer_discarded
        self.dealer_discarded = True
        self.may_lay_down = False
        self._close_fresh_pong()
        self.drawn = None
        self._offer(Offer(card, Source.DISCARD, seat, first))

    def _flip(self, seat: int) -> None:
        """R-FLIP: ``seat`` turns the stock's top card; R-STOCK-EMPTY: none left, the hand is
        drawn."""
        if not self.stock:
            self._finish(None, ResultKind.DRAWN, None, None, None)
            return
        card = self.stock.pop()
        self._event(EventKind.FLIP, seat, (card,))
        self._offer(Offer(card, Source.FLIP, seat, False))

    def _offer(self, offer: Offer) -> None:
        self.offer = offer
        self.claims = []
        self.chi_cards = {}
        self.ask_order = legal.claimables(self, offer)
        if self.ask_order:
            self.phase = Phase.CLAIM
            self.to_act = self.ask_order[0].seat
        else:
            self._unclaimed()

    def reoffer(self, offer: Offer, asking: int) -> bool:
        """Offer ``offer`` on this state (whose hands were dealt again from ``asking``'s view)
        so that ``asking`` is asked as they were at the table (R-PRIORITY): the seats before
        them in the order of asking are asked first; a seat before them that could have won
        on the card is taken to have passed — which the table makes impossible (a win is always
        taken, R-READ), so the answer says whether this deal is one the table allows."""
        self.phase = Phase.CLAIM
        self.offer = offer
        self.claims = []
        self.chi_cards = {}
        order = legal.claimables(self, offer)
        index = next((i for i, entry in enumerate(order) if entry.seat == asking), None)
        if index is None:
            raise ValueError("the seat asked cannot claim the card on this state")
        self.ask_order = [e for i, e in enumerate(order) if i >= index or not e.win]
        self.to_act = self.ask_order[0].seat
        return not any(entry.win for entry in order[:index])

    def _claim(self, action: Action) -> None:
        offer = self.offer
        assert offer is not None
        asked = self.ask_order.pop(0)
        if action.kind is not ActionKind.PASS:
            kind = {ActionKind.WIN: ClaimKind.WIN, ActionKind.PONG: ClaimKind.PONG,
                    ActionKind.KONG: ClaimKind.KONG, ActionKind.CHI: ClaimKind.CHI}[action.kind]
            self.claims.append(Claim(asked.seat, kind))
            if kind is ClaimKind.CHI:
                self.chi_cards[asked.seat] = action.cards[0]
            if kind is ClaimKind.WIN:
                self.ask_order = []  # asked in priority order: nobody left can beat it
        if self.ask_order:
            self.to_act = self.ask_order[0].seat
            return
        resolution = resolve_claims(self.claims, offer.seat, offer.source, rules=self.rules)
        winner = resolution.winner
        if winner is None:
            self._unclaimed()
            return
        self._beaten(resolution, winner, offer.card)
        seat = winner.seat
        card = offer.card
        if winner.kind is ClaimKind.WIN:
            position = Position(tuple(self.hands[seat]), tuple(self.melds[seat]), card,
                                offer.source,
                                offer.dealer_first_discard, self.rules,
                                relation(offer.seat, seat, self.players))
            judged = verdict(position)
            discarder = offer.seat if offer.source is Source.DISCARD else None
            self._finish(seat, ResultKind.WIN, judged, discarder, position)
            return
        self.offer = None
        hand = self.hands[seat]
        if winner.kind is ClaimKind.CHI:
            own = self.chi_cards[seat]
            self._remove(seat, (own,))
            self.melds[seat].append(Meld(MeldKind.CHI, (card, own)))
            self._event(EventKind.TAKE, seat, (card, own), claim=ClaimKind.CHI, source=offer.source)
            self._turn(seat, lay_down=False)
            return
        same = sorted((c for c in hand if c.rank == card.rank), key=lambda c: c.index)
        if winner.kind is ClaimKind.PONG:
            used = same[:2]
            self._remove(seat, used)
            self.melds[seat].append(Meld(MeldKind.PONG, (card, *used)))
            self._event(EventKind.TAKE, seat, (card, *used), claim=ClaimKind.PONG, source=offer.source)
            self.drawn = self._draw(seat, 1)
            self.fresh_pong, self.fourth_held = seat, len(same) >= 3
        else:
            used = same[:3]
            self._remove(seat, used)
            self.melds[seat].append(Meld(MeldKind.KONG, (card, *used)))
            self._event(EventKind.TAKE, seat, (card, *used), claim=ClaimKind.KONG, source=offer.source)
            self.drawn = self._draw(seat, 2)
            self._close_fresh_pong()
        self._turn(seat, lay_down=True)

    def _beaten(self, resolution: ClaimResolution, winner: Claim, card: Card) -> None:
        """R-PRIORITY: every other valid claim lost to ``winner``; say why. A beaten chi does not
        show the concealed card it would have used."""
        ranks = {ClaimKind.WIN: 0, ClaimKind.KONG: 1, ClaimKind.PONG: 1, ClaimKind.CHI: 2}
        for claim in resolution.order[1:]:
            if ranks[claim.kind] != ranks[winner.kind]:
                reason = EventReason.CLASS
            elif winner.kind is ClaimKind.CHI and resolution.source is Source.FLIP and \
                    winner.seat == resolution.origin and self.rules.chi_priority_flipper_first:
                reason = EventReason.FLIPPER
            else:
                reason = EventReason.ORDER
            self._event(EventKind.BEATEN, claim.seat, (card,), claim=claim.kind,
                        by_seat=winner.seat, by_claim=winner.kind, reason=reason)

    def _turn(self, seat: int, *, lay_down: bool) -> None:
        self.phase = Phase.DISCARD
        self.to_act = seat
        self.may_lay_down = lay_down
        self.ask_order = []
        self.claims = []

    def _unclaimed(self) -> None:
        offer = self.offer
        assert offer is not None
        self.offer = None
        self.ask_order = []
        if offer.card.is_joker and offer.source is Source.FLIP:
            # R-FLIP-JOKER: the joker goes in front of the flipper, who draws and discards.
            seat = offer.seat
            self.melds[seat].append(Meld(MeldKind.JOKER, (offer.card,)))
            self._event(EventKind.FLIPPED_JOKER, seat, (offer.card,))
            if not self.stock:
                self._finish(None, ResultKind.DRAWN, None, None, None)
                return
            self.drawn = self._draw(seat, 1)
            self._close_fresh_pong()
            self._turn(seat, lay_down=True)
            return
        self.piles[offer.seat].append(TableCard(offer.card, offer.source))
        self._event(EventKind.TO_PILE, offer.seat, (offer.card,), source=offer.source)
        self._flip((offer.seat + 1) % self.players)

    def _finish(self, winner: int | None, kind: ResultKind, judged: Verdict | None,
                discarder: int | None, position: Position | None) -> None:
        self.phase = Phase.OVER
        self.offer = None if kind is not ResultKind.WIN else self.offer
        self.ask_order = []
        if judged is None or winner is None:
            payments = tuple([0] * self.players)
        else:
            if not judged.win:
                raise IllegalAction(f"seat {winner} does not win: {judged.reason.value} (R-WIN)")
            payments = tuple(judged.payments(winner, discarder))
        self.result = HandResult(winner, kind, judged, payments, discarder, position)
        if winner is None:
            self._event(EventKind.DRAWN, None)
        else:
            on = (self.offer.card,) if kind is ResultKind.WIN and self.offer is not None else ()
            source = self.offer.source if on and self.offer is not None else kind
            self._event(EventKind.WIN, winner, on, source=source)

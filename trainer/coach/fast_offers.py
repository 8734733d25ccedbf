"""A card offered on the fast form of a hand (:mod:`trainer.coach.fast_form`): who may claim it
and how, the answers in the order of asking, the claim that gets it, and an unclaimed card's way
to the pile and the next flip — ``HandState._offer``, ``legal.claimables``, ``_claim``,
``_unclaimed`` and ``_flip`` on ints (R-FLIP, R-FLIP-JOKER, R-CHI, R-PONG, R-KONG, R-WIN,
R-OWN-FLIP, R-PRIORITY, R-STOCK-EMPTY)."""

from __future__ import annotations

from trainer.coach.fast_form import (
    ACTION_OF,
    CHI,
    CLAIM,
    CLASS_OF,
    COLOUR,
    JOKER,
    MELD_CHI,
    MELD_JOKER,
    MELD_KONG,
    MELD_PONG,
    NONE,
    PARTNER,
    PASS,
    PONG,
    RANK,
    RED,
    SEATS_FROM,
    WIN,
    Claimed,
    Entry,
    FastForm,
)
from trainer.engine.win_rule import red_reached, wins_without_red


class Offers(FastForm):
    """The offered card's rules on the fast form (see the module)."""

    __slots__ = ()

    # -- a card offered (R-FLIP, R-FLIP-JOKER, R-STOCK-EMPTY) -------------------------------------
    def offer(self, card: int, flip: bool, seat: int, first: bool) -> None:
        """``HandState._offer`` with ``_unclaimed`` and ``_flip`` folded into a loop: while
        nobody may claim the card it goes to its player's pile and their lower player flips the
        next (R-FLIP) — a drawn hand when none is left (R-STOCK-EMPTY); an unclaimed flipped joker
        goes to its flipper (R-FLIP-JOKER)."""
        while True:
            self.offer_card, self.offer_flip, self.offer_seat, self.offer_first = \
                card, flip, seat, first
            self.claims.clear()
            ask = self.claimables()
            if ask:
                self.ask = ask
                self.phase = CLAIM
                self.to_act = ask[0][0]
                return
            if card == JOKER and flip:
                self._flipped_joker(seat)
                return
            stock = self.stock
            if not stock:
                self._drawn()
                return
            card, flip, seat, first = stock.pop(), True, (seat + 1) % self.players, False

    def _flipped_joker(self, seat: int) -> None:
        """``HandState._unclaimed``'s R-FLIP-JOKER: the joker is laid in front of its flipper,
        who draws and may lay down — with no stock card to draw the hand is drawn."""
        self.offer_card = NONE
        self.ask.clear()
        self._meld(seat, MELD_JOKER, (JOKER,))
        self.colours[seat][0] += 1
        if not self.stock:
            self._drawn()
            return
        self.drawn = self._draw(seat, 1)
        self._close_fresh_pong()
        self._turn(seat, True)

    def _unclaimed(self) -> None:
        """``HandState._unclaimed``: nobody got the card."""
        card, seat = self.offer_card, self.offer_seat
        self.ask.clear()
        if card == JOKER and self.offer_flip:
            self._flipped_joker(seat)
            return
        if not self.stock:
            self._drawn()
            return
        self.offer(self.stock.pop(), True, (seat + 1) % self.players, False)

    # -- who may claim, and who gets the card (R-CHI, R-PONG, R-KONG, R-WIN, R-PRIORITY) ----------
    def claimables(self) -> list[Entry]:
        """``legal.claimables``: who may claim the offered card and how, win-capable seats
        first, each group counterclockwise from the card's player (R-PRIORITY). Nobody claims
        their own discard; on their own flip only chi unless ``win_pong_kong_on_own_flip``
        (R-OWN-FLIP); chi only for the lower player or the flipper, never with a last single card
        (R-CHI, R-PARITY); a pong needs a stock card left, a kong two (R-STOCK-EMPTY)."""
        card, origin, flip = self.offer_card, self.offer_seat, self.offer_flip
        rank = RANK[card]
        partner = PARTNER[rank]
        players = self.players
        stock = len(self.stock)
        lower = (origin + 1) % players
        found: list[Entry] = []
        wins = 0
        all_counts = self.counts
        for seat in SEATS_FROM[players][origin]:
            counts = all_counts[seat]
            same, partners = counts[rank], counts[partner]
            if same < 2 and not partners:
                continue  # no pong, no kong, and a chi or a win needs a partner
            own = seat == origin
            if own and not flip:
                continue
            open_ = not own or self.own_flip_ok
            pong = open_ and same >= 2 and stock >= 1
            kong = open_ and same >= 3 and stock >= 2
            win = open_ and partners > 0 and self.unpaired[seat] == 1 and self.wins(seat, card)
            chi: tuple[int, ...] = ()
            if partners and (seat == lower or own) and len(self.hands[seat]) >= 3:
                chi = tuple(sorted([c for c in self.hands[seat] if RANK[c] == partner]))
            if win:
                found.insert(wins, (seat, True, pong, kong, chi))
                wins += 1
            elif pong or kong or chi:
                found.append((seat, False, pong, kong, chi))
        return found

    def wins(self, seat: int, card: int) -> bool:
        """``claim_wins`` through the counts (R-WIN, R-SPECIAL): the hand with ``card`` is
        combined exactly when one card of it stands unpaired and ``card`` is its partner (so no
        joker is held, R-PAIR14); then it wins with enough red (``red_reached``) or as a special
        win, one colour (全红/全黑) or the dealer's first discard (接地, ``wins_without_red``)."""
        rank = RANK[card]
        if rank == 0 or self.unpaired[seat] != 1:
            return False
        counts = self.counts[seat]
        if not (counts[7] % 2 if rank == 7 else counts[PARTNER[rank]] > counts[rank]):
            return False
        if red_reached(self.red[seat] + RED[card], self.threshold):
            return True
        colours = self.colours[seat]
        colour = COLOUR[card]
        return wins_without_red(colours[1] > 0 or colour == 1, colours[2] > 0 or colour == 2,
                                self.offer_first, False)

    def answer(self, answer: int, chi_card: int = NONE) -> None:
        """``HandState._claim``: the seat asked claims (WIN, KONG, PONG, CHI with ``chi_card``) or
        passes (PASS); a win ends the asking (nobody left can beat it); once all have answered the
        claim of highest priority gets the card (:meth:`resolve`)."""
        seat = self.ask.pop(0)[0]
        self._record(seat, ACTION_OF[answer], (chi_card,) if answer == CHI else ())
        if answer != PASS:
            self.claims.append((seat, answer, chi_card))
            if answer == WIN:
                self.ask.clear()
        if self.ask:
            self.to_act = self.ask[0][0]
            return
        self.resolve()

    def resolve(self) -> None:
        """``resolve_claims`` and the rest of ``HandState._claim`` (R-PRIORITY): by class, then
        counterclockwise from the card's player — a chi on a flip by the flipper first with
        ``chi_priority_flipper_first``. Every claim came from :meth:`claimables`, so none is
        refused. A win is judged and paid; a chi lays the pair (no draw, no lay-down after,
        R-CHI); a pong draws one (R-PONG), a kong two (R-KONG)."""
        origin, players = self.offer_seat, self.players
        flipper_first = self.offer_flip and self.flipper_first
        best: Claimed | None = None
        best_key = (3, 0)
        for claim in self.claims:
            seat, kind, _card = claim
            order = (seat - origin - 1) % players
            if kind == CHI and flipper_first:
                order = 0 if seat == origin else order + 1
            key = (CLASS_OF[kind], order)
            if key < best_key:
                best, best_key = claim, key
        if best is None:
            self._unclaimed()
            return
        seat, kind, own = best
        card = self.offer_card
        if kind == WIN:
            self._win(seat, card, None if self.offer_flip else origin)
            return
        self.offer_card = NONE
        self.red[seat] += RED[card]
        self.colours[seat][COLOUR[card]] += 1
        if kind == CHI:
            self._lose(seat, own, True)
            self._meld(seat, MELD_CHI, (card, own))
            self._turn(seat, False)
            return
        rank = RANK[card]
        same = sorted([c for c in self.hands[seat] if RANK[c] == rank])
        used = same[:2] if kind == PONG else same[:3]
        for held in used:
            self._lose(seat, held, True)
        if kind == PONG:
            self._meld(seat, MELD_PONG, (card, *used))
            self.drawn = self._draw(seat, 1)
            self.fresh_pong, self.fourth_held = seat, len(same) >= 3
        else:
            self._meld(seat, MELD_KONG, (card, *used))
            self.drawn = self._draw(seat, 2)
            self._close_fresh_pong()
        self._turn(seat, True)

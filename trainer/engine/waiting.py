"""Waits (下叫, R-WAIT): every card that wins a hand, with the colour dependence made explicit.

The missing rank is fixed by the hand (R-PAIR14); whether a card of that rank wins can depend on
its colour through the red total (R-WIN 2) or through 全红/全黑 (R-SPECIAL). A card whose every
copy is already among the player's own cards is left out (docs/format.md ``dou14 waits``).
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import ALL_CARDS, SUITS, Card, rank_name
from trainer.engine.errors import PositionError
from trainer.engine.messages import Message
from trainer.engine.position import Position
from trainer.engine.win_rule import HandValue, Special, colour_flags, judge


@dataclass(frozen=True, slots=True)
class WaitCard:
    """One card of a rank that would combine the hand."""

    card: Card
    wins: bool
    red: int
    own: bool
    special: Special | None


@dataclass(frozen=True, slots=True)
class Waits:
    """The waits of a hand: ``wins_on`` in docs/format.md's order, and every candidate card."""

    position: Position
    rank: int | None
    candidates: tuple[WaitCard, ...]
    joker_in_hand: bool

    @property
    def wins_on(self) -> tuple[Card, ...]:
        return tuple(c.card for c in self.candidates if c.wins)

    @property
    def ready(self) -> bool:
        """下叫: some card wins (R-WAIT)."""
        return any(c.wins for c in self.candidates)

    def to_json(self) -> dict[str, object]:
        return {"ready": self.ready, "wins_on": [str(card) for card in self.wins_on]}

    def messages(self) -> list[Message]:
        return waits_messages(self)



def needed_rank(counts: list[int]) -> int | None:
    """The one rank whose card would balance ``counts`` into 14-pairs, if any (R-PAIR14)."""
    if counts[0]:
        return None
    unbalanced = [r for r in range(1, 7) if counts[r] != counts[14 - r]]
    if counts[7] % 2:
        return 7 if not unbalanced else None
    if len(unbalanced) != 1:
        return None
    rank = unbalanced[0]
    difference = counts[rank] - counts[14 - rank]
    if difference == 1:
        return 14 - rank
    if difference == -1:
        return rank
    return None


def waits(position: Position) -> Waits:
    """Every card that would win ``position``'s hand if discarded by another player (R-WAIT)."""
    if position.card is not None:
        raise PositionError("waits are of a hand with no claimed card; leave 'card' out")
    if len(position.hand) % 2 == 0:
        raise PositionError(
            f"a waiting hand holds an odd number of concealed cards, not {len(position.hand)}"
            " (R-PARITY)"
        )
    counts = [0] * 15
    red = position.melds_red
    for card in position.hand:
        counts[card.rank or 0] += 1
        red += card.red
    rank = needed_rank(counts)
    if rank is None:
        return Waits(position, None, (), counts[0] > 0)
    own = set(position.all_cards)
    flags = colour_flags(position.all_cards)
    threshold = position.rules.red_threshold
    candidates = []
    base = (rank - 1) * 4
    for suit in SUITS:
        card = ALL_CARDS[base + suit.order]
        total = red + card.red
        mine = card in own
        judged = judge(HandValue(0, True, total, *colour_flags((card,), *flags)), threshold)
        special = judged.specials[0] if judged.specials else None
        candidates.append(WaitCard(card, judged.win and not mine, total, mine, special))
    return Waits(position, rank, tuple(candidates), False)


def waits_messages(result: Waits) -> list[Message]:
    """R-WAIT in words, e.g. "6♥ and 6♦ win; 6♠ and 6♣ leave you at 17 red, short of 20"."""
    if result.joker_in_hand:
        return [Message.of("waits.joker", ("R-WIN", "R-PAIR14"))]
    if result.rank is None:
        return [Message.of("waits.not_ready", ("R-WAIT", "R-PAIR14"))]
    threshold = result.position.rules.red_threshold
    messages = [Message.of("waits.needs_rank", ("R-PAIR14", "R-WAIT"), rank=rank_name(result.rank))]
    winners = tuple(c.card for c in result.candidates if c.wins)
    by_special = tuple(c.card for c in result.candidates
                       if c.wins and c.special is not None and c.red < threshold)
    short = [c for c in result.candidates if not c.wins and not c.own]
    own = tuple(c.card for c in result.candidates if c.own)
    if winners and not short:
        messages.append(Message.of(_number("waits.all_win", winners), ("R-WAIT",), cards=winners))
    elif winners:
        losers = tuple(c.card for c in short)
        messages.append(Message.of(_number("waits.colour", winners), ("R-WAIT", "R-WIN"),
                                   winners=winners,
                                   losers=losers, red=max(c.red for c in short),
                                   threshold=threshold))
    elif short:
        messages.append(Message.of("waits.none_reach", ("R-WAIT", "R-WIN"),
                                   cards=tuple(c.card for c in short),
                                   red=max(c.red for c in short), threshold=threshold))
    if by_special:
        messages.append(Message.of(_number("waits.special", by_special), ("R-SPECIAL",),
                                   cards=by_special))
    if own:
        messages.append(Message.of(_number("waits.own", own), cards=own))
    return messages


def _number(key: str, cards: tuple[Card, ...]) -> str:
    """The catalog key for one card (``…_one``) or several (English verbs agree)."""
    return key + "_one" if len(cards) == 1 else key

"""Kong eligibility (杠; 巴起 in the older text is case 3 only — R-KONG, R-TOU, R-TOU-LATER, R-OWN-FLIP).

Only three ways to kong ("除这三种情况，其他情况均不能杠牌"): (1) four of a rank in hand after the
deal, laid down by R-TOU; (2) a concealed triple plus a matching card discarded or flipped by
another player; (3) the card drawn right after a pong has the pong's rank (巴起). Cases 1 and 2 may
be played in two steps ("先投或碰掉，拿起一张后再选择是否要杠掉"): lay three of the four down in the
lay-down round, or pong with two of the triple, take the stock card, and right after that draw add
the fourth card held from before. A pong laid earlier never grows into a kong. Four of a rank
gathered later by draws make no kong unless the table allows it (``RuleSet.kong_from_gathered_four``,
default off, docs/rules.md's decision); three of them may still be laid down as a pong
(R-TOU-LATER).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, StrEnum

from trainer.engine.cards import Card, rank_name
from trainer.engine.errors import Dou14Error
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message
from trainer.engine.rules import DEFAULT_RULES, RuleSet


class KongEvent(StrEnum):
    """The moment a kong is considered."""

    AFTER_DEAL = "after_deal"
    """The lay-down exchange right after the deal (R-TOU)."""
    CLAIM = "claim"
    """A card discarded or flipped by another player."""
    OWN_FLIP = "own_flip"
    """A card the player flipped themselves (R-OWN-FLIP)."""
    DRAW_AFTER_PONG = "draw_after_pong"
    """The stock card drawn right after a claimed pong (the last meld is that pong)."""
    PONGED_FROM_TRIPLE = "ponged_from_triple"
    """Right after the draw that followed a pong claimed with two of a concealed triple: the
    third, held from before, is the card (case 2 in two steps; the last meld is that pong)."""
    LAID_FROM_FOUR = "laid_from_four"
    """Right after the draw that followed three of four dealt laid down in the lay-down round:
    the fourth, held from before, is the card (case 1 in two steps; the last meld is that
    pong)."""
    LATER_DRAW = "later_draw"
    """Any other card drawn into hand: after a flipped joker or a kong's replacement."""


class KongCase(int, Enum):
    """Which way a kong is made (R-KONG)."""

    DEALT_FOUR = 1
    TRIPLE_PLUS_CLAIM = 2
    PONG_PLUS_DRAW = 3
    GATHERED_FOUR = 4
    """docs/rules.md's [decision], off by default: four gathered by draws, laid down under
    R-TOU-LATER where the table allows it."""


@dataclass(frozen=True, slots=True)
class KongVerdict:
    """Whether the player may kong now, by which case, or why not."""

    allowed: bool
    case: KongCase | None
    cards: tuple[Card, ...]
    reason: str
    rules: tuple[str, ...]
    two_step: bool = False
    """Case 1 or 2 made in two steps: three laid or ponged first, the fourth added after the
    draw."""

    def messages(self) -> list[Message]:
        ranks = ", ".join(_name(card) for card in self.cards)
        return [Message.of(f"kong.{self.reason}", self.rules, rank=ranks, cards=self.cards)]



def _name(card: Card) -> str:
    return "🃏" if card.rank is None else rank_name(card.rank)


def _check_event_card(event: KongEvent, card: Card | None) -> None:
    if event is KongEvent.AFTER_DEAL:
        if card is not None:
            raise Dou14Error("after the deal no card is claimed: leave 'card' out")
    elif card is None:
        raise Dou14Error(f"the event {event.value!r} needs the card it is about")


def kong_eligibility(hand: Iterable[Card], melds: Iterable[Meld], event: KongEvent,
                     card: Card | None = None, rules: RuleSet = DEFAULT_RULES) -> KongVerdict:
    """May the player kong at ``event``? ``hand`` is the concealed hand before ``card`` (the
    claimed, flipped or drawn card) joins it. Returns the case (R-KONG) or the reason it is
    refused, with rule ids."""
    event = KongEvent(event)
    _check_event_card(event, card)
    concealed = Counter(hand)
    laid = tuple(melds)
    if event is KongEvent.AFTER_DEAL:
        fours = _fours(concealed)
        if fours:
            return KongVerdict(True, KongCase.DEALT_FOUR, fours, "dealt_four", ("R-KONG", "R-TOU"))
        return KongVerdict(False, None, (), "no_four", ("R-KONG", "R-TOU"))
    assert card is not None
    same = _same_rank_count(concealed, card)
    exposed_pong = _exposed_pong(laid, card)
    if event in (KongEvent.CLAIM, KongEvent.OWN_FLIP):
        if event is KongEvent.OWN_FLIP and not rules.win_pong_kong_on_own_flip:
            return KongVerdict(False, None, (card,), "own_flip", ("R-OWN-FLIP", "R-KONG"))
        if same >= 3:
            return KongVerdict(True, KongCase.TRIPLE_PLUS_CLAIM, (card,), "triple_plus_claim",
                               ("R-KONG",))
        if exposed_pong is not None:
            return KongVerdict(False, None, (card,), "pong_cannot_grow", ("R-KONG",))
        if same == 2:
            return KongVerdict(False, None, (card,), "only_pair", ("R-KONG", "R-PONG"))
        return KongVerdict(False, None, (card,), "no_triple", ("R-KONG",))
    # A card drawn into hand: right after a pong, or later.
    if event in (KongEvent.DRAW_AFTER_PONG, KongEvent.PONGED_FROM_TRIPLE,
                 KongEvent.LAID_FROM_FOUR):
        last = laid[-1] if laid else None
        if last is None or last.kind is not MeldKind.PONG or last.cards[0].rank is None:
            raise Dou14Error("the moment right after a pong's draw needs that pong as the last meld")
        if _same_rank(last.cards[0], card):
            if event is KongEvent.PONGED_FROM_TRIPLE:
                return KongVerdict(True, KongCase.TRIPLE_PLUS_CLAIM, (card,), "two_step_claim",
                                   ("R-KONG", "R-PONG"), two_step=True)
            if event is KongEvent.LAID_FROM_FOUR:
                return KongVerdict(True, KongCase.DEALT_FOUR, (card,), "two_step_dealt",
                                   ("R-KONG", "R-TOU"), two_step=True)
            return KongVerdict(True, KongCase.PONG_PLUS_DRAW, (card,), "pong_plus_draw",
                               ("R-KONG", "R-PONG"))
    if exposed_pong is not None:
        return KongVerdict(False, None, (card,), "pong_cannot_grow", ("R-KONG",))
    if same >= 3:
        if rules.kong_from_gathered_four:
            return KongVerdict(True, KongCase.GATHERED_FOUR, (card,), "gathered_four",
                               ("R-KONG", "R-TOU-LATER"))
        return KongVerdict(False, None, (card,), "gathered_four_off", ("R-KONG",))
    return KongVerdict(False, None, (card,), "no_four_drawn", ("R-KONG",))


def _same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


def _same_rank_count(concealed: Counter[Card], card: Card) -> int:
    return sum(count for held, count in concealed.items() if held.rank == card.rank)


def _exposed_pong(melds: tuple[Meld, ...], card: Card) -> Meld | None:
    for meld in melds:
        if meld.kind is MeldKind.PONG and meld.cards[0].rank == card.rank:
            return meld
    return None


def _fours(concealed: Counter[Card]) -> tuple[Card, ...]:
    by_rank: Counter[int | None] = Counter()
    sample: dict[int | None, Card] = {}
    for card, count in concealed.items():
        by_rank[card.rank] += count
        sample.setdefault(card.rank, card)
    return tuple(sample[rank] for rank in sorted(by_rank, key=lambda r: (r is None, r or 0))
                 if by_rank[rank] >= 4)

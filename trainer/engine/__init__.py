"""The rules engine of 斗十四 — the single source of truth (docs/rules.md, docs/format.md).

Small public API, python-chess style: notation in, typed values out, reprs that evaluate back.
Explanations leave the engine as :class:`Message` values (catalog keys with typed parameters);
:mod:`trainer.i18n` renders them. The engine imports nothing of the app.

Cards and notation (R-DECK, R-RANK, R-RED):

>>> card = parse_card("10h")
>>> card, card.red, card.symbol, str(card)
(Card.parse('10h'), 10, '10♥', '10h')
>>> parse_cards("7h Kd, X")
(Card.parse('7h'), Card.parse('Kd'), Card.parse('X'))
>>> format_cards(parse_cards("qd T♠ joker")), display_cards(parse_cards("Qd 10s"))
('Qd 10s X', 'Q♦ 10♠')
>>> parse_card("7x")
Traceback (most recent call last):
    ...
trainer.engine.errors.NotationError: '7x' at 0: unknown suit 'x' (use s h c d or ♠♥♣♦)
>>> len(deck()), len(deck(6)), JOKER in ALL_CARDS, len(RANKED_CARDS)
(56, 58, True, 52)
>>> rank_name(12), partner_rank(5), red_total(parse_cards("Kd 9h 9s"))
('Q', 9, 10)

14-pairs (R-PAIR14, R-SET):

>>> is_combined(parse_cards("6h 8s 7h 7d")), is_combined(parse_cards("5h 5d 5s 9c"))
(True, False)
>>> split_pairs(parse_cards("7h Kd Ac 5h 9c"), parse_card("7d"))[1]
()
>>> pairs_with(parse_card("Ah"), parse_card("Ks")), partners_of(parse_card("6h"), parse_cards("8s 8d 6s"))
(True, [Card.parse('8s'), Card.parse('8d')])
>>> rank_counts(parse_cards("Ah Ac X"))[:2], unpaired(rank_counts(parse_cards("Ah Ac X")))
([1, 2], 3)
>>> lacks_partner(rank_counts(parse_cards("7h 7d 7s")), 7)
True

Melds, house rules and positions (R-TOU, R-SCORE, docs/format.md):

>>> Meld.parse("pong:Qh,Qs,Qd").kind is MeldKind.PONG
True
>>> rules = RuleSet(players=3)
>>> rules.red_threshold, rules.share(2), RuleSet(scoring="ladder").share(2), DEFAULT_RULES.jokers
(25, 4, 15, 4)
>>> eval(repr(rules)) == rules
True
>>> position = position_of("7h Kd Ac 5h 9c", melds=["chi:8h,6s"], card="7d")
>>> Position.from_json(position.to_json()) == position == eval(repr(position))
True

Verdicts (R-WIN, R-SPECIAL, R-FAN, R-PAY, R-OWN-FLIP):

>>> verdict(position).to_json()
{'win': True, 'reason': 'win', 'red': 28, 'threshold': 20, 'fan': 0, 'specials': [], 'share': 1}
>>> is_win(position), verdict(position).payments(winner=0)
(True, [3, 0, 0, -3])
>>> own = position_of("7h Kd Ac 5h 9c", melds=["chi:8h,6s"], card="7d", source="flip",
...                   offered_by=Relation.YOU)
>>> verdict(own).reason is Reason.OWN_FLIP, own.claim_blocked
(True, True)
>>> claim_wins(parse_cards("7h Kd Ac 5h 9c"), [Meld.parse("chi:8h,6s")], parse_card("7d"),
...            False, 20)
True
>>> [Special(s).name for s in ("tianzou", "jiedi")]
['TIANZOU', 'JIEDI']
>>> [m.key for m in verdict_messages(verdict(position))][:2]
['verdict.wins', 'verdict.combined_laid']
>>> [str(c) for c in waits(position_of("8h 5h 9c", melds=["chi:10c,4d", "chi:Ah,Kc"])).wins_on]
['6h', '6d']

Kongs (R-KONG) and seats (R-SEAT):

>>> result = kong_eligibility(parse_cards("5s 5h 5c 7h Kd"), [], KongEvent.CLAIM, parse_card("5d"))
>>> result.allowed, result.case is KongCase.TRIPLE_PLUS_CLAIM
(True, True)
>>> relation(3, 0, 4), seat_of(Relation.LOWER, 0, 4)
(<Relation.UPPER: 'upper'>, 1)

Reachability (R-PARITY) and errors:

>>> is_reachable(position), reachability_problems(position_of("7h 7s 2d", card="Qh"))[0].message.key
(True, 'reach.count')
>>> issubclass(PositionError, Dou14Error) and issubclass(NotationError, ValueError)
True
>>> try:
...     Meld.parse("chi:8h,7s")
... except MeldError as error:
...     print(error.said.key if error.said else None)
engine_error.chi_sum
>>> try:
...     RuleSet(players=5)
... except RuleSetError as error:
...     print(error)
players must be 3 or 4, not 5 (R-SEAT)
>>> is_reachable(position_of("Ks As 2c Qc 3s Js", melds=["pong:X,X,X", "joker:X"]),
...              Moment.DEALER_START)
True

Types behind the answers:

>>> isinstance(card, Card) and card.suit is Suit.HEARTS, isinstance(verdict(position), Verdict)
(True, True)
>>> judged = verdict(position_of("Ah Kd 7h", melds=["pong:Qh,Qs,Qd", "joker:X"], card="7d"))
>>> [(item.key, item.fan) for item in judged.fan_items if isinstance(item, FanItem)]
[('fan.pong', 1), ('fan.joker', 1)]
>>> isinstance(result, KongVerdict), Message.of("verdict.wins", card=card).key
(True, 'verdict.wins')
>>> found = waits(position_of("8h 5h 9c", melds=["chi:10c,4d", "chi:Ah,Kc"]))
>>> isinstance(found, Waits), [c.wins for c in found.candidates if isinstance(c, WaitCard)]
(True, [False, True, False, True])
"""

from trainer.engine.cards import (
    ALL_CARDS,
    JOKER,
    RANKED_CARDS,
    Card,
    Suit,
    deck,
    display_cards,
    format_cards,
    parse_card,
    parse_cards,
    partner_rank,
    rank_name,
    red_total,
)
from trainer.engine.combine import (
    is_combined,
    lacks_partner,
    pairs_with,
    partners_of,
    rank_counts,
    split_pairs,
    unpaired,
)
from trainer.engine.errors import Dou14Error, MeldError, NotationError, PositionError, RuleSetError
from trainer.engine.fan import FanItem
from trainer.engine.kong import KongCase, KongEvent, KongVerdict, kong_eligibility
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message
from trainer.engine.position import Position, position_of
from trainer.engine.reachability import Moment, is_reachable, reachability_problems
from trainer.engine.rules import DEFAULT_RULES, RuleSet
from trainer.engine.seats import Relation, relation, seat_of
from trainer.engine.sources import Source
from trainer.engine.verdict_messages import verdict_messages
from trainer.engine.verdicts import Verdict, failing_reasons, is_win, verdict
from trainer.engine.waiting import WaitCard, Waits, waits
from trainer.engine.win_rule import Reason, Special, claim_wins

__all__ = [
    "ALL_CARDS",
    "DEFAULT_RULES",
    "JOKER",
    "RANKED_CARDS",
    "Card",
    "Dou14Error",
    "FanItem",
    "KongCase",
    "KongEvent",
    "KongVerdict",
    "Meld",
    "MeldError",
    "MeldKind",
    "Message",
    "Moment",
    "NotationError",
    "Position",
    "PositionError",
    "Reason",
    "Relation",
    "RuleSet",
    "RuleSetError",
    "Source",
    "Special",
    "Suit",
    "Verdict",
    "WaitCard",
    "Waits",
    "claim_wins",
    "deck",
    "display_cards",
    "failing_reasons",
    "format_cards",
    "is_combined",
    "is_reachable",
    "is_win",
    "kong_eligibility",
    "lacks_partner",
    "pairs_with",
    "parse_card",
    "parse_cards",
    "partner_rank",
    "partners_of",
    "position_of",
    "rank_counts",
    "rank_name",
    "reachability_problems",
    "red_total",
    "relation",
    "seat_of",
    "split_pairs",
    "unpaired",
    "verdict",
    "verdict_messages",
    "waits",
]

"""The rules engine of 斗十四 — the single source of truth (docs/rules.md, docs/format.md).

Small public API::

    from trainer.engine import parse_cards, Position, verdict, waits, kong_eligibility

Explanations leave the engine as :class:`Message` values (catalog keys with typed parameters);
:mod:`trainer.i18n` renders them. The engine imports nothing of the app.
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
from trainer.engine.errors import (
    Dou14Error,
    MeldError,
    NotationError,
    PositionError,
    RuleSetError,
)
from trainer.engine.fan import FanItem
from trainer.engine.kong import KongCase, KongEvent, KongVerdict, kong_eligibility
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message
from trainer.engine.position import Position, position_of
from trainer.engine.reachability import Moment, is_reachable, reachability_problems
from trainer.engine.rules import DEFAULT_RULES, RuleSet
from trainer.engine.seats import Relation, relation, seat_of
from trainer.engine.verdict_messages import verdict_messages
from trainer.engine.verdicts import Verdict, is_win, verdict
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
    "Special",
    "Suit",
    "Verdict",
    "WaitCard",
    "Waits",
    "claim_wins",
    "deck",
    "display_cards",
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

"""The rules engine of 斗十四 — the single source of truth (RULES.md, FORMAT.md).

Small public API::

    from trainer.engine import parse_cards, Position, verdict, waits, kong_eligibility
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
from trainer.engine.combine import is_combined, split_pairs
from trainer.engine.errors import (
    Dou14Error,
    MeldError,
    NotationError,
    PositionError,
    RuleSetError,
)
from trainer.engine.explain import Message, render_all
from trainer.engine.fan import FanItem
from trainer.engine.kong import KongCase, KongEvent, KongVerdict, kong_eligibility
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.position import Position, position_of
from trainer.engine.rules import DEFAULT_RULES, RuleSet
from trainer.engine.verdict import Reason, Special, Verdict, is_win, verdict
from trainer.engine.waits import WaitCard, Waits, waits

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
    "NotationError",
    "Position",
    "PositionError",
    "Reason",
    "RuleSet",
    "RuleSetError",
    "Special",
    "Suit",
    "Verdict",
    "WaitCard",
    "Waits",
    "deck",
    "display_cards",
    "format_cards",
    "is_combined",
    "is_win",
    "kong_eligibility",
    "parse_card",
    "parse_cards",
    "partner_rank",
    "position_of",
    "rank_name",
    "red_total",
    "render_all",
    "split_pairs",
    "verdict",
    "waits",
]

"""Puzzle themes as a typed registry (as lila's ``PuzzleTheme``): each theme has a key, the catalog
name shown to the learner (``theme.<key>``), a group, the kinds it tags, whether it names the
answer, and — for "can you win?" — the one function that decides it from the position's typed
facts (:class:`WinFacts`), never from another theme's name.

A theme that names the answer (``wins``, ``red-short`` …) stays a tag in the bank but is not
offered for practice on its own: practising "wins" would serve ten yeses in a row. The Puzzles
page offers only :func:`practice_themes`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from trainer.engine import ALL_CARDS, MeldKind, Position, Reason, Special, Verdict, verdict
from trainer.engine.sources import Source


class Theme(StrEnum):
    """Every theme a bank puzzle can carry (its key in the bank and in the catalog)."""

    WINS = "wins"
    RED_SHORT = "red-short"
    NOT_COMBINED = "not-combined"
    JOKER_IN_HAND = "joker-in-hand"
    OWN_FLIP = "own-flip"
    WHOSE_FLIP = "whose-flip"
    NEAR_MISS = "near-miss"
    COLOUR_DECIDES = "colour-decides"
    CONCEALED_TRIPLE = "concealed-triple"
    KONG = "kong"
    SPECIAL_WIN = "special-win"
    TIANZOU = "tianzou"
    JIEDI = "jiedi"
    ALL_RED = "all-red"
    ALL_BLACK = "all-black"
    FAN = "fan"
    THREE_PLAYERS = "three-players"
    OPEN = "open"
    SAFE_SET = "safe-set"
    SEVERAL_DEAL_IN = "several-deal-in"
    HIDDEN = "hidden"
    LEAST_RISK = "least-risk"
    PARTNERS_VISIBLE = "partners-visible"
    RED_UNREACHABLE = "red-unreachable"
    COLOUR = "colour"
    LOWEST_RISK = "lowest-risk"
    READ_THE_TABLE = "read-the-table"


class ThemeGroup(StrEnum):
    """How the Puzzles page groups themes."""

    ANSWER = "answer"
    """What the answer is (a tag only: it would give the answer away)."""
    RULE = "rule"
    """A rule the puzzle turns on."""
    RED = "red"
    """The red total and colours."""
    SHAPE = "shape"
    """What the hand holds or shows."""
    SPECIAL = "special"
    """The special wins."""
    TABLE = "table"
    """The table: players, open or hidden hands."""
    SAFETY = "safety"
    """How a discard is shown safe or risky."""


@dataclass(frozen=True, slots=True)
class WinFacts:
    """What a "can you win?" position's themes are decided from, worked out once."""

    position: Position
    verdict: Verdict
    colour_decides: bool
    concealed_counts: Counter[int | None]
    wins_if_another_flipped: bool
    """A flip the hand would win on if another player had flipped it: who flipped decides
    (R-OWN-FLIP) — the twin of ``own-flip`` with both answers."""


@dataclass(frozen=True, slots=True)
class ThemeInfo:
    theme: Theme
    group: ThemeGroup
    names_answer: bool = False
    holds: Callable[[WinFacts], bool] | None = None
    """For "can you win?" themes: the one test of the theme."""


def win_facts(position: Position) -> WinFacts:
    judged = verdict(position)
    concealed = position.hand if position.card is None else (*position.hand, position.card)
    flip_win = position.source is Source.FLIP and (judged.win or (
        position.claim_blocked and verdict(position.with_card(
            position.card, Source.FLIP, False, None)).win))
    return WinFacts(position, judged, _colour_decides(position, judged),
                    Counter(card.rank for card in concealed), flip_win)


def _colour_decides(position: Position, judged: Verdict) -> bool:
    """Would a card of the same rank in the other colour change the answer (R-WAIT)? Never on
    the player's own flip, where no colour wins (R-OWN-FLIP)."""
    card = position.card
    if card is None or card.rank is None or position.claim_blocked or not judged.combined:
        return False
    own = set(position.all_cards)
    for other in ALL_CARDS[(card.rank - 1) * 4:(card.rank - 1) * 4 + 4]:
        if other.is_red != card.is_red and other not in own:
            twin = position.with_card(other, position.source, position.dealer_first_discard,
                                      position.offered_by)
            if verdict(twin).win != judged.win:
                return True
    return False


def _reason_is(reason: Reason) -> Callable[[WinFacts], bool]:
    return lambda facts: facts.verdict.reason is reason


def _special(special: Special) -> Callable[[WinFacts], bool]:
    return lambda facts: special in facts.verdict.specials


def _open_to_claim(facts: WinFacts) -> bool:
    return not facts.position.claim_blocked


REGISTRY: tuple[ThemeInfo, ...] = (
    ThemeInfo(Theme.WINS, ThemeGroup.ANSWER, True, _reason_is(Reason.WIN)),
    ThemeInfo(Theme.RED_SHORT, ThemeGroup.ANSWER, True, _reason_is(Reason.RED_SHORT)),
    ThemeInfo(Theme.NOT_COMBINED, ThemeGroup.ANSWER, True, _reason_is(Reason.NOT_COMBINED)),
    ThemeInfo(Theme.JOKER_IN_HAND, ThemeGroup.ANSWER, True, _reason_is(Reason.JOKER_IN_HAND)),
    ThemeInfo(Theme.OWN_FLIP, ThemeGroup.ANSWER, True, _reason_is(Reason.OWN_FLIP)),
    ThemeInfo(Theme.WHOSE_FLIP, ThemeGroup.RULE, False, lambda f: f.wins_if_another_flipped),
    ThemeInfo(Theme.NEAR_MISS, ThemeGroup.RED, False,
              lambda f: _open_to_claim(f) and f.verdict.combined
              and abs(f.verdict.red - f.verdict.threshold) <= 2),
    ThemeInfo(Theme.COLOUR_DECIDES, ThemeGroup.RED, False, lambda f: f.colour_decides),
    ThemeInfo(Theme.CONCEALED_TRIPLE, ThemeGroup.SHAPE, False,
              lambda f: any(rank is not None and count >= 3
                            for rank, count in f.concealed_counts.items())),
    ThemeInfo(Theme.KONG, ThemeGroup.SHAPE, False,
              lambda f: any(meld.kind is MeldKind.KONG for meld in f.position.melds)),
    ThemeInfo(Theme.SPECIAL_WIN, ThemeGroup.SPECIAL, False, lambda f: bool(f.verdict.specials)),
    ThemeInfo(Theme.TIANZOU, ThemeGroup.SPECIAL, False, _special(Special.TIANZOU)),
    ThemeInfo(Theme.JIEDI, ThemeGroup.SPECIAL, False, _special(Special.JIEDI)),
    ThemeInfo(Theme.ALL_RED, ThemeGroup.SPECIAL, False, _special(Special.ALL_RED)),
    ThemeInfo(Theme.ALL_BLACK, ThemeGroup.SPECIAL, False, _special(Special.ALL_BLACK)),
    ThemeInfo(Theme.FAN, ThemeGroup.SHAPE, False, lambda f: f.verdict.win and f.verdict.fan > 0),
    ThemeInfo(Theme.THREE_PLAYERS, ThemeGroup.TABLE, False,
              lambda f: f.position.rules.players == 3),
    ThemeInfo(Theme.OPEN, ThemeGroup.TABLE),
    ThemeInfo(Theme.SAFE_SET, ThemeGroup.TABLE),
    ThemeInfo(Theme.SEVERAL_DEAL_IN, ThemeGroup.SAFETY),
    ThemeInfo(Theme.HIDDEN, ThemeGroup.TABLE),
    ThemeInfo(Theme.LEAST_RISK, ThemeGroup.TABLE),
    ThemeInfo(Theme.PARTNERS_VISIBLE, ThemeGroup.SAFETY),
    ThemeInfo(Theme.RED_UNREACHABLE, ThemeGroup.SAFETY),
    ThemeInfo(Theme.COLOUR, ThemeGroup.SAFETY),
    ThemeInfo(Theme.LOWEST_RISK, ThemeGroup.SAFETY),
    ThemeInfo(Theme.READ_THE_TABLE, ThemeGroup.SAFETY),
)
INFO = {info.theme: info for info in REGISTRY}


def win_themes(position: Position) -> tuple[Theme, ...]:
    """The themes of a "can you win?" position, in registry order."""
    facts = win_facts(position)
    return tuple(info.theme for info in REGISTRY if info.holds is not None and info.holds(facts))


def practice_themes(counts: Counter[str], at_least: int = 10) -> list[str]:
    """The themes the Puzzles page offers: known, not naming the answer, with at least
    ``at_least`` bank puzzles; most common first."""
    offered = [name for name, count in counts.items() if count >= at_least and _offered(name)]
    return sorted(offered, key=lambda name: (-counts[name], name))


def _offered(name: str) -> bool:
    try:
        return not INFO[Theme(name)].names_answer
    except ValueError:
        return False

"""“Can you win on this card?” (R-WIN, R-SPECIAL, R-FAN): yes with the fan, or no with the reason.
Positions come from simulated hands — every moment a player facing a discarded or flipped card
holds a partner of it — and, only for themes play rarely brings (全红, 全黑 with little red), from
reachable constructions. Trivial positions (a joker in hand, no card that pairs with the card)
are not puzzles."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from trainer.bots import HeuristicBot
from trainer.engine import (
    JOKER,
    Card,
    Message,
    Position,
    Reason,
    Relation,
    RuleSet,
    is_reachable,
    partner_rank,
    partners_of,
    rank_name,
    relation,
    verdict,
    verdict_messages,
)
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.sources import Source
from trainer.puzzles.difficulty import start_rating
from trainer.puzzles.model import Provenance, Puzzle, PuzzleKind, WinAnswer, WinBoard
from trainer.puzzles.rejection import Rejection
from trainer.puzzles.themes import Theme, win_facts, win_themes

RULES = ("R-WIN", "R-PAIR14", "R-RED")


def trivial(position: Position) -> bool:
    """Obvious at a glance: a joker in hand, or no concealed card pairs with the card (R-PAIR14,
    R-WIN)."""
    card = position.card
    if card is None or card.rank is None or any(c.is_joker for c in position.hand):
        return True
    return not partners_of(card, position.hand)


def _why(position: Position) -> Message:
    judged = verdict(position)
    if judged.reason is Reason.OWN_FLIP:
        return Message.of("pz.why_own_flip", ("R-OWN-FLIP",), card=position.card or JOKER)
    if judged.win and judged.specials:
        return Message.of("pz.why_special", ("R-SPECIAL",),
                          special=Message.of(f"special_name.{judged.specials[0].value}"),
                          fan=judged.fan)
    if judged.win:
        return Message.of("pz.why_win", ("R-WIN",), red=judged.red, threshold=judged.threshold,
                          fan=judged.fan)
    if judged.reason is Reason.RED_SHORT:
        return Message.of("pz.why_red_short", ("R-RED", "R-WIN"), red=judged.red,
                          threshold=judged.threshold, gap=judged.threshold - judged.red)
    if judged.reason is Reason.JOKER_IN_HAND:
        return Message.of("pz.why_joker", ("R-WIN", "R-PAIR14"))
    leftovers = tuple(c for c in judged.leftovers if c.rank is not None)
    if len(leftovers) > 1:  # name them all: one alone would suggest one card fixes the hand
        return Message.of("pz.why_not_combined_many", ("R-PAIR14",), cards=leftovers)
    return Message.of("pz.why_not_combined", ("R-PAIR14",), card=leftovers[0],
                      partner=rank_name(partner_rank(leftovers[0].rank or 7)))


def themes_of(position: Position) -> tuple[str, ...]:
    """The puzzle's themes, each decided once by :mod:`trainer.puzzles.themes`."""
    return tuple(theme.value for theme in win_themes(position))


def features_of(position: Position) -> dict[str, float]:
    facts = win_facts(position)
    judged = facts.verdict
    themes = {theme for theme in win_themes(position)}
    return {"near_red": float(Theme.NEAR_MISS in themes),
            "colour_decides": float(facts.colour_decides),
            "special": float(bool(judged.specials)),
            "triple": float(Theme.CONCEALED_TRIPLE in themes),
            "concealed": float(len(position.hand)),
            "three_players": float(position.rules.players == 3),
            "says_yes": float(judged.win), "fan": float(judged.fan if judged.win else 0),
            "own_flip": float(position.own_flip)}


def rejection(position: Position) -> Rejection | None:
    """Why ``position`` is not a puzzle (no real hand reaches it, or it is trivial), or None."""
    if position.card is None:
        return Rejection.NO_CARD
    if not is_reachable(position):
        return Rejection.UNREACHABLE
    if trivial(position):
        return Rejection.TRIVIAL
    return None


def build(position: Position, origin: Relation, provenance: Provenance) -> Puzzle | None:
    """The puzzle of ``position`` offered by ``origin`` (the position says so too: the verdict
    depends on it, R-OWN-FLIP), or None when :func:`rejection` gives a reason."""
    if position.offered_by is None:
        position = position.with_card(position.card, position.source,
                                      position.dealer_first_discard, origin)
    elif position.offered_by is not origin:
        raise ValueError(f"the board says {origin.value} offered the card, the position "
                         f"{position.offered_by.value}")
    if rejection(position) is not None:
        return None
    judged = verdict(position)
    answer = WinAnswer(judged.win, judged.fan if judged.win else 0, judged.reason)
    details = tuple(m for m in verdict_messages(judged)
                    if judged.win or not m.key.startswith(("verdict.fan", "fan.")))
    rules = list(RULES)
    if position.own_flip:
        rules.append("R-OWN-FLIP")
    if judged.specials:
        rules.append("R-SPECIAL")
    if judged.win:
        rules.append("R-FAN")
    features = features_of(position)
    return Puzzle(PuzzleKind.WIN, WinBoard(position, origin), answer, _why(position), details,
                  themes_of(position), tuple(rules), features, start_rating("win", features),
                  provenance)


def mined(rng: random.Random, rules: RuleSet | None = None
          ) -> Iterator[tuple[int, Position, Relation]]:
    """Every moment of simulated hands (heuristic bots) where a player faces a discarded or
    flipped card (their own flip included): the hand's number, their position, and where the
    card came from. Without ``rules``, one hand in five is a three-player hand."""
    bot = HeuristicBot()
    for hand in itertools.count():
        table_rules = rules or (RuleSet(players=3) if rng.random() < 0.2 else RuleSet())
        state = HandState.deal(rng.getrandbits(40), table_rules)
        while not state.over:
            offer = state.offer
            if state.phase is Phase.CLAIM and offer is not None and offer.card.rank is not None:
                for seat in range(table_rules.players):
                    if seat == offer.seat and offer.source is Source.DISCARD:
                        continue
                    origin = relation(offer.seat, seat, table_rules.players)
                    position = Position(tuple(state.hands[seat]), tuple(state.melds[seat]),
                                        offer.card, offer.source, offer.dealer_first_discard, table_rules,
                                        origin)
                    yield hand, position, origin
            seat = state.to_act
            state.apply(bot.choose(view_of(state, seat), rng))


LOW_RED = {True: ("Ah Kd", "Ad Kh", "2h Qd", "3h Jd", "2d Qh", "3d Jh"),
           False: ("As Kc", "Ac Ks", "2s Qc", "3s Jc", "4s 10c", "5s 9c", "6s 8c", "7s 7c",
                   "2c Qs", "3c Js", "4c 10s", "5c 9s", "6c 8s")}


def constructed(rng: random.Random, red: bool) -> tuple[Position, Relation]:
    """A one-colour hand of four 14-pairs with little red, seven concealed and the eighth card
    on the table: 全红 or 全黑 wins without the red total (R-SPECIAL) — play rarely brings one."""
    from trainer.engine import parse_cards

    pairs = rng.sample(LOW_RED[red], 4)
    cards: list[Card] = [c for pair in pairs for c in parse_cards(pair)]
    rng.shuffle(cards)
    claimed = cards.pop()
    source = Source.FLIP if rng.random() < 0.4 else Source.DISCARD
    origin = rng.choice((Relation.UPPER, Relation.OPPOSITE, Relation.LOWER))
    return Position(tuple(cards), (), claimed, source, False, RuleSet(), origin), origin

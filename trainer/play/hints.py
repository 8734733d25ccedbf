"""Hints at the Play table, all from the learner's own view (R-PUBLIC): the deal-in risk of each
discard with its certificate (R-SAFE), the waits still unseen with the copies left — a card on
offer counts as unseen (R-WAIT) —, and the best move: a lay-down where one is plainly right
(R-TOU-LATER), else the discard weighing 14-pairs and red against that risk (R-PAIR14, R-RED,
R-SAFE)."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.analysis.certificates import certificate, certificates_of_proof
from trainer.analysis.chance import Band, bands, deal_in_chances
from trainer.analysis.counting import hidden_analysis
from trainer.analysis.table import table_from_view
from trainer.analysis.unseen_waits import unseen_waits, waits_after
from trainer.engine.cards import Card, red_total
from trainer.engine.combine import partners_of, rank_counts, unpaired
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.view import PlayerView
from trainer.engine.messages import Amount, Message


@dataclass(frozen=True)
class CardRisk:
    """The chance that discarding ``card`` lets somebody win, from what the learner sees
    (:func:`trainer.analysis.chance.deal_in_chances`: every opponent at once, the passes read);
    ``band`` its colour within this decision (:func:`trainer.analysis.chance.bands`)."""

    card: Card
    risk: float
    safe: bool
    band: Band
    certificates: tuple[Message, ...]
    """Why: the proof of safety, or the count against the opponent most likely to win on it."""
    error: float = 0.0


def discard_risks(view: PlayerView) -> dict[Card, CardRisk]:
    """Every discard's risk, when the learner is to discard (empty otherwise)."""
    if view.phase is not Phase.DISCARD or view.to_act != view.seat:
        return {}
    table = table_from_view(view)
    chances = deal_in_chances(table)
    coloured = bands(chances)
    counted = {result.card: result for result in hidden_analysis(table, samples=0)}
    found = {}
    for card, chance in chances.items():
        result = counted[card]
        if chance.safe:
            why = certificates_of_proof(table, chance, result.counts)
        elif chance.against:  # the opponent most likely to win on it, as the chance reads it
            worst = max(range(len(result.counts)), key=lambda i: chance.against[i])
            why = (certificate(table, result.counts[worst], chance.against[worst]),)
        else:
            worst = max(range(len(result.counts)),
                        key=lambda i: result.counts[i].probability)
            why = (result.certificates[worst],)
        found[card] = CardRisk(card, chance.value, chance.safe, coloured[card], why,
                               chance.error)
    return found


def offer_wins(view: PlayerView) -> Card | None:
    """The card on offer when the learner may win on it now (R-WIN), else None."""
    if view.offer is not None and any(a.kind is ActionKind.WIN for a in view.legal):
        return view.offer.card
    return None


def waits_message(view: PlayerView) -> Message | None:
    """The learner's readiness in one line (R-WAIT): not ready; ready on the unseen cards that
    would win — the card on offer among them when it wins now (it is not gone: it may still be
    claimed; named as the card on the table, not as unseen); or ready on cards all in sight.
    None where the learner holds no hand to judge."""
    waiting = unseen_waits(view)
    if waiting is None:
        return None
    if not waiting.ready:
        return Message.of("play_hint.not_ready", ("R-WAIT",))
    if not waiting.cards:
        return Message.of("play_hint.waits_none_unseen", ("R-WAIT",))
    winning = offer_wins(view)
    if winning is None:
        return Message.of("play_hint.waits", ("R-WAIT",), cards=waiting.cards,
                          left=waiting.copies_left)
    return Message.of("play_hint.waits_offer", ("R-WAIT",), cards=waiting.cards,
                      left=waiting.copies_left, card=winning)


@dataclass(frozen=True)
class BestMove:
    """The move the hint suggests: a lay-down when one is clearly right, else a discard."""

    card: Card
    why: Message
    action: Action | None = None
    """The lay-down suggested; None for a discard of ``card``."""


def best_move(view: PlayerView, risks: dict[Card, CardRisk]) -> BestMove | None:
    """A lay-down first where it is plainly right (R-TOU-LATER, R-KONG): a joker in hand can
    never pair (R-WIN) and laid it is a fan and a new card; adding to a fresh pong or laying
    four is a kong; a triple without its partners is better laid as a pong. Otherwise the best
    discard (:func:`best_discard`)."""
    for action in sorted((a for a in view.legal if _plainly_right(a, view.hand)),
                         key=lambda a: _LAY_ORDER.index(a.kind)):
        key = "play_hint.best_joker_pong" if action.kind is ActionKind.LAY_PONG and \
            action.cards[0].is_joker else f"play_hint.best_{action.kind.value}"
        return BestMove(action.cards[0], Message.of(key, ("R-TOU-LATER", "R-FAN"),
                                                    cards=action.cards), action)
    best = best_discard(view, risks)
    return None if best is None else BestMove(best.card, best.why)


_LAY_ORDER = (ActionKind.KONG_DRAWN, ActionKind.LAY_KONG, ActionKind.LAY_PONG, ActionKind.LAY_JOKER)


def _plainly_right(action: Action, hand: tuple[Card, ...]) -> bool:
    """A lay-down no player would skip: any kong, a joker (alone or three as a joker pong), or
    a triple none of whose cards has a partner in hand (it can never pair, R-SET)."""
    if action.kind in (ActionKind.KONG_DRAWN, ActionKind.LAY_KONG, ActionKind.LAY_JOKER):
        return True
    if action.kind is not ActionKind.LAY_PONG:
        return False
    card = action.cards[0]
    return card.rank is None or (card.rank != 7 and not partners_of(card, hand))


@dataclass(frozen=True)
class BestDiscard:
    card: Card
    why: Message


def best_discard(view: PlayerView, risks: dict[Card, CardRisk]) -> BestDiscard | None:
    """The discard that keeps the most 14-pairs, then red, at the least deal-in risk: each
    card left without a partner costs 10, each red point given away 0.4, each percent of
    risk 0.6 (a deal-in pays for the whole table, R-PAY)."""
    if not risks:
        return None
    counts = rank_counts(view.hand)

    def cost(card: Card) -> float:
        after = list(counts)
        after[card.rank or 0] -= 1
        return unpaired(after) * 10 + card.red * 0.4 + risks[card].risk * 60

    card = min(risks, key=lambda c: (cost(c), c.index))
    after = list(counts)
    after[card.rank or 0] -= 1
    rest = list(view.hand)
    rest.remove(card)
    red = red_total(rest, view.melds[view.seat])
    risk = risks[card]
    risk_words = Message.of("play_hint.risk_safe") if risk.safe else Message.of(
        "play_hint.risk_pct", percent=Amount(risk.risk * 100, 1))
    ready = waits_after(view, tuple(rest))
    if ready.cards:
        return BestDiscard(card, Message.of("play_hint.best_ready", ("R-WAIT", "R-SAFE"),
                                            card=card, cards=ready.cards, left=ready.copies_left,
                                            risk=risk_words))
    return BestDiscard(card, Message.of("play_hint.best", ("R-PAIR14", "R-RED", "R-SAFE"), card=card,
                                        unpaired=unpaired(after), red=red, risk=risk_words))

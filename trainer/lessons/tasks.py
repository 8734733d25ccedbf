"""Lesson tasks: each kind turns a step's cards into a question whose answer the engine computes,
and explains a mistake with the engine's own words. No answer is ever read from a lesson file.

Answer types: ``pick`` (a set of indices into the shown cards), ``number``, ``choice`` (one
option value; yes/no is a choice of ``"yes"``/``"no"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.analysis.partners import partner_count
from trainer.engine import (
    Card,
    KongEvent,
    Meld,
    Message,
    Position,
    RuleSet,
    is_combined,
    kong_eligibility,
    parse_card,
    parse_cards,
    split_pairs,
    verdict,
    verdict_messages,
    waits,
)
from trainer.engine.position import Source
from trainer.engine.priority import Claim, ClaimKind, resolve_claims
from trainer.engine.verdict_messages import pairs_expression, red_sum_expression


class TaskError(ValueError):
    """A task step whose data the engine cannot use."""


@dataclass(frozen=True)
class Task:
    """A question: what to show, how to answer, the engine's answer and its explanation."""

    kind: str
    answer_type: str
    cards: tuple[Card, ...]
    melds: tuple[Meld, ...]
    claimed: Card | None
    answer: Any
    explanation: tuple[Message, ...]
    options: tuple[str, ...] = ()
    rule_ids: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def is_correct(self, given: Any) -> bool:
        if self.answer_type == "pick":
            return bool(frozenset(given or ()) == self.answer)
        if self.answer_type == "number":
            try:
                return bool(int(given) == self.answer)
            except (TypeError, ValueError):
                return False
        return bool(given == self.answer)

    def answer_text(self, given: Any) -> str:
        """A stable text of an answer, for the answers table."""
        if self.answer_type == "pick":
            return " ".join(str(self.cards[i]) for i in sorted(given or ()))
        return str(given)


def _cards(data: Mapping[str, Any], key: str = "cards") -> tuple[Card, ...]:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise TaskError(f"'{key}' must be a string of cards")
    return parse_cards(value)


def _melds(data: Mapping[str, Any]) -> tuple[Meld, ...]:
    value = data.get("melds", [])
    if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
        raise TaskError("'melds' must be a list like [\"chi:8h,6s\", \"pong:Qh,Qs,Qd\"]")
    return tuple(Meld.parse(m) for m in value)


def _rules(data: Mapping[str, Any]) -> RuleSet:
    return RuleSet.from_json(data.get("rules", {}))


def _position(data: Mapping[str, Any], with_card: bool = True) -> Position:
    card = data.get("card")
    source: Source = "flip" if data.get("source") == "flip" else "discard"
    claimed = parse_card(card) if with_card and card else None
    return Position(_cards(data), _melds(data), claimed, source if claimed else None,
                    bool(data.get("dealer_first_discard", False)) and claimed is not None,
                    _rules(data))


def _red_each(cards: tuple[Card, ...]) -> tuple[Message, ...]:
    lines = [Message.of("lesson.red_of", ("R-RED",), card=card, red=card.red) for card in cards]
    return tuple(lines)


def pick_red(data: Mapping[str, Any]) -> Task:
    """Tap the cards that carry red (R-RED)."""
    cards = _cards(data)
    answer = frozenset(i for i, card in enumerate(cards) if card.red)
    return Task("pick_red", "pick", cards, (), None, answer, _red_each(cards),
                rule_ids=("R-RED",))


def red_total(data: Mapping[str, Any]) -> Task:
    """Type the red total of the cards and the laid-down melds (R-RED)."""
    cards = _cards(data)
    melds = _melds(data)
    everything = cards + tuple(c for m in melds for c in m.cards)
    total = sum(card.red for card in everything)
    expression = red_sum_expression(everything) or "0"
    return Task("red_total", "number", cards, melds, None, total,
                (Message.of("lesson.red_sum", ("R-RED",), sum=expression, red=total),),
                rule_ids=("R-RED",))


def red_needed(data: Mapping[str, Any]) -> Task:
    """How much red does a win need at this table (R-WIN 2)?"""
    rules = _rules(data)
    return Task("red_needed", "number", _cards(data), (), None, rules.red_threshold,
                (Message.of("lesson.red_needed", ("R-WIN",), players=rules.players,
                            red=rules.red_threshold),), rule_ids=("R-WIN",))


def pick_partner(data: Mapping[str, Any]) -> Task:
    """Tap every card that makes 14 with the given card (R-PAIR14)."""
    target = parse_card(str(data.get("card", "")))
    cards = _cards(data)
    if target.rank is None:
        answer = frozenset[int]()
    else:
        answer = frozenset(i for i, c in enumerate(cards)
                           if c.rank is not None and c.rank + target.rank == 14)
    explanation = tuple(
        Message.of("lesson.pair_sum", ("R-PAIR14",), a=target, b=cards[i],
                   total=(target.rank or 0) + (cards[i].rank or 0)) for i in sorted(answer))
    if target.rank is None:
        explanation = (Message.of("lesson.joker_no_pair", ("R-PAIR14",)),)
    elif not answer:
        explanation = (Message.of("lesson.no_partner_here", ("R-PAIR14",), card=target),)
    return Task("pick_partner", "pick", cards, (), target, answer, explanation,
                rule_ids=("R-PAIR14",))


def pick_leftover(data: Mapping[str, Any]) -> Task:
    """Tap the cards that find no 14-partner in this hand (R-PAIR14, R-SET)."""
    cards = _cards(data)
    pairs, leftovers = split_pairs(cards)
    remaining = list(leftovers)
    answer = set()
    for i, card in enumerate(cards):
        if card in remaining:
            remaining.remove(card)
            answer.add(i)
    explanation = [Message.of("lesson.pairs_found", ("R-PAIR14",),
                              pairs=pairs_expression(pairs) or "—")]
    if leftovers:
        explanation.append(Message.of("lesson.leftovers", ("R-PAIR14",), cards=leftovers))
    return Task("pick_leftover", "pick", cards, (), None, frozenset(answer), tuple(explanation),
                rule_ids=("R-PAIR14",))


def combined(data: Mapping[str, Any]) -> Task:
    """Does this hand split wholly into 14-pairs? (R-PAIR14, R-SET)"""
    cards = _cards(data)
    pairs, leftovers = split_pairs(cards)
    answer = "yes" if is_combined(cards) else "no"
    explanation = [Message.of("lesson.pairs_found", ("R-PAIR14",),
                              pairs=pairs_expression(pairs) or "—")]
    if leftovers:
        explanation.append(Message.of("lesson.leftovers", ("R-PAIR14",), cards=leftovers))
    return Task("combined", "choice", cards, (), None, answer, tuple(explanation),
                ("yes", "no"), ("R-PAIR14",))


def win(data: Mapping[str, Any]) -> Task:
    """Does the card on the table win? (R-WIN, R-SPECIAL)"""
    position = _position(data)
    judged = verdict(position)
    return Task("win", "choice", position.hand, position.melds, position.card,
                "yes" if judged.win else "no", tuple(verdict_messages(judged)), ("yes", "no"),
                ("R-WIN",), {"position": position})


def reason(data: Mapping[str, Any]) -> Task:
    """Why does (or doesn't) this card win? (R-WIN)"""
    position = _position(data)
    judged = verdict(position)
    options = ("win", "not_combined", "red_short", "joker_in_hand")
    return Task("reason", "choice", position.hand, position.melds, position.card,
                judged.reason.value, tuple(verdict_messages(judged)), options, ("R-WIN",),
                {"position": position})


def _number_from_verdict(kind: str, data: Mapping[str, Any],
                         pick: Callable[[Any], int], rule: str) -> Task:
    position = _position(data)
    judged = verdict(position)
    if not judged.win:
        raise TaskError(f"a {kind} task needs a winning position")
    return Task(kind, "number", position.hand, position.melds, position.card, pick(judged),
                tuple(verdict_messages(judged)), (), (rule,), {"position": position})


def fan(data: Mapping[str, Any]) -> Task:
    """How many fan? (R-FAN, R-SPECIAL)"""
    return _number_from_verdict("fan", data, lambda v: v.fan, "R-FAN")


def share(data: Mapping[str, Any]) -> Task:
    """What is one share worth? (R-SCORE)"""
    return _number_from_verdict("share", data, lambda v: v.share, "R-SCORE")


def pays(data: Mapping[str, Any]) -> Task:
    """What does the discarder (on a deal-in) or each other player (on a flip) pay? (R-PAY)"""
    return _number_from_verdict("pays", data, lambda v: -min(v.payments()), "R-PAY")


_KONG_OPTIONS = ("case1", "case2", "case3", "gathered", "no")


def kong(data: Mapping[str, Any]) -> Task:
    """May this player kong now, and by which case? (R-KONG)"""
    event = KongEvent(str(data.get("event", "")))
    card_text = data.get("card")
    card = parse_card(card_text) if card_text else None
    result = kong_eligibility(_cards(data), _melds(data), event, card, _rules(data))
    answer = "no" if result.case is None else (
        "gathered" if result.case.value == 4 else f"case{result.case.value}")
    return Task("kong", "choice", _cards(data), _melds(data), card, answer,
                tuple(result.messages()), _KONG_OPTIONS, ("R-KONG",), {"event": event.value})


def priority(data: Mapping[str, Any]) -> Task:
    """Several players claim one card: who gets it? (R-PRIORITY)"""
    rules = _rules(data)
    claims_data = data.get("claims", [])
    if not isinstance(claims_data, list):
        raise TaskError("'claims' must be a list like [\"1:pong\", \"2:win\"]")
    claims = []
    for item in claims_data:
        seat, _, kind = str(item).partition(":")
        try:
            claims.append(Claim(int(seat), ClaimKind(kind)))
        except ValueError:
            raise TaskError(f"bad claim {item!r}: write seat:kind, e.g. 2:win") from None
    origin = int(data.get("origin", 0))
    source = str(data.get("source", "discard"))
    result = resolve_claims(claims, origin, source, rules=rules)
    options = (*tuple(str(seat) for seat in range(rules.players)), "nobody")
    answer = "nobody" if result.winner is None else str(result.winner.seat)
    card_text = data.get("card")
    return Task("priority", "choice", (), (), parse_card(card_text) if card_text else None,
                answer, tuple(result.messages()), options, ("R-PRIORITY",),
                {"claims": tuple(claims), "origin": origin, "source": source,
                 "players": rules.players})


def pick_waits(data: Mapping[str, Any]) -> Task:
    """Tap every card (among these) that would win this waiting hand (R-WAIT)."""
    position = _position(data, with_card=False)
    result = waits(position)
    choices = _cards(data, "choices")
    winners = set(result.wins_on)
    answer = frozenset(i for i, c in enumerate(choices) if c in winners)
    return Task("pick_waits", "pick", choices, position.melds, None, answer,
                tuple(result.messages()), (), ("R-WAIT",),
                {"hand": position.hand, "position": position})


def safe(data: Mapping[str, Any]) -> Task:
    """Every partner of this card is visible, or not: is discarding it provably safe? (R-SAFE)"""
    card = parse_card(str(data.get("card", "")))
    visible = _cards(data, "visible")
    result = partner_count(card, visible)
    return Task("safe", "choice", visible, (), card, "yes" if result.exhausted else "no",
                tuple(result.messages()), ("yes", "no"), ("R-SAFE",))


TASK_KINDS: dict[str, Callable[[Mapping[str, Any]], Task]] = {
    "pick_red": pick_red, "red_total": red_total, "red_needed": red_needed,
    "pick_partner": pick_partner, "pick_leftover": pick_leftover, "combined": combined,
    "win": win, "reason": reason, "fan": fan, "share": share, "pays": pays, "kong": kong,
    "priority": priority, "pick_waits": pick_waits, "safe": safe,
}
TASK_KEYS = {"cards", "melds", "card", "source", "dealer_first_discard", "rules", "event",
             "claims", "origin", "choices", "visible"}

"""The verdict in words: builds the :class:`Message` list behind ``Verdict.explain``.

Each message cites the rule ids it applies: R-WIN, R-PAIR14, R-SET, R-RED, R-SPECIAL, R-FAN,
R-SCORE, R-PAY.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.engine.cards import Card, display_cards, partner_rank, rank_name
from trainer.engine.combine import rank_counts
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message

if TYPE_CHECKING:
    from trainer.engine.verdicts import Verdict

_SPECIAL_NAME = {
    "tianzou": "special.tianzou",
    "jiedi": "special.jiedi",
    "all_red": "special.all_red",
    "all_black": "special.all_black",
}


def red_sum_expression(cards: tuple[Card, ...]) -> str:
    """``7♥ 7 + K♦ 1 + 3♦ 3`` over the cards that carry red (R-RED)."""
    return " + ".join(f"{card.symbol} {card.red}" for card in cards if card.red)


def pairs_expression(pairs: tuple[tuple[Card, Card], ...]) -> str:
    return " · ".join(f"{a.symbol}+{b.symbol}" for a, b in pairs)


def laid_expression(melds: tuple[Meld, ...]) -> str:
    """``7♠+7♦ · 9♠ 9♣ 9♥ · 鬼``: the sets laid face up, a chi as its 14-pair (R-CHI, R-SET);
    a joker by its name, 鬼 — the emoji 🃏 is a box where no emoji font is installed."""
    return " · ".join(("+" if meld.kind is MeldKind.CHI else " ").join(
        "鬼" if card.is_joker else card.symbol for card in meld.cards) for meld in melds)


def verdict_messages(verdict: Verdict, *, scored: bool = True) -> list[Message]:
    """The verdict in words: win or not, the own-flip rule, the pairs, the red, the specials;
    with ``scored``, the fan and the payment too (a lesson before fan is taught leaves them
    out)."""
    position = verdict.position
    messages: list[Message] = []
    claimed = position.card
    if verdict.win:
        messages.append(Message.of("verdict.wins", card=claimed) if claimed else
                        Message.of("verdict.wins_tianzou"))
    else:
        messages.append(Message.of("verdict.no_win", card=claimed) if claimed else
                        Message.of("verdict.no_win_tianzou"))
    if position.claim_blocked and claimed is not None:
        messages.append(Message.of("verdict.own_flip", ("R-OWN-FLIP",), card=claimed))
    messages.extend(_combination_messages(verdict))
    messages.append(_red_message(verdict))
    messages.extend(Message.of(_SPECIAL_NAME[s.value], ("R-SPECIAL",)) for s in verdict.specials)
    if scored:
        messages.extend(_fan_messages(verdict))
    if scored and verdict.win:
        messages.extend(_score_messages(verdict))
    return messages


def _combination_messages(verdict: Verdict) -> list[Message]:
    position = verdict.position
    concealed = position.hand if position.card is None else (position.card, *position.hand)
    jokers = tuple(card for card in concealed if card.is_joker)
    messages: list[Message] = []
    if jokers:
        messages.append(Message.of("verdict.joker_in_hand", ("R-WIN", "R-PAIR14"),
                                   count=len(jokers)))
    if verdict.pairs and not verdict.leftovers:
        # the laid sets are said beside the concealed pairs: the red line counts them too
        messages.append(Message.of("verdict.combined_laid", ("R-PAIR14", "R-WIN"),
                                   pairs=pairs_expression(verdict.pairs),
                                   laid=laid_expression(position.melds)) if position.melds
                        else Message.of("verdict.combined", ("R-PAIR14", "R-WIN"),
                                        pairs=pairs_expression(verdict.pairs)))
        return messages
    ranked_leftovers = tuple(card for card in verdict.leftovers if not card.is_joker)
    if ranked_leftovers:
        messages.append(Message.of("verdict.not_combined", ("R-PAIR14", "R-WIN"),
                                   cards=ranked_leftovers))
        counts = rank_counts(concealed)
        for card in ranked_leftovers:
            rank = card.rank or 0
            messages.append(Message.of("verdict.needs_partner", card=card,
                                       partner=rank_name(partner_rank(rank))))
        for rank in sorted({card.rank or 0 for card in ranked_leftovers}):
            if counts[rank] >= 3:
                messages.append(Message.of("verdict.concealed_triple", ("R-SET",),
                                           count=counts[rank], rank=rank_name(rank),
                                           partner=rank_name(partner_rank(rank))))
    if verdict.pairs and ranked_leftovers:
        messages.append(Message.of("verdict.partial_pairs", pairs=pairs_expression(verdict.pairs)))
    return messages


def _red_message(verdict: Verdict) -> Message:
    expression = red_sum_expression(verdict.position.all_cards)
    if not expression:  # no red card: said so, not "0 = 0"
        return Message.of("verdict.red_none_not_needed", ("R-SPECIAL",),
                          threshold=verdict.threshold) if verdict.win else Message.of(
            "verdict.red_none", ("R-RED", "R-WIN"), threshold=verdict.threshold)
    if verdict.red >= verdict.threshold:
        return Message.of("verdict.red_enough", ("R-RED", "R-WIN"), sum=expression,
                          red=verdict.red, threshold=verdict.threshold)
    gap = verdict.threshold - verdict.red
    if verdict.win:
        return Message.of("verdict.red_not_needed", ("R-SPECIAL",), sum=expression,
                          red=verdict.red, threshold=verdict.threshold, gap=gap)
    return Message.of("verdict.red_short", ("R-RED", "R-WIN"), sum=expression,
                      red=verdict.red, threshold=verdict.threshold, gap=gap)


def fan_terms(verdict: Verdict) -> tuple[Message, ...]:
    """Each item of the verdict's fan count in words (R-FAN): a laid set with its cards, a
    special win by name — the terms that add up to its uncapped fan."""
    return tuple(
        Message.of("fan.term", name=Message.of(item.key), cards=display_cards(item.cards),
                   fan=item.fan)
        # jokers only: their name says them (鬼 🃏 read as the joker twice)
        if item.cards and not all(card.is_joker for card in item.cards)
        else Message.of("fan.term_special", name=Message.of(item.key), fan=item.fan)
        for item in verdict.fan_items
    )


def _fan_messages(verdict: Verdict) -> list[Message]:
    if not verdict.fan_items:  # "a plain win is 0 fan" said only of a win
        return [Message.of("verdict.fan_none", ("R-FAN",))] if verdict.win else []
    terms = fan_terms(verdict)
    messages = [Message.of("verdict.fan", ("R-FAN",), terms=terms, fan=verdict.fan_uncapped)]
    if verdict.fan != verdict.fan_uncapped:
        messages.append(Message.of("verdict.fan_jiedi_cap", ("R-SPECIAL",),
                                   fan=verdict.fan_uncapped, cap=verdict.fan))
    return messages


def _score_messages(verdict: Verdict) -> list[Message]:
    rules = verdict.position.rules
    counted = verdict.fan if rules.fan_cap is None else min(verdict.fan, rules.fan_cap)
    messages: list[Message] = []
    if counted != verdict.fan:
        messages.append(Message.of("verdict.fan_cap", ("R-SCORE",), fan=verdict.fan, cap=counted))
    if rules.scoring == "doubling" and counted == 0:  # "doubled 0 times" reads as a riddle
        messages.append(Message.of("verdict.share_plain", ("R-SCORE",), share=verdict.share))
    elif rules.scoring == "doubling":
        messages.append(Message.of("verdict.share_doubling", ("R-SCORE",), base=rules.base,
                                   fan=counted, share=verdict.share))
    else:
        messages.append(Message.of("verdict.share_ladder", ("R-SCORE",), base=rules.base,
                                   fan=counted, share=verdict.share))
    payers = rules.players - 1
    total = verdict.share * payers
    if verdict.is_deal_in:
        messages.append(Message.of("verdict.pay_deal_in", ("R-PAY",), payers=payers,
                                   share=verdict.share, total=total))
    else:
        messages.append(Message.of("verdict.pay_each", ("R-PAY",), payers=payers,
                                   share=verdict.share, total=total))
    return messages

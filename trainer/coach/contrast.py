"""Why one discard beats another, in one sentence (R-WAIT, R-PAIR14, R-RED, R-SAFE).

The coach's points come from play-outs; a learner needs the reason a good player would give.
Two discards are compared on the four questions the lessons teach — does it leave the hand ready
(下叫), does it break a 14-pair, how much of the red a win needs does it take, how likely is it to
deal in (点炮) — and the first on which the better option clearly wins is said. Readiness is asked
before the pairs (the lessons' first question): where the better card breaks a pair to be ready,
readiness is the reason, and a pair it kept is no reason at all. Two ready hands are told apart
by the unseen cards that would win, two hands not ready by the unseen cards that would pair a
loose one (lesson 11: "two unseen cards beat one"). A card nothing unseen can pair or pong
(every 14-partner in sight) has to go sometime: letting it go is said before a 14-pair is
weighed. Right after readiness, the plan set from
the deal (开局定打法): letting the last card of the other colour go keeps 全黑 or 全红 open.
Between two ready hands, a card far likelier to deal in (:data:`DANGER_GAP`) is the reason
before the waits: 点炮 pays for the whole table.
When the learner's card was the safer one, the sentence says so first: a safe card can still be
the wrong one. Nothing is said when no question tells the two apart (the play-outs' figures
then speak alone).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from trainer.analysis.unseen_waits import dead_ranks, pairing_outs, waits_after
from trainer.coach.discard_facts import DiscardFacts, discard_facts
from trainer.coach.expert import SAFER_BY
from trainer.coach.explain import CLAIM_WORDS, move_words, open_colour, risk_words, why, why_discard
from trainer.coach.fold import owed_discard
from trainer.engine.cards import Card, partner_rank, rank_name, red_total
from trainer.engine.combine import rank_counts, unpaired
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message, Param, Percent
from trainer.engine.win_rule import Special

RED_GAP = 2
"""Red points by which the kept red must differ before red is the reason (a 1-point card is
rarely why one discard beats another)."""
WAIT_RATIO = 1.5
"""How many times as many unseen winning cards one ready discard must leave as the other before
the wait is the reason (two against one, three against two: lesson 11's "two unseen cards beat
one")."""
OUTS_GAP = 3
"""How many more unseen cards must pair a loose card after one discard than after the other,
both leaving the hand not ready, before that is the reason."""
PLAN_RULES = {Special.ALL_BLACK: ("R-SPECIAL",), Special.ALL_RED: ("R-SPECIAL", "R-FAN")}
"""The rules the one-colour plan's reason cites."""
RISK_GAP = SAFER_BY
"""How much likelier to deal in a card must be before its risk is the reason: the margin by which
the coach itself swaps to a safer discard."""
DANGER_GAP = 0.2
"""Between two discards that both leave the hand ready (下叫), how much likelier to deal in one
must be before its risk is said ahead of the waits: a card that deals in one time in five more
often costs more than a wider wait brings (lesson 11's "one of them could deal in")."""


@dataclass(frozen=True, slots=True)
class ClaimFacts:
    """Where an answer to an offered card leaves the hand: a pass keeps it, a chi lays the pair
    and owes a discard (read as the coach reads it, :func:`~trainer.coach.fold.owed_discard`),
    a pong lays two alike and draws."""

    action: Action
    ready: bool | None
    """Ready (下叫) on a card still unseen, after the pass, or after the chi and its discard;
    None after a pong, whose drawn card is hidden."""
    owed: Card | None
    owed_chance: float
    loose_change: int = 0
    """How many more concealed cards lack a 14-partner after a pong takes two alike (R-PAIR14):
    −2 when the two were loose, more than 0 when they were partners of other cards."""
    red: int | None = None
    """The red kept and laid down after a pass, or after a chi and its owed discard (R-RED);
    None after a pong, whose discard waits on the hidden draw."""
    red_at_least: bool = False
    """The chi's owed discard could not be read: ``red`` is the least it can leave (the
    reddest card let go)."""
    left: int | None = None
    """The unseen cards that would win after a pass, or after a chi and its owed discard
    (R-WAIT); None after a pong or a chi whose discard could not be read."""


def claim_facts(view: PlayerView, action: Action, then: Card | None = None
                ) -> ClaimFacts | None:
    """The facts of a pass, a chi or a pong; None for another answer (``then``: a chi's
    discard as the search valued it)."""
    if action.kind is ActionKind.PASS:
        waiting = waits_after(view, view.hand, passed=True)
        return ClaimFacts(action, waiting.ready and waiting.copies_left > 0, None, 0.0,
                          red=red_total(view.hand, view.melds[view.seat]),
                          left=waiting.copies_left)
    if action.kind is ActionKind.PONG and view.offer is not None:
        counts = rank_counts(view.hand)
        after = list(counts)
        after[view.offer.card.rank or 0] -= 2  # index 0: the jokers
        return ClaimFacts(action, None, None, 0.0, unpaired(after) - unpaired(counts))
    if action.kind is not ActionKind.CHI:
        return None
    owed = owed_discard(view, action, then)
    if owed is None:
        return _chi_unread(view, action)
    kept = list(owed.after.hand)
    kept.remove(owed.card)
    waiting = waits_after(owed.after, tuple(kept))
    return ClaimFacts(action, waiting.ready and waiting.copies_left > 0, owed.card, owed.chance,
                      red=red_total(kept, owed.after.melds[view.seat]), left=waiting.copies_left)


def _chi_unread(view: PlayerView, action: Action) -> ClaimFacts | None:
    """A chi whose owed discard the coach cannot read (in the deal it reads from, a seat asked
    first took the card): ready when some discard after it leaves the hand ready on a card
    still unseen, and at least the red the reddest card let go leaves (R-CHI, R-WAIT, R-RED)."""
    if view.offer is None or len(action.cards) != 1:
        return None
    rest = list(view.hand)
    rest.remove(action.cards[0])
    laid = (*view.melds[view.seat], Meld(MeldKind.CHI, (view.offer.card, action.cards[0])))
    after = replace(view, hand=tuple(rest), offer=None, melds=tuple(
        laid if seat == view.seat else melds for seat, melds in enumerate(view.melds)))
    ready = any(waits_after(after, tuple(_without(rest, card))).copies_left > 0
                for card in set(rest))
    red = red_total(view.hand, view.melds[view.seat]) + view.offer.card.red
    return ClaimFacts(action, ready, None, 0.0, red=red - max((c.red for c in rest), default=0),
                      red_at_least=True)


def _without(cards: list[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


def claim_contrast(view: PlayerView, better: Action, worse: Action,
                   then: Mapping[Action, Card] | None = None) -> Message | None:
    """Why one answer to the offered card beats another in one sentence: it leaves the hand
    ready and the other does not, a pong's two alike were loose, cost no pair, or were
    partners a pass keeps (R-PONG, R-PAIR14), a chi leaves clearly less red than a pass
    (R-RED), both leave it ready but one on more unseen winning cards (R-WAIT), or a chi owes
    a discard likely to deal in where a pass owes none (R-CHI, R-WAIT, R-SAFE); None when none
    of these tells them apart."""
    if better == worse:
        return None
    owed = then or {}
    good, bad = claim_facts(view, better, owed.get(better)), claim_facts(view, worse, owed.get(worse))
    if good is None or bad is None:
        return None
    if good.ready and bad.ready is False:
        reason = Message.of("coach.contrast_claim_ready", ("R-WAIT",),
                            move=move_words(better), other=move_words(worse))
    elif (found := _pong_reason(view, better, worse, good, bad)
          or _claim_red(view, better, worse, good, bad)) is not None:
        reason = found
    elif good.ready and bad.ready and good.left is not None and bad.left is not None and \
            good.left > bad.left:  # both ready: the wider wait (R-WAIT)
        reason = Message.of("coach.contrast_claim_wait", ("R-WAIT",), move=move_words(better),
                            other=move_words(worse), left=good.left, other_left=bad.left)
    elif bad.owed is not None and better.kind is ActionKind.PASS and bad.owed_chance >= RISK_GAP:
        # what the chi would bring is said too (a hand made ready that the pass leaves not)
        reason = Message.of("coach.contrast_claim_owed_ready" if bad.ready and not good.ready
                            else "coach.contrast_claim_owed", ("R-CHI", "R-SAFE"),
                            other=move_words(worse), card=bad.owed,
                            percent=Percent(bad.owed_chance), move=move_words(better))
    else:
        return None
    return Message.of("coach.contrast", reason.rules, reason=reason)


def _claim_red(view: PlayerView, better: Action, worse: Action, good: ClaimFacts,
               bad: ClaimFacts) -> Message | None:
    """A pass against a chi by the red each leaves (R-RED): the chi's owed discard, or the
    black card it takes for a red one, leaves clearly less of the red a win needs — said, where
    the worse is ready all the same, as the winning cards that short red rules out."""
    threshold = view.rules.red_threshold
    if good.red is None or bad.red is None or good.red - bad.red < RED_GAP or \
            bad.red >= threshold or bad.red_at_least:  # (an "at least" bounds it from below)
        return None
    key = "coach.contrast_claim_red_least" if good.red_at_least else \
        "coach.contrast_claim_red_ready" if bad.ready else "coach.contrast_claim_red"
    return Message.of(key, ("R-RED", "R-WIN"),
                      move=move_words(better), other=move_words(worse), red=bad.red,
                      kept=good.red, threshold=threshold)


def _pong_reason(view: PlayerView, better: Action, worse: Action, good: ClaimFacts,
                 bad: ClaimFacts) -> Message | None:
    """A pong against a pass, by the 14-pairs (R-PONG, R-PAIR14, R-FAN): the pong lays two loose
    cards as a set, or costs no pair, and brings a fan and a stock card; or the pass keeps two
    cards that were partners of others."""
    card = None if view.offer is None else view.offer.card
    if card is None or card.rank is None or ActionKind.PASS not in (better.kind, worse.kind):
        return None  # a joker pong (碰鬼) is no matter of 14-partners
    words: dict[str, Param] = {"move": move_words(better), "other": move_words(worse),
                               "card": card, "rank": rank_name(card.rank)}
    if better.kind is ActionKind.PONG:
        if good.loose_change < 0:
            return Message.of("coach.contrast_pong_loose", ("R-PONG", "R-PAIR14", "R-FAN"), **words)
        if good.loose_change == 0:
            return Message.of("coach.contrast_pong_free", ("R-PONG", "R-PAIR14", "R-FAN"), **words)
    elif worse.kind is ActionKind.PONG and bad.loose_change > 0:
        return Message.of("coach.contrast_pong_breaks", ("R-PONG", "R-PAIR14"),
                          count=bad.loose_change, **words)
    return None


def contrast(view: PlayerView, better: Action, worse: Action,
             then: Mapping[Action, Card] | None = None) -> Message | None:
    """Why ``better`` beats ``worse`` in one sentence — two discards on the lessons' four
    questions, a chi and a pass by :func:`claim_contrast` (``then``: each chi's discard as the
    search valued it, :func:`~trainer.coach.search.follow_ups`) — or ``None`` when no question
    of the lessons tells them apart."""
    if better.kind in CLAIM_WORDS and worse.kind in CLAIM_WORDS:
        return claim_contrast(view, better, worse, then)
    if not _two_discards(better, worse):
        return None
    good, bad = discard_facts(view, [better, worse])
    return discard_contrast(view, good, bad)


@dataclass(frozen=True, slots=True)
class Reasons:
    """The coach's words on a decision: each of two options on its own, and the one sentence
    that sets them apart (``None`` when no question of the lessons does)."""

    better: Message
    worse: Message
    contrast: Message | None


def reasons(view: PlayerView, better: Action, worse: Action,
            then: Mapping[Action, Card] | None = None) -> Reasons:
    """:func:`~trainer.coach.explain.why` of each option and :func:`contrast` of the two, two
    discards' facts worked out once for all three; ``then``: each chi's discard as the search
    valued it, so that the words name the card Play's hint names."""
    then = then or {}
    if better == worse:
        said = why(view, better, then.get(better))
        return Reasons(said, said, None)
    if not _two_discards(better, worse):
        return Reasons(why(view, better, then.get(better)), why(view, worse, then.get(worse)),
                       contrast(view, better, worse, then))
    good, bad = discard_facts(view, [better, worse])
    return Reasons(why_discard(view, good), why_discard(view, bad),
                   discard_contrast(view, good, bad))


def _two_discards(better: Action, worse: Action) -> bool:
    return better.kind is ActionKind.DISCARD and worse.kind is ActionKind.DISCARD and \
        better != worse


def discard_contrast(view: PlayerView, good: DiscardFacts, bad: DiscardFacts) -> Message | None:
    """Why the discard of ``good`` beats that of ``bad``: the first question that tells them
    apart, said after the risk when ``bad`` was the safer card (R-SAFE)."""
    reason = _reason(view, good, bad)
    if reason is None:
        return None
    if (bad.proven and not good.proven) or good.chance - bad.chance >= RISK_GAP:
        # the reason is then never the risk: a safe card can still be the wrong one
        return Message.of("coach.contrast_safer", ("R-SAFE", *reason.rules),
                          other=bad.card, other_risk=_risk(bad), move=good.card,
                          risk=_risk(good),
                          reason=reason)
    return Message.of("coach.contrast", reason.rules, reason=reason)


def _reason(view: PlayerView, good: DiscardFacts, bad: DiscardFacts) -> Message | None:
    """The first of the four questions on which ``good`` clearly beats ``bad``."""
    threshold = view.rules.red_threshold
    if good.ready and not bad.ready:  # a wait on cards all in sight is said as such
        return Message.of("coach.contrast_ready_gone" if bad.waiting.ready
                          else "coach.contrast_ready", ("R-WAIT",), move=good.card,
                          other=bad.card)
    plan = open_colour(view, good.kept)
    if plan is not None and plan is not open_colour(view, bad.kept):
        return Message.of(f"coach.contrast_{plan.value}", PLAN_RULES[plan], move=good.card)
    if good.ready and bad.ready and bad.chance - good.chance >= DANGER_GAP:
        return _risk_reason(good, bad)
    if good.ready and bad.ready and _wider(good.waiting.copies_left, bad.waiting.copies_left):
        return Message.of("coach.contrast_wait", ("R-WAIT",), move=good.card, other=bad.card,
                          left=good.waiting.copies_left, other_left=bad.waiting.copies_left)
    if _lets_dead_go(view, good, bad):
        rank = good.card.rank or 0
        return Message.of("coach.contrast_dead", ("R-PAIR14", "R-PONG"), move=good.card,
                          other=bad.card, partner=rank_name(partner_rank(rank)))
    if bad.breaks_pair and not good.breaks_pair:
        return Message.of("coach.contrast_pair", ("R-PAIR14",), move=good.card,
                          other=bad.card)
    if not good.waiting.ready and not bad.waiting.ready and _loose(good) and _loose(bad):
        outs, other_outs = pairing_outs(view, good.kept), pairing_outs(view, bad.kept)
        if outs - other_outs >= OUTS_GAP:
            return Message.of("coach.contrast_outs", ("R-PAIR14", "R-WAIT"), move=good.card,
                              other=bad.card, outs=outs, other_outs=other_outs)
    if good.red - bad.red >= RED_GAP and bad.red < threshold:  # ready all the same: the short
        # red rules out the winning cards that do not bring the rest
        return Message.of("coach.contrast_red_ready" if bad.ready else "coach.contrast_red",
                          ("R-RED", "R-WIN"), other=bad.card,
                          taken=bad.card.red, red=bad.red, threshold=threshold,
                          move=good.card, kept=good.red)
    if bad.chance - good.chance >= RISK_GAP:
        return _risk_reason(good, bad)
    return None


def _lets_dead_go(view: PlayerView, good: DiscardFacts, bad: DiscardFacts) -> bool:
    """``good`` lets go a card nothing unseen can use any more, which ``bad`` keeps, and keeps
    fewer such cards (:func:`~trainer.analysis.unseen_waits.dead_ranks`): on the pools' best
    discards, the option that does so was worth more in 78 pairs of 79, by 5.2 points on
    average."""
    kept_bad = dead_ranks(view, bad.kept)
    return good.card.rank in kept_bad and len(dead_ranks(view, good.kept)) < len(kept_bad)


def _risk_reason(good: DiscardFacts, bad: DiscardFacts) -> Message:
    return Message.of("coach.contrast_risk", ("R-SAFE",), other=bad.card,
                      percent=Percent(bad.chance), move=good.card, risk=_risk(good))


def _loose(facts: DiscardFacts) -> bool:
    """The kept cards still have one without a 14-partner (what pairing outs are counted for;
    a hand short only of red has none)."""
    return unpaired(rank_counts(facts.kept)) > 0


def _wider(left: int, other_left: int) -> bool:
    """One ready discard leaves clearly more unseen winning cards than the other (R-WAIT)."""
    return left > other_left and left >= WAIT_RATIO * other_left


def _risk(facts: DiscardFacts) -> Message:
    return risk_words(facts.chance, proven=facts.proven, short=True)

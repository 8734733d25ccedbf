"""Why one discard beats another, in one sentence (a review calling the learner's "proven safe"
8♥ a mistake must say that it held 8 of their 17 red)."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.bots import HeuristicBot
from trainer.coach.contrast import DANGER_GAP, RED_GAP, RISK_GAP, contrast
from trainer.engine import Position, waits
from trainer.engine.cards import Card, deck, rank_name
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.messages import Message
from trainer.engine.rules import RuleSet
from trainer.i18n import card_words, render
from trainer.play.coach_review import PricedHand, decisions_of, price_hand


def discard_views(seeds: range, every: int = 3) -> list[PlayerView]:
    """Every ``every``-th discard decision with a choice, of any seat, in hands dealt from
    ``seeds`` and played by the heuristic: early and late in the hand, when the table has
    shown much."""
    found = []
    count = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = HandState.deal(rng.getrandbits(32), RuleSet())
        bot = HeuristicBot()
        while not state.over:
            view = view_of(state, state.to_act)
            if view.phase is Phase.DISCARD and \
                    sum(a.kind is ActionKind.DISCARD for a in view.legal) > 1:
                count += 1
                if count % every == 0:
                    found.append(view)
            state.apply(bot.choose(view, rng))
    return found


def _live_ready(view: PlayerView, card: Card | None) -> bool:
    """Ready after letting ``card`` go (none: the hand as it is), on a winning card the viewer
    has not seen every copy of (counted here from the deck and the visible cards, not by the
    coach's own reader). A card on offer the viewer may still claim counts as unseen."""
    return _winning_unseen(view, card) > 0


def _unseen(view: PlayerView) -> Counter[Card]:
    unseen = Counter(deck(view.rules.jokers))
    unseen.subtract(view.visible_cards())
    if view.offer is not None and view.offer.seat != view.seat:
        unseen[view.offer.card] += 1
    return unseen


def _winning_unseen(view: PlayerView, card: Card | None) -> int:
    """How many unseen cards would win the hand after letting ``card`` go; −1 when it is not
    ready at all."""
    rest = list(view.hand)
    if card is not None:
        rest.remove(card)
    result = waits(Position(tuple(rest), view.melds[view.seat], rules=view.rules))
    if not result.ready:
        return -1
    unseen = _unseen(view)
    return sum(unseen[won] for won in set(result.wins_on))


def _chi_ready(view: PlayerView, chi: Action) -> bool:
    """Some discard after ``chi`` leaves the hand ready on a card the viewer has not seen all
    of (recounted from the engine's waits, the chi's pair laid down)."""
    assert view.offer is not None
    rest = _without(view.hand, chi.cards[0])
    melds = (*view.melds[view.seat], Meld(MeldKind.CHI, (view.offer.card, chi.cards[0])))
    unseen = _unseen(view)
    unseen[view.offer.card] -= 1  # laid face up now
    for card in set(rest):
        result = waits(Position(tuple(_without(rest, card)), melds, rules=view.rules))
        if result.ready and any(unseen[won] > 0 for won in result.wins_on):
            return True
    return False


def _pairing_unseen(view: PlayerView, card: Card) -> int:
    """How many unseen ranked cards would be a 14-partner of a card kept without one, after
    letting ``card`` go; −1 when every kept card has its partner (R-PAIR14)."""
    kept = Counter(c.rank for c in _without(view.hand, card) if c.rank is not None)
    loose = [rank for rank in range(1, 14) if kept[rank] > (
        kept[rank] // 2 * 2 if rank == 7 else kept[14 - rank])]
    if not loose:
        return -1
    seen = Counter(c.rank for c in view.visible_cards())
    return sum(4 - seen[14 - rank] for rank in loose)


def _dead(view: PlayerView, kept_cards: list[Card]) -> set[int]:
    """The ranks of kept cards without a 14-partner that no unseen card can pair, nor pong
    where two alike are kept (counted here from the deck and the visible cards)."""
    kept = Counter(c.rank for c in kept_cards if c.rank is not None)
    unseen = Counter[int]()
    for card, copies in _unseen(view).items():
        unseen[card.rank or 0] += max(copies, 0)
    loose = [rank for rank in range(1, 14) if kept[rank] > (
        kept[rank] // 2 * 2 if rank == 7 else kept[14 - rank])]
    return {rank for rank in loose
            if not unseen[14 - rank] and (kept[rank] < 2 or not unseen[rank])}


def _breaks_pair(hand: tuple[Card, ...], card: Card) -> bool:
    """Letting ``card`` go leaves one of its 14-partners without its pair (R-PAIR14)."""
    if card.rank is None:
        return False
    same = sum(c.rank == card.rank for c in hand)
    if card.rank == 7:
        return same % 2 == 0
    return same <= sum(c.rank == 14 - card.rank for c in hand)


def _red(cards: list[Card]) -> int:
    return sum(c.red for c in cards)


@pytest.mark.rule("R-WAIT", "R-PAIR14", "R-RED", "R-SAFE")
def test_each_reason_is_a_fact_of_the_two_discards_and_the_first_that_tells_them_apart() -> None:
    seen: Counter[str] = Counter()
    for view in discard_views(range(12)):
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        laid_red = sum(m.red for m in view.melds[view.seat])
        threshold = view.rules.red_threshold
        chances = deal_in_chances(table_from_view(view, first_discard=not view.dealer_discarded),
                                  [a.cards[0] for a in discards])
        for better, worse in itertools.permutations(discards, 2):
            said = contrast(view, better, worse)
            if said is None:
                continue
            reason = said.param("reason")
            assert isinstance(reason, Message)
            good, bad = better.cards[0], worse.cards[0]
            seen[reason.key] += 1
            ready = _live_ready(view, good) and not _live_ready(view, bad)
            left, other_left = _winning_unseen(view, good), _winning_unseen(view, bad)
            assert ready is reason.key.startswith("coach.contrast_ready")
            if ready:  # a wait on cards all in sight (0 unseen) is said as such
                assert (reason.key == "coach.contrast_ready_gone") is (other_left == 0)
                continue
            laid = [c for meld in view.melds[view.seat] for c in meld.cards]
            colour = next((key for key, red in (("coach.contrast_all_black", False),
                                                 ("coach.contrast_all_red", True))
                           if all(c.is_red is red for c in _without(view.hand, good) + laid
                                  if c.rank is not None)
                           and not all(c.is_red is red for c in _without(view.hand, bad) + laid
                                       if c.rank is not None)), None)
            assert (reason.key == colour) if colour else not reason.key.startswith(
                "coach.contrast_all_")
            if colour:
                continue
            danger = left > 0 and other_left > 0 and \
                chances[bad].value - chances[good].value >= DANGER_GAP
            seen["danger"] += danger  # two ready hands: a far likelier 点炮 before the waits
            if danger:
                assert reason.key == "coach.contrast_risk"
                continue
            wider = other_left > 0 and left > other_left and 2 * left >= 3 * other_left
            assert wider is (reason.key == "coach.contrast_wait")
            if wider:
                assert (reason.param("left"), reason.param("other_left")) == (left, other_left)
                continue
            dead_good = _dead(view, _without(view.hand, good))
            dead_bad = _dead(view, _without(view.hand, bad))
            dead = good.rank in dead_bad and len(dead_good) < len(dead_bad)
            assert dead is (reason.key == "coach.contrast_dead")
            if dead:  # a card nothing unseen can pair or pong goes before a pair is weighed
                assert reason.param("partner") == rank_name(14 - (good.rank or 0))
                continue
            pair = _breaks_pair(view.hand, bad) and not _breaks_pair(view.hand, good)
            assert pair is (reason.key == "coach.contrast_pair")
            if pair:
                continue
            outs, other_outs = _pairing_unseen(view, good), _pairing_unseen(view, bad)
            more = left < 0 and other_left < 0 and other_outs >= 0 and outs - other_outs >= 3
            assert more is (reason.key == "coach.contrast_outs")
            if more:
                assert (reason.param("outs"), reason.param("other_outs")) == (outs, other_outs)
                continue
            red_good = _red(_without(view.hand, good)) + laid_red
            red_bad = _red(_without(view.hand, bad)) + laid_red
            red = red_good - red_bad >= RED_GAP and red_bad < threshold
            assert red is (reason.key in ("coach.contrast_red", "coach.contrast_red_ready"))
            if red:  # ready all the same: said as the winning cards the short red rules out
                assert (reason.key == "coach.contrast_red_ready") is (other_left > 0)
                assert dict(reason.params)["taken"] == bad.red
                assert (dict(reason.params)["red"], dict(reason.params)["kept"]) == \
                    (red_bad, red_good)
                continue
            assert reason.key == "coach.contrast_risk"
        for action in discards:
            assert contrast(view, action, action) is None
    assert {"coach.contrast_pair", "coach.contrast_red", "coach.contrast_risk",
            "coach.contrast_wait", "coach.contrast_outs", "coach.contrast_dead",
            "danger"} <= set(seen)


def _without(hand: tuple[Card, ...], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def test_no_reason_is_said_both_ways_and_a_safer_card_is_named_first() -> None:
    """The sentence is a comparison: a reason for A over B is never the same question's reason
    for B over A; when the worse card was the safer one (proven, or less likely to deal in by
    the gap), the sentence names it and its risk before the reason, in both languages."""
    both = safer = 0
    for view in discard_views(range(8)):
        table = table_from_view(view, first_discard=not view.dealer_discarded)
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        chances = deal_in_chances(table, [a.cards[0] for a in discards])
        for a, b in itertools.permutations(discards, 2):
            said, back = contrast(view, a, b), contrast(view, b, a)
            if said is None:
                continue
            if back is not None:
                first, second = said.param("reason"), back.param("reason")
                assert isinstance(first, Message) and isinstance(second, Message)
                assert first.key != second.key
                both += 1
            good, bad = chances[a.cards[0]], chances[b.cards[0]]
            is_safer = (bad.safe and not good.safe) or good.value - bad.value >= RISK_GAP
            assert (said.key == "coach.contrast_safer") is is_safer
            if is_safer:
                safer += 1
                assert said.param("other") == b.cards[0] and said.param("move") == a.cards[0]
                for lang in ("en", "zh"):  # each card beside its own risk (never "proven
                    text = render(said, lang, cite=False)  # safe against about 2%")
                    for card, risk in ((b.cards[0], said.param("other_risk")),
                                       (a.cards[0], said.param("risk"))):
                        assert isinstance(risk, Message)
                        said_risk = render(risk, lang, cite=False)  # (its first letter raised)
                        assert card_words(card, lang) + " " + \
                            said_risk[:1].lower() + said_risk[1:] in text
    assert both > 0 and safer > 0


def test_claims_and_a_move_against_itself_have_no_contrast() -> None:
    view = discard_views(range(1))[0]
    discard = next(a for a in view.legal if a.kind is ActionKind.DISCARD)
    other = Action(ActionKind.PASS, view.seat)
    assert contrast(view, discard, other) is None
    assert contrast(view, discard, discard) is None


def test_the_review_keeps_each_reason_with_its_decision() -> None:
    """The review says why beside each mistake: the sentence is made with the review and stored
    with it (a reload reads it back); a review stored before it simply has none."""
    said = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = HandState.deal(rng.getrandbits(32), RuleSet())
        bot = HeuristicBot()
        while not state.over:
            state.apply(bot.choose(view_of(state, state.to_act), rng))
        replay = Replay.of(state)
        priced = price_hand(replay, 0, deals=4)
        for decision, (step, action, view) in zip(priced.decisions, decisions_of(replay, 0),
                                                  strict=True):
            assert decision.step == step
            assert decision.contrast == contrast(view, decision.decision.best.action, action)
            said += decision.contrast is not None
        again = PricedHand.loads(priced.dumps())
        assert again.dumps() == priced.dumps()
        assert [d.contrast for d in again.decisions] == [d.contrast for d in priced.decisions]
        older = json.loads(priced.dumps())
        for raw in older["decisions"]:
            raw.pop("contrast", None)
        assert all(d.contrast is None for d in PricedHand.loads(json.dumps(older)).decisions)
    assert said > 0


@pytest.mark.rule("R-CHI", "R-PONG", "R-WAIT", "R-SAFE", "R-PAIR14")
def test_a_chi_and_a_pass_are_told_apart_by_the_hand_they_leave() -> None:
    """The review's chi and pass mistakes get a one-sentence reason, not only the key point (chi
    → ready; pass → not) in the bullets. Of the coach's stored claim moments, a reason is said
    when one answer leaves the hand ready on an unseen card and the other does not (checked here
    with the engine's waits), or when the chi owes a discard likely to deal in; a pong and a
    pass by the 14-pairs the two alike leave (counted here again), never by readiness: a pong's
    drawn card is hidden."""
    from trainer.coach.fold import owed_discard
    from trainer.engine.combine import rank_counts, unpaired
    from trainer.lessons.kinds.best_move import pool

    said: Counter[str] = Counter()
    for move in pool(4, "best_claim"):
        view = move.view
        for better, worse in itertools.permutations([o.action for o in move.decision.options], 2):
            found = contrast(view, better, worse)
            if found is None:
                continue
            reason = found.param("reason")
            assert isinstance(reason, Message)
            said[reason.key] += 1
            if reason.key.startswith("coach.contrast_pong_"):
                assert view.offer is not None and view.offer.card.rank is not None
                counts = rank_counts(view.hand)
                after = list(counts)
                after[view.offer.card.rank] -= 2
                change = unpaired(after) - unpaired(counts)
                pong_first = better.kind is ActionKind.PONG and worse.kind is ActionKind.PASS
                assert {"coach.contrast_pong_loose": pong_first and change == -2,
                        "coach.contrast_pong_free": pong_first and change == 0,
                        "coach.contrast_pong_breaks": better.kind is ActionKind.PASS
                        and worse.kind is ActionKind.PONG and change > 0}[reason.key]
                continue
            assert ActionKind.PONG not in (better.kind, worse.kind)
            if reason.key == "coach.contrast_claim_ready":
                for action, ready in ((better, True), (worse, False)):
                    if action.kind is ActionKind.PASS:
                        assert _live_ready(view, None) is ready
                    elif (owed := owed_discard(view, action)) is not None:
                        assert _live_ready(owed.after, owed.card) is ready
                    else:  # the owed discard unread: ready if some discard after the chi is
                        assert _chi_ready(view, action) is ready
            elif reason.key == "coach.contrast_claim_red_least":  # the chi's discard unread
                assert better.kind is ActionKind.CHI and worse.kind is ActionKind.PASS
                assert owed_discard(view, better) is None and view.offer is not None
                rest = _without(view.hand, better.cards[0])
                laid = _red(list(view.hand)) + sum(m.red for m in view.melds[view.seat])
                least = laid + view.offer.card.red - max(c.red for c in rest)
                assert (reason.param("kept"), reason.param("red")) == (least, laid)
                assert least - laid >= RED_GAP and laid < view.rules.red_threshold
            elif reason.key in ("coach.contrast_claim_red", "coach.contrast_claim_red_ready"):
                red = {}  # recounted: the chi takes the offered card and lets its owed one go
                ready = {}
                for action in (better, worse):
                    red[action] = _red(list(view.hand)) + \
                        sum(m.red for m in view.melds[view.seat])
                    ready[action] = _live_ready(view, None)
                    if action.kind is ActionKind.CHI:
                        owed = owed_discard(view, action)
                        assert owed is not None and view.offer is not None
                        red[action] += view.offer.card.red - owed.card.red
                        ready[action] = _live_ready(owed.after, owed.card)
                threshold = view.rules.red_threshold
                assert red[better] - red[worse] >= RED_GAP and red[worse] < threshold
                assert (reason.param("kept"), reason.param("red")) == (red[better], red[worse])
                assert (reason.key == "coach.contrast_claim_red_ready") is ready[worse]
                said["coach.contrast_claim_red"] += 1
            elif reason.key == "coach.contrast_claim_wait":  # both ready, one wider
                left = {}
                for action in (better, worse):
                    if action.kind is ActionKind.PASS:
                        left[action] = _winning_unseen(view, None)
                    else:
                        owed = owed_discard(view, action)
                        assert owed is not None
                        left[action] = _winning_unseen(owed.after, owed.card)
                assert (reason.param("left"), reason.param("other_left")) == \
                    (left[better], left[worse]) and left[better] > left[worse]
                said[reason.key] += 1
            else:  # the chi's readiness said where it would bring it, and the pass's not
                owed = owed_discard(view, worse)
                assert owed is not None and better.kind is ActionKind.PASS and \
                    worse.kind is ActionKind.CHI
                ready = _live_ready(owed.after, owed.card) and not _live_ready(view, None)
                assert reason.key == ("coach.contrast_claim_owed_ready" if ready
                                      else "coach.contrast_claim_owed")
        if sum(said.values()) >= 80 and said["coach.contrast_claim_wait"] > 0:
            break
    assert said["coach.contrast_claim_ready"] > 0 and said["coach.contrast_pong_loose"] > 0
    assert said["coach.contrast_claim_red"] > 0 and said["coach.contrast_claim_wait"] > 0


@pytest.mark.rule("R-SPECIAL")
def test_the_all_black_plan_is_said_only_when_the_discard_opens_it() -> None:
    """Lesson 10's plan (开局定打法): letting the last red card go keeps 全黑 open. The reason
    is said only when every ranked card kept and laid down is then black, and the other
    discard keeps a red one — checked here card by card."""
    from trainer.lessons.kinds.best_move import pool

    said = 0
    for move in pool(4, "best_discard"):
        view = move.view
        best, second = (o.action for o in move.decision.options[:2])
        found = contrast(view, best, second)
        reason = None if found is None else found.param("reason")
        if not isinstance(reason, Message) or reason.key != "coach.contrast_all_black":
            continue
        said += 1
        laid = [c for meld in view.melds[view.seat] for c in meld.cards]
        for action, open_ in ((best, True), (second, False)):
            kept = list(view.hand)
            kept.remove(action.cards[0])
            assert (not any(c.is_red for c in kept + laid)) is open_
    assert said > 0

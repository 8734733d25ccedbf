"""The coach's options in the game's own words (R-WAIT, R-RED, R-SAFE): a move said plainly, and
what an option leaves — the waits and copies still unseen, the red reached, the chance the discard
deals in. Said the same way in Play's hint, the review after a hand and the 留哪张 lesson."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, auto

from trainer.analysis.unseen_waits import UnseenWaits, pairing_outs, unseen_copies, waits_after
from trainer.coach.discard_facts import DiscardFacts, discard_facts
from trainer.coach.fold import owed_discard
from trainer.coach.search import Z95, Decision, OptionValue
from trainer.engine.cards import Card, partner_rank, rank_name, red_total
from trainer.engine.combine import lacks_partner, rank_counts, unpaired
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView
from trainer.engine.messages import Amount, Message, Points
from trainer.engine.win_rule import Special, colour_flags, single_colour


def move_words(action: Action) -> Message:
    """An option in words: discard a card, lay cards down, add a card to the pong."""
    if action.kind is ActionKind.DISCARD:
        return Message.of("coach.move_discard", card=action.cards[0])
    if action.kind is ActionKind.KONG_DRAWN:
        return Message.of("coach.move_kong_drawn", card=action.cards[0])
    if action.kind is ActionKind.TIANZOU:
        return Message.of("coach.move_tianzou")
    if action.kind in CLAIM_WORDS:
        return Message.of(CLAIM_WORDS[action.kind], cards=action.cards)
    return Message.of("coach.move_lay", cards=action.cards)


CLAIM_WORDS = {ActionKind.PASS: "coach.move_pass", ActionKind.PONG: "coach.move_pong",
               ActionKind.KONG: "coach.move_kong", ActionKind.CHI: "coach.move_chi",
               ActionKind.WIN: "coach.move_win"}
"""The words of each answer to an offered card (R-CHI, R-PONG, R-KONG, R-WIN)."""


def why(view: PlayerView, action: Action, then: Card | None = None, *,
        then_asked: bool = False) -> Message:
    """One option in the game's terms: for a discard, whether it breaks a 14-pair; after it, the
    waits and copies left (or not ready), the red reached, and — for a discard — the chance it
    deals in (R-PAIR14, R-WAIT, R-RED, R-SAFE). ``then``: a chi's discard as the search valued
    it (:attr:`~trainer.coach.search.OptionValue.then`); ``then_asked``: the next question asks
    that discard, so a chi's words do not name it (they would give its answer away)."""
    if action.kind is ActionKind.CHI and then_asked:
        return Message.of("coach.why_chi_next", ("R-CHI",), move=move_words(action))
    if action.kind in CLAIM_WORDS and view.offer is not None:
        return _why_claim(view, action, view.offer.card, then)
    if action.kind is not ActionKind.DISCARD:
        return Message.of("coach.why_lay", ("R-TOU-LATER", "R-FAN"), move=move_words(action))
    return why_discard(view, discard_facts(view, [action])[0])


def why_discard(view: PlayerView, facts: DiscardFacts) -> Message:
    """A discard in the game's terms, from its facts: the pair it breaks or the loose card it
    throws, the waits then, the red kept, the chance it deals in."""
    ready = _ready_from(view, facts.kept, facts.waiting, outs=True)
    return Message.of("coach.why_discard", ("R-PAIR14", "R-WAIT", "R-RED", "R-SAFE"),
                      move=move_words(facts.action),
                      pairs=Message.of("coach.pair_broken" if facts.breaks_pair
                                       else "coach.pair_loose"),
                      ready=ready, red=red_words(view, list(facts.kept), ready=ready.key == READY),
                      risk=risk_words(facts.chance, proven=facts.proven))


def risk_words(chance: float, *, proven: bool = False, short: bool = False) -> Message:
    """A discard's chance of dealing in, said: proven safe, about n%, or under 1% (R-SAFE);
    ``short``, as a figure set beside another's ("about 5% against under 1%")."""
    key = "coach.short_risk" if short else "coach.risk"
    if proven:
        return Message.of(f"{key}_safe")
    if chance * 100 < 1:  # as Play's badge says it ("<1%"): 0.6% is not "about 1%"
        return Message.of(f"{key}_tiny")
    return Message.of(key, percent=Amount(chance * 100))


READY = "coach.waits"
"""The key of :func:`ready_words` for a hand ready on unseen cards."""


def ready_words(view: PlayerView, hand: tuple[Card, ...], *, outs: bool,
                passed: bool = False) -> Message:
    """Where ``hand`` stands after an option (R-WAIT): ready on the unseen cards that would win
    it, with the copies left; ready on cards all in sight; or not ready — with ``outs``, how
    many unseen cards would pair one of its loose cards. ``passed``: the option lets the card
    on offer go, so it is no longer to be had."""
    return _ready_from(view, hand, waits_after(view, hand, passed=passed), outs=outs,
                       passed=passed)


def _ready_from(view: PlayerView, hand: tuple[Card, ...], waiting: UnseenWaits, *,
                outs: bool, passed: bool = False) -> Message:
    if waiting.ready:
        return Message.of(READY, cards=waiting.cards, left=waiting.copies_left) \
            if waiting.cards else Message.of("coach.waits_gone")
    if not outs:
        return Message.of("coach.not_ready")
    short = _red_short_by_one(view, hand, passed=passed)
    if short is not None:
        return short
    return Message.of("coach.not_ready_outs", outs=pairing_outs(view, hand))


def _red_short_by_one(view: PlayerView, hand: tuple[Card, ...], *, passed: bool
                      ) -> Message | None:
    """A hand one card from combined that is still not ready: every card that would combine it
    leaves the red short (R-WIN 2) — said with the most red it could reach, with the reddest
    partner still unseen (a red partner in sight cannot come, R-PUBLIC) — rather than counting
    the cards that would pair its loose one. None when no partner is unseen (the count, 0,
    then says it) or the red is not what falls short."""
    counts = rank_counts(hand)
    if counts[0] or unpaired(counts) != 1:
        return None
    loose = next(rank for rank in range(1, 14) if lacks_partner(counts, rank))
    partner = partner_rank(loose)
    coming = [card.red for card in unseen_copies(view, passed=passed) if card.rank == partner]
    if not coming:
        return None
    reach = red_total(hand, view.melds[view.seat]) + max(coming)
    if reach >= view.rules.red_threshold:
        return None  # not ready for another reason (every partner in sight is said as ready)
    return Message.of("coach.not_ready_red", ("R-WIN", "R-RED"), partner=rank_name(partner),
                      loose=rank_name(loose),
                      reach=reach, threshold=view.rules.red_threshold)


def open_colour(view: PlayerView, kept: Iterable[Card]) -> Special | None:
    """全黑 or 全红 when every ranked card ``kept`` and laid down by the viewer is of that one
    colour — the special still open, a win with no red total (R-SPECIAL); None otherwise."""
    laid = [card for meld in view.melds[view.seat] for card in meld.cards]
    return single_colour(*colour_flags([*kept, *laid]))


def red_words(view: PlayerView, kept: list[Card], *, ready: bool = False) -> Message:
    """The red the kept cards and the viewer's sets carry against the threshold — or, when they
    are all of one colour, the special that needs no red total (R-RED, R-SPECIAL). For a
    ``ready`` hand, red short of the threshold is said to come with the winning
    card (a wait counts only the cards that bring it, R-WIN)."""
    melds = view.melds[view.seat]
    special = open_colour(view, kept)
    if special is Special.ALL_BLACK:
        return Message.of("coach.red_all_black", ("R-SPECIAL",))
    if special is Special.ALL_RED:
        return Message.of("coach.red_all_red", ("R-SPECIAL",))
    red = red_total(kept, melds)
    if ready and red < view.rules.red_threshold:  # the waits are the cards that bring the rest
        return Message.of("coach.red_ready", red=red, threshold=view.rules.red_threshold)
    return Message.of("coach.red", red=red, threshold=view.rules.red_threshold)


def _why_claim(view: PlayerView, action: Action, offered: Card, then: Card | None) -> Message:
    """An answer to an offered card in the game's terms: passing keeps the hand (and its waits);
    taking lays a set down and leaves the red it carries (R-CHI, R-PONG, R-RED) — and, where
    the set's own cards made 14-pairs, the partners it leaves loose (R-PAIR14). A chi draws
    nothing, so the discard it owes is read from the table (:func:`~trainer.coach.fold.owed_discard`,
    the expert's own reading): the card, its chance of dealing in, and where the hand then stands
    — a claim is as good as the discard it forces (R-PAY)."""
    hand = list(view.hand)
    if action.kind is ActionKind.PASS:
        return Message.of("coach.why_pass", ("R-WAIT", "R-RED"), move=move_words(action),
                          ready=(ready := ready_words(view, tuple(hand), outs=False,
                                                      passed=True)),
                          red=red_words(view, hand, ready=ready.key == READY))
    if action.kind is ActionKind.WIN:
        return Message.of("coach.why_win", ("R-WIN",), move=move_words(action))
    owed = owed_discard(view, action, then) if action.kind is ActionKind.CHI else None
    if owed is not None:  # a chi draws nothing: the discard it owes is read
        kept = list(owed.after.hand)
        kept.remove(owed.card)
        key = "coach.why_chi_then" if owed.card == then else "coach.why_chi_owed"
        return Message.of(key, ("R-CHI", "R-SAFE", "R-WAIT", "R-RED"),
                          move=move_words(action), card=owed.card, risk=risk_words(owed.chance),
                          ready=(ready := ready_words(owed.after, tuple(kept), outs=True)),
                          red=red_words(owed.after, kept, ready=ready.key == READY))
    if action.kind is ActionKind.CHI:
        used = list(action.cards)
    else:
        count = 3 if action.kind is ActionKind.KONG else 2
        used = [card for card in hand if card.rank == offered.rank][:count]
    before = unpaired(rank_counts(hand))
    for card in used:
        hand.remove(card)
    next_step = "coach.then_discard" if action.kind is ActionKind.CHI else "coach.then_draw"
    rule = {ActionKind.CHI: "R-CHI", ActionKind.KONG: "R-KONG"}.get(action.kind, "R-PONG")
    loose = unpaired(rank_counts(hand)) - before  # partners the set's cards leave alone
    if loose > 0:  # a set that spends paired cards: the cost a pong's red does not show
        return Message.of("coach.why_take_loose", (rule, "R-PAIR14", "R-RED"),
                          move=move_words(action), loose=loose,
                          red=red_words(view, [*hand, offered, *used]), then=Message.of(next_step))
    return Message.of("coach.why_take", (rule, "R-RED"), move=move_words(action),
                      red=red_words(view, [*hand, offered, *used]), then=Message.of(next_step))


def outcome_words(first: OptionValue, second: OptionValue) -> Message | None:
    """What the play-outs behind two options' points show: how often the viewer wins the hand
    after each and for how much, how often they pay and how much (R-PAY, R-FAN) — the points
    are the one times the other, so this says why one option is worth more; ``None`` for values
    stored without them."""
    sides = [_outcome_side(option) for option in (first, second)]
    if sides[0] is None or sides[1] is None:
        return None
    return Message.of(_OUTCOMES_KEYS[bigger_wins(first, second)], ("R-PAY", "R-FAN"),
                      move=move_words(first.action), side=sides[0],
                      other=move_words(second.action), other_side=sides[1])


BIGGER_BY = 1.25
"""How many times the other's win points ``first``'s must be to be said to pay more a win."""


def pays_more(first: OptionValue, second: OptionValue) -> bool:
    """``first`` wins less often than ``second`` in the play-outs, yet each of its wins pays
    at least :data:`BIGGER_BY` times as much (R-PAY, R-FAN); a share under 1% is not compared."""
    if first.wins is None or second.wins is None or first.win_points is None or \
            second.win_points is None or round(first.wins * 100) == 0:
        return False
    return first.wins < second.wins and \
        first.win_points >= BIGGER_BY * max(second.win_points, 0.0)


_LAYS_FAN = (ActionKind.PASS, ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)
"""Answers to an offered card by the fan the set they lay brings (R-FAN): none after a pass or
a chi, then a pong, then a kong."""


def adds_fan(first: Action, second: Action) -> bool:
    """``first`` lays a set worth more fan than ``second`` does: a pong against a pass or a
    chi, a kong against any of them (R-FAN)."""
    return first.kind in _LAYS_FAN and second.kind in _LAYS_FAN and \
        _LAYS_FAN.index(first.kind) > max(_LAYS_FAN.index(second.kind), 1)


class BiggerWins(Enum):
    """Why an option that wins less often than another is worth more: each of its wins pays
    more (:func:`pays_more`), by the fan the set it lays adds (:func:`adds_fan`) or by size."""

    BY_FAN = auto()
    BY_SIZE = auto()


def bigger_wins(first: OptionValue, second: OptionValue) -> BiggerWins | None:
    """How ``first`` wins bigger than ``second`` though less often, or ``None`` when it does
    not (R-PAY, R-FAN): the one place the lessons' working, the review's outcomes and Play's
    hint read it from."""
    if not pays_more(first, second):
        return None
    return BiggerWins.BY_FAN if adds_fan(first.action, second.action) else BiggerWins.BY_SIZE


_OUTCOMES_KEYS = {None: "coach.outcomes", BiggerWins.BY_FAN: "coach.outcomes_bigger_fan",
                  BiggerWins.BY_SIZE: "coach.outcomes_bigger"}
"""The outcomes said plainly, or with why the rarer wins are worth more."""


def _outcome_side(option: OptionValue) -> Message | None:
    """One option's wins and payments; a share that rounds to 0% is said without its size (a
    mean over a handful of deals, or none, says nothing)."""
    if option.wins is None or option.pays is None or option.win_points is None or \
            option.pay_points is None:
        return None
    win = _rare("wins", option.wins) or Message.of(
        "coach.side_wins", wins=Amount(option.wins * 100), win_points=Points(option.win_points))
    pay = _rare("pays", option.pays) or Message.of(
        "coach.side_pays", pays=Amount(option.pays * 100), pay_points=Points(option.pay_points))
    return Message.of("coach.side", win=win, pay=pay)


def _rare(name: str, share: float) -> Message | None:
    """``name`` (wins, pays) never seen, or under 1%: said without a size."""
    if share == 0:
        return Message.of(f"coach.side_no_{name}")
    if round(share * 100) == 0:
        return Message.of(f"coach.side_rare_{name}")
    return None


def values_words(decision: Decision) -> tuple[Message, ...]:
    """What the coach's play-outs say of a stored decision (a lesson's moment): the best option
    and the next in points, with a 95% interval, and how often each wins and pays."""
    best, second = decision.options[0], decision.options[1]
    values = Message.of("coach.lesson_values", ("R-PAY", "R-SCORE"), deals=decision.deals,
                        best=move_words(best.action), points=Points(best.mean),
                        error=Points(Z95 * best.error, signed=False),
                        other=move_words(second.action), other_points=Points(second.mean))
    outcomes = outcome_words(best, second)
    return (values,) if outcomes is None else (values, outcomes)


def tried_words(decision: Decision, action: Action) -> Message | None:
    """A move the learner tried first and missed, valued beside the coach's best (R-PAY): what
    it scores a hand and how far below the best — the figure its hint gave, said again beside
    the right answer. None for the best itself or a move the decision did not weigh."""
    best = decision.options[0]
    value = decision.value_of(action)
    if value is None or action == best.action:
        return None
    return Message.of("coach.first_try", ("R-PAY",), given=move_words(action),
                      points=Points(value.mean), gap=decision.shown_loss(action),
                      best=move_words(best.action), best_points=Points(best.mean))

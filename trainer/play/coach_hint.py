"""The coach's word in Play (issue 29): with hints on, at each of the learner's own decisions (a
discard, a lay-down, an answer to an offered card), the option the coach would play and what it
is worth in points beside another — from a quick look (:data:`trainer.coach.search.BUDGETS`
``hint`` deals per option, fewer than the review's, and said so). The coach plays as the expert
bot does (:func:`trainer.coach.expert.advised`): the plain, sound move unless the search beats it
clearly, and of discards too close to tell apart the one less likely to deal in — so a quick
look's noise never has it break a 14-pair the lessons told the learner to keep. One look per
decision, kept in a small cache."""

from __future__ import annotations

from functools import lru_cache

from trainer.coach.contrast import contrast
from trainer.coach.expert import Advice, Advised, advised, sound_move
from trainer.coach.explain import CLAIM_WORDS, BiggerWins, bigger_wins, move_words, outcome_words
from trainer.coach.fold import Owed
from trainer.coach.search import BUDGETS, Z95, Decision, OptionValue, evaluate, follow_ups, weighable
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.moves import same_move
from trainer.engine.game.view import PlayerView
from trainer.engine.messages import Message, Percent, Points, points_gap


@lru_cache(maxsize=64)
def coach_decision(view: PlayerView, deals: int = BUDGETS["hint"]) -> Decision | None:
    """The coach's values of the options at ``view``, when it is the viewer's own decision with
    options to weigh."""
    if not weighable(view):
        return None
    return evaluate(view, deals)


@lru_cache(maxsize=64)
def coach_advice(view: PlayerView) -> tuple[Decision, Advised] | None:
    """The quick look's values, and the move the coach would play and why."""
    decision = coach_decision(view)
    if decision is None or len(decision.options) < 2:
        return None
    return decision, advised(view, decision, sound_move(view))


def coach_message(view: PlayerView) -> Message | None:
    """"The coach would play …", with its mean points and error, beside the search's best when
    the coach keeps to another move, else beside the next best option."""
    found = coach_advice(view)
    if found is None:
        return None
    decision, (move, why, let_go) = found
    if let_go is not None:
        return _fold_message(decision, move, *let_go)
    played, other = _compared(decision, move, let_go)
    below = played if played.loss > 0 else other  # the gap is the lower one's loss
    # the gap between the figures as shown (−2.9 and −2.8: 0.1, not 0.15)
    gap = points_gap(played.mean, other.mean)
    said = "" if why is Advice.BEST else "_" + why.value
    if why is Advice.BEST and gap.value == 0:  # "next best −3.1" beside −3.1 read as a contradiction
        said = "_tie"
    elif why is Advice.SOUND and move.kind in CLAIM_WORDS:  # the claims' way, not the discards'
        said = "_sound_claim"
    return Message.of(f"coach.would_play{said}",
                      ("R-PAY", "R-SCORE", *(("R-SAFE",) if why is Advice.SAFER else ())),
                      deals=decision.deals, move=move_words(move), points=Points(played.mean),
                      error=Points(Z95 * played.error, signed=False),
                      other=move_words(other.action), other_points=Points(other.mean),
                      gap=gap,
                      gap_error=Points(Z95 * below.loss_error, signed=False))


def coach_outcomes(view: PlayerView) -> Message | None:
    """How often the learner wins and pays after the coach's move and after the option
    :func:`coach_message` sets beside it, in the same play-outs: the reason behind the points."""
    found = coach_advice(view)
    if found is None:
        return None
    decision, (move, _, let_go) = found
    return outcome_words(*_compared(decision, move, let_go))


def coach_move(view: PlayerView) -> Message:
    """The coach's move in a few words ("Coach: discard Q♣"), said before its figures (only
    where :func:`coach_message` has one)."""
    found = coach_advice(view)
    assert found is not None
    return Message.of("coach.advice", ("R-PAY",), move=move_words(found[1].move))


@lru_cache(maxsize=64)
def coach_contrast(view: PlayerView) -> Message | None:
    """Why the coach plays its move, in one sentence, beside the option :func:`coach_message`
    sets against it: the lessons' question that tells the two apart
    (:func:`~trainer.coach.contrast.contrast`, as the review says it); else what the coach went
    by — for the search's best, what the play-outs show (fewer but bigger wins by the set's fan,
    R-FAN, or only playing on); for a move the search could not tell from the best, the
    lessons' way or the safer card; for a claim let go by, the discard it would owe: no move
    named without its why. Kept per view, as the quick look is: the page draws the hint again
    on each run."""
    found = coach_advice(view)
    if found is None:
        return None
    decision, (move, why, let_go) = found
    played, other = _compared(decision, move, let_go)
    said = contrast(view, played.action, other.action, follow_ups(decision))
    if said is not None:
        return said
    words = {"move": move_words(played.action), "other": move_words(other.action)}
    if let_go is not None:
        owed = let_go[1]
        return Message.of("play_hint.why_fold", ("R-CHI", "R-SAFE"), card=owed.card,
                          percent=Percent(owed.chance), **words)
    if why is Advice.SAFER:
        return Message.of("play_hint.why_safer", ("R-SAFE",), **words)
    if why is Advice.SOUND and _redder_chi(played.action, other.action):
        return Message.of("play_hint.why_sound_chi_red", ("R-CHI", "R-RED"), **words)
    if why is Advice.SOUND:
        return Message.of("play_hint.why_sound_claim" if move.kind in CLAIM_WORDS
                          else "play_hint.why_sound", ("R-PAIR14", "R-WAIT"), **words)
    return Message.of(_WHY_KEYS[bigger_wins(played, other)], ("R-PAY",), **words)


def _redder_chi(move: Action, other: Action) -> bool:
    """Two chis with cards of one rank, ``move``'s the redder: the lessons' way picks it when
    the play-outs cannot tell them apart (both pair nothing else, which alone does not say
    which)."""
    return move.kind is other.kind is ActionKind.CHI and len(move.cards) == len(other.cards) == 1 \
        and move.cards[0].rank == other.cards[0].rank and move.cards[0].red > other.cards[0].red


_WHY_KEYS = {None: "play_hint.why_playouts", BiggerWins.BY_FAN: "play_hint.why_fan",
             BiggerWins.BY_SIZE: "play_hint.why_bigger"}
"""The search's best said by what its play-outs show: fewer but bigger wins, or only that."""


def _compared(decision: Decision, move: Action,
              let_go: tuple[Action, Owed] | None) -> tuple[OptionValue, OptionValue]:
    """The coach's move and the option said beside it: the claim it let go by, else the first
    other move."""
    played = decision.value_of(move)
    assert played is not None  # the coach plays an option the search weighed
    if let_go is not None:
        taken = decision.value_of(let_go[0])
        assert taken is not None
        return played, taken
    return played, next(o for o in decision.options if not same_move(o.action, played.action))


def _fold_message(decision: Decision, move: Action, claim: Action, owed: Owed) -> Message:
    """Why the coach lets the card go by: the claim it let go by with its values, and the
    discard that claim would owe with its chance of dealing in (:mod:`trainer.coach.fold`)."""
    played, taken = _compared(decision, move, (claim, owed))
    return Message.of("coach.would_play_fold", ("R-PAY", "R-READ"), deals=decision.deals,
                      move=move_words(move), points=Points(played.mean),
                      error=Points(Z95 * played.error, signed=False), other=move_words(claim),
                      other_points=Points(taken.mean), card=owed.card,
                      percent=Percent(owed.chance))

"""The 留哪张 moments (issue 29's best moves, the which-discard lesson): each a real hand stopped
at a discard where the coach's best beats the next by a point with non-overlapping intervals;
the stored values are the search's, recomputed from what is stored; the lesson grades the best
discard (any card of its rank and colour), and a miss is told what the card chosen gives up,
never which card is best."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from trainer.coach.best_moves import GAP, BestMove, check, clear_best
from trainer.coach.search import Z95, Decision, OptionValue
from trainer.engine import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.messages import Message
from trainer.i18n import card_words, render
from trainer.lessons.answers import MoveAnswer
from trainer.lessons.kinds.best_move import best_discard, pool
from trainer.lessons.task import StepData


@pytest.mark.parametrize("players", [4, 3])
def test_the_pool_is_a_pool_of_clear_best_discards(players: int) -> None:
    moments = pool(players)
    assert len(moments) >= 40
    assert all(m.replay.rules.players == players for m in moments)
    hands = {(m.replay.seed, m.replay.dealer) for m in moments}
    assert len(hands) == len(moments)  # one moment per hand: the pool spans many hands
    for move in moments:
        state = move.replay.state_at()
        assert state.to_act == move.seat and not state.over
        best, second = move.decision.options[:2]
        assert best.mean - second.mean >= GAP
        assert best.mean - Z95 * best.error > second.mean + Z95 * second.error
        assert {o.action for o in move.decision.options} <= set(state.legal_actions())


@pytest.mark.parametrize(("players", "number"), [(4, 0), (4, 17), (3, 11)])
def test_stored_values_are_the_searchs_from_the_stored_seed(players: int, number: int) -> None:
    assert check(pool(players)[number]) == []


def test_a_moment_whose_best_is_not_clear_is_refused() -> None:
    move = pool()[0]
    best, second = move.decision.options[:2]
    close = OptionValue(second.action, best.mean - GAP / 2, second.error)
    assert not clear_best(Decision((best, close, *move.decision.options[2:]), 192))
    data = move.to_json()
    data["options"][1]["mean"] = best.mean - GAP / 2
    with pytest.raises(Dou14Error, match="clearly"):
        BestMove.from_json(data)
    data = move.to_json()
    data["seat"] = (move.seat + 1) % move.replay.rules.players
    with pytest.raises(Dou14Error, match="discard"):
        BestMove.from_json(data)


@pytest.mark.rule("R-PAY", "R-WAIT", "R-RED", "R-SAFE")
@pytest.mark.parametrize("number", range(0, 40, 3))
def test_the_lesson_grades_the_best_discard_and_hints_without_it(number: int) -> None:
    move = pool()[number]
    task = best_discard(StepData({"moment": number}))
    hand = task.board.hand
    best = move.best.action.cards[0]
    for index, card in enumerate(hand):
        answer = MoveAnswer(ActionKind.DISCARD, (index,))
        same = card.rank == best.rank and card.is_red == best.is_red
        assert task.is_correct(answer) is same
        if same:
            continue
        hint = task.hint(answer)
        value = move.decision.value_of(Action(move.seat, ActionKind.DISCARD, (card,)))
        assert value is not None and value.loss > 0
        for lang in ("en", "zh"):
            text = render(hint, lang)
            assert card.symbol in text and best.symbol not in text


def test_a_fresh_variant_is_another_moment() -> None:
    kind_data = StepData({"moment": 3})
    from trainer.lessons.kinds.best_move import KINDS

    seen = {KINDS[0].generate(random.Random(seed), kind_data)["moment"] for seed in range(30)}
    assert 3 not in seen and len(seen) > 5


@pytest.mark.parametrize(("kind", "players"), [("best_discard", 4), ("best_claim", 4),
                                               ("best_claim", 3)])
def test_a_re_ask_is_a_moment_the_lessons_can_explain(kind: str, players: int) -> None:
    """A re-asked level's working that says no question of the lessons decides gives a grade the
    learner could not have reasoned to. A fresh moment is drawn from those whose best move a
    lesson question explains (or fewer but bigger wins), wherever its class has any; the pool
    does hold others, never drawn."""
    from trainer.coach.contrast import contrast
    from trainer.coach.explain import pays_more
    from trainer.lessons.kinds.best_move import KINDS, classes, explained

    generate = next(k for k in KINDS if k.name == kind).generate
    marks = explained(kind, players)
    assert not all(marks) and sum(marks) > len(marks) // 2
    drawn = 0
    for here in range(0, len(marks), 7):
        case = classes(kind, players, False, None)[here]
        if not any(marks[n] for n, other in enumerate(classes(kind, players, False, None))
                   if other == case and n != here):
            continue
        for seed in range(3):
            moment = generate(random.Random(seed), StepData({"moment": here, "players": players}))
            chosen = pool(players, kind)[moment["moment"]]
            first, next_best = chosen.decision.options[:2]
            assert marks[moment["moment"]]
            assert contrast(chosen.view, first.action, next_best.action) is not None or \
                pays_more(first, next_best)
            drawn += 1
    assert drawn > 10


def test_the_working_gives_the_values_at_once_and_the_reasons_when_shown() -> None:
    """The values are read from the pool when the lesson loads (no numpy needed); what each
    discard leaves — waits, red, the chance it deals in — and the one reason that sets the two
    apart (or that none does by enough) are worked out when they are shown."""
    task = best_discard(StepData({"moment": 0}))
    assert [m.key for m in task.working] == ["coach.lesson_values", "coach.outcomes"]
    assert [m.key for m in task.full_working] == ["coach.lesson_values", "coach.outcomes",
                                                  "coach.why_discard", "coach.why_discard",
                                                  "coach.contrast"]


def test_the_table_after_a_discard_stops_once_the_others_let_it_go() -> None:
    """The table shown after the learner's discard: their card let go by the others and at most
    the next flip on offer — not a run of flips everyone passed, which jumped lesson 11's table
    from 14 stock cards to 3 unseen."""
    from trainer.lessons.table_tasks import TableScene, after_move, board_of_scene

    told = 0
    for move in pool(4, "best_discard")[:40]:
        scene = TableScene(move.replay.state_at(), move.seat)
        applied = copy.deepcopy(scene.state)
        applied.apply(move.best.action)  # (flips nobody may claim go by in the engine itself)
        shown = after_move(scene, move.best.action)
        after = shown.state
        # only passes on the learner's own card: none on a flip someone could have taken
        answers = after.history[len(applied.history):]
        assert all(a.kind is ActionKind.PASS for a in answers)
        assert len(answers) <= scene.state.rules.players - 1
        assert after.over or after.offer is None or after.offer.seat != move.seat
        then = board_of_scene(shown).then
        if then is not None:  # said under the table: the card let go, and the flip now on
            told += 1
            assert then.param("card") == move.best.action.cards[0]
            assert after.offer is not None and then.param("offer") == after.offer.card
    assert told > 0


def test_a_claim_speaks_of_chi_only_where_the_rules_open_one() -> None:
    """"Chi: tap your card …" was said of a card from the player opposite, which nobody there
    may chi: a claim from another than the upper player (or one's own flip) is asked without it,
    and no chi is legal there."""
    from trainer.lessons.kinds.best_move import task_of_move

    seen = set()
    for move in pool(4, "best_claim")[:60]:
        task = task_of_move("best_claim", move)
        seen.add(task.instruction.key)
        state = move.replay.state_at()
        if task.instruction.key == "instruct.best_claim_no_chi":
            assert not any(a.kind is ActionKind.CHI for a in state.legal_actions())
        own = state.offer is not None and state.offer.seat == move.seat
        assert (task.instruction.key == "instruct.best_claim_own_flip") is own  # no 扯 spoken
        if own:  # of: none on one's own flip (a table rule)
            assert not any(a.kind is ActionKind.PONG for a in state.legal_actions())
    assert seen == {"instruct.best_claim", "instruct.best_claim_no_chi",
                    "instruct.best_claim_own_flip"}


def test_the_working_always_says_what_sets_the_two_best_apart() -> None:
    """A 19-red and an 18-red discard, the 18 best by 3.8 points: every figure shown argues for
    the other card, so something must be said. The working ends with the one reason the review
    would give, or says that the four questions do not set the two apart by enough (or at all):
    never silent where the learner would hunt for a difference."""
    from trainer.coach.contrast import contrast
    from trainer.lessons.kinds.best_move import coach_reasons

    ends: Counter[str] = Counter()
    for move in pool(4, "best_discard")[:40] + pool(4, "best_claim")[:40]:
        said = coach_reasons(move)
        last = said[-1].key
        ends[last] += 1
        best, second = (o.action for o in move.decision.options[:2])
        reason = contrast(move.view, best, second)
        if last in ("coach.contrast", "coach.contrast_safer"):
            assert reason == said[-1]
        else:
            assert last in ("coach.reasons_close", "coach.reasons_alike", "coach.reasons_fan",
                            "coach.reasons_bigger")
            assert reason is None or last == "coach.reasons_alike"
    assert ends["coach.contrast"] > 0 and ends["coach.reasons_close"] > 0


def test_fewer_bigger_wins_are_said_where_no_question_decides() -> None:
    """A pong that breaks 14-pairs yet beats the pass by its fan: the play-outs show fewer wins,
    each paying more (R-FAN). The working says so — by the fan when the best lays a set worth
    more fan (a pong against a pass or a chi) — and only where those figures show it."""
    from trainer.coach.contrast import contrast
    from trainer.lessons.kinds.best_move import coach_reasons

    said: Counter[str] = Counter()
    for players in (4, 3):
        for move in pool(players, "best_claim"):
            best, second = move.decision.options[:2]
            last = coach_reasons(move)[-1]
            if last.key not in ("coach.reasons_fan", "coach.reasons_bigger"):
                continue
            said[last.key] += 1
            assert contrast(move.view, best.action, second.action) is None
            assert best.wins is not None and second.wins is not None
            assert best.win_points is not None and second.win_points is not None
            assert best.wins < second.wins and best.win_points >= 1.25 * second.win_points
            fans = {ActionKind.PASS: 0, ActionKind.CHI: 0, ActionKind.PONG: 1, ActionKind.KONG: 2}
            fan = fans.get(best.action.kind, 0) > fans.get(second.action.kind, 0)
            assert (last.key == "coach.reasons_fan") is fan
    assert said["coach.reasons_fan"] >= 3


def test_a_claim_judgement_is_charged_to_the_claim_rules() -> None:
    """A claim-or-pass question rests on the claims: a miss there is not charged to R-SAFE and
    R-RED, and Progress does not send the learner to reread the deal-in rules."""
    from trainer.lessons.kinds.best_move import CLAIM_RULES, RULES, task_of_move

    claim = task_of_move("best_claim", pool(4, "best_claim")[0])
    discard = task_of_move("best_discard", pool(4, "best_discard")[0])
    assert claim.rule_ids == CLAIM_RULES and {"R-CHI", "R-PONG"} <= set(claim.rule_ids)
    assert discard.rule_ids == RULES and "R-SAFE" in discard.rule_ids


@pytest.mark.rule("R-PAY", "R-WAIT", "R-RED", "R-SAFE")
def test_a_revealed_answer_sets_the_best_beside_the_learners_own_move() -> None:
    """Once the answer is shown after a miss, the learner's own move — not only the next best —
    is set beside the best in one sentence that names both (a review's "each decision valued
    beside the best"); the next best's is the working's own sentence, and the best needs none."""
    from trainer.coach.contrast import contrast
    from trainer.coach.search import follow_ups
    from trainer.lessons.kinds.best_move import task_of_move
    from trainer.lessons.table_tasks import TableScene, judged_move

    said = 0
    for number in range(0, len(pool()), 4):
        move = pool()[number]
        task = task_of_move("best_discard", move)
        assert task.compared is not None
        scene = TableScene(move.replay.state_at(), move.seat)
        for index in range(len(task.board.hand)):
            given = MoveAnswer(ActionKind.DISCARD, (index,))
            action = judged_move(scene, given)
            assert not isinstance(action, Message)
            beside = task.compared(given)
            if action in (move.decision.options[0].action, move.decision.options[1].action):
                assert beside is None
                continue
            expected = contrast(move.view, move.best.action, action, follow_ups(move.decision))
            assert beside == expected
            if beside is not None:
                said += 1
                text = render(beside, "en", cite=False)
                reason = beside.param("reason")
                assert isinstance(reason, Message)
                plan = reason.key in ("coach.contrast_all_black", "coach.contrast_all_red")
                assert card_words(move.best.action.cards[0], "en") in text  # (a plan: "keep
                assert plan or card_words(action.cards[0], "en") in text  # 2♥ and it is not")
    assert said >= 20

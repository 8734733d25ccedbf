"""The stages of judgement (issue 31): the claim levels, the wait readings, the least-risk levels,
the first discards and the hand played with the coach. Each variant keeps the point of the level
it replaces (its answer class, over 200 draws); a miss is told the reasoning, never the answer;
the readings are exact (checked by enumerating every hand the table allows); the stored coach
values are the search's."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from trainer.analysis.table import SafetyTable
from trainer.coach.best_moves import check as check_moment
from trainer.coach.coached_hands import accepted
from trainer.coach.coached_hands import check as check_hand
from trainer.engine import Card, Relation, seat_of
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.messages import Message
from trainer.engine.win_rule import claim_wins
from trainer.i18n import card_words, render
from trainer.lessons import Question, load_lessons
from trainer.lessons.answers import CardsAnswer, MoveAnswer
from trainer.lessons.kinds.best_move import first_discard, pool
from trainer.lessons.kinds.coached import kinds_of
from trainer.lessons.kinds.coached import pool as coached_pool
from trainer.lessons.kinds.least_risk import bank
from trainer.lessons.kinds.wait_reading import safe_cards, wait_pool
from trainer.lessons.model import KINDS
from trainer.lessons.task import StepData, Task

STEPS = [step for lesson in load_lessons() for step in lesson.steps if isinstance(step, Question)]


def _steps(kind: str) -> list[Question]:
    found = [step for step in STEPS if step.kind == kind]
    assert found, f"no level of kind {kind}"
    return found


def _draws(step: Question, count: int = 200) -> list[dict[str, object]]:
    rng = random.Random(step.number)
    return [KINDS[step.kind].generate(rng, StepData(step.data)) for _ in range(count)]


def test_a_claim_variant_is_a_claim_and_a_first_discard_variant_a_first_discard() -> None:
    for step in _steps("best_claim"):
        players = int(step.data.get("players", 4))  # type: ignore[call-overload]
        for data in _draws(step):
            moment = pool(players, "best_claim")[int(data["moment"])]  # type: ignore[call-overload]
            assert moment.replay.state_at().phase is Phase.CLAIM
    firsts = [step for step in _steps("best_discard") if step.data.get("first")]
    assert len(firsts) >= 5
    for step in firsts:
        for data in _draws(step):
            assert first_discard(pool(4)[int(data["moment"])])  # type: ignore[call-overload]


def test_a_coached_variant_is_a_decision_of_the_same_kind() -> None:
    for step in _steps("coached_move"):
        here = kinds_of(int(step.data.get("hand", 0)))[int(step.data["decision"])]  # type: ignore[call-overload]
        for data in _draws(step):
            assert kinds_of(int(data["hand"]))[int(data["decision"])] == here  # type: ignore[call-overload]


def test_a_least_risk_variant_keeps_its_theme_and_table_size() -> None:
    for step in _steps("least_risk"):
        theme = str(step.data["theme"])
        players = bank()[str(step.data["puzzle"])].players
        for data in _draws(step):
            puzzle = bank()[str(data["puzzle"])]
            assert theme in puzzle.themes and puzzle.players == players


def _opponent(table: SafetyTable, relation_name: str) -> int:
    return seat_of(Relation(relation_name), table.seat, table.rules.players)


def _enumerated_safe(table: SafetyTable, opponent: int) -> frozenset[int]:
    """Brute force: every concealed hand of the opponent's size drawn from the unseen cards that
    would not have won on a card that passed them; a card is safe when none of those wins on it
    (R-READ: a win open is taken)."""
    unseen: Counter[Card] = table.unseen()
    size = table.hand_sizes[opponent]
    melds = table.melds[opponent]
    threshold = table.rules.red_threshold
    passed = table.passed[opponent] if table.passed is not None else ()
    kinds = sorted(unseen, key=lambda c: c.index)
    hands = []
    for combo in itertools.combinations_with_replacement(kinds, size):
        counts = Counter(combo)
        if any(counts[c] > unseen[c] for c in counts):
            continue
        hand = list(combo)
        if not any(claim_wins(hand, melds, card, False, threshold) for card in passed):
            hands.append(hand)
    return frozenset(i for i, card in enumerate(table.hand)
                     if not any(claim_wins(hand, melds, card, False, threshold) for hand in hands))


@pytest.mark.rule("R-READ", "R-SAFE")
def test_every_wait_reading_shipped_is_the_whole_truth() -> None:
    """The proofs a player makes (visible cards, a card like it that passed) find exactly the
    cards no hand the table allows could win on — for the levels and every table of the pool."""
    tables = [(json.loads(str(step.data["table"])), str(step.data["opponent"]))
              for step in _steps("read_wait")]
    tables += [(entry["table"], entry["opponent"]) for entry in wait_pool()]
    assert len(tables) >= 20
    for data, who in tables:
        table = SafetyTable.from_json(data)
        opponent = _opponent(table, who)
        assert safe_cards(table, opponent) == _enumerated_safe(table, opponent)


@pytest.mark.rule("R-READ", "R-RED")
def test_a_wait_reading_says_a_pass_of_the_other_colour_proves_nothing() -> None:
    """Where a card of a hand card's rank but the other colour passed the opponent and the card
    is still open (brute force), the working says that pass proves nothing for it, naming both
    cards; it never says so of a card that is safe."""
    from trainer.analysis.arguments import unproven_twin
    from trainer.i18n import render
    from trainer.lessons.kinds.wait_reading import read_wait

    said = 0
    for entry in wait_pool():
        table = SafetyTable.from_json(entry["table"])
        opponent = _opponent(table, entry["opponent"])
        safe = {table.hand[i] for i in _enumerated_safe(table, opponent)}
        passed = table.passed[opponent] if table.passed is not None else ()
        task = read_wait(StepData({"table": json.dumps(entry["table"]),
                                   "opponent": entry["opponent"]}))
        for card in dict.fromkeys(table.hand):
            others = [p for p in passed if p.rank == card.rank and p.is_red != card.is_red
                      and not any(q.rank == card.rank and q.is_red == card.is_red for q in passed)]
            note = unproven_twin(table, opponent, card)
            if card in safe or not others:
                assert note is None, (card, table.to_json())
                continue
            assert note is not None and note in task.working
            text = render(note, "en", cite=False)
            assert card.symbol in text and any(p.symbol in text for p in others)
            said += 1
    assert said >= 5


@pytest.mark.rule("R-READ", "R-RED")
def test_a_wait_reading_miss_asks_about_red_only_where_it_can_stop_them() -> None:
    """A miss's checklist asks whether the opponent's red can reach the total with the card only
    while their laid sets fall short of it; past it, it says red is no question (and why a pass
    of either colour then proves the card)."""
    from trainer.engine import red_total
    from trainer.lessons.kinds.wait_reading import read_wait

    seen = set()
    for entry in wait_pool():
        table = SafetyTable.from_json(entry["table"])
        opponent = _opponent(table, entry["opponent"])
        task = read_wait(StepData({"table": json.dumps(entry["table"]),
                                   "opponent": entry["opponent"]}))
        said = task.hint(CardsAnswer(frozenset()))
        check = said.param("red_check")
        assert isinstance(check, Message)
        laid = red_total(table.melds[opponent]) >= table.rules.red_threshold
        assert check.key == ("hint.read_wait_red_laid" if laid else "hint.read_wait_red_open")
        seen.add(laid)
    assert seen == {True, False}


def _answer_cards(task: Task) -> set[str]:
    board = task.board
    if isinstance(task.answer, CardsAnswer | MoveAnswer):
        return {board.hand[i].symbol for i in task.answer.indices}
    return set()


@pytest.mark.parametrize("kind", ["best_discard", "best_claim", "read_wait", "least_risk",
                                  "coached_move"])
def test_a_miss_is_told_the_reasoning_never_the_answer(kind: str) -> None:
    for step in _steps(kind):
        task = step.task
        for wrong in _wrong_answers(task):
            if task.is_correct(wrong):
                continue
            hint = task.hint(wrong)
            for lang in ("en", "zh"):
                text = render(hint, lang)
                named = {card for card in _answer_cards(task) if card in text}
                chosen = _answer_cards_of(task, wrong)
                assert not named - chosen, (step.number, lang, text)


def _wrong_answers(task: Task) -> list[object]:
    size = len(task.board.hand)
    if isinstance(task.answer, CardsAnswer):
        return [CardsAnswer(frozenset({i})) for i in range(size)] + [CardsAnswer(frozenset())]
    moves: list[object] = [MoveAnswer(ActionKind.PASS), MoveAnswer(ActionKind.PONG)]
    moves += [MoveAnswer(ActionKind.DISCARD, (i,)) for i in range(size)]
    moves += [MoveAnswer(ActionKind.CHI, (i,)) for i in range(size)]
    return moves


def _answer_cards_of(task: Task, given: object) -> set[str]:
    indices = given.indices if isinstance(given, CardsAnswer | MoveAnswer) else ()
    return {task.board.hand[i].symbol for i in indices}


def test_the_coached_hands_are_the_coachs_own_and_its_values_the_searchs() -> None:
    hands = coached_pool()
    assert len(hands) >= 8
    for hand in hands:
        assert hand.played_best
        assert hand.decisions[-1].is_win
        assert all(accepted(d.decision, hand.replay.actions[d.step]) for d in hand.decisions)
    assert check_hand(min(hands, key=lambda h: len(h.decisions))) == []


@pytest.mark.parametrize("players", [4, 3])
def test_a_stored_claim_moment_is_the_searchs(players: int) -> None:
    moments = pool(players, "best_claim")
    assert len(moments) >= 40
    assert {m.best.action.kind for m in moments} >= {ActionKind.PASS, ActionKind.CHI,
                                                      ActionKind.PONG}
    assert check_moment(moments[1]) == []


def test_a_move_variant_is_the_same_case() -> None:
    """A fresh table for a move keeps its goal and its case — a chi on the learner's own flip
    stays one, a joker laid down after a draw stays one, a kong on a fresh pong keeps its case
    (巴起, or the fourth held in two steps), a win stays 全红, a pass still ends the hand drawn
    (issue 31: variants keep the point, and a move's first try is one)."""
    from trainer.lessons.kinds.moves import MoveCase, move_case

    steps = _steps("move")
    cases = {(str(s.data["goal"]), move_case(StepData(s.data))) for s in steps}
    assert ("chi", MoveCase(own_flip=True)) in cases
    assert ("lay_joker", MoveCase(after_draw=True)) in cases
    assert {("kong_drawn", MoveCase(kong_case=case)) for case in (1, 2, 3)} <= cases
    assert ("win", MoveCase(all_red=True)) in cases
    assert ("pass", MoveCase(drawn=True)) in cases
    assert any(goal == "tianzou" for goal, _ in cases)
    for step in steps:
        here = move_case(StepData(step.data))
        for data in _draws(step):
            assert data["goal"] == step.data["goal"]
            assert move_case(StepData(data)) == here


def test_reading_a_wait_asks_for_colour_only_once_it_is_taught() -> None:
    """读下叫: a black card proven safe only by a red one of its rank that passed (R-READ's
    colour rule) is asked for only after the step that teaches it — in the steps as written and
    in every variant (the variants keep it: ``wait_reading.needs_colour``); and it is asked for then."""
    from trainer.lessons.model import Explain

    lesson = next(lesson for lesson in load_lessons() if lesson.id == "read-the-wait")
    taught, asked = False, []
    for step in lesson.steps:
        if isinstance(step, Explain) and "Colour counts too" in step.text["en"]:
            taught = True
        if isinstance(step, Question) and step.kind == "read_wait":
            for task in (step.task, *(step.variant(seed) for seed in range(3))):
                assert task.kept_class is not None
                assert not task.kept_class or taught, step.number
                asked.append(task.kept_class)
    assert True in asked and False in asked


@pytest.mark.rule("R-PRIORITY", "R-FLIP")
def test_the_table_after_a_coached_move_is_the_hand_as_it_went_on() -> None:
    """The table after a coached move follows the hand's own actions, and says who took the
    card: played on with everyone passing, it would say "nobody took your K♣" where the next
    decision shows the lower player's chi of it."""
    from trainer.engine.game.events import EventKind
    from trainer.engine.sources import Source
    from trainer.lessons.table_tasks import TableScene, after_move, as_replayed
    from trainer.lessons.table_then import then_words

    said = Counter[str]()
    for hand in coached_pool():
        for coached in hand.decisions:
            scene = TableScene(hand.replay.state_at(coached.step), hand.seat)
            played = hand.replay.actions[coached.step]
            after = after_move(scene, played, as_replayed(hand.replay, coached.step))
            steps = next(k for k in range(coached.step + 1, len(hand.replay.actions) + 1)
                         if len(hand.replay.state_at(k).events) == len(after.state.events))
            assert after.state.events == hand.replay.state_at(steps).events
            words = then_words(after.state, after.seat, after.then)
            let_by = [e for e in after.then
                      if e.kind in (EventKind.TO_PILE, EventKind.FLIPPED_JOKER)]
            if played.kind is not ActionKind.DISCARD:  # a pass or a claim: up to the next
                # decision, what went by, what the others took and the moment now (walk 54, 55)
                others = [e for e in after.then if e.seat not in (None, hand.seat) and e.kind in (
                    EventKind.TAKE, EventKind.LAY_DOWN, EventKind.FLIPPED_JOKER)]
                drew = [e.cards[0] for e in after.then
                        if e.kind is EventKind.DRAW and e.seat == hand.seat and e.cards]
                assert (words is None) is (after.state.over or not (let_by or others or drew))
                if words is None:
                    continue
                said[words.key] += 1
                now = words.param("now") if words.key.startswith("lesson.went_on") else words
                if now is not words:
                    assert words.param("count") == len(let_by), words
                offer = after.state.offer
                if offer is None:
                    expected = "lesson.now_their_turn" if after.state.to_act != hand.seat else \
                        "lesson.now_your_turn_drew" if drew else "lesson.now_your_turn"
                else:
                    how = "discard" if offer.source is Source.DISCARD else "flip"
                    mine = offer.seat == hand.seat
                    can_win = not mine and claim_wins(
                        after.state.hands[hand.seat], after.state.melds[hand.seat], offer.card,
                        offer.dealer_first_discard, after.state.rules.red_threshold)
                    expected = f"lesson.now_{how}" + ("_you" if mine else "_win" if can_win
                                                      else "")
                assert isinstance(now, Message) and now.key == expected, (words, expected)
                if drew and now.key == "lesson.now_your_turn_drew":
                    assert now.param("card") == drew[-1]
                continue
            if words is not None:
                said[words.key] += 1
                mine = {e.cards[0] for e in after.then
                        if e.kind is EventKind.DISCARD and e.seat == hand.seat}
                taken = [e for e in after.then if e.kind is EventKind.TAKE and e.cards[0] in mine]
                assert (words.key == "lesson.then_taken") is bool(taken), words
                offer = after.state.offer
                if words.key != "lesson.then_taken" and offer is not None:  # "now you flip"
                    assert ("_you" in words.key) is (offer.seat == hand.seat)
                    let_go = [e for e in after.then if e.kind in (
                        EventKind.TO_PILE, EventKind.FLIPPED_JOKER) and e.cards[0] not in mine]
                    assert words.param("count") == len(let_go), words  # never 2 for 1
    assert said["lesson.then_taken"] >= 3 and said["lesson.then_next"] >= 3
    assert said["lesson.went_on"] + said["lesson.went_on_took"] >= 3, said


@pytest.mark.rule("R-FLIP", "R-OWN-FLIP")
def test_a_winning_card_the_learner_flips_is_said_to_go_by_for_the_table_rule() -> None:
    """After a discard in a stage, the table goes on: where a card the learner flips would
    complete their hand (recounted from the engine's waits), the words say so and name the
    table rule that lets it go by (R-OWN-FLIP) — in both languages; elsewhere they say
    nothing of it. Another player's flip now on offer that would win for the learner is said
    to be one."""
    from trainer.engine import Position, waits
    from trainer.engine.game.events import EventKind
    from trainer.lessons.table_tasks import TableScene, after_move
    from trainer.lessons.table_then import then_words

    said = Counter[str]()
    for players in (4, 3):
        for move in pool(players):
            scene = TableScene(move.replay.state_at(), move.seat)
            for action in scene.state.legal_actions():
                if action.kind is not ActionKind.DISCARD:
                    continue
                after = after_move(scene, action)
                words = then_words(after.state, after.seat, after.then)
                if words is None or words.key == "lesson.then_taken":
                    continue
                seat = after.seat
                wins_on = set(waits(Position(after.state.hands[seat], after.state.melds[seat],
                                             rules=after.state.rules)).wins_on)
                own = [e.cards[0] for e in after.then if e.kind is EventKind.FLIP
                       and e.seat == seat and e.cards[0] in wins_on]
                said[words.key] += 1
                assert ("_own" in words.key) is bool(own), words
                offer = after.state.offer
                can_win = offer is not None and offer.seat != seat and offer.card in wins_on
                assert words.key.endswith("_win") is (can_win and not own), words  # "— a card
                # you can win on (糊)": never left unsaid under the table
                if own:
                    assert words.param("won") in own
                    for lang, rule in (("en", "table rule"), ("zh", "桌规")):
                        assert rule in render(words, lang, cite=False)
    assert said["lesson.then_flips_you_own"] >= 1 and said["lesson.then_next"] >= 100
    assert said["lesson.then_next_win"] >= 1


@pytest.mark.rule("R-SPECIAL")
def test_a_missed_all_black_plan_is_told_the_plan() -> None:
    """A missed first discard whose plan is 全黑 is told the plan the stage teaches, not only
    "red 2 (a win needs 20)". Every variant of such a step, missed with a black card, is told
    the red it holds and that 全黑 needs none — in both languages."""
    steps = [s for s in _steps("best_discard") if s.data.get("plan") == "all_black"]
    assert steps
    for step in steps:
        for seed in range(4):
            task = step.variant(seed)
            assert task.answer_class == "all_black"
            wrong = next(MoveAnswer(ActionKind.DISCARD, (i,))
                         for i, card in enumerate(task.board.hand) if card.is_black)
            hint = task.hint(wrong)
            assert hint.key == "hint.best_discard_all_black"
            answer = task.answer
            assert isinstance(answer, MoveAnswer)
            red = task.board.hand[answer.indices[0]]  # the one red card: the answer
            for lang in ("en", "zh"):
                text = render(hint, lang)
                assert "全黑" in text
                assert card_words(red, lang) not in text  # asked for the plan, not the card
                assert "挡着" not in text and "stands in its way" not in text


@pytest.mark.rule("R-WAIT", "R-PAIR14", "R-RED", "R-SAFE")
def test_a_missed_discard_is_pointed_at_the_question_that_decides() -> None:
    """Walk 41: "weigh each of your cards the same way" named no cause. A discard that is not
    the best is told on which of the lessons' questions another discard beats it — the same
    reason the coach's working gives (:func:`~trainer.coach.contrast.contrast`) — without
    naming the better card, in both languages; with two cards in hand, nothing more is said
    (the question would name the other card)."""
    from trainer.coach.contrast import contrast
    from trainer.lessons.kinds.best_move import LOOK

    looked: Counter[str] = Counter()
    for step in _steps("best_discard"):
        if step.data.get("plan"):
            continue
        task = step.task
        answer = task.answer
        assert isinstance(answer, MoveAnswer)
        hand = task.board.hand
        best = hand[answer.indices[0]]
        for i, card in enumerate(hand):
            given = MoveAnswer(ActionKind.DISCARD, (i,))
            if card == best or task.is_correct(given):
                continue
            hint = task.hint(given)
            if hint.key != "hint.best_discard_lost_look":
                assert hint.key == "hint.best_discard_lost", hint.key
                continue
            look = hint.param("look")
            assert isinstance(look, Message) and len(set(hand)) > 2
            looked[look.key] += 1
            for lang in ("en", "zh"):
                assert card_words(best, lang) not in render(look, lang), (look.key, best)
            moment = pool(int(step.data.get("players", 4)))[int(step.data["moment"])]
            said = contrast(moment.view, moment.best.action,
                            Action(moment.seat, ActionKind.DISCARD, (card,)))
            reason = said.param("reason") if said is not None else None
            assert isinstance(reason, Message) and look.key == f"hint.look_{LOOK[reason.key]}"
    assert len(looked) >= 3, looked


@pytest.mark.rule("R-SAFE")
def test_a_safety_working_says_a_reason_shared_by_every_opponent_once() -> None:
    """"All 3 cards that pair with 7♥ are visible, so … cannot be waiting on it" is one reason
    for every player, said once, not once per player. Every safety step, in every variant, says
    such a reason once, of them all."""
    said = 0
    for kind in ("safe", "pick_safe"):
        for step in (s for s in STEPS if s.kind == kind):
            for seed in range(6):
                working = step.variant(seed).working
                partners = [m for m in working if m.key == "safety.cert_no_partner"]
                assert len(partners) <= 1 or len({m.params for m in partners}) == len(partners)
                shared = {tuple(p for p in m.params if p[0] != "seat") for m in partners}
                assert len(shared) == len(partners), [render(m, "en") for m in working]
                said += any(dict(m.params).get("seat") == Message.of("safety.every_opponent")
                            for m in partners)
    assert said


def test_a_right_discard_not_the_coachs_goes_on_with_the_learners_card() -> None:
    """9♦ right beside the coach's 9♥ must not go on to "nobody took your 9♥". A right discard
    that is not the coach's shows the table after the learner's own card; the coach's own answer
    shows the table after it."""
    from trainer.lessons.kinds.best_move import task_of_move

    seen = 0
    for move in pool()[:60]:
        task = task_of_move("best_discard", move)
        assert task.solved_for(task.answer) is task.solved_board
        for index, card in enumerate(task.board.hand):
            given = MoveAnswer(ActionKind.DISCARD, (index,))
            if given == task.answer or not task.is_correct(given):
                continue
            board = task.solved_for(given)
            assert board is not None and board is not task.solved_board
            assert card in [t.card for t in board.pile] and card not in board.hand
            seen += 1
    assert seen


def test_the_claim_stage_teaches_a_pong_passed_as_well_as_a_pong_taken() -> None:
    """Walk 46 met five pongs in lesson 12, every one right to take, and concluded "always
    pong": the stage also asks a pong whose two cards are each half of a 14-pair, where
    passing is best, and its re-asks stay such pongs (the pool holds several)."""
    from trainer.lessons.kinds.best_move import classes

    lesson = next(x for x in load_lessons() if x.id == "claim-or-pass")
    cases = classes("best_claim", 4, False, None)
    asked = {cases[int(step.data["moment"])] for step in lesson.steps
             if isinstance(step, Question) and step.kind == "best_claim"}
    assert {"pong", "pong_pass"} <= asked
    assert cases.count("pong_pass") >= 10


def test_a_later_discard_stage_never_draws_a_first_discard_of_the_plan_stage() -> None:
    """Walk 46 met lesson 10's opening tables again in lesson 11: a discard stage that does not
    ask a first discard draws its fresh tables from the other moments only."""
    from trainer.lessons.kinds.best_move import KINDS as BEST_KINDS
    from trainer.lessons.task import StepData

    generate = next(kind.generate for kind in BEST_KINDS if kind.name == "best_discard")
    moments = pool(4, "best_discard")
    lesson = next(x for x in load_lessons() if x.id == "which-discard")
    steps = [s for s in lesson.steps if isinstance(s, Question) and s.kind == "best_discard"]
    assert steps
    rng = random.Random(46)
    for step in steps:
        for _ in range(15):
            drawn = generate(rng, StepData(step.data))["moment"]
            assert not first_discard(moments[drawn]), (step.number, drawn)


def test_a_first_try_s_gap_is_the_difference_of_the_figures_shown() -> None:
    """Walk 54: "4.9 below the coach's best" beside +4.3 and −0.7 — the gap was the unrounded
    means' difference. Said beside the two figures, it is theirs as shown, in both languages."""
    import re

    from trainer.coach.explain import tried_words

    checked = 0
    for move in pool(4)[:60]:
        for option in move.decision.options[1:]:
            said = tried_words(move.decision, option.action)
            assert said is not None
            for lang in ("en", "zh"):
                text = render(said, lang, cite=False).replace("−", "-")
                numbers = [float(n) for n in re.findall(r"[-+]?\d+\.\d", text)]
                points, gap, best = numbers[-3:] if lang == "en" else \
                    (numbers[-3], numbers[-1], numbers[-2])  # 比 … 少 {gap} 分
                assert round(best - points, 1) == gap, text
            checked += 1
    assert checked >= 100


@pytest.mark.rule("R-FLIP", "R-WIN", "R-PONG")
def test_after_a_claim_or_pass_the_moment_now_is_said_as_the_table_shows_it() -> None:
    """Walk 55: after a pass, "now it is your turn" where the lower player had just chi'd and was
    to discard; a card the learner could win on offered and not said; a pong's drawn card never
    named. Every claim and pass of lesson 12's moments says the moment now as the table is."""
    from trainer.lessons.table_tasks import TableScene, after_move
    from trainer.lessons.table_then import then_words

    said = Counter[str]()
    for players in (4, 3):
        for move in pool(players, "best_claim"):
            scene = TableScene(move.replay.state_at(), move.seat)
            for action in scene.state.legal_actions():
                if action.kind is ActionKind.DISCARD:
                    continue
                after = after_move(scene, action)
                words = then_words(after.state, after.seat, after.then)
                if words is None:
                    continue
                now = words.param("now") if words.key.startswith("lesson.went_on") else words
                assert isinstance(now, Message)
                said[now.key] += 1
                state, seat = after.state, after.seat
                offer = state.offer
                if offer is None:
                    assert (now.key == "lesson.now_their_turn") is (state.to_act != seat)
                    if now.key == "lesson.now_your_turn_drew":
                        assert now.param("card") in state.hands[seat]
                elif offer.seat != seat:
                    can_win = claim_wins(state.hands[seat], state.melds[seat], offer.card,
                                         offer.dealer_first_discard, state.rules.red_threshold)
                    assert now.key.endswith("_win") is can_win, (now, offer)
                for lang in ("en", "zh"):
                    assert render(words, lang, cite=False)
    assert {"lesson.now_your_turn_drew", "lesson.now_their_turn", "lesson.now_flip",
            "lesson.now_flip_win"} <= set(said), said

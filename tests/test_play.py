"""Playing against bots in the browser (AppTest): whole seeded hands by clicking only, with a
claim, a win or a deal-in, and the review; the page never shows a bot's concealed card."""

from __future__ import annotations

import random
import re

from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import app
from trainer.bots import HeuristicBot
from trainer.engine import RuleSet
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.replay import Replay
from trainer.i18n import render, t
from trainer.play.hand_review import review_hand
from trainer.play.session import LEARNER, PlaySession
from trainer.store import ProgressStore

ALT = re.compile(r'alt="([^"]+)"')


def _key(play: PlaySession, action: Action) -> str:
    if action.kind is ActionKind.DISCARD:
        return f"discard-{action.cards[0]}"
    specials = [a for a in play.view().legal if a.kind is not ActionKind.DISCARD]
    return f"act-{specials.index(action)}-{action.kind.value}"


def _shown_cards(at: AppTest) -> set[str]:
    return {alt for element in at.html for alt in ALT.findall(element.value)}


def _play_by_clicking(at: AppTest) -> PlaySession:
    bot = HeuristicBot()
    rng = random.Random(0)
    for _ in range(200):
        play = at.session_state["play"]
        if play.state.over:
            return play
        view = play.view()
        visible = {card.symbol for card in view.visible_cards()} | {"🂠"}
        assert _shown_cards(at) <= visible  # R-PUBLIC: nothing of the bots' concealed hands
        hidden = {c.symbol for seat, hand in enumerate(play.state.hands) if seat != LEARNER
                  for c in hand if not c.is_joker}
        assert not hidden & _shown_cards(at)
        action = bot.choose(view, rng)
        at.button(key=_key(play, action)).click().run()
        assert not at.exception, at.exception
    raise AssertionError("the hand did not end")


def test_a_claim_and_a_win_by_clicking(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    at = app("play", learner=learner, seed="1", pace="instant")
    play = _play_by_clicking(at)
    kinds = {a.kind for a in play.log if a.seat == LEARNER}
    assert {ActionKind.PONG, ActionKind.CHI} <= kinds
    assert play.state.result is not None and play.state.result.winner == LEARNER
    assert at.success[0].value == t("play.winner", "en", seat=0)
    assert any("(R-PAY)" in m.value for m in at.markdown)
    assert len(store.replays(int(learner))) == 1
    at.button(key="open-review").click().run()
    assert at.success[-1].value == t("play.no_flags", "en")
    at.button(key="review-back").click().run()
    assert t("play.review_step", "en", step=len(play.state.history) - 1,
             steps=len(play.state.history)) in [c.value for c in at.caption]


def test_a_deal_in_and_its_review(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    at = app("play", learner=learner, seed="57", pace="instant")
    play = _play_by_clicking(at)
    result = play.state.result
    assert result is not None and result.discarder == LEARNER
    at.button(key="open-review").click().run()
    assert any("dealt in (点炮)" in m.value for m in at.markdown)
    at.button(key="jump-0").click().run()
    assert not at.exception
    stored = store.replays(int(learner))
    replay = Replay.from_json(stored[0][3])
    assert replay.state_at().result == result


def test_next_hand_keeps_the_match(db: tuple[ProgressStore, str]) -> None:
    _store, learner = db
    at = app("play", learner=learner, seed="1", pace="instant")
    play = _play_by_clicking(at)
    scores = list(play.match.scores)
    at.button(key="next-hand").click().run()
    again = at.session_state["play"]
    assert again.match is play.match and list(again.match.scores) == scores
    assert again.state.dealer == LEARNER  # the winner deals next


def test_hints_show_waits_red_and_risk(db: tuple[ProgressStore, str]) -> None:
    _store, learner = db
    at = app("play", learner=learner, seed="15", pace="instant")
    at.toggle(key="play_hints").set_value(True).run()
    for _ in range(100):
        play = at.session_state["play"]
        if play.learner_to_act and play.view().phase.value == "discard" and \
                play.state.dealer_discarded:
            break
        action = HeuristicBot().choose(play.view(), random.Random(0))
        at.button(key=_key(play, action)).click().run()
    assert any(c.value.startswith(t("play.red_total", "en", red=0, threshold=20)[:9])
               for c in at.caption)
    discard_buttons = [b for b in at.button if b.key and b.key.startswith("discard-")]
    assert discard_buttons and all(":" in b.label and "●" in b.label for b in discard_buttons)
    assert all(b.help for b in discard_buttons)


def test_review_flags_on_known_hands() -> None:
    for seed, expected in ((57, "dealt_in"), (15, "risky")):
        play = PlaySession(seed, RuleSet())
        rng = random.Random(0)
        bot = HeuristicBot()
        while not play.state.over:
            play.run_bots()
            if play.learner_to_act:
                play.act(bot.choose(play.view(), rng))
        flags = review_hand(Replay.of(play.state))
        assert expected in [flag.kind for flag in flags]
        for flag in flags:
            assert render(flag.message, "en") and render(flag.message, "zh")
            if flag.kind == "risky":
                assert flag.table is not None


def test_a_passed_win_is_flagged() -> None:
    for seed in range(300):
        play = PlaySession(seed, RuleSet())
        rng = random.Random(0)
        bot = HeuristicBot()
        passed = False
        while not play.state.over:
            play.run_bots()
            if play.learner_to_act:
                legal = play.view().legal
                if any(a.kind is ActionKind.WIN for a in legal):
                    play.act(next(a for a in legal if a.kind is ActionKind.PASS))
                    passed = True
                else:
                    play.act(bot.choose(play.view(), rng))
        if passed:
            flags = [f.kind for f in review_hand(Replay.of(play.state))]
            assert "passed_win" in flags
            return
    raise AssertionError("no seed offered a win to pass up")


def test_a_flagged_moment_becomes_a_puzzle_in_the_review_set(
        db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    at = app("play", learner=learner, seed="15", pace="instant")
    _play_by_clicking(at)
    at.button(key="open-review").click().run()
    risky = [b for b in at.button if b.key and b.key.startswith("pz-")]
    assert risky
    risky[0].click().run()
    assert at.success[-1].value == t("play.puzzle_made", "en")
    own = store.own_puzzles(int(learner))
    assert len(own) == 1
    replay = app("puzzles", learner=learner, mode="failed")
    assert replay.session_state["puzzle_current"].source == "own"


def test_a_downloaded_replay_opens_again(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    at = app("play", learner=learner, seed="57", pace="instant")
    play = _play_by_clicking(at)
    saved = store.replays(int(learner))[0][3]
    fresh = app("play", learner=learner, seed="3", pace="instant")
    fresh.file_uploader(key="open-replay").set_value(("hand.json", saved.encode(),
                                                       "application/json")).run()
    assert not fresh.exception
    steps = len(play.state.history)
    assert t("play.review_step", "en", step=steps, steps=steps) in [c.value for c in
                                                                    fresh.caption]
    assert any("dealt in (点炮)" in m.value for m in fresh.markdown)
    broken = app("play", learner=learner, seed="3", pace="instant")
    broken.file_uploader(key="open-replay").set_value(("bad.json", b'{"seed": "x"}',
                                                        "application/json")).run()
    assert not broken.exception and broken.error[0].value.startswith(
        t("play.bad_replay", "en", error="")[:20])

"""Play end to end in headless Chromium: a seeded hand played by tapping cards and buttons, a
reload in the middle that resumes the same hand, the review (a flagged moment, reloaded, back to
the table) and the next hand with the scores kept; at 390×844 every action is on screen without
the learner scrolling (a late table scrolls itself to the hand); and while the hand is in play
no bot's concealed card is ever on the page."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_browser import _no_errors, _settle, _sign_up
from tests.e2e.waits import TIMEOUT_MS, after_run, watch_runs
from tests.play_hands import seed_where
from trainer.bots import HeuristicBot
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.replay import Replay
from trainer.i18n import t
from trainer.play.choices import DISCARD, choices
from trainer.play.coach_jobs import mistake_steps, review_key
from trainer.play.coach_review import PricedHand
from trainer.play.hand_review import review_hand
from trainer.play.session import LEARNER, Pace, PlaySession, PlaySettings
from trainer.store import ProgressStore, open_database
from trainer.ui.play_view import RESULT_KEY

TABLE = ".d14-table"


def _store(database: Path) -> ProgressStore:
    return ProgressStore(open_database(f"sqlite:///{database}"))


def _stored(store: ProgressStore, learner: str) -> PlaySession:
    row = store.play.table(int(learner))
    assert row is not None
    return PlaySession.loads(row.state_json)


def _shows(page: Page, session: PlaySession) -> None:
    """The page has drawn this very move: the table's seq is its move number, every card a
    picture (each is sent once a session: none is left drawn as its name)."""
    expect(page.locator(f'{TABLE}[data-seq="{session.move}"]')).to_have_count(1)
    expect(page.locator(f"{TABLE} .card-name")).to_have_count(0)
    assert page.locator(f"{TABLE} .card svg").count() == page.locator(f"{TABLE} .card").count()


def _no_bot_card(page: Page, session: PlaySession) -> None:
    """R-PUBLIC: no concealed card of a bot, neither drawn nor written (log included)."""
    hidden = [c for seat, hand in enumerate(session.state.hands) if seat != LEARNER
              for c in hand if not c.is_joker]
    codes = set(page.locator(f"{TABLE} [data-code]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('data-code'))"))
    assert not {str(c) for c in hidden} & codes
    # The hints are worked out from the learner's own view only (trainer.play.hints takes a
    # PlayerView): a wait may name every card of a rank, so they are left out of this check.
    text = page.get_by_test_id("stMain").evaluate(
        "main => { const copy = main.cloneNode(true);"
        " copy.querySelectorAll('.st-key-play-hints').forEach(n => n.remove());"
        " return copy.textContent; }")
    assert not [text[max(0, text.index(c.symbol) - 60):text.index(c.symbol) + 20]
                for c in hidden if c.symbol in text]


def _on_screen(page: Page, height: int) -> None:
    """The learner's hand and the decision's buttons lie inside a window ``height`` tall: a
    late table taller than a phone is scrolled to them by the table itself, not by the
    learner (nor by Playwright, whose taps scroll what they tap into view)."""
    for element in (*page.locator(f"{TABLE} button[data-action]").all(),
                    *page.locator(f"{TABLE} .hand .card").all()):
        box = element.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def _open_log(page: Page) -> None:
    """Open the whole hand's log, and see its lines drawn."""
    page.get_by_text(t("play.full_log", "en"), exact=True).click()
    expect(page.locator(".st-key-play-log li").first).to_be_visible()


def _press(page: Page, session: PlaySession, rng: random.Random) -> None:
    """The learner's move as the heuristic bot would make it, by tapping."""
    view = session.view()
    action = HeuristicBot().choose(view, rng)
    table = page.locator(f'{TABLE}[data-seq="{session.move}"]')
    if action.kind is ActionKind.DISCARD:
        need = table.locator(".need")
        if not need.is_visible():  # the button pressed before a card is tapped: told to tap
            button = table.locator(f'button[data-action="{DISCARD}"]')
            button.click()
            expect(need).to_be_visible()  # in the page's language, naming the button
            expect(need).to_contain_text(button.inner_text())
            expect(table).not_to_have_class(re.compile(r"\bpending\b"))  # nothing was sent
        card = table.locator(".hand .card").nth(view.hand.index(action.cards[0]))
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        card.click()  # a second tap on the chosen card discards it
        return
    if not any(c.takes_card for c in choices(view)):  # a claim: a tapped card is told why not
        table.locator(".hand .card").first.click()
        need = table.locator(".need")
        expect(need).to_be_visible()
        assert need.inner_text() in {t("board.need_none", lang) for lang in ("en", "zh")}
        expect(table).not_to_have_class(re.compile(r"\bpending\b"))  # nothing was sent
    choice = next(c for c in choices(view) if c.action == action)
    table.locator(f'button[data-action="{choice.id}"]').click()


def _next_decision(page: Page, store: ProgressStore, learner: str, before: int) -> PlaySession:
    for _ in range(600):
        session = _stored(store, learner)
        if session.move != before and (session.learner_to_act or session.state.over):
            break
        page.wait_for_timeout(25)
    else:
        raise AssertionError("the press changed nothing")
    _shows(page, session)
    _settle(page)
    return session


@pytest.mark.rule("R-PUBLIC", "R-PRIORITY", "R-SAFE")
def _at_the_table(browser: Browser, server: str, database: Path, name: str, size: tuple[int, int],
                  lang: str, seed: int) -> tuple[Page, ProgressStore, str, PlaySession]:
    """A new player (hints on, the bots instant) at a Play table of ``seed`` in a window of
    ``size``: the page, the store, the learner's row id and the hand as stored."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(TIMEOUT_MS)
    watch_runs(context)
    page = context.new_page()
    store = _store(database)
    link = _sign_up(page, server, name)
    learner = str(store.learner_by_link(link).id)  # type: ignore[union-attr]
    store.play.set_settings(int(learner), PlaySettings(True, Pace.INSTANT).dumps())
    page.goto(f"{server}/play?learner={link}&lang={lang}&seed={seed}")
    page.locator(TABLE).first.wait_for()
    return page, store, learner, _stored(store, learner)


def test_play_reload_review_and_next_hand(browser: Browser, server: str,
                                          server_database: Path) -> None:
    seed = seed_where(lambda hand: bool(review_hand(Replay.of(hand.state), LEARNER)))
    page, store, learner, session = _at_the_table(browser, server, server_database, "Player",
                                                  (1300, 900), "en", seed)
    _shows(page, session)
    _open_log(page)  # drawn only while open: open, the checks below read it after every move
    rng = random.Random(0)
    explained = False
    for number in range(100):
        if session.state.over:
            break
        _no_bot_card(page, session)
        names = page.locator(f"{TABLE} .pile-title.explains")
        if not explained and names.count():  # what the passed cards prove, on a tap
            help_line = page.locator(f"{TABLE} .passed-help").first
            expect(help_line).to_be_hidden()
            names.first.click()
            expect(help_line).to_have_text(t("board.passed_help", "en"))
            explained = True
        page.mouse.wheel(0, 3000)  # down to the log, as a learner reading it; the press
        _press(page, session, rng)  # scrolls back to the hand
        session = _next_decision(page, store, learner, session.move)
        if number == 3:  # F5 in the middle of the hand: the same hand, the same move
            page.reload()
            _shows(page, session)
            _open_log(page)
            codes = page.locator(f"{TABLE} .hand .card").evaluate_all(
                "nodes => nodes.map(n => n.getAttribute('data-code'))")
            assert codes == [str(c) for c in session.view().hand]
            assert _stored(store, learner).dumps() == session.dumps()
    assert session.state.over and session.state.result is not None
    assert explained, "no player had passed cards to explain"
    # the result, drawn above the table, is brought into view for a learner scrolled down
    expect(page.locator(f".st-key-{RESULT_KEY}")).to_be_in_viewport()
    _no_errors(page)
    scores = list(session.match.scores)
    flags = review_hand(Replay.of(session.state), LEARNER)
    assert flags
    page.get_by_role("button", name=t("play.review", "en")).click()
    expect(page.get_by_text(t("play.review_open_hands", "en"))).to_be_visible()
    page.get_by_role("button", name=t("play.review_start", "en")).click()
    expect(page.get_by_text(t("play.review_step", "en", step=0,
                              steps=len(session.state.history)))).to_be_visible()
    # Next flagged moment goes to the engine's flags and the coach's mistakes: the coach's
    # review is computed in the background, so wait for it to be kept, then read both
    key = review_key(Replay.of(session.state), LEARNER)
    deadline = time.monotonic() + 240
    while (kept := store.coach_reviews.get(int(learner), key)) is None:
        assert time.monotonic() < deadline, "the coach's review was never kept"
        page.wait_for_timeout(250)  # a poll of the database, not a wait for the page
    page.reload()  # the page reads the kept review
    marked = sorted({flag.step for flag in flags} | set(mistake_steps(PricedHand.loads(kept))))
    expect(page.get_by_text(t("play.review_step", "en", step=0,
                              steps=len(session.state.history)))).to_be_visible()
    page.get_by_role("button", name=t("play.next_flag", "en")).click()
    step_text = t("play.review_step", "en", step=marked[0], steps=len(session.state.history))
    expect(page.get_by_text(step_text)).to_be_visible()
    page.reload()  # the review survives a reload, at the same step
    expect(page.get_by_text(step_text)).to_be_visible()
    expect(page.get_by_test_id("stAlertContentWarning").first).to_be_visible()
    after_run(page, page.get_by_role("button", name=t("play.back_to_table", "en")).click)
    after_run(page, page.get_by_role("button", name=t("play.next_hand", "en")).click)
    expect(page.get_by_text(re.compile(re.escape(t("play.scores_line", "en", hand=2, scores=""))
                                       ))).to_be_visible()
    following = _stored(store, learner)
    assert following.hand_number == 1 and following.match.scores == scores
    _no_errors(page)
    page.context.close()


@pytest.mark.rule("R-PUBLIC")
def test_on_a_phone_every_action_is_on_screen(browser: Browser, server: str,
                                              server_database: Path) -> None:
    page, store, learner, session = _at_the_table(browser, server, server_database, "Phone player",
                                                  (390, 844), "zh", 1)
    rng = random.Random(0)
    kinds_seen = set()
    reloaded = False
    for _ in range(40):
        if session.state.over:
            break
        _shows(page, session)
        _settle(page)
        _no_bot_card(page, session)
        _on_screen(page, 844)
        if session.move >= 20 and not reloaded:  # a late table opened at the page's top
            page.reload()
            _shows(page, session)
            _settle(page)
            _on_screen(page, 844)
            reloaded = True
        # the question the buttons answer, right above them, in the page's language
        question = page.locator(f"{TABLE} .prompt")
        offer = session.view().offer
        expect(question).to_have_text(t(
            {"claim": "play.your_turn_claim", "laydown": "play.your_turn_laydown"}.get(
                session.view().phase.value, "play.your_turn_discard"), "zh",
            card=offer.card.symbol if offer is not None else ""))
        asked, buttons = question.bounding_box(), page.locator(f"{TABLE} .actions").bounding_box()
        assert asked is not None and buttons is not None and asked["y"] < buttons["y"]
        kinds_seen |= {c.kind for c in choices(session.view())}
        _press(page, session, rng)
        session = _next_decision(page, store, learner, session.move)
    assert {ActionKind.DISCARD, ActionKind.CHI} <= kinds_seen and reloaded
    page.screenshot(path=str(server_database.parent / "play-zh-390.png"))
    _no_errors(page)
    page.context.close()


def test_at_1300_by_900_the_hand_and_its_buttons_are_on_screen(browser: Browser, server: str,
                                                              server_database: Path) -> None:
    """Issue 31: on a laptop screen a turn needs no scrolling — the learner's hand and the
    buttons of the decision are inside the window at each of their decisions, hints on."""
    page, store, learner, session = _at_the_table(browser, server, server_database, "Laptop player",
                                                  (1300, 900), "en", 1)
    rng = random.Random(0)
    for _ in range(10):
        if session.state.over:
            break
        _shows(page, session)
        _settle(page)
        _on_screen(page, 900)
        _press(page, session, rng)
        session = _next_decision(page, store, learner, session.move)
    _no_errors(page)
    page.context.close()


def test_a_new_players_first_table_shows_pace_and_opponents_chosen(browser: Browser,
                                                                   server: str) -> None:
    """A new learner who goes from Home to Play by the sidebar finds pace and opponents chosen
    in "Pace and help", though the page runs twice before the popover is opened and the widgets
    it mounts late are drawn then: the stored choices show chosen at once."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    _sign_up(page, server, "Popover player")
    page.get_by_test_id("stSidebar").get_by_text(t("nav.play", "en"), exact=True).click()
    page.locator(TABLE).first.wait_for()
    _settle(page)
    page.get_by_test_id("stPopover").get_by_role("button").first.click()
    chosen = page.locator('[data-testid="stButtonGroup"] button[aria-checked="true"]')
    expect(chosen).to_have_count(2)
    expect(chosen.nth(0)).to_have_text(t(f"play.pace_{PlaySettings().pace.value}", "en"))
    expect(chosen.nth(1)).to_have_text(t(f"play.level_{PlaySettings().level.value}", "en"))
    _no_errors(page)
    context.close()

"""End to end in headless Chromium: home, a profile, the language switch, puzzles, a hand played
by clicking, and no error element on any page. (The lesson track: test_lesson_track.py.)"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from trainer.i18n import t


def _settle(page: Page) -> None:
    """Wait until Streamlit has finished its run (no running indicator)."""
    page.wait_for_timeout(250)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0, timeout=20_000)


def _no_errors(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_text("Page not found")).to_have_count(0)
    expect(page.locator('[data-testid="stAlertContentError"]')).to_have_count(0)


def _sign_up(page: Page, server: str, name: str) -> str:
    page.goto(f"{server}/?lang=en")
    page.get_by_label(t("profile.name_label", "en")).fill(name)
    page.get_by_role("button", name=t("profile.create", "en")).click()
    expect(page.get_by_text(t("home.hello", "en", name=name))).to_be_visible()
    match = re.search(r"learner=(\d+)", page.url)
    assert match, page.url
    return match.group(1)


def test_home_and_language_switch(page: Page, server: str) -> None:
    page.goto(f"{server}/?lang=en")
    expect(page.get_by_role("heading", name=t("app.title", "en"))).to_be_visible()
    expect(page.locator("img.d14-card").first).to_be_visible()
    _no_errors(page)
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    expect(page.get_by_role("heading", name=t("app.title", "zh"))).to_be_visible()
    assert "lang=zh" in page.url
    _no_errors(page)


def test_every_page_has_no_error(page: Page, server: str) -> None:
    learner = _sign_up(page, server, "Pages")
    for path in ("", "lessons", "rules", "glossary", "drills", "puzzles", "play", "check",
                 "progress", "settings"):
        for lang in ("en", "zh"):
            page.goto(f"{server}/{path}?learner={learner}&lang={lang}")
            expect(page.get_by_role("heading").first).to_be_visible()
            _settle(page)
            _no_errors(page)


def _click_answer(page: Page, puzzle: object) -> None:
    from trainer.engine import parse_card

    form = page.get_by_test_id("stForm")
    answer = puzzle.answer  # type: ignore[attr-defined]
    if puzzle.kind == "win":  # type: ignore[attr-defined]
        form.get_by_text(t("choice.yes" if answer["win"] else "choice.no", "en"),
                         exact=True).click()
        if answer["win"]:
            form.get_by_label(t("puzzles.fan_if_win", "en")).fill(str(answer["fan"]))
    else:
        card = parse_card(answer["safe"][0])
        label = t("card.joker", "en") if card.is_joker else card.symbol
        form.get_by_role("radio", name=label, exact=True).click()  # single-choice pills
    form.get_by_role("button", name=t("lessons.check", "en")).click()


def test_solve_puzzles_by_clicking(page: Page, server: str) -> None:
    from trainer.practice import puzzle_service as service

    learner = _sign_up(page, server, "Solver")
    win = next(p for p in service.bank() if p.kind == "win" and p.answer["win"]
               and service.players_of(p) == 4)
    safe = next(p for p in service.bank() if p.kind == "safe" and service.players_of(p) == 4)
    for puzzle in (win, safe):
        page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={puzzle.id}")
        expect(page.get_by_text(puzzle.question["en"])).to_be_visible()
        _click_answer(page, puzzle)
        expect(page.get_by_text(t("puzzles.right", "en"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"Rating \+\d+"))).to_be_visible()
        _no_errors(page)
    page.get_by_role("button", name=t("puzzles.next", "en")).click()
    expect(page.get_by_role("button", name=t("lessons.check", "en"))).to_be_visible()
    page.goto(f"{server}/progress?learner={learner}&lang=en")
    expect(page.get_by_role("heading", name=t("progress.title", "en"))).to_be_visible()
    expect(page.get_by_text("2", exact=True).first).to_be_visible()
    _no_errors(page)


def test_play_a_hand_by_clicking(page: Page, server: str) -> None:
    """A seeded hand against the bots, clicked through in Chromium: the learner chis, pongs and
    wins; then the review."""
    import random as _random

    from trainer.bots import HeuristicBot
    from trainer.engine import RuleSet
    from trainer.engine.game.actions import ActionKind
    from trainer.play.session import PlaySession

    learner = _sign_up(page, server, "Player")
    page.goto(f"{server}/play?learner={learner}&lang=en&seed=1&pace=instant")
    mirror = PlaySession(1, RuleSet())
    bot = HeuristicBot()
    rng = _random.Random(0)
    for _ in range(200):
        mirror.run_bots()
        if mirror.state.over:
            break
        action = bot.choose(mirror.view(), rng)
        if action.kind is ActionKind.DISCARD:
            card = action.cards[0]
            label = t("card.joker", "en") if card.is_joker else card.symbol
        else:
            label = t(f"button.{action.kind.value}", "en",
                      card=action.cards[0].symbol if action.cards else "",
                      cards=" ".join(c.symbol for c in action.cards))
        button = page.get_by_role("button", name=label, exact=True)
        expect(button).to_be_visible()
        button.click()
        _settle(page)
        mirror.act(action)
    assert mirror.state.result is not None and mirror.state.result.winner == 0
    expect(page.get_by_text(t("play.winner", "en", seat=0))).to_be_visible()
    _no_errors(page)
    page.get_by_role("button", name=t("play.review", "en")).click()
    expect(page.get_by_text(t("play.no_flags", "en"))).to_be_visible()
    page.get_by_role("button", name=t("play.back", "en")).click()
    expect(page.get_by_text(re.compile(r"Step \d+ of \d+"))).to_be_visible()
    _no_errors(page)

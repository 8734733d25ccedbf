"""End to end in headless Chromium: home, a profile, the language switch, puzzles, and no error
element on any page. (The lesson track: test_lesson_track.py; Play: test_play_browser.py.)"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.accounts import sign_up
from tests.e2e.waits import TIMEOUT_MS, after_run, idle
from trainer.engine.game.actions import ActionKind
from trainer.i18n import t
from trainer.puzzles import Puzzle, PuzzleKind
from trainer.puzzles.model import LeastRiskAnswer, SafeSetAnswer, WinAnswer


def _settle(page: Page) -> None:
    """Wait until Streamlit has finished its run (see :mod:`tests.e2e.waits`)."""
    idle(page)


def _no_errors(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_text("Page not found")).to_have_count(0)
    expect(page.locator('[data-testid="stAlertContentError"]')).to_have_count(0)


def _sign_up(page: Page, server: str, name: str) -> str:
    return sign_up(page, server, name)


def test_home_and_language_switch(page: Page, server: str) -> None:
    page.goto(f"{server}/?lang=en")
    expect(page.get_by_role("heading", name=t("app.title", "en"))).to_be_visible()
    expect(page.locator("img.d14-card").first).to_be_visible()
    _no_errors(page)
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    expect(page.get_by_role("heading", name=t("app.title", "zh"))).to_be_visible()
    assert "lang=zh" in page.url
    _no_errors(page)


def test_the_sidebar_closes_after_a_language_switch_on_a_phone(page: Page,
                                                                server: str) -> None:
    """On a phone the sidebar lies over the page: after switching language or page in it, it
    closes and the page shows in the other language. On a desktop it stays open."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/?lang=en")
    sidebar = page.get_by_test_id("stSidebar")
    expect(page.get_by_role("heading", name=t("app.title", "en"))).to_be_visible()
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    sidebar.get_by_text("中文").click()
    expect(page.get_by_role("heading", name=t("app.title", "zh"))).to_be_visible()
    expect(sidebar).to_have_attribute("data-collapsed", "true")
    # a page link too, with a desktop browser's user agent (Streamlit closes it only for one
    # that says it is a phone)
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    sidebar.get_by_test_id("stSidebarNavLink").nth(1).click()
    expect(sidebar).to_have_attribute("data-collapsed", "true")
    page.evaluate("localStorage.clear()")  # Streamlit keeps a sidebar closed by its button
    page.set_viewport_size({"width": 1300, "height": 900})
    page.goto(f"{server}/?lang=zh")
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    after_run(page, sidebar.get_by_text("English").click)
    expect(page.get_by_role("heading", name=t("app.title", "en"))).to_be_visible()
    expect(sidebar).to_have_attribute("data-collapsed", "false")


def test_a_page_switched_to_opens_at_its_top(page: Page, server: str) -> None:
    """Walk 42 came to "Check a hand" from a long page and found its title scrolled off the
    screen: Streamlit keeps the scroll of the page left. Another page opens at its top; the
    same page run again (a tap, a rerun) keeps its scroll."""
    learner = _sign_up(page, server, "Scrolls")
    page.set_viewport_size({"width": 1300, "height": 900})
    page.goto(f"{server}/rules?learner={learner}&lang=en")
    _settle(page)
    main = page.get_by_test_id("stMain")
    assert main.evaluate("m => { m.scrollTo(0, 4000); return m.scrollTop; }") > 200
    after_run(page, page.get_by_test_id("stSidebar").get_by_role(
        "link", name=re.compile(t("nav.glossary", "en"))).click)
    expect(page.get_by_role("heading", name=t("glossary.title", "en")).first).to_be_in_viewport()
    assert main.evaluate("m => m.scrollTop") == 0


def test_switching_language_back_and_forth_keeps_the_choices_and_the_puzzle(
        page: Page, server: str) -> None:
    """Option widgets say their options in the learner's language. Streamlit keeps such a
    widget's value as its label, so after a switch the browser handed back "Rated" on a
    Chinese page (shown, then a KeyError on the next run). Each switch now gives a widget of
    the new language, starting from the choice made: mode and puzzle stay as they were."""
    learner = _sign_up(page, server, "Switcher")
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=theme")
    expect(page).to_have_url(re.compile(r"puzzle="))
    _settle(page)
    puzzle = re.search(r"puzzle=([\w-]+)", page.url)
    assert puzzle, page.url
    sidebar = page.get_by_test_id("stSidebar")
    for lang in ("zh", "en", "zh"):
        sidebar.get_by_text("中文" if lang == "zh" else "English", exact=True).click()
        expect(page.get_by_role("heading", name=t("puzzles.title", lang))).to_be_visible()
        _settle(page)
        _no_errors(page)
        mode_box = page.get_by_test_id("stSelectbox").first.get_by_role("combobox")
        expect(mode_box).to_have_value(t("puzzles.mode_theme", lang))
        assert f"puzzle={puzzle.group(1)}" in page.url and "mode=theme" in page.url, page.url
    page.get_by_test_id("stSelectbox").nth(1).click()  # the theme box, used after the switches
    after_run(page, page.get_by_role("option").nth(1).click)
    _no_errors(page)
    expect(page.get_by_role("heading", name=t("puzzles.title", "zh"))).to_be_visible()


def test_the_language_control_of_settings_switches_once(page: Page, server: str) -> None:
    """Settings has a language control of its own beside the sidebar's: a switch in either
    settles in one run (the two had handed the page back and forth, hundreds of times a
    second), and the choice is the profile's language next time."""
    learner = _sign_up(page, server, "Settler")
    page.goto(f"{server}/settings?learner={learner}&lang=en")
    _settle(page)
    addresses: list[str] = []
    page.on("framenavigated", lambda frame: addresses.append(frame.url))
    page.get_by_test_id("stSidebar").get_by_text("中文", exact=True).click()
    expect(page.get_by_role("heading", name=t("settings.title", "zh"))).to_be_visible()
    _settle(page)
    after_run(page, page.get_by_test_id("stMain").get_by_text(t("settings.lang_en", "zh"),
                                                               exact=True).click)
    expect(page.get_by_role("heading", name=t("settings.title", "en"))).to_be_visible()
    idle(page)  # settled: a page handed back and forth would still be running its runs
    assert len(addresses) <= 4, addresses[:6]
    assert "lang=en" in page.url
    _no_errors(page)
    page.goto(f"{server}/settings?learner={learner}")
    expect(page.get_by_role("heading", name=t("settings.title", "en"))).to_be_visible()


def test_a_rule_link_shows_its_tab_on_a_phone(page: Page, server: str) -> None:
    """A link to a rule in the Rules page's last section opens that section; on a phone its
    tab, the one marked selected, is in sight (the tabs wrap into rows, not off the screen)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/rules?lang=zh&rule=R-READ")
    expect(page.get_by_text(t("rules_page.opened", "zh"))).to_be_visible()
    _settle(page)
    tab = page.get_by_role("tab", name=t("ruleref.section.table", "zh"), exact=True)
    expect(tab).to_have_attribute("aria-selected", "true")
    expect(tab).to_be_in_viewport(ratio=1)  # whole, not cut by the tab bar's edge
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


def test_streamlits_own_words_are_chinese_on_a_chinese_page(page: Page, server: str) -> None:
    """The file uploader's button and drop hint say the catalog's Chinese, and a text box's
    "Press Enter to apply" is not shown; an English page keeps Streamlit's English."""
    learner = _sign_up(page, server, "Words")
    after = "(element) => getComputedStyle(element, '::after').content"
    for lang in ("zh", "en"):
        page.goto(f"{server}/progress?learner={learner}&lang={lang}")
        button = page.get_by_test_id("stFileUploaderDropzone").locator("button p")
        expect(button).to_be_visible()
        _settle(page)
        if lang == "zh":
            assert button.evaluate(after) == f'"{t("ui.browse_file", "zh")}"'
            hint = page.get_by_test_id("stFileUploaderDropzoneInstructions")
            assert hint.evaluate(after) == f'"{t("ui.drop_file", "zh")}"'
        else:
            assert button.evaluate(after) in ("none", "normal")
        page.goto(f"{server}/check?learner={learner}&lang={lang}")
        box = page.locator("input[type=text]").first
        box.fill("7h Kd Ac 5h 9c 3s 4s")
        instructions = page.get_by_test_id("InputInstructions")
        if lang == "zh":
            expect(instructions).to_be_hidden()
        else:
            expect(instructions).to_be_visible()


def test_cards_tapped_stay_chosen_through_a_reload(page: Page, server: str) -> None:
    """A learner who taps cards and reloads before Check finds the same cards chosen (kept in
    the tab's sessionStorage for that table and position only)."""
    from trainer.lessons import load_lessons

    learner = _sign_up(page, server, "Reload")
    lesson = load_lessons()[0]
    page.goto(f"{server}/lessons?learner={learner}&lang=en&lesson={lesson.id}")
    cards = page.locator(".d14-table .hand.selectable .card")
    expect(page.get_by_role("heading").first).to_be_visible()
    for _ in range(8):  # read the explanations until a question asks for cards
        _settle(page)
        if cards.count():
            break
        after_run(page, page.get_by_role("button", name=t("lessons.continue_step", "en")).click)
    pressed = "nodes => nodes.map(node => node.getAttribute('aria-pressed') === 'true')"
    cards.nth(1).click()
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    cards.nth(3).click()
    expect(cards.nth(3)).to_have_attribute("aria-pressed", "true")
    chosen = cards.evaluate_all(pressed)
    # two cards raised, or only the last where the question asks for one card (a tap replaces)
    assert [index for index, on in enumerate(chosen) if on] in ([1, 3], [3])
    page.reload()
    expect(cards.first).to_be_visible()
    _settle(page)
    for index, on in enumerate(chosen):  # each waits for the restored state, busy or not
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true" if on else "false")


def _choose(page: Page, widget: str, label: str) -> None:
    """Pick ``label`` in the segmented control ``widget``; a pick already made starts no run."""
    option = page.locator(widget).get_by_role("radio", name=label, exact=True)
    idle(page)
    if option.get_attribute("aria-checked") == "true":
        return
    after_run(page, option.click)
    expect(option).to_have_attribute("aria-checked", "true")


def _tap_answer(page: Page, puzzle: Puzzle, right: bool = True) -> None:
    """Answer on the page as a learner: tap cards on the table, or yes/no and the fan or the
    reason; then Check."""
    from trainer.practice.puzzle_boards import board_of

    answer = puzzle.answer
    if isinstance(answer, WinAnswer):
        said_yes = answer.win if right else not answer.win
        _choose(page, ".st-key-puzzle_win_choice-en",
                t("choice.yes" if said_yes else "choice.no", "en"))
        if said_yes:
            _choose(page, ".st-key-puzzle_fan_choice", str(answer.fan if right else 0))
        else:
            reason = answer.reason.value if right else "not_combined"
            _choose(page, ".st-key-puzzle_reason_choice-en", t(f"choice.reason.{reason}", "en"))
        page.locator(".st-key-puzzle-check-win button").click()
        return
    hand = list(board_of(puzzle).hand)
    table = page.locator(f'.d14-table[data-seq="{puzzle.id}:open"]')
    if isinstance(answer, SafeSetAnswer):
        cards = sorted(answer.safe, key=lambda c: c.index)
        if not right:
            cards = [*cards[1:], next(c for c in puzzle.candidates if c not in answer.safe)]
    else:
        assert isinstance(answer, LeastRiskAnswer)
        cards = [answer.card if right else next(c for c in hand if c != answer.card)]
    idle(page)  # taps on a table the running script is about to replace would be lost
    for card in cards:
        tapped = table.locator(".hand .card").nth(hand.index(card))
        tapped.click()
        expect(tapped).to_have_attribute("aria-pressed", "true")
    table.locator("button[data-action=check]").click()


def test_solve_puzzles_by_clicking(page: Page, server: str) -> None:
    """One puzzle of each kind solved by tapping, rated; a set answer with one card missing and
    one too many names both; the same puzzle again is practice, not rated."""
    from trainer.practice import puzzle_service as service

    learner = _sign_up(page, server, "Solver")
    picks = [next(p for p in service.bank() if p.kind is kind and p.players == 4
                  and (not isinstance(p.answer, WinAnswer) or p.answer.win))
             for kind in PuzzleKind]
    for puzzle in picks:
        page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={puzzle.id}")
        expect(page.get_by_text(t(f"pz.ask_{puzzle.kind.value}", "en"))).to_be_visible()
        _tap_answer(page, puzzle)
        expect(page.get_by_text(t("puzzles.right", "en"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"Rating \+\d+"))).to_be_visible()
        _no_errors(page)
    safe_set = next(p for p in service.bank() if p.kind is PuzzleKind.SAFE_SET
                    and isinstance(p.answer, SafeSetAnswer) and len(p.answer.safe) >= 2
                    and len(p.candidates) - len(p.answer.safe) >= 2  # counts that name no card
                    and p.id != picks[1].id)
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={safe_set.id}")
    _tap_answer(page, safe_set, right=False)
    expect(page.get_by_text(t("puzzles.wrong_hint", "en"))).to_be_visible()  # a hint first
    expect(page.get_by_text(re.compile("safe cards left out: 1"))).to_be_visible()
    page.get_by_role("button", name=t("lessons.show_answer", "en")).click()
    expect(page.get_by_text(t("puzzles.revealed", "en"))).to_be_visible()
    expect(page.get_by_text(re.compile("Safe, but you left it"))).to_be_visible()
    expect(page.get_by_text(re.compile("You tapped a card that deals in"))).to_be_visible()
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={picks[0].id}")
    _tap_answer(page, picks[0])
    expect(page.get_by_text(t("pz.practice", "en"))).to_be_visible()
    page.get_by_role("button", name=t("puzzles.next", "en")).click()
    expect(page.get_by_text(t("puzzles.about_rated", "en"))).to_be_visible()
    _no_errors(page)


def test_a_reload_keeps_the_answer_and_back_finds_a_puzzle(page: Page, server: str) -> None:
    """A reload right after answering shows the verdict again with Next (not the puzzle asked
    afresh, which looked unanswered yet said "already rated" on Check). After Next the address
    names the next puzzle at once, so Back and a reload land on a puzzle, none skipped."""
    from trainer.practice import puzzle_service as service

    learner = _sign_up(page, server, "Reloader")
    puzzle = next(p for p in service.bank() if p.kind is PuzzleKind.SAFE_SET and p.players == 4)
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={puzzle.id}")
    _tap_answer(page, puzzle, right=False)
    expect(page.get_by_text(t("puzzles.wrong_hint", "en"))).to_be_visible()
    page.reload()  # the same hint and second try, the rating change said
    expect(page.get_by_text(t("puzzles.wrong_hint", "en"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Rating [−-]\d+"))).to_be_visible()
    expect(page.locator(f'.d14-table[data-seq="{puzzle.id}:retry"]')).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)  # the miss is said in red
    page.get_by_role("button", name=t("lessons.show_answer", "en")).click()
    expect(page.locator(f'.d14-table[data-seq="{puzzle.id}:done"]')).to_be_visible()
    page.get_by_role("button", name=t("puzzles.next", "en")).click()
    expect(page).not_to_have_url(re.compile(rf"puzzle={puzzle.id}"))
    _settle(page)
    following = re.search(r"puzzle=([\w-]+)", page.url)
    assert following, page.url
    page.go_back()
    expect(page).to_have_url(re.compile(r"puzzle="))
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={following.group(1)}")
    expect(page.locator(f'.d14-table[data-seq="{following.group(1)}:open"]')).to_be_visible()
    _no_errors(page)
    win = next(p for p in service.bank() if p.kind is PuzzleKind.WIN and p.players == 4
               and p.id != following.group(1))
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={win.id}")
    _tap_answer(page, win)  # answered with buttons: no card of this table tapped since
    expect(page.get_by_text(t("puzzles.right", "en"))).to_be_visible()
    # the first puzzle, opened again to try once more, comes with no card raised from before
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=rated&puzzle={puzzle.id}")
    table = page.locator(f'.d14-table[data-seq="{puzzle.id}:open"]')
    expect(table).to_be_visible()
    expect(table.locator(".card.chosen")).to_have_count(0)


def test_a_new_drill_item_starts_with_an_empty_box(page: Page, server: str) -> None:
    """The number typed for one item is not left in the box for the next (Streamlit's browser
    side kept it, and a Check sent it again as the new item's answer)."""
    learner = _sign_up(page, server, "Typist")
    page.goto(f"{server}/drills?learner={learner}&lang=en&drill=red")
    box = page.get_by_label(t("lesson.number_label", "en"))
    expect(box).to_be_visible()
    for _ in range(2):  # wrong twice: the answer is shown, then Next
        box.fill("999")
        after_run(page, lambda: box.press("Enter"))
    after_run(page, page.get_by_role("button", name=t("drills.next", "en"), exact=True).click)
    expect(box).to_have_value("")
    _no_errors(page)
    # a review's box stays on the page from one fact to the next: it is emptied all the same
    page.goto(f"{server}/drills?learner={learner}&lang=en&drill=review")
    expect(page.get_by_text(t("review.none_chosen", "en"))).to_be_visible()
    after_run(page, page.get_by_text(t("skill.red", "en"), exact=True).click)  # opt in
    expect(box).to_be_visible()
    for typed in ("1", "0"):  # the red of A♠ (0: wrong), then of A♥ (1: right)
        box.fill(typed)
        after_run(page, lambda: box.press("Enter"))
        expect(box).to_have_value("")


def test_the_three_minute_clock_ticks_and_ends_the_run(page: Page,
                                                       short_clock_server: str) -> None:
    """The countdown ticks in the browser while the run is on, and ends it at the bell. (The
    server's clock is shortened for this test by the ``DOU14_TIMED_SECONDS`` setting.)"""
    server = short_clock_server
    learner = _sign_up(page, server, "Clock")
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=timed")
    start = page.get_by_role("button", name=t("puzzles.timed_start", "en"))
    expect(start).to_be_visible()  # the clock waits for the learner to say go
    expect(page.get_by_text(re.compile(r"s left · "))).to_have_count(0)
    start.click()
    bar = page.get_by_text(re.compile(r"^\d+ s left · 0 solved at the first try$"))
    expect(bar).to_be_visible()
    first = int(bar.inner_text().split()[0])
    lower = "|".join(str(seconds) for seconds in range(1, first))
    expect(page.get_by_text(re.compile(rf"^({lower}) s left"))).to_be_visible(
        timeout=10_000)  # it ticks down, with no click
    expect(page.get_by_text(t("puzzles.timed_over", "en", solved=0, tried=0))).to_be_visible(
        timeout=30_000)
    expect(page.get_by_role("button", name=t("puzzles.again", "en"))).to_be_visible()
    _no_errors(page)


def test_a_refused_move_twice_leaves_the_table_ready(page: Page, server: str) -> None:
    """Best move: a press the rules refuse says why and is no try; the table is drawn afresh, so
    a second refused press in a row is answered too and the buttons stay live (not greyed until
    a reload)."""
    from trainer.lessons.buttons import TableButton
    from trainer.lessons.table_tasks import button_move
    from trainer.practice import best_move_puzzles as best

    learner = _sign_up(page, server, "Refused")
    puzzle = next(p for p in best.shipped(4) if p.move.best.action.kind.value == "discard"
                  and TableButton.KONG_DRAWN in p.task().board.buttons  # right after a pong
                  and best.refusal(p, button_move(TableButton.KONG_DRAWN, (0,))) is not None)
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=best&puzzle={puzzle.id}")
    for times in (0, 1):
        table = page.locator(f'.d14-table[data-seq="{puzzle.id}-0-{times}"]')
        table.locator(".hand .card").first.click()
        table.locator('button[data-action="kong_drawn"]').click()
        after = page.locator(f'.d14-table[data-seq="{puzzle.id}-0-{times + 1}"]')
        expect(after).to_be_visible()
        expect(after.locator('button[data-action="discard"]')).to_be_enabled()
    expect(page.get_by_text(t("puzzles.wrong_hint", "en"))).to_have_count(0)  # no try spent
    _no_errors(page)


def test_a_best_move_verdict_is_brought_into_view_on_a_phone(browser: Browser,
                                                             server: str) -> None:
    """Best move on a 390×844 phone: the table fills the screen, so the verdict under it (the
    hint after a miss) would lie below the fold, unseen; the page brings it into view."""
    from trainer.lessons.answers import MoveAnswer
    from trainer.practice import best_move_puzzles as best

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    learner = _sign_up(page, server, "Verdict in view")
    puzzle = next(p for p in best.shipped(4) if p.move.best.action.kind.value == "discard"
                  and len(p.task().board.hand) >= 6)
    hand = list(puzzle.task().board.hand)
    wrong = next(i for i, card in enumerate(hand)
                 if not puzzle.task().is_correct(MoveAnswer(ActionKind.DISCARD, (i,))))
    page.goto(f"{server}/puzzles?learner={learner}&lang=en&mode=best&puzzle={puzzle.id}")
    table = page.locator(f'.d14-table[data-seq="{puzzle.id}-0-0"]')
    idle(page)
    table.locator(".hand .card").nth(wrong).click()
    table.locator('button[data-action="discard"]').click()
    verdict = page.get_by_text(t("lessons.try_again", "en"))
    expect(verdict).to_be_visible()
    expect(verdict).to_be_in_viewport()
    context.close()


def test_the_fan_options_keep_one_line_on_a_phone(browser: Browser, server: str) -> None:
    """"几番？" offers 0 to 8: on a 390 px phone the nine options stay on one line (the 8 went
    alone to a second), each a whole button; in 中文, where the labels are widest."""
    from trainer.practice import puzzle_service as service

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    learner = sign_up(page, server, "Fan options", "zh")
    puzzle = next(p for p in service.bank() if p.kind is PuzzleKind.WIN and p.players == 4)
    page.goto(f"{server}/puzzles?learner={learner}&lang=zh&mode=rated&puzzle={puzzle.id}")
    page.locator(".st-key-puzzle_win_choice-zh button").first.click()  # 是: the fan is asked
    options = page.locator(".st-key-puzzle_fan_choice button")
    expect(options).to_have_count(9)
    tops = {round(box["y"]) for box in (options.nth(i).bounding_box() for i in range(9))
            if box is not None}
    assert len(tops) == 1, tops
    context.close()

"""Play a match against the engine's bots, with hints, and review each hand afterwards.

The match lives in the database (:mod:`trainer.play.table_service`): a reload, a new tab or
another device resumes it, review included. The page draws the learner's view on the card table
and hands every press to the play services; it holds no game logic. At readable pace the table
is a fragment that reruns on a timer only while a bot is to move; at instant pace the bots reply
within the run of the learner's action."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import streamlit as st

from trainer.coach.players import Level
from trainer.engine import Card, Dou14Error, red_total
from trainer.engine.game.replay import MAX_REPLAY_BYTES, Replay
from trainer.engine.game.view import PlayerView
from trainer.engine.inputs import bounded_int
from trainer.i18n import explain, render
from trainer.mastery.guidance import HintLevel
from trainer.play import table_service
from trainer.play.choices import action_for, choices
from trainer.play.coach_hint import coach_contrast, coach_message, coach_move, coach_outcomes
from trainer.play.coach_jobs import COACHED_HANDS, recent_losses, review_of
from trainer.play.coach_review import PricedHand
from trainer.play.hints import CardRisk, best_move, discard_risks, offer_wins, waits_message
from trainer.play.session import LEARNER, Pace, PlaySession, PlaySettings
from trainer.play.story import beaten_claim, story
from trainer.play.table_service import Outcome
from trainer.practice.guidance_service import Help, ask_more, decision_skill, help_at
from trainer.ui.card_table import TableAction, show_table
from trainer.ui.lang import (
    card_text,
    current_language,
    engine_error,
    holding_language,
    plain,
    tr,
    translated_choice,
)
from trainer.ui.play_view import RESULT_KEY, play_table
from trainer.ui.review_view import full_log, show_review
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import TABLE_PAGE_STYLE, bullet_list, glossary_link

lang = current_language()
learner = require_learner()
db = store()
settings = PlaySettings.loads(db.play.settings(learner.id))
RECENT = 5


def _seed_from_url() -> int | None:
    return bounded_int(st.query_params.get("seed"), 0, 2**31 - 1)


def _notice(outcome: Outcome) -> None:
    if outcome is Outcome.STALE:
        st.session_state["play_notice"] = "play.stale"
    elif outcome is Outcome.ILLEGAL:
        st.session_state["play_notice"] = "play.refused"


def _change(expected: int, make: Callable[[PlaySession], object], pace: Pace | None = None
            ) -> None:
    _notice(table_service.change(db, learner.id, expected, make, pace))


def _save_settings(**changes: object) -> None:
    current = PlaySettings.loads(db.play.settings(learner.id))
    hints = bool(changes.get("hints", current.hints))
    pace = Pace(str(changes.get("pace", current.pace.value)))
    level = Level(str(changes.get("level", current.level.value)))
    db.play.set_settings(learner.id, PlaySettings(hints, pace, level).dumps())


def _hints_changed() -> None:
    _save_settings(hints=bool(st.session_state.get("play_hints")))


def _level_changed() -> None:
    chosen = st.session_state.get("play_level")
    if chosen in {level.value for level in Level}:
        _save_settings(level=chosen)


def _deal_next(session: PlaySession) -> None:
    """The next hand, against the opponents the learner last chose."""
    session.next_hand(PlaySettings.loads(db.play.settings(learner.id)).level)


def _pace_changed() -> None:
    chosen = st.session_state.get("play_pace")
    if chosen in {p.value for p in Pace}:
        _save_settings(pace=chosen)


def show_notice() -> None:
    """What the last press could not do (a stale tab, a refused action), once."""
    notice = st.session_state.pop("play_notice", None)
    if notice:
        st.warning(tr(notice))


# -- the table ---------------------------------------------------------------------------------
def pressed(session_move: int, press: TableAction) -> None:
    """A press on the table: the learner's action on the move the page showed (playing on
    answers an open "new match?" question with no)."""
    st.session_state.pop("play_problem", None)
    st.session_state["play_confirm_new"] = False

    def make(session: PlaySession) -> None:
        action = action_for(session.view(), press.action, press.cards)
        if action is None:
            raise Dou14Error("not a legal action now")
        session.act(action)

    _change(session_move, make, settings.pace if settings.pace is Pace.INSTANT else None)


def play_item(session: PlaySession) -> str:
    """A decision of Play as its hint asks are stored: the hand and the move."""
    return f"play:{session.hand_number}:{session.move}"


def play_help(session: PlaySession, view: PlayerView) -> Help:
    """How much Play's hints show at this decision (issue 32: they fade as the skill is
    mastered — all of them, then the waits, red and risk without the coach's move, then none
    unless asked)."""
    coached = len(recent_losses(db, learner.id)) >= COACHED_HANDS
    return help_at(db, learner.id, decision_skill(view.offer is not None), context="play",
                   item=play_item(session),  # the coach speaks through the first coached hands
                   at_least=HintLevel.NONE if coached else HintLevel.FULL)


def hint_lines(view: PlayerView, risks: dict[Card, CardRisk], found: Help, item: str) -> None:
    figures: list[str] = []
    if found.level is HintLevel.NONE:
        lines = [] if found.asked else [tr("guide.faded", skill=tr(f"skill.{found.skill}"))]
    else:
        lines, figures = hint_words(view, risks, coach_line=found.level is HintLevel.FULL)
    with st.container(key="play-hints"):
        if lines:
            st.caption("  \n".join(lines))
        if figures:  # the coach's move and why above; its points on demand
            with st.expander(tr("play_hint.figures")):
                st.caption("  \n".join(figures))
        if found.more:
            st.button(tr("guide.ask" if found.level is HintLevel.NONE else "guide.ask_more"),
                      key="play-ask-hint", icon=":material/help:", on_click=_asked,
                      args=(found, item))


def _asked(found: Help, item: str) -> None:
    ask_more(db, learner.id, found.skill, context="play", item=item)


def hint_words(view: PlayerView, risks: dict[Card, CardRisk], *, coach_line: bool
               ) -> tuple[list[str], list[str]]:
    """The hint lines — the waits, a win open, the coach's move and why (``coach_line``), the
    red — and the coach's figures behind its move (its points and how often each option wins
    and pays), shown on demand: a newcomer reads the move first."""
    red = red_total(view.hand, view.melds[LEARNER])
    lines = [tr("play_hint.red", red=red, threshold=view.rules.red_threshold)]
    if risks:  # the badges under the cards, said once
        lines.append(tr("play_hint.badges"))
    coach = coach_message(view) if coach_line else None
    best = None if coach is not None or not coach_line else best_move(view, risks)
    if best is not None:
        lines.insert(0, render(best.why, lang, cite=False))
        if best.action is None:
            lines.append(tr("play_hint.tap_for_why"))
    winning = offer_wins(view)
    if winning is not None:
        lines.insert(0, tr("play_hint.offer_wins", card=card_text(winning)))
    figures: list[str] = []
    if coach is not None:
        figures.append(render(coach, lang, cite=False))
        outcomes = coach_outcomes(view)
        if outcomes is not None:
            figures.append(render(outcomes, lang, cite=False))
        reason = coach_contrast(view)
        if reason is not None:
            lines.insert(0, render(reason, lang, cite=False))
        lines.insert(0, render(coach_move(view), lang, cite=False))
    ready = waits_message(view)
    if ready is not None:
        lines.insert(0, render(ready, lang, cite=False))
    return lines, figures


def turn_prompt(session: PlaySession, view: PlayerView) -> str:
    """The question the learner's buttons answer (drawn on the table, above them)."""
    if session.state.over or not session.learner_to_act:
        return ""
    key = {"claim": "play.your_turn_claim", "laydown": "play.your_turn_laydown"}.get(
        view.phase.value, "play.your_turn_discard")
    return tr(key, card=card_text(view.offer.card) if view.offer is not None else "")


def status_line(session: PlaySession) -> None:
    if not session.state.over and not session.learner_to_act:
        st.caption(tr("play.bot_to_move", seat=session.state.to_act))


def story_lines(session: PlaySession) -> None:
    told = story(session.state.events)
    if not told:
        return
    if (lost := beaten_claim(told)) is not None:  # said until the learner moves again
        st.info(render(lost, lang))
    recent = told[-RECENT:]
    with st.container(key="play-recent"):
        st.caption(tr("play.recent") + "  \n" + "  \n".join(
            "· " + render(message, lang, cite=False) for _event, message in recent))
    full_log(told, "play-log")


def end_of_hand(session: PlaySession) -> None:
    state = session.state
    result = state.result
    assert result is not None
    with st.container(border=True, key=RESULT_KEY):
        if result.winner is None:
            st.info(tr("play.drawn"))
        elif result.winner == LEARNER:
            st.success(tr("play.you_win"))
        else:
            st.warning(tr("play.winner", seat=result.winner))
        if result.verdict is not None:
            bullet_list(explain(result.verdict, lang))
        if any(result.payments):  # who paid whom, this hand (the line above: the running totals)
            st.markdown(tr("play.hand_payments", payments=" · ".join(
                f"{_seat_name(seat)} {paid:+d}" for seat, paid in enumerate(result.payments))))
        move = session.move
        row = st.container(horizontal=True, wrap=True)
        row.button(tr("play.next_hand"), type="primary", key="next-hand",
                   on_click=_change, args=(move, _deal_next))
        hand = len(session.match.hands) - 1
        row.button(tr("play.review"), key="open-review", on_click=_change,
                   args=(move, partial(PlaySession.open_review, hand=hand,
                                       step=len(state.history))))
        replay = Replay.of(state)
        if not isinstance(review_of(db, learner.id, replay, LEARNER), PricedHand):
            st.caption(tr("play.coach_reviewing"))  # started now: kept when done
        row.download_button(tr("play.download"), replay.dumps(),
                            file_name=f"dou14-replay-{state.seed}.json",
                            mime="application/json", key="download-replay")


def _seat_name(seat: int) -> str:
    return tr("play.you_short") if seat == LEARNER else tr("log.seat", seat=seat)


def scores_line(session: PlaySession) -> None:
    parts = [f"{_seat_name(seat)} {score:+d}" for seat, score in enumerate(session.match.scores)]
    level = session.levels[session.hand_number]
    st.caption(tr("play.scores_line", hand=session.hand_number + 1, scores=" · ".join(parts))
               + " · " + tr("play.opponents", level=tr(f"play.level_{level.value}")))


@holding_language
def table_area(ticking: bool) -> None:
    """The table, the learner's buttons, hints and the story; a fragment whose timer runs only
    while a bot is to move (readable pace)."""
    session = table_service.open_table(db, learner.id, learner.rules).session
    if session.review is not None:  # opened from this fragment: the page shows the review
        st.rerun()
    show_notice()
    if ticking and session.bots_to_act:  # one beat of the bots per tick of the timer
        _change(session.move, PlaySession.bot_beat)
        session = table_service.open_table(db, learner.id, learner.rules).session
    still = session.bots_to_act and settings.pace is not Pace.INSTANT
    if still != ticking:
        st.rerun()  # the whole page: start or stop the timer
    if session.bots_to_act and settings.pace is Pace.INSTANT:
        _change(session.move, lambda s: s.run_bots())
        session = table_service.open_table(db, learner.id, learner.rules).session
    view = session.view()
    buttons = choices(view) if session.learner_to_act else []
    found = play_help(session, view) if settings.hints and session.learner_to_act else None
    risks = discard_risks(view) if found is not None and found.level >= HintLevel.NUDGE else {}
    scores_line(session)
    if session.state.over:  # the outcome and what next, above the table: no scrolling for it
        end_of_hand(session)
    show_table(play_table(view, seq=str(session.move), buttons=buttons, risks=risks,
                          prompt=turn_prompt(session, view)),
               key="play-table", on_action=partial(pressed, session.move),
               on_stale=partial(_notice, Outcome.STALE))
    status_line(session)
    if found is not None:
        hint_lines(view, risks, found, play_item(session))
    story_lines(session)


# -- the review --------------------------------------------------------------------------------
def review(session: PlaySession) -> None:
    """The review of a finished hand of the match, kept with the match (a reload keeps it)."""
    at = session.review
    assert at is not None
    move = session.move

    def go(to: int) -> None:
        _change(move, partial(PlaySession.open_review, hand=at.hand, step=to))

    show_review(db, learner.id, Replay.of(session.match.hands[at.hand]), at.step,
                tr("play.review_title", hand=at.hand + 1), go,
                partial(_change, move, PlaySession.close_review),
                partial(_change, move, _deal_next) if session.state.over else None)


def opened_review(replay: Replay) -> None:
    """The review of a replay opened from a file."""
    def go(to: int) -> None:
        st.session_state["opened_step"] = to

    def close() -> None:
        st.session_state.pop("opened_replay", None)

    step = int(st.session_state.get("opened_step", len(replay.actions)))
    show_review(db, learner.id, replay, step, tr("play.review_opened"), go, close, None)


def open_replay() -> None:
    """Open a downloaded replay again, for its review."""
    with st.expander(tr("play.open_replay")):
        opened = st.file_uploader(tr("play.open_replay"), type=["json"], key="open-replay",
                                  label_visibility="collapsed", max_upload_size=1)
    if opened is None or st.session_state.get("opened_file") == opened.file_id:
        return
    st.session_state["opened_file"] = opened.file_id
    if opened.size > MAX_REPLAY_BYTES:  # refused before reading a byte of it
        st.error(tr("play.bad_replay", error=tr("play.replay_too_big",
                                                 kb=MAX_REPLAY_BYTES // 1024)))
        return
    try:
        loaded = Replay.from_json(opened.getvalue().decode("utf-8"))
        loaded.state_at()
    except UnicodeDecodeError:
        st.error(tr("play.bad_replay", error=tr("play.replay_not_text")))
        return
    except Dou14Error as error:
        st.error(tr("play.bad_replay", error=engine_error(error)))
        return
    st.session_state.update(opened_replay=loaded.dumps(), opened_step=len(loaded.actions))
    st.rerun()


# -- the page ----------------------------------------------------------------------------------
st.html(TABLE_PAGE_STYLE)
st.title(tr("play.title"))
opened = table_service.open_table(db, learner.id, learner.rules, _seed_from_url(), settings.level)
current = opened.session
if opened.problem:  # kept for the session: the bots' first move reruns the page
    st.session_state["play_problem"] = opened.problem
if st.session_state.get("play_problem"):
    st.warning(tr("play.table_unreadable", error=plain(st.session_state["play_problem"])))

with st.container(horizontal=True, wrap=True, key="play-controls"):
    with st.popover(tr("play.settings")):
        st.toggle(tr("play.hints"), value=settings.hints, key="play_hints",
                  on_change=_hints_changed)
        translated_choice(st.segmented_control, tr("play.pace"), [p.value for p in Pace],
                          key="play_pace", prefix="play.pace_", start=settings.pace.value,
                          by_default=True, required=True, on_change=_pace_changed)
        translated_choice(st.segmented_control, tr("play.level"), [v.value for v in Level],
                          key="play_level", prefix="play.level_", start=settings.level.value,
                          by_default=True, required=True, on_change=_level_changed)
        st.caption(tr("play.level_help"))
        st.caption(tr("play.intro"))
        glossary_link()
    st.button(tr("play.new_match"), key="ask-new-match",
              on_click=lambda: st.session_state.update(play_confirm_new=True))


def _start_new_match() -> None:
    st.session_state["play_confirm_new"] = False
    _notice(table_service.new_match(db, learner.id, current.move, learner.rules,
                                    level=PlaySettings.loads(db.play.settings(learner.id)).level))


# asked in the page, not in a popover: a popover stayed open over the new match's table
if st.session_state.get("play_confirm_new"):
    with st.container(border=True, key="play-confirm-new"):
        st.markdown(tr("play.new_match_confirm"))
        with st.container(horizontal=True, wrap=True):
            st.button(tr("play.new_match_yes"), key="new-match", type="primary",
                      on_click=_start_new_match)
            st.button(tr("play.new_match_no"), key="keep-match",
                      on_click=lambda: st.session_state.update(play_confirm_new=False))
elif current.rules != learner.rules and current.review is None:
    st.info(tr("play.rules_kept", players=current.rules.players,
               threshold=current.rules.red_threshold))

opened_json = st.session_state.get("opened_replay")
if opened_json:
    opened_review(Replay.from_json(opened_json))
elif current.review is not None:
    show_notice()
    review(current)
else:
    ticking = current.bots_to_act and settings.pace is not Pace.INSTANT
    st.fragment(table_area, run_every=settings.pace.seconds if ticking else None)(ticking)
    open_replay()

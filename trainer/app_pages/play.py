"""Play a hand against the engine's bots, with hints, and review it afterwards.

Everything shown during play comes from the learner's own view (R-PUBLIC); the learner acts only
through the engine's legal actions."""

from __future__ import annotations

import random
import time

import streamlit as st

from trainer.analysis.safety import hidden_analysis, table_from_view
from trainer.engine import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState, Phase
from trainer.engine.game.view import PlayerView
from trainer.engine.position import Position
from trainer.engine.waiting import waits
from trainer.i18n import explain, render
from trainer.play.hand_review import Flag, review_hand
from trainer.play.session import LEARNER, PlaySession
from trainer.puzzles import safe as safe_puzzles
from trainer.ui.lang import current_language, tr
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import glossary_link, show_cards, show_melds

lang = current_language()
learner = require_learner()
st.title(tr("play.title"))
st.caption(tr("play.intro"))
glossary_link()

PACES = {"normal": 0.7, "fast": 0.2, "instant": 0.0}


def new_session() -> PlaySession:
    raw = st.query_params.get("seed")
    seed = int(raw) if raw and str(raw).isdigit() else random.randrange(2**31)
    play = PlaySession(seed, learner.rules)
    st.session_state.update(play=play, play_saved=False, play_review=None, play_step=None)
    return play


existing = st.session_state.get("play")
play: PlaySession = existing if isinstance(existing, PlaySession) else new_session()

controls = st.columns([1, 2, 3])
if controls[0].button(tr("play.new_match"), key="new-match"):
    play = new_session()
wanted_pace = st.query_params.get("pace")
pace = controls[1].segmented_control(
    tr("play.pace"), list(PACES), format_func=lambda p: tr(f"play.pace_{p}"),
    default=wanted_pace if wanted_pace in PACES else "normal", key="play_pace") or "normal"
hints = controls[2].toggle(tr("play.hints"), key="play_hints")


def action_words(action: Action) -> str:
    cards = " ".join(card.symbol for card in action.cards)
    return tr(f"action.{action.kind.value}", seat=action.seat, cards=cards)


def pile_labels(pile: tuple) -> list[str]:  # type: ignore[type-arg]
    return [tr("play.discarded" if entry.source == "discard" else "play.flipped")
            for entry in pile]


def seat_panel(view: PlayerView, seat: int) -> None:
    with st.container(border=True):
        dealer = f" · {tr('play.dealer')}" if seat == view.dealer else ""
        st.markdown(f"**{tr('play.bot', seat=seat)}**{dealer} — "
                    f"{tr('play.concealed', count=view.hand_sizes[seat])}")
        show_cards([None] * view.hand_sizes[seat], width=26)
        show_melds(view.melds[seat])
        pile = view.piles[seat]
        if pile:
            show_cards([entry.card for entry in pile], width=34, labels=pile_labels(pile),
                       label=tr("play.table_pile", seat=seat))


def learner_red(view: PlayerView) -> int:
    return sum(card.red for card in view.hand) + sum(m.red for m in view.melds[LEARNER])


def risk_labels(view: PlayerView) -> dict[str, tuple[str, str, str]]:
    """Per card: a coloured marker and the certificate (hints)."""
    if view.phase is not Phase.DISCARD or not view.dealer_discarded:
        return {}
    table = table_from_view(view, first_discard=False)
    labels = {}
    for result in hidden_analysis(table, samples=0):
        risk = float(sum(c.probability for c in result.counts))
        colour = "green" if result.provably_safe else ("orange" if risk < 0.05 else "red")
        text = tr("play.risk_safe") if result.provably_safe else tr(
            "play.risk_pct", percent=f"{risk:.1%}")
        help_text = " · ".join(render(m, lang) for m in result.certificates)
        labels[str(result.card)] = (f":{colour}[●] ", f"{text} — {help_text}", colour)
    return labels


FRAME_COLOURS = {"green": "#2e9d4f", "orange": "#e08a00", "red": "#d33a2c"}


def act(action: Action) -> None:
    play.act(action)
    st.rerun()


def learner_controls(view: PlayerView, risks: dict[str, tuple[str, str, str]]) -> None:
    legal = list(view.legal)
    if view.phase is Phase.CLAIM:
        assert view.offer is not None
        st.markdown(f"**{tr('play.your_turn_claim', card=view.offer.card.symbol)}**")
    elif view.phase is Phase.LAYDOWN:
        st.markdown(f"**{tr('play.your_turn_laydown')}**")
    else:
        st.markdown(f"**{tr('play.your_turn_discard')}**")
    specials = [a for a in legal if a.kind is not ActionKind.DISCARD]
    if specials:
        row = st.container(horizontal=True, wrap=True)
        for index, action in enumerate(specials):
            label = tr(f"button.{action.kind.value}",
                       card=action.cards[0].symbol if action.cards else "",
                       cards=" ".join(c.symbol for c in action.cards))
            primary = action.kind in (ActionKind.WIN, ActionKind.TIANZOU)
            if row.button(label, key=f"act-{index}-{action.kind.value}",
                          type="primary" if primary else "secondary"):
                act(action)
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if discards:
        row = st.container(horizontal=True, wrap=True)
        for action in discards:
            card = action.cards[0]
            marker, help_text, _colour = risks.get(str(card), ("", None, ""))
            name = tr("card.joker") if card.is_joker else card.symbol
            if row.button(f"{marker}{name}", key=f"discard-{card}", help=help_text):
                act(action)


def hint_panel(view: PlayerView) -> None:
    st.caption(tr("play.red_total", red=learner_red(view),
                  threshold=view.rules.red_threshold))
    if len(view.hand) % 2 == 1:
        position = Position(view.hand, view.melds[LEARNER], None, None, False, view.rules)
        for line in explain(waits(position), lang):
            st.caption(line)


def table(view: PlayerView) -> None:
    others = [seat for seat in range(view.rules.players) if seat != LEARNER]
    cols = st.columns(len(others))
    for column, seat in zip(cols, others, strict=True):
        with column:
            seat_panel(view, seat)
    middle = st.columns([1, 2])
    middle[0].markdown(f"🂠 {tr('play.stock', count=view.stock_size)}")
    if view.offer is not None:
        with middle[1]:
            show_cards([view.offer.card], width=48, label=tr(
                "play.offer", card=view.offer.card.symbol, seat=view.offer.seat,
                source=tr(f"play.source_{view.offer.source}")))
    with st.container(border=True):
        dealer = f" · {tr('play.dealer')}" if view.dealer == LEARNER else ""
        st.markdown(f"**{tr('play.you')}**{dealer}")
        risks = risk_labels(view) if hints and play.learner_to_act else {}
        frames = [FRAME_COLOURS.get(risks[str(c)][2]) if str(c) in risks else None
                  for c in view.hand]
        show_cards(view.hand, width=58, frames=frames if risks else None)
        show_melds(view.melds[LEARNER])
        pile = view.piles[LEARNER]
        if pile:
            show_cards([entry.card for entry in pile], width=34, labels=pile_labels(pile),
                       label=tr("play.table_pile", seat=LEARNER))
        if hints:
            hint_panel(view)
        if play.learner_to_act:
            learner_controls(view, risks)
        elif not play.state.over:
            st.caption(tr("play.waiting"))


def end_of_hand(state: HandState) -> None:
    result = state.result
    assert result is not None
    st.subheader(tr("play.hand_over"))
    if result.winner is None:
        st.info(tr("play.drawn"))
    else:
        st.success(tr("play.winner", seat=result.winner))
        if result.position is not None:
            show_cards(result.position.hand, width=44, label=tr("play.you") if
                       result.winner == LEARNER else tr("play.bot", seat=result.winner))
        if result.verdict is not None:
            for line in explain(result.verdict, lang):
                st.markdown(f"- {line}")
    scores = ", ".join(f"{seat}: {score:+d}" for seat, score in enumerate(play.match.scores))
    st.caption(tr("play.scores", scores=scores))
    replay = Replay.of(state)
    if not st.session_state.get("play_saved"):
        outcome = "drawn" if result.winner is None else f"win:{result.winner}"
        store().save_replay(learner.id, replay.dumps(), outcome)
        st.session_state["play_saved"] = True
    cols = st.columns(3)
    if cols[0].button(tr("play.next_hand"), type="primary", key="next-hand"):
        play.next_hand()
        st.session_state.update(play_saved=False, play_review=None, play_step=None)
        st.rerun()
    if cols[1].button(tr("play.review"), key="open-review"):
        st.session_state["play_review"] = replay.dumps()
        st.session_state["play_step"] = len(replay.actions)
        st.rerun()
    cols[2].download_button(tr("play.download"), replay.dumps(),
                            file_name=f"dou14-replay-{state.seed}.json",
                            mime="application/json", key="download-replay")


def review(replay: Replay) -> None:
    st.subheader(tr("play.review"))
    steps = len(replay.actions)
    step = int(st.session_state.get("play_step") or steps)
    cols = st.columns([1, 1, 4])
    if cols[0].button(tr("play.back"), key="review-back", disabled=step <= 0):
        st.session_state["play_step"] = step - 1
        st.rerun()
    if cols[1].button(tr("play.forward"), key="review-forward", disabled=step >= steps):
        st.session_state["play_step"] = step + 1
        st.rerun()
    cols[2].caption(tr("play.review_step", step=step, steps=steps))
    state = replay.state_at(step)
    if step:
        st.caption(action_words(replay.actions[step - 1]))
    st.markdown(f"**{tr('play.all_hands')}**")
    for seat in range(state.players):
        label = tr("play.you") if seat == LEARNER else tr("play.bot", seat=seat)
        show_cards(state.hands[seat], width=34, label=label)
        show_melds(state.melds[seat])
    flags = review_hand(replay, LEARNER)
    st.markdown(f"**{tr('play.flags')}**")
    if not flags:
        st.success(tr("play.no_flags"))
    for index, flag in enumerate(flags):
        flag_row(index, flag)


def flag_row(index: int, flag: Flag) -> None:
    with st.container(border=True):
        st.markdown(render(flag.message, lang))
        cols = st.columns(2)
        if cols[0].button(tr("play.jump"), key=f"jump-{index}"):
            st.session_state["play_step"] = flag.step
            st.rerun()
        if flag.table is not None and cols[1].button(tr("play.make_puzzle"), key=f"pz-{index}"):
            made = safe_puzzles.build_hidden(flag.table, "own")
            if isinstance(made, str):
                st.info(tr("play.puzzle_unclear"))
            else:
                store().save_own_puzzle(learner.id, made.id, made.dumps())
                st.success(tr("play.puzzle_made"))


def open_replay() -> None:
    """Open a downloaded replay again, for its review."""
    with st.expander(tr("play.open_replay")):
        opened = st.file_uploader(tr("play.open_replay"), type=["json"], key="open-replay",
                                  label_visibility="collapsed")
    if opened is None or st.session_state.get("opened_replay") == opened.file_id:
        return
    try:
        loaded = Replay.from_json(opened.getvalue().decode("utf-8"))
        loaded.state_at()
    except (Dou14Error, UnicodeDecodeError) as error:
        st.error(tr("play.bad_replay", error=str(error)))
        return
    st.session_state.update(opened_replay=opened.file_id, play_review=loaded.dumps(),
                            play_step=len(loaded.actions))
    st.rerun()


if st.session_state.get("play_review"):
    review(Replay.from_json(st.session_state["play_review"]))
    open_replay()
    st.stop()

if play.bots_to_act and PACES[pace] == 0:
    play.run_bots()
view = play.view()
table(view)
recent = play.log[-6:]
if recent:
    with st.expander(tr("play.last_moves"), expanded=True):
        for action in reversed(recent):
            st.caption(action_words(action))
if play.state.over:
    end_of_hand(play.state)
open_replay()
if play.bots_to_act:
    time.sleep(PACES[pace])
    play.bot_step()
    st.rerun()


"""Settings: language and house rules, stored with the learner."""

from __future__ import annotations

import streamlit as st

from trainer.engine import RuleSet
from trainer.engine.inputs import bounded_int
from trainer.i18n import LANGUAGES
from trainer.store.progress_store import ProgressError
from trainer.ui.browser_memory import asked, written
from trainer.ui.lang import (
    current_language,
    labels,
    language_key,
    plain,
    switch_language,
    tr,
    translated_choice,
)
from trainer.ui.session import keep_signed_in, require_learner, show_refusal, sign_out, store, this_sign_in

# Session-state key: the browser request that carries a new password's sign-in (the success is
# said until the browser has written it), then "said" for one more run. (A page's bare string
# would be drawn by Streamlit's magic: comments here, not attribute docstrings.)
_SAVED = "password_saved"

lang = current_language()
learner = require_learner()
st.title(tr("settings.title"))

st.subheader(tr("settings.language"))
language = language_key("settings_language")  # one per language, as the sidebar's
st.radio(tr("settings.language"), LANGUAGES, index=LANGUAGES.index(lang),
         format_func=labels("settings.lang_", LANGUAGES), horizontal=True, key=language,
         label_visibility="collapsed",
         on_change=lambda: switch_language(st.session_state[language]))

st.subheader(tr("settings.house_rules"))
st.caption(tr("settings.house_rules_help"))
rules = learner.rules


def number_box(label: str, key: str, saved: int, bounds: tuple[int, int], *,
               disabled: bool = False, help_text: str | None = None) -> int | None:
    """A whole number typed in a box, read within ``bounds`` (:func:`bounded_int`); None, said
    under it in the page's language, when it is anything else — a widget's own number box
    cut 2.5 to 2, read 1e9 as 1 and kept its old value for 10^22 while showing the new one."""
    typed = st.text_input(label, value=str(saved), key=key, disabled=disabled, help=help_text)
    value = bounded_int(typed, *bounds)
    if value is None and not disabled:
        st.error(tr("settings.out_of_range", low=bounds[0], high=bounds[1]))
    return value


def scoring_defaults() -> None:
    """Choosing a scoring brings its own defaults (R-SCORE): doubling base 1 capped at 5 fan,
    the ladder base 5 with no cap — the learner may change them after."""
    ladder = st.session_state.get("rules_scoring") == "ladder"
    st.session_state["rules_base"] = "5" if ladder else "1"
    st.session_state["rules_capped"] = not ladder
    st.session_state["rules_cap"] = "5"


players = st.radio(tr("settings.players"), (4, 3), index=(4, 3).index(rules.players),
                   horizontal=True, key="rules_players", help=tr("settings.players_help"))
jokers = st.radio(tr("settings.jokers"), (2, 4, 6), index=(2, 4, 6).index(rules.jokers),
                  horizontal=True, key="rules_jokers", help=tr("settings.jokers_help"))
scoring = translated_choice(st.radio, tr("settings.scoring"), ("doubling", "ladder"),
                            key="rules_scoring", prefix="settings.scoring_", start=rules.scoring,
                            horizontal=True, on_change=scoring_defaults,
                            help=tr("settings.scoring_help"))
st.caption(tr("settings.scoring_defaults"))  # the base and the cap below change with it
# The boxes say here, in the page's language, what is out of range (Streamlit's own bounds say
# it in English in a hover tip); Save refuses while a box is out of range.
BASE_RANGE, CAP_RANGE = (1, 1000), (0, 20)
base = number_box(tr("settings.base"), "rules_base", int(rules.base), BASE_RANGE,
                  help_text=tr("settings.base_help"))
capped = st.checkbox(tr("settings.capped"), value=rules.fan_cap is not None, key="rules_capped",
                     help=tr("settings.capped_help"))
cap = number_box(tr("settings.fan_cap"), "rules_cap",
                 int(rules.fan_cap if rules.fan_cap is not None else 5), CAP_RANGE,
                 disabled=not capped)
own_flip = st.checkbox(tr("settings.own_flip"), value=rules.win_pong_kong_on_own_flip,
                       help=tr("settings.own_flip_help"), key="rules_own_flip")
with st.expander(tr("settings.more_rules")):
    jiedi_capped = st.checkbox(tr("settings.jiedi_cap"), value=rules.jiedi_cap is not None,
                               help=tr("settings.jiedi_cap_help"), key="rules_jiedi_cap")
    gathered = st.checkbox(tr("settings.gathered_four"), value=rules.kong_from_gathered_four,
                           help=tr("settings.gathered_four_help"), key="rules_gathered_four")
    same_dealer = st.checkbox(tr("settings.same_dealer"), value=rules.same_dealer_after_draw,
                              help=tr("settings.same_dealer_help"), key="rules_same_dealer")
st.caption(tr("settings.threshold_note", threshold=RuleSet(players=int(players)).red_threshold))
wrong = base is None or (capped and cap is None)
options = {"players": int(players), "jokers": int(jokers), "scoring": scoring,
           "base": base, "fan_cap": cap if capped else None,
           "win_pong_kong_on_own_flip": bool(own_flip),
           "jiedi_cap": (rules.jiedi_cap or 4) if jiedi_capped else None,
           "kong_from_gathered_four": bool(gathered),
           "same_dealer_after_draw": bool(same_dealer)}
saved = st.button(tr("settings.save"), type="primary", key="rules_save")
if not saved and (wrong or any(getattr(rules, name) != value for name, value in options.items())):
    st.warning(tr("settings.unsaved"))  # the sidebar leaves the page with nothing kept
if saved and wrong:
    st.error(tr("settings.not_saved"))
elif saved:
    try:
        new_rules = store().set_rules(learner.id, options)
    except ProgressError as error:
        show_refusal(error)
    else:
        # the values kept, said: a number out of range is not taken by its box
        st.success(tr("settings.saved" if new_rules.fan_cap is not None
                      else "settings.saved_uncapped", threshold=new_rules.red_threshold,
                      base=new_rules.base, cap=new_rules.fan_cap, players=new_rules.players,
                      jokers=new_rules.jokers, scoring=tr(f"settings.scoring_{new_rules.scoring}"),
                      own_flip=tr("settings.saved_own_flip" if new_rules.win_pong_kong_on_own_flip
                                  else "settings.saved_no_own_flip")))

st.subheader(tr("settings.privacy"))
owner = learner.private or store().owns(learner.id, this_sign_in())
if learner.private:
    st.markdown(tr("profile.private_note", name=plain(learner.name)))
elif owner:
    st.caption(tr("profile.open_note_here"))  # the password box is just below
pending: int | str | None = st.session_state.get(_SAVED)
if pending is not None:  # said until the run after the browser wrote the new sign-in
    st.success(tr("settings.password_saved"))
    if pending == "said":
        st.session_state.pop(_SAVED)
    elif isinstance(pending, int) and written() >= pending:
        st.session_state[_SAVED] = "said"
if owner:
    with st.form("set-password", clear_on_submit=True):
        current = st.text_input(tr("settings.password_current"), type="password",
                                max_chars=256, key="password_current") \
            if learner.private else None
        new_password = st.text_input(tr("settings.password_new"), type="password",
                                     max_chars=256, key="password_new")
        if st.form_submit_button(tr("settings.password_set")):
            held = this_sign_in() or None
            try:
                token = store().set_password(learner.id, new_password, current, held)
            except ProgressError as error:
                show_refusal(error)
            else:  # the new token reaches the browser on the next run, then the old one goes
                keep_signed_in(token, replacing=held)
                st.session_state[_SAVED] = asked()
                st.rerun()
else:  # opened from its link: only the browser that made it may make it private
    st.info(tr("claim.not_owner"))
row = st.container(horizontal=True, wrap=True)
if learner.private and row.button(tr("settings.sign_out_everywhere"), key="sign-out-everywhere"):
    store().sign_out_elsewhere(learner.id, keep=this_sign_in())
    st.success(tr("settings.signed_out_everywhere"))
if row.button(tr("profile.sign_out"), key="sign-out"):
    sign_out()
    st.switch_page("app_pages/home.py", query_params={"lang": lang})

"""The trainer's single entrypoint: ``streamlit run trainer/app.py``."""

from __future__ import annotations

import streamlit as st

from trainer.ui.lang import language_switch, tr

language_switch()
st.set_page_config(page_title=tr("app.title"), page_icon="🃏", layout="wide")

pages = [
    st.Page("app_pages/check.py", title=tr("app.check_page"), icon="✅", default=True),
]
st.navigation(pages).run()

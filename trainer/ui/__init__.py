"""Streamlit helpers shared by the pages (language, rendering). No game logic here."""

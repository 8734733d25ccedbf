"""Playing hands against the engine's bots, and reviewing them. No Streamlit here."""

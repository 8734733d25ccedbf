"""Practice that adapts: drills, rated puzzles, spaced repetition. No Streamlit here."""

"""The 斗十四 trainer: a rules engine (``trainer.engine``), lessons, puzzles and a Streamlit app."""

"""Learner progress in a real database: SQLite by default, any SQLAlchemy URL by
``DOU14_DATABASE_URL``. No Streamlit here."""

from trainer.store import answer_stats
from trainer.store.db import DatabaseUnreadable, database_url, open_database
from trainer.store.progress_store import ProgressStore

__all__ = ["DatabaseUnreadable", "ProgressStore", "answer_stats", "database_url", "open_database"]

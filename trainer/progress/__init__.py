"""Learner progress in a real database: SQLite by default, any SQLAlchemy URL by
``DOU14_DATABASE_URL``. No Streamlit here."""

from trainer.progress.db import DatabaseUnreadable, database_url, open_database
from trainer.progress.store import ProgressStore, stars_for_mistakes

__all__ = ["DatabaseUnreadable", "ProgressStore", "database_url", "open_database",
           "stars_for_mistakes"]

"""The revisions, oldest first: 0001–0003 are the schemas versions 1–3 wrote before Alembic (a
database of that era is stamped at its revision, then upgraded)."""

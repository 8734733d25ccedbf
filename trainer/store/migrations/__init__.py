"""Alembic migrations of the progress database, shipped in the package
(``script_location = trainer.store:migrations``). ``trainer.store.db`` runs them; see
``docs/deployment.md`` for running them by hand."""

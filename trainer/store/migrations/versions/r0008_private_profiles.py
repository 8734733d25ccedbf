"""Private profiles: a random public id per learner (what URLs carry, never the row id), an
optional argon2 password hash, and sign-in sessions kept as hashed, expiring, revocable tokens.
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

from trainer.store.migrations.tables import learner_table, moment, required

revision = "r0008"
down_revision = "r0007"


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("public_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("password_hash", sa.String(255), nullable=True))
    learners = sa.table("learners", sa.column("id", sa.Integer),
                        sa.column("public_id", sa.String))
    connection = op.get_bind()
    for (learner_id,) in connection.execute(sa.select(learners.c.id)).all():
        connection.execute(sa.update(learners).where(learners.c.id == learner_id)
                           .values(public_id=secrets.token_urlsafe(16)))
    with op.batch_alter_table("learners") as batch:
        batch.alter_column("public_id", existing_type=sa.String(32), nullable=False)
        batch.create_unique_constraint("uq_learners_public_id", ["public_id"])
    learner_table("sign_in_sessions",
                  sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
                  moment("created_at"), moment("expires_at"), *required(sa.Boolean, "revoked"))


def downgrade() -> None:
    op.drop_index("ix_sign_in_sessions_learner_id", "sign_in_sessions")
    op.drop_table("sign_in_sessions")
    with op.batch_alter_table("learners") as batch:
        batch.drop_constraint("uq_learners_public_id", type_="unique")
        batch.drop_column("password_hash")
        batch.drop_column("public_id")

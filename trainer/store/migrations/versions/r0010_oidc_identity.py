"""Profiles made by signing in through an OIDC provider (``st.login``): the provider's issuer
and subject, unique.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0010"
down_revision = "r0009"


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("identity", sa.String(512), nullable=True))
        batch.create_unique_constraint("uq_learners_identity", ["identity"])


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.drop_constraint("uq_learners_identity", type_="unique")
        batch.drop_column("identity")

"""A drill answer's level in a column of its own (it was written into ``mode`` as "level:N" and
parsed back); the old form is moved over.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0006"
down_revision = "r0005"


def upgrade() -> None:
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("level", sa.Integer, nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, mode FROM answers WHERE mode LIKE 'level:%'"))
    for row_id, mode in rows.fetchall():
        number = mode.partition(":")[2]
        level = int(number) if number.isdigit() and 1 <= int(number) <= 9 else None
        connection.execute(sa.text("UPDATE answers SET level = :level, mode = '' WHERE id = :id"),
                           {"level": level, "id": row_id})


def downgrade() -> None:
    connection = op.get_bind()
    connection.execute(sa.text(
        "UPDATE answers SET mode = 'level:' || level WHERE level IS NOT NULL"))
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("level")

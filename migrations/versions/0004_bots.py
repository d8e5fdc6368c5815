"""Bot levels: the host chooses how strong a bot plays (easy, normal, hard).

Revision ID: 0004_bots
Revises: 0003
Create Date: 2026-12-01

``seats.bot_level`` is NULL for a human's seat. Bots already seated play ``normal``.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_bots"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_level", sa.String(8), nullable=True))
    op.execute("UPDATE seats SET bot_level = 'normal' WHERE is_bot")


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_level")

"""Table settings: how the service runs a table (clock, take-backs, ...), chosen at creation.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

Existing games get ``{}``: every setting's default, which is how they were run before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("settings", sa.JSON(), nullable=False,
                                   server_default=sa.text("'{}'")))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("settings")

"""The language a player reads their mail in, and the one a table's webhook speaks.

A player leaves an address in the language the page was showing; the host gives the webhook
in theirs. Null (every row before this migration) means English.

Revision ID: 0008_notice_lang
Revises: 0007_bots
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_notice_lang"
down_revision = "0007_bots"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notice_addresses") as batch:
        batch.add_column(sa.Column("lang", sa.String(8), nullable=True))
    with op.batch_alter_table("notice_hooks") as batch:
        batch.add_column(sa.Column("lang", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notice_hooks") as batch:
        batch.drop_column("lang")
    with op.batch_alter_table("notice_addresses") as batch:
        batch.drop_column("lang")

"""Lesson progress kept in the account (issue 41): ``account_lessons``.

Revision ID: 0018_account_lessons
Revises: 0016_crews

One row per lesson an account finished or started (at most one per known lesson), deleted
with the account's personal data. See docs/lessons.md and docs/accounts.md.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_account_lessons"
# Built beside other work on 0016_crews; the integrator re-chains.
down_revision = "0016_crews"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_lessons",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("lesson", sa.String(90), primary_key=True),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("account_lessons")

"""Take-back consent requests live in the database, so every server process sees them.

One row per game at most (``game_id`` is the key: two requests at once, on one process or
on two, store one): who asked, what to undo, at which version, whose answers are awaited
and until when. A row whose version is behind the game's, or whose time has passed, is over
(a move was made, or nobody answered) and is replaced by the next request.

Revision ID: 0009_takeback_requests
Revises: 0008_notice_lang
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_takeback_requests"
down_revision = "0008_notice_lang"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "takeback_requests",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=False),
        sa.Column("undo", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("waiting", sa.JSON(), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("takeback_requests")

"""Clocks: running deadlines live in the database (app/clocks.py), not in timers.

Revision ID: 0006_clocks
Revises: 0005_notices
Create Date: 2026-12-01

* ``clocks``: one row per timed game: the clock as of game ``version`` (remaining seconds per
  seat at ``since``, the running seats, the earliest ``deadline``, the extension vote).
* ``clock_beats``: each server process's last sign of life, so a restart knows how long
  no server was running (that time is not charged beyond a grace).
* ``seats.stand_in``: a bot plays this seat because its player ran out of time; the player
  keeps their credential and may take the seat back.
* ``games.outcome_override``: the ranks when a timeout ended the game (out_of_time = end).
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_clocks"
down_revision = "0005_notices"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clocks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("since", sa.Float(), nullable=False),
        sa.Column("remaining", sa.JSON(), nullable=False),
        sa.Column("running", sa.JSON(), nullable=False),
        sa.Column("deadline", sa.Float(), nullable=True),
        sa.Column("extension", sa.JSON(), nullable=False),
        sa.Column("resumed_after", sa.Float(), nullable=True),
    )
    op.create_index("ix_clocks_deadline", "clocks", ["deadline"])
    op.create_table(
        "clock_beats",
        sa.Column("origin", sa.String(32), primary_key=True),
        sa.Column("beat_at", sa.Float(), nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("stand_in", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("outcome_override", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("outcome_override")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")
    op.drop_table("clock_beats")
    op.drop_index("ix_clocks_deadline", "clocks")
    op.drop_table("clocks")

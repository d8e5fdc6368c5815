"""Presence with an owner and a lease: ``processes`` (each server process and how long its
lease runs) and ``presence`` (which process holds a connection of which seat).

Revision ID: 0012_presence_lease
Revises: 0011_rematch_rev

``seats.connected`` was written by whichever process a player reached and cleared only when
that player came back and left, or when a single process restarted: a process killed with
its players connected left their seats "here" for good, so nobody could hand them to a bot.
A seat is now connected while a process whose lease runs holds it; the old column is set
false and no longer read.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_presence_lease"
down_revision = "0011_rematch_rev"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "processes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("lease_until", sa.Float(), nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("seat_id", sa.Integer(), primary_key=True),
        sa.Column("process", sa.String(32), primary_key=True),
    )
    op.create_index("ix_presence_process", "presence", ["process"])
    seats = sa.table("seats", sa.column("connected", sa.Boolean()))
    op.execute(seats.update().values(connected=False))


def downgrade() -> None:
    op.drop_index("ix_presence_process", table_name="presence")
    op.drop_table("presence")
    op.drop_table("processes")

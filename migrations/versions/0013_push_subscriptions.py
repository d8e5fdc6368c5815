"""Web Push (issue 38): each seat's browser subscriptions, the server's VAPID key, and the
tables a seat muted.

Revision ID: 0013_push_subscriptions
Revises: 0012_presence_lease

``push_subscriptions`` holds what a browser's push service needs to reach one seat on one
device (endpoint, p256dh, auth), the language of its notices and the device's quiet hours;
like ``notice_addresses`` it is read only by app/features/notices and never selected by
anything that builds a frame, LobbyInfo, a history or a record. ``push_vapid`` keeps the
key pair made at first start (unless MEJA_VAPID_KEY_FILE names a file). ``notice_mutes``:
a seat that asked for no push and no mail from its table.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_push_subscriptions"
down_revision = "0012_presence_lease"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("endpoint", sa.String(2000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=True),
        sa.Column("time_zone", sa.String(64), nullable=True),
        sa.Column("quiet_from", sa.Integer(), nullable=True),
        sa.Column("quiet_to", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("seat_id", "endpoint", name="uq_push_seat_endpoint"),
    )
    op.create_index("ix_push_subscriptions_game_id", "push_subscriptions", ["game_id"])
    op.create_table(
        "push_vapid",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("private_pem", sa.Text(), nullable=False),
    )
    op.create_table(
        "notice_mutes",
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notice_mutes")
    op.drop_table("push_vapid")
    op.drop_index("ix_push_subscriptions_game_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")

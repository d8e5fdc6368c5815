"""Your-turn notices: e-mail addresses, webhook URLs, the outbox, digests, opt-outs.

Revision ID: 0005_notices
Revises: 0004_chat
Create Date: 2026-12-01

New tables only (nothing existing changes): addresses and hook URLs are kept apart from
``seats`` and ``games`` so that nothing that builds what players see can select them.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_notices"
down_revision = "0004_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_addresses",
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("address", sa.String(254), nullable=False),
    )
    op.create_index("ix_notice_addresses_game_id", "notice_addresses", ["game_id"])
    op.create_table(
        "notice_hooks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("url", sa.String(2000), nullable=False),
    )
    op.create_table(
        "notice_optouts",
        sa.Column("address", sa.String(254), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "notice_outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("next_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("error", sa.String(300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_notice_outbox_next_at", "notice_outbox", ["next_at"])
    op.create_table(
        "notice_waiting",
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("since_version", sa.Integer(), nullable=False),
        sa.Column("since_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_notice_waiting_address", "notice_waiting", ["address"])
    op.create_table(
        "notice_digests",
        sa.Column("address", sa.String(254), primary_key=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "notice_secret",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("secret", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    for name in ("notice_secret", "notice_digests", "notice_waiting", "notice_outbox",
                 "notice_optouts", "notice_hooks", "notice_addresses"):
        op.drop_table(name)

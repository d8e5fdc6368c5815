"""Optional accounts: passkeys, sign-in links by mail, sessions and the seats they hold.

Revision ID: 0015_accounts
Revises: 0012_presence_lease

A guest's seat stays a credential in one browser; an account (made from any seat a player
holds) keeps its seats across devices. ``seats.former`` marks a seat whose account was
deleted: its name reads "a former player" in the viewer's language.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_accounts"
down_revision = "0013_push_subscriptions"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("display_name", sa.String(40), nullable=True),
        sa.Column("email", sa.String(254), nullable=True, unique=True),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("deleted_at", TZ, nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("last_seen", TZ, nullable=False),
        sa.Column("user_agent", sa.String(80), nullable=True),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "account_seats",
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("claimed_at", TZ, nullable=False),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])
    op.create_index("ix_account_seats_game_id", "account_seats", ["game_id"])
    op.create_table(
        "account_seat_keys",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("seat_id", sa.Integer(),
                  sa.ForeignKey("account_seats.seat_id", ondelete="CASCADE"), nullable=False),
        sa.Column("session_id", sa.Integer(),
                  sa.ForeignKey("account_sessions.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("ix_account_seat_keys_seat_id", "account_seat_keys", ["seat_id"])
    op.create_index("ix_account_seat_keys_session_id", "account_seat_keys", ["session_id"])
    op.create_table(
        "account_passkeys",
        sa.Column("credential_id", sa.String(700), primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("public_key", sa.Text(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("last_used", TZ, nullable=True),
    )
    op.create_index("ix_account_passkeys_account_id", "account_passkeys", ["account_id"])
    op.create_table(
        "account_challenges",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(12), nullable=False),
        sa.Column("challenge", sa.String(200), nullable=False),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
        sa.Column("display_name", sa.String(40), nullable=True),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_account_challenges_expires", "account_challenges", ["expires"])
    op.create_table(
        "account_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("display_name", sa.String(40), nullable=True),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_account_links_expires", "account_links", ["expires"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("former", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("former")
    for table in ("account_links", "account_challenges", "account_passkeys",
                  "account_seat_keys", "account_seats", "account_sessions", "accounts"):
        op.drop_table(table)

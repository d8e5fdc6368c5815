"""Crews, their tables and league, and who may see a player's history.

Revision ID: 0016_crews
Revises: 0015_accounts

``crews`` (a named group of accounts, its invite link, the table it was kept from and its
opt-in league), ``crew_members``, ``crew_tables`` (tables started with the crew) and
``account_privacy`` (who sees an account's history). See docs/crews.md.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_crews"
# The crews name accounts (0015_accounts, built alongside); the integrator re-chains.
down_revision = "0015_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "crews",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("owner_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("invite_id", sa.String(32), nullable=False, unique=True),
        sa.Column("from_game", sa.String(32), sa.ForeignKey("games.id", ondelete="SET NULL"),
                  nullable=True, unique=True),
        sa.Column("league_on", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("league_rule", sa.String(8), nullable=False, server_default="loss"),
        sa.Column("league_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_crews_owner_id", "crews", ["owner_id"])
    op.create_table(
        "crew_members",
        sa.Column("crew_id", sa.String(32), sa.ForeignKey("crews.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_crew_members_account_id", "crew_members", ["account_id"])
    op.create_table(
        "crew_tables",
        sa.Column("crew_id", sa.String(32), sa.ForeignKey("crews.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_privacy",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("history", sa.String(8), nullable=False, server_default="crew"),
    )


def downgrade() -> None:
    op.drop_table("account_privacy")
    op.drop_table("crew_tables")
    op.drop_index("ix_crew_members_account_id", table_name="crew_members")
    op.drop_table("crew_members")
    op.drop_index("ix_crews_owner_id", table_name="crews")
    op.drop_table("crews")

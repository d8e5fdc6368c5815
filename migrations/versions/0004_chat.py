"""Table chat and rematch: the chat messages of a game, and the game a rematch created.

Revision ID: 0004_chat
Revises: 0003
Create Date: 2026-12-01

``chat`` holds every message with its channel (``table``: the players; ``spectators``: the
watchers, which players may opt in to read); a message is part of the game's history and
outlives the server process. ``games.rematch_id`` links a finished game to the table its
rematch created (unique: two clicks at once create one table).
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_chat"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("channel", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_game_id", "chat", ["game_id", "id"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
        batch.create_unique_constraint("uq_games_rematch_id", ["rematch_id"])


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_constraint("uq_games_rematch_id", type_="unique")
        batch.drop_column("rematch_id")
    op.drop_index("ix_chat_game_id", table_name="chat")
    op.drop_table("chat")

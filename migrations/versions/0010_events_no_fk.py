"""events.game_id without its foreign key: PostgreSQL's per-row check was about a fifth of
its CPU per move.

Revision ID: 0010_events_no_fk
Revises: 0009_takeback_requests

Every committed move inserts one events row, and the key's check locks the game's row
(``FOR KEY SHARE``) after the batch's own UPDATE of that row, once per row: the backend's
CPU per move of COMMIT_BATCH (30 moves a batch, 100 games, ``bench/pg_commit_cpu.py``) fell
from 0.100-0.104 to 0.079-0.086 ms without it. The key guards nothing the writes do not:
a batch whose game row is missing, moved on or ended updates fewer rows than it holds and
is refused whole (``app.pgwriter`` and ``app.store.commit_batch``), and the only other
insert (an imported record) writes its game in the same transaction. Games are never
deleted, so the cascade was never used.
"""

from __future__ import annotations

from alembic import op

revision = "0010_events_no_fk"
down_revision = "0009_takeback_requests"
branch_labels = None
depends_on = None

#: 0001 left the key unnamed; this names it for SQLite's table rebuild (batch mode).
_NAMING = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint("events_game_id_fkey", "events", type_="foreignkey")
        return
    with op.batch_alter_table("events", naming_convention=_NAMING) as batch:
        batch.drop_constraint("fk_events_game_id_games", type_="foreignkey")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.create_foreign_key("events_game_id_fkey", "events", "games", ["game_id"], ["id"],
                              ondelete="CASCADE")
        return
    with op.batch_alter_table("events") as batch:
        batch.create_foreign_key("fk_events_game_id_games", "games", ["game_id"], ["id"],
                                 ondelete="CASCADE")

"""Exactly-once actions: a seat's action id appears once per game.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Before this, repeats were caught only in memory (the last 512 ids, the last 200 events after a
restart), so an old id could be applied again. Any such duplicates already stored keep their
first occurrence's id; the later ones lose theirs (their moves stay in the history).
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "UPDATE events SET client_id = NULL WHERE client_id IS NOT NULL AND id NOT IN ("
        "SELECT min(id) FROM events WHERE client_id IS NOT NULL "
        "GROUP BY game_id, seat, client_id)"
    )
    with op.batch_alter_table("events") as batch:
        batch.create_unique_constraint("uq_events_game_seat_client",
                                       ["game_id", "seat", "client_id"])


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_constraint("uq_events_game_seat_client", type_="unique")

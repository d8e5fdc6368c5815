"""games.rematch_rev: how many times a finished game's rematch changed (offered, accepted,
declined), so that its viewers can put ``rematch`` frames in order.

Revision ID: 0011_rematch_rev
Revises: 0010_events_no_fk

Two clicks at once commit one after the other (the old game's row is locked), but their
answers and frames can reach a page in the other order (two handlers' threads resume in
either order; the clicking page's own answer and the other click's frame race; relays from
two processes). Counted in the row both transactions lock, the number orders them wherever
they arrive.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_rematch_rev"
down_revision = "0010_events_no_fk"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch_rev", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_rev")

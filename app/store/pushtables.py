"""Web Push and the quiet controls' schema (migration 0013_push_subscriptions;
docs/notices.md), on the one ``metadata`` of :mod:`app.store.tables` - a module of its own so
that one stays a readable size. Every change here is an alembic migration too.
"""

from __future__ import annotations

from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, Text, UniqueConstraint

from app.store.tables import metadata

# -- Web Push and quiet controls (app/features/notices, migration 0013_push_subscriptions) -------
# Like addresses: read only by app/features/notices, never by LobbyInfo, a frame or a history.

#: One seat's subscription on one device (browser): what its push service needs, the language
#: of its notices and the device's quiet hours (minutes after local midnight in ``time_zone``).
push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("seat_id", Integer, ForeignKey("seats.id", ondelete="CASCADE"), nullable=False),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("endpoint", String(2000), nullable=False),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("lang", String(8), nullable=True),
    Column("time_zone", String(64), nullable=True),
    Column("quiet_from", Integer, nullable=True),
    Column("quiet_to", Integer, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_seen", DateTime(timezone=True), nullable=False),
    UniqueConstraint("seat_id", "endpoint", name="uq_push_seat_endpoint"),
)

#: The VAPID key pair (one row) made at first start, unless MEJA_VAPID_KEY_FILE names a file.
push_vapid = Table(
    "push_vapid",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("private_pem", Text, nullable=False),
)

#: Seats that muted their table: no push and no mail from it (its webhook still posts).
notice_mutes = Table(
    "notice_mutes",
    metadata,
    Column("seat_id", Integer, ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

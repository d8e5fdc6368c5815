"""The database schema (SQLAlchemy Core). Every change here is an alembic migration too."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

metadata = MetaData()

GAME_STATUSES = ("lobby", "active", "finished", "abandoned")

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    # How the service runs the table (app/tablesettings.py); engine options are ``options``.
    Column("settings", JSON, nullable=False, default=dict),
    Column("status", String(12), nullable=False, index=True),
    Column("seed", BigInteger, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("state", JSON, nullable=True),
    Column("rules_version", String(20), nullable=False),
    Column("player_count", Integer, nullable=False),
    Column("spectators", Boolean, nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("invite_id", String(32), nullable=False, unique=True),
    Column("watch_id", String(32), nullable=True, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("claim_hash", String(64), nullable=True, unique=True),
    Column("is_host", Boolean, nullable=False, default=False),
    Column("is_bot", Boolean, nullable=False, default=False),
    #: "easy" / "normal" / "hard" for a bot's seat, NULL for a human's (0004_bots).
    Column("bot_level", String(8), nullable=True),
    Column("connected", Boolean, nullable=False, default=False),
    Column("left", Boolean, nullable=False, default=False),
    UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("client_id", String(64), nullable=True),
    Column("action", JSON, nullable=False),
    Column("log", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # Two writers can never both append the same step of one game: the database refuses the
    # second insert, whichever process it comes from.
    UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
    # Exactly once: a seat's action id is applied once, however late a repeat arrives
    # (NULL ids - actions without one - never collide).
    UniqueConstraint("game_id", "seat", "client_id", name="uq_events_game_seat_client"),
)


"""The database schema (SQLAlchemy Core). Every change here is an alembic migration too."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
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
    # How the service runs the table (app/core/tablesettings.py); engine options are ``options``.
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
    # The table this finished game's rematch created (app/features/rematch.py); unique, so two
    # clicks at once create one table.
    Column("rematch_id", String(32), nullable=True, unique=True),
    # Changes to that rematch so far (offers, acceptances, declines): orders its frames
    # (0011_rematch_rev).
    Column("rematch_rev", Integer, nullable=False, default=0, server_default="0"),
    # Ranks when a timeout ended the game (app/clocks.py); the engine's outcome otherwise.
    Column("outcome_override", JSON, nullable=True),
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
    #: "easy" / "normal" / "hard" for a bot's seat, NULL for a human's (0007_bots).
    Column("bot_level", String(8), nullable=True),
    #: Unused since 0012_presence_lease (always false): who is connected is the ``presence``
    #: rows of processes whose lease runs (app/store/leases.py), read as ``connected``.
    Column("connected", Boolean, nullable=False, default=False),
    Column("left", Boolean, nullable=False, default=False),
    # A bot plays the seat because its player ran out of time; they may take it back.
    Column("stand_in", Boolean, nullable=False, default=False),
    #: The seat's account was deleted (0015_accounts): its name reads "a former player".
    Column("former", Boolean, nullable=False, default=False, server_default="0"),
    UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    # No foreign key (migration 0010): a batch whose game row is missing or moved on is
    # refused whole anyway, and the key's per-row check cost PostgreSQL a fifth of its CPU.
    Column("game_id", String(32), nullable=False),
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


#: Table chat and spectators' chat (app/features/chat.py): part of the game's history.
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("channel", String(12), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_game_id", "game_id", "id"),
)


# -- your-turn notices (app/features/notices, migration 0005_notices) -----------------------------
# Addresses and hook URLs live in tables of their own, read only by app/features/notices: nothing
# that builds LobbyInfo, a frame or the history ever selects them.

notice_addresses = Table(
    "notice_addresses",
    metadata,
    # The seat row (not its number): reordering a lobby moves the row, and the address with it.
    Column("seat_id", Integer, ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("address", String(254), nullable=False),
    #: The language of this player's mail (migration 0008; null: English).
    Column("lang", String(8), nullable=True),
)

notice_hooks = Table(
    "notice_hooks",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("url", String(2000), nullable=False),
    Column("lang", String(8), nullable=True),
)

#: Addresses that unsubscribed: no mail goes to them, whichever table typed them in.
notice_optouts = Table(
    "notice_optouts",
    metadata,
    Column("address", String(254), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

#: Mail and webhook posts waiting to go out (durable across restarts). ``key`` makes
#: "one per turn" the database's rule: a second insert of the same turn is refused.
notice_outbox = Table(
    "notice_outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(200), nullable=False, unique=True),
    Column("kind", String(8), nullable=False),
    Column("game_id", String(32), nullable=True),
    Column("payload", JSON, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("next_at", DateTime(timezone=True), nullable=False, index=True),
    Column("lease_until", DateTime(timezone=True), nullable=True),
    Column("sent_at", DateTime(timezone=True), nullable=True),
    Column("error", String(300), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

#: Seats of turn-based tables waiting for a player with an address (the digest's lines).
notice_waiting = Table(
    "notice_waiting",
    metadata,
    Column("seat_id", Integer, ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("address", String(254), nullable=False, index=True),
    Column("since_version", Integer, nullable=False),
    Column("since_at", DateTime(timezone=True), nullable=False),
)

#: When each address last got its digest.
notice_digests = Table(
    "notice_digests",
    metadata,
    Column("address", String(254), primary_key=True),
    Column("sent_at", DateTime(timezone=True), nullable=False),
)

#: The key that signs unsubscribe links when MEJA_NOTICE_SECRET is not set (one row).
notice_secret = Table(
    "notice_secret",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("secret", String(128), nullable=False),
)


# Clocks of timed games (app/clocks.py, migration 0006_clocks): deadlines live here, so a
# restarted server finds every running clock.
clocks = Table(
    "clocks",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("since", Float, nullable=False),
    Column("remaining", JSON, nullable=False),
    Column("running", JSON, nullable=False),
    Column("deadline", Float, nullable=True, index=True),
    Column("extension", JSON, nullable=False),
    Column("resumed_after", Float, nullable=True),
)

clock_beats = Table(
    "clock_beats",
    metadata,
    Column("origin", String(32), primary_key=True),
    Column("beat_at", Float, nullable=False),
)


#: Open take-back consent requests (app/features/takeback/requests.py, migration
#: 0009_takeback_requests): one per game at most, seen by every server process.
takeback_requests = Table(
    "takeback_requests",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("client_id", String(64), nullable=False),
    Column("undo", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("waiting", JSON, nullable=False),
    #: Wall-clock seconds (time.time()) when the request lapses unanswered.
    Column("expires", Float, nullable=False),
)


#: Every server process, as the owner of the presence it holds (0012_presence_lease): its
#: lease runs until ``lease_until`` (seconds since the epoch, the owner's clock) and is
#: renewed by its heartbeat. A process that stops renewing (killed, frozen, cut off) holds
#: nothing once its lease ran out, whatever its rows say.
processes = Table(
    "processes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("lease_until", Float, nullable=False),
)

#: A seat connected to a process: one row per (seat, process), keyed by the seat's row so it
#: follows its player through a reorder. A seat is connected while any of its rows belongs
#: to a process whose lease runs.
presence = Table(
    "presence",
    metadata,
    Column("seat_id", Integer, primary_key=True),
    Column("process", String(32), primary_key=True),
    Index("ix_presence_process", "process"),
)


# -- accounts (app/store/accounts.py, migration 0015_accounts) ------------------------------------
# An account is optional: a guest's seat is a credential in one browser and stays so. What
# identifies a person (e-mail, passkeys, sessions, display name) lives only in these tables,
# which nothing that builds LobbyInfo, a frame, the history or a record ever selects.

accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    #: NULL once the account is deleted (its seats then read "a former player").
    Column("display_name", String(40), nullable=True),
    #: The address sign-in links go to (unique: one account per address); NULL when none.
    Column("email", String(254), nullable=True, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    #: Set when the account was deleted: the row stays, emptied, so the games it played
    #: still count for the crews it was in, under no name.
    Column("deleted_at", DateTime(timezone=True), nullable=True),
)

#: A signed-in browser: the cookie holds the token, the row only its hash.
account_sessions = Table(
    "account_sessions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_seen", DateTime(timezone=True), nullable=False),
    #: "Firefox on Android" and the like, so the account page can tell sessions apart.
    Column("user_agent", String(80), nullable=True),
)

#: A seat held by an account. Keyed by the seat's row: a lobby's reorder moves the row (and
#: its number), so the number here is the one it had when claimed; read the current one
#: through ``seat_id`` (app/store/accounts.py ``seats_of`` does).
account_seats = Table(
    "account_seats",
    metadata,
    Column("seat_id", Integer, ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("seat", Integer, nullable=False),
    Column("claimed_at", DateTime(timezone=True), nullable=False),
)

#: A seat credential handed to one signed-in browser for a seat its account holds: a
#: second device gets keys of its own (hashed here) instead of the first device's secret,
#: and signing that browser out (or everywhere) takes its keys back.
account_seat_keys = Table(
    "account_seat_keys",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("seat_id", Integer, ForeignKey("account_seats.seat_id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("session_id", Integer, ForeignKey("account_sessions.id", ondelete="CASCADE"),
           nullable=False, index=True),
)

#: An account's passkeys (WebAuthn public-key credentials).
account_passkeys = Table(
    "account_passkeys",
    metadata,
    #: The credential id, base64url as the browser reports it.
    Column("credential_id", String(700), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("public_key", Text, nullable=False),  # COSE key, base64url
    Column("sign_count", BigInteger, nullable=False, default=0),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_used", DateTime(timezone=True), nullable=True),
)

#: A WebAuthn ceremony under way: the challenge stays on the server, for a short time,
#: and is used once (taken by the answer, right or wrong).
account_challenges = Table(
    "account_challenges",
    metadata,
    Column("id", String(64), primary_key=True),
    #: "register" or "signin".
    Column("purpose", String(12), nullable=False),
    Column("challenge", String(200), nullable=False),  # base64url
    #: The account a "register" ceremony adds a passkey to; NULL: it makes a new account.
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=True),
    #: The display name a new account will have.
    Column("display_name", String(40), nullable=True),
    #: Wall-clock seconds (time.time()) after which the ceremony is refused.
    Column("expires", Float, nullable=False, index=True),
)

#: One-time sign-in links sent by mail (single use, short-lived). The link holds the token,
#: the row only its hash.
account_links = Table(
    "account_links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("email", String(254), nullable=False),
    #: The name an account made by this link gets (when the address has none yet).
    Column("display_name", String(40), nullable=True),
    Column("expires", Float, nullable=False, index=True),
)

#: The lessons an account has met (docs/lessons.md, "Progress in the account"): one row per
#: known lesson at most, so an account's progress is bounded by the site's lesson list.
#: ``done_at``: when it was last finished; ``started_at``/``game_id``: when and at which table
#: it was last started (the newest start not finished since is "Continue your lesson").
account_lessons = Table(
    "account_lessons",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           primary_key=True),
    #: "<game>/<lesson id>", as the browser's localStorage "meja.learn" names it.
    Column("lesson", String(90), primary_key=True),
    Column("done_at", DateTime(timezone=True), nullable=True),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("game_id", String(32), nullable=True),
)

"""The crews' schema (migration 0016_crews; docs/crews.md), on the one ``metadata`` of
:mod:`app.store.tables` - a module of its own so that one stays a readable size. Every
change here is an alembic migration too.

A crew is a named group of accounts. Nothing here is personal beyond membership: names and
addresses stay in ``accounts``, read by the crews only to greet and to mail members.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, DateTime, ForeignKey, String, Table

from app.store.tables import metadata

crews = Table(
    "crews",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("owner_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           nullable=False, index=True),
    #: The crew's own invite link (``/crew-invite/<id>``).
    Column("invite_id", String(32), nullable=False, unique=True),
    #: The finished table it was kept from ("Keep this crew"): one crew per table, so two
    #: players clicking at once make one crew.
    Column("from_game", String(32), ForeignKey("games.id", ondelete="SET NULL"),
           nullable=True, unique=True),
    #: The league (opt-in): on since ``league_since``; ``league_rule`` says how abandoned
    #: and clock-ended games count ("loss" or "skip", app/features/crews/ratings.py).
    Column("league_on", Boolean, nullable=False, default=False, server_default="0"),
    Column("league_rule", String(8), nullable=False, default="loss", server_default="loss"),
    Column("league_since", DateTime(timezone=True), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

crew_members = Table(
    "crew_members",
    metadata,
    Column("crew_id", String(32), ForeignKey("crews.id", ondelete="CASCADE"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           primary_key=True, index=True),
    Column("joined_at", DateTime(timezone=True), nullable=False),
)

#: Tables started "with the crew": the crew page lists the open ones.
crew_tables = Table(
    "crew_tables",
    metadata,
    Column("crew_id", String(32), ForeignKey("crews.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

#: Who may see an account's history: "crew" (members of a crew with them; the default),
#: "everyone", or "nobody" (themselves only).
account_privacy = Table(
    "account_privacy",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"),
           primary_key=True),
    Column("history", String(8), nullable=False, default="crew", server_default="crew"),
)

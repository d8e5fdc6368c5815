"""The table chat as stored (table ``chat``): who reads which channel, messages in and out.

The live side (posting, delivering, the per-connection opt-in) is the chat feature's:
:mod:`app.features.chat`. The history API reads here too.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, insert, select

from app.store.tables import chat

#: Messages a (re)connecting client receives, per channel it reads.
HISTORY = 100
CHANNELS = ("table", "spectators")


def readable(channel: str, seat: int | None, follows_spectators: bool) -> bool:
    """Whether a viewer (``seat`` None: a spectator) receives messages of ``channel``."""
    if channel == "table":
        return seat is not None
    return seat is None or follows_spectators


def channels_for(seat: int | None, follows_spectators: bool) -> list[str]:
    """The channels a viewer reads."""
    return [c for c in CHANNELS if readable(c, seat, follows_spectators)]


def line_of(row: dict[str, Any]) -> dict[str, Any]:
    """The ``ChatLine`` of a stored message."""
    at = row["created_at"]
    return {"id": row["id"], "channel": row["channel"], "seat": row["seat"],
            "name": row["name"], "text": row["text"],
            "at": at.isoformat() if hasattr(at, "isoformat") else str(at)}


def save(engine: Engine, row: dict[str, Any]) -> dict[str, Any]:
    """Store a message; returns its ``ChatLine``."""
    with engine.begin() as conn:
        key = conn.execute(insert(chat).values(**row)).inserted_primary_key
        assert key is not None
        new_id = key[0]
    return line_of({**row, "id": new_id})


def recent(engine: Engine, game_id: str, channels: list[str],
           limit: int | None = HISTORY) -> list[dict[str, Any]]:
    """The last ``limit`` messages of each of ``channels`` (all with None), oldest first."""
    out: list[dict[str, Any]] = []
    with engine.connect() as conn:
        for channel in channels:
            q = (select(chat).where(chat.c.game_id == game_id, chat.c.channel == channel)
                 .order_by(chat.c.id.desc()))
            if limit is not None:
                q = q.limit(limit)
            out += [line_of(dict(r)) for r in conn.execute(q).mappings()]
    return sorted(out, key=lambda m: m["id"])


def history(engine: Engine, game_id: str, seat: int | None,
            follows_spectators: bool) -> list[dict[str, Any]]:
    """Every message of a game that this viewer may read (the history API)."""
    return recent(engine, game_id, channels_for(seat, follows_spectators), limit=None)

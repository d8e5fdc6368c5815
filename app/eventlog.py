"""Reads of the event history that the real-time side needs beyond :mod:`app.store`."""

from __future__ import annotations

from sqlalchemy import Engine, and_, select

from app.tables import events


def find_action(engine: Engine, game_id: str, seat: int, client_id: str) -> int | None:
    """The version (seq) at which this seat's action ``client_id`` was applied, or None.

    The unique ``(game_id, seat, client_id)`` of events (migration 0002) makes the answer
    unambiguous, at any distance and across restarts.
    """
    with engine.connect() as conn:
        return conn.execute(
            select(events.c.seq).where(and_(events.c.game_id == game_id, events.c.seat == seat,
                                            events.c.client_id == client_id))
        ).scalar()

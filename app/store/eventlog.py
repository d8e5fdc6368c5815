"""Reads of the event history that the real-time side needs beyond :mod:`app.store.store`."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, and_, select

from app.store.tables import events
from engines.core.line import TAKEBACK


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


def taken_back(events: list[dict[str, Any]]) -> dict[int, int]:
    """For a history: the version of each taken-back action -> the take-back that undid it."""
    out: dict[int, int] = {}
    for e in events:
        action = e.get("action") or {}
        if action.get("type") == TAKEBACK:
            for seq in action.get("undo") or []:
                out[int(seq)] = e["seq"]
    return out

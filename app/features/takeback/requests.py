"""The take-back consent requests as the database keeps them (table ``takeback_requests``).

Any server process may receive the request, and any other the answers (each player talks
to the process their connection reached), so the request is the database's: one row per
game at most, every answer a transaction on that row. A request is **open** while its
version is the game's and its time has not run out; a move made meanwhile or the time
passing closes it without anyone deleting the row (the next request replaces it).

Everything here is blocking (SQLAlchemy Core): app/features/takeback/asking.py calls it in a
worker thread.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Engine, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from app.store.tables import games, takeback_requests

#: What an answer did: closed (no such open request), not_asked (this seat is not awaited),
#: refused, waiting (agreed; others still to answer), granted (the last agreed).
Outcome = Literal["closed", "not_asked", "refused", "waiting", "granted"]


@dataclass
class Stored:
    """An open request, as stored."""

    id: str
    seat: int
    client_id: str
    undo: list[int]
    version: int
    waiting: list[int]
    #: Wall-clock seconds (``time.time()``) when it lapses.
    expires: float

    @classmethod
    def of(cls, row: Any) -> Stored:
        """From a ``takeback_requests`` row."""
        return cls(id=row["id"], seat=row["seat"], client_id=row["client_id"],
                   undo=[int(v) for v in row["undo"]], version=row["version"],
                   waiting=sorted(int(s) for s in row["waiting"]), expires=row["expires"])


def open_request(engine: Engine, game_id: str, req: Stored) -> bool:
    """Store a new request; False when another one is still open for this game (the
    database decides between two asked at once, on one process or on two)."""
    row = {"game_id": game_id, "id": req.id, "seat": req.seat, "client_id": req.client_id,
           "undo": req.undo, "version": req.version, "waiting": req.waiting,
           "expires": req.expires}
    try:
        with engine.begin() as conn:
            # A request of an earlier version, or one whose time is up, is over.
            conn.execute(delete(takeback_requests).where(and_(
                takeback_requests.c.game_id == game_id,
                or_(takeback_requests.c.version < req.version,
                    takeback_requests.c.expires <= time.time()))))
            conn.execute(insert(takeback_requests).values(**row))
    except IntegrityError:
        return False
    return True


def current(engine: Engine, game_id: str) -> Stored | None:
    """The game's open request, if there is one."""
    with engine.connect() as conn:
        row = conn.execute(
            select(takeback_requests)
            .join(games, games.c.id == takeback_requests.c.game_id)
            .where(takeback_requests.c.game_id == game_id,
                   takeback_requests.c.version == games.c.version,
                   takeback_requests.c.expires > time.time())).mappings().first()
    return Stored.of(row) if row is not None else None


def answer(engine: Engine, game_id: str, request_id: str, seat: int,
           accept: bool) -> tuple[Outcome, Stored | None]:
    """Record one seat's answer to request ``request_id``: what it did, and the request as
    it stands (None when it was not open). A refusal, or the last agreement, ends it."""
    with engine.begin() as conn:
        # The write first: on PostgreSQL it waits for another answer to this request and
        # then reads what that one committed; on SQLite it takes the write lock.
        res = conn.execute(update(takeback_requests)
                           .where(takeback_requests.c.game_id == game_id,
                                  takeback_requests.c.id == request_id)
                           .values(id=takeback_requests.c.id))
        if res.rowcount != 1:
            return "closed", None
        row = conn.execute(select(takeback_requests)
                           .where(takeback_requests.c.game_id == game_id)).mappings().one()
        version = conn.execute(select(games.c.version)
                               .where(games.c.id == game_id)).scalar_one()
        req = Stored.of(row)
        gone = delete(takeback_requests).where(takeback_requests.c.game_id == game_id)
        if req.version != version or req.expires <= time.time():
            conn.execute(gone)
            return "closed", None
        if seat not in req.waiting:
            return "not_asked", req
        if not accept:
            conn.execute(gone)
            return "refused", req
        req.waiting = [s for s in req.waiting if s != seat]
        if not req.waiting:
            conn.execute(gone)
            return "granted", req
        conn.execute(update(takeback_requests).where(takeback_requests.c.game_id == game_id)
                     .values(waiting=req.waiting))
        return "waiting", req


def lapse(engine: Engine, game_id: str, request_id: str) -> bool:
    """End an unanswered request whose time is up; True if this call ended it."""
    with engine.begin() as conn:
        res = conn.execute(delete(takeback_requests).where(
            takeback_requests.c.game_id == game_id, takeback_requests.c.id == request_id))
    return bool(res.rowcount == 1)

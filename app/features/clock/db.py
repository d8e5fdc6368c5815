"""The clocks' rows: every read and write of ``clocks``, ``clock_beats`` and the timeout
outcomes (synchronous SQLAlchemy Core, called from worker threads).

A timeout is settled by the database like a move: each write that acts on a deadline is
conditional on the game still being ``active`` at the version the deadline belonged to, so
a timeout that raced a committed move (or another process's timeout) changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from app.features.clock.model import Clock, from_row, to_row
from app.store.store import now as utc_now
from app.store.tables import clock_beats, clocks, games, seats


def read(engine: Engine, game_id: str) -> Clock | None:
    """The stored clock of a game, if it has one."""
    with engine.connect() as conn:
        row = conn.execute(select(clocks).where(clocks.c.game_id == game_id)).mappings().first()
    return from_row(row) if row else None


def _put(conn: Any, game_id: str, clock: Clock) -> None:
    # Never backwards: a write for an older version (threads may finish out of order, or
    # another process already wrote a newer one) leaves the row alone.
    res = conn.execute(update(clocks).where(and_(clocks.c.game_id == game_id,
                                                 clocks.c.version <= clock.version))
                       .values(**to_row(clock)))
    if res.rowcount == 0:
        exists = conn.execute(select(clocks.c.version).where(clocks.c.game_id == game_id)).first()
        if exists is None:
            conn.execute(insert(clocks).values(game_id=game_id, **to_row(clock)))


def write(engine: Engine, game_id: str, clock: Clock) -> None:
    """Store a clock (unless a newer version is stored already)."""
    try:
        with engine.begin() as conn:
            _put(conn, game_id, clock)
    except IntegrityError:  # another process inserted the first row a moment before
        with engine.begin() as conn:
            _put(conn, game_id, clock)


def _lock_live(conn: Any, game_id: str, version: int) -> bool:
    """Lock the game's row if it is still active at ``version`` (the timeout is current)."""
    res = conn.execute(update(games).where(and_(games.c.id == game_id,
                                                games.c.version == version,
                                                games.c.status == "active"))
                       .values(updated_at=utc_now()))
    return bool(res.rowcount == 1)


def mark_stand_in(engine: Engine, game_id: str, seat: int, version: int, clock: Clock) -> bool:
    """Out of time, ``bot``: the seat becomes a stand-in bot (the player keeps their
    credential). False when the timeout is stale."""
    with engine.begin() as conn:
        if not _lock_live(conn, game_id, version):
            return False
        conn.execute(update(seats).where(and_(seats.c.game_id == game_id, seats.c.seat == seat))
                     .values(is_bot=True, stand_in=True))
        _put(conn, game_id, clock)
    return True


def end_game(engine: Engine, game_id: str, version: int, override: dict[str, Any],
             clock: Clock) -> bool:
    """Out of time, ``end``: the game is over with ``override`` as its outcome. False when
    the timeout is stale."""
    with engine.begin() as conn:
        if not _lock_live(conn, game_id, version):
            return False
        t = utc_now()
        conn.execute(update(games).where(games.c.id == game_id).values(
            status="finished", finished_at=t, outcome_override=override))
        _put(conn, game_id, clock)
    return True


def take_back(engine: Engine, game_id: str, seat: int,
              rebase: Callable[[Clock], Clock]) -> bool:
    """The player takes a stand-in seat back; ``rebase`` gives the seat its new time.
    False when the seat is not a stand-in (any more)."""
    with engine.begin() as conn:
        res = conn.execute(update(seats).where(and_(
            seats.c.game_id == game_id, seats.c.seat == seat, seats.c.stand_in.is_(True)))
            .values(is_bot=False, stand_in=False))
        if res.rowcount != 1:
            return False
        row = conn.execute(select(clocks).where(clocks.c.game_id == game_id)).mappings().first()
        if row is not None:
            _put(conn, game_id, rebase(from_row(row)))
    return True


def running(engine: Engine) -> list[tuple[str, int, float]]:
    """``(game id, version, deadline)`` of every running clock of an active game."""
    q = (select(clocks.c.game_id, clocks.c.version, clocks.c.deadline)
         .join(games, games.c.id == clocks.c.game_id)
         .where(and_(clocks.c.deadline.is_not(None), games.c.status == "active")))
    with engine.connect() as conn:
        return [(r[0], r[1], r[2]) for r in conn.execute(q)]


def beat(engine: Engine, origin: str, at: float) -> None:
    """This process is alive at ``at``."""
    with engine.begin() as conn:
        if conn.execute(update(clock_beats).where(clock_beats.c.origin == origin)
                        .values(beat_at=at)).rowcount == 0:
            conn.execute(insert(clock_beats).values(origin=origin, beat_at=at))


def forgive_outage(engine: Engine, at: float, grace: float) -> float:
    """At a start: the time since any server process last beat is time nobody could move;
    running clocks are moved on by that downtime beyond ``grace``. Returns the seconds
    forgiven. A live process beats every few seconds, so while one runs nothing is
    forgiven; the ``resumed_after`` mark makes two processes starting together forgive
    one outage once."""
    with engine.begin() as conn:
        last = conn.execute(select(func.max(clock_beats.c.beat_at))).scalar()
        if last is None:
            return 0.0
        last = float(last)
        shift = at - last - grace
        if shift <= 0:
            return 0.0
        conn.execute(update(clocks).where(and_(
            clocks.c.deadline.is_not(None), clocks.c.since <= last,
            clocks.c.resumed_after.is_(None) | (clocks.c.resumed_after < last)))
            .values(since=clocks.c.since + shift, deadline=clocks.c.deadline + shift,
                    resumed_after=last))
        # The beats of processes long gone say nothing more than the newest one.
        conn.execute(delete(clock_beats).where(clock_beats.c.beat_at < last))
    return shift

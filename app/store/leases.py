"""Presence in the database, owned by server processes under a lease.

Each process is a row of ``processes`` whose lease runs until ``lease_until`` (the owner's
clock, seconds since the epoch); its heartbeat (app/realtime/lease.py) pushes the lease on.
Each seat a process holds a connection of is a row of ``presence`` (seat row, process). A
seat is **connected** while one of its rows belongs to a process whose lease runs: a killed
process's rows stop counting when its lease runs out, with nobody having to clean up after
it, and the next heartbeat of any process deletes them (:func:`renew`).

Only its owner writes a process's rows, one write at a time, so "insert unless there" needs
no upsert; the reaping of other processes' rows is safe beside a renewal because a process
re-registers (its row and all its holdings, in one transaction) when it finds its row gone.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Engine,
    String,
    and_,
    delete,
    exists,
    insert,
    literal,
    select,
    update,
)

from app.store.tables import presence, processes, seats

#: The lease of a process that is alone on its database (SQLite): nobody else reads it.
FOREVER = 1e18


def connected_now(at: float | None = None) -> ColumnElement[bool]:
    """``seats.connected`` as it is: a process whose lease runs at ``at`` holds the seat."""
    t = time.time() if at is None else at
    return exists().where(presence.c.seat_id == seats.c.id,
                          presence.c.process == processes.c.id,
                          processes.c.lease_until > t)


def seat_select() -> Any:
    """``SELECT`` of the seat rows with ``connected`` read from the leases."""
    cols = [c for c in seats.c if c.name != "connected"]
    return select(*cols, connected_now().label("connected"))


def register(engine: Engine, process: str, until: float) -> None:
    """A process starts: its row with a lease until ``until``, and no holdings yet."""
    with engine.begin() as conn:
        conn.execute(delete(presence).where(presence.c.process == process))
        conn.execute(delete(processes).where(processes.c.id == process))
        conn.execute(insert(processes).values(id=process, lease_until=until))


def reset(engine: Engine) -> None:
    """One process on its database, starting: nobody is connected (the others' rows, if a
    previous run left any, are dead)."""
    with engine.begin() as conn:
        conn.execute(delete(presence))
        conn.execute(delete(processes))


def hold(engine: Engine, process: str, changes: Iterable[tuple[str, int, bool]]) -> None:
    """``process`` now holds (or no longer holds) a connection of each ``(game, seat,
    held)``: one transaction for all of them."""
    with engine.begin() as conn:
        for game_id, seat, held in changes:
            seat_id = (select(seats.c.id)
                       .where(and_(seats.c.game_id == game_id, seats.c.seat == seat))
                       .scalar_subquery())
            conn.execute(delete(presence).where(presence.c.process == process,
                                                presence.c.seat_id == seat_id))
            if held:
                conn.execute(insert(presence).from_select(
                    ["seat_id", "process"], _seat_row(process, game_id, seat)))


def _seat_row(process: str, game_id: str, seat: int) -> Any:
    """``(seat row id, process)`` of ``seat`` in ``game_id``, for an insert from select."""
    return (select(seats.c.id, literal(process, String(32)))
            .where(and_(seats.c.game_id == game_id, seats.c.seat == seat)))


def renew(engine: Engine, process: str, until: float,
          held: Iterable[tuple[str, int]]) -> bool:
    """The heartbeat: push this process's lease to ``until`` and delete what processes whose
    lease ran out held. If this process's own row was deleted (it was silent for longer
    than its lease: frozen, or cut off from the database), it registers again with
    ``held``, its holdings, in the same transaction. True if the lease was still there."""
    now = time.time()
    with engine.begin() as conn:
        renewed = conn.execute(update(processes).where(processes.c.id == process)
                               .values(lease_until=until)).rowcount == 1
        if not renewed:
            conn.execute(delete(presence).where(presence.c.process == process))
            conn.execute(insert(processes).values(id=process, lease_until=until))
            for game_id, seat in held:
                conn.execute(insert(presence).from_select(
                    ["seat_id", "process"],
                    _seat_row(process, game_id, seat)))
    with engine.begin() as conn:
        # Dead processes: their row first, then whatever no live row owns (a renewal that
        # re-registers commits its row and holdings at once, so it is never half-reaped).
        conn.execute(delete(processes).where(processes.c.lease_until < now))
        conn.execute(delete(presence).where(
            presence.c.process.not_in(select(processes.c.id))))
    return renewed


def release(engine: Engine, process: str) -> None:
    """A process stops cleanly: its seats are free at once, not when its lease runs out."""
    with engine.begin() as conn:
        conn.execute(delete(presence).where(presence.c.process == process))
        conn.execute(delete(processes).where(processes.c.id == process))


def holders(engine: Engine, exclude: str, game_ids: Iterable[str] | None = None,
            ) -> tuple[set[str], dict[str, dict[str, frozenset[int]]]]:
    """The live processes other than ``exclude``, and per game (of ``game_ids``, or all)
    the seats each of them holds."""
    now = time.time()
    query = (select(seats.c.game_id, seats.c.seat, presence.c.process)
             .select_from(presence.join(seats, seats.c.id == presence.c.seat_id)
                          .join(processes, processes.c.id == presence.c.process))
             .where(processes.c.lease_until > now, presence.c.process != exclude))
    wanted = None if game_ids is None else list(game_ids)
    if wanted is not None and len(wanted) <= 500:
        query = query.where(seats.c.game_id.in_(wanted))
    found: dict[str, dict[str, set[int]]] = {}
    with engine.connect() as conn:
        live = set(conn.execute(select(processes.c.id).where(
            processes.c.lease_until > now, processes.c.id != exclude)).scalars())
        for game_id, seat, process in conn.execute(query):
            found.setdefault(game_id, {}).setdefault(process, set()).add(seat)
    return live, {g: {p: frozenset(s) for p, s in by.items()} for g, by in found.items()}

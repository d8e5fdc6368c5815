"""The clock feature: what a timed table adds to its room (issue 12).

The room calls the hooks here (load, reload, every new version, the document, the stand-in
refusal, the frame to ask for time); the rest lives in the package: :mod:`.model` (the pure
clock), :mod:`.db` (its rows), :mod:`.scheduler` (waiting for deadlines and acting on
them), :mod:`.votes` (asking for more time). docs/clocks.md tells how.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Engine

from app.features.clock import db, model, votes
from app.features.clock.model import Clock
from app.features.clock.scheduler import ClockScheduler
from app.features.clock.table import PART, awaited_humans, clock_of, set_clock
from app.realtime.frames import ClockFrame
from app.realtime.outbox import Connection
from app.realtime.port import FrameRoute, RoomFeature, RoomPort, Rooms

log = logging.getLogger("meja.clock")

STAND_IN_REFUSAL = "ws.stand_in"


class Clocks(RoomFeature):
    """Clocks of timed tables: real time (bank + increment) and turn-based (a limit per
    turn), deadlines in the database, one :class:`ClockScheduler` per process."""

    name = PART
    part = PART

    def __init__(self, engine: Engine, origin: str,
                 now: Callable[[], float] | None = None) -> None:
        self.engine = engine
        self.scheduler = ClockScheduler(engine, origin, now)

    def frames(self) -> Mapping[type, FrameRoute]:
        return {ClockFrame: FrameRoute(self._on_frame, "other")}

    async def _on_frame(self, room: RoomPort, conn: Connection, frame: Any) -> None:
        await votes.on_frame(self.scheduler, room, conn, frame.op, frame.days)

    async def start(self, rooms: Rooms) -> None:
        await self.scheduler.start(rooms)

    async def stop(self) -> None:
        await self.scheduler.stop()

    def load(self, room: RoomPort) -> None:
        """The clock of a room being loaded (in a worker thread): the stored one, caught up
        with the game's version if a write was lost, or a fresh one for a game that just
        started."""
        cfg = room.settings
        if cfg.time_control.kind == "none" or room.state is None:
            set_clock(room, None)
            return
        now = self.scheduler.now()
        clock = db.read(self.engine, room.id)
        if clock is None:
            clock = model.start(cfg.time_control, len(room.seats), room.version, now,
                                awaited_humans(room))
            db.write(self.engine, room.id, clock)
        elif clock.version < room.version:
            # The process that committed died before it stored the clock: charge the seats
            # that were running up to now (a few milliseconds, or the outage's grace).
            mover = room.last["seat"] if room.last else None
            clock = model.advance(clock, cfg.time_control, room.version, now, mover,
                                  awaited_humans(room, clock))
            db.write(self.engine, room.id, clock)
        self.scheduler.push_soon(room.id, clock)
        set_clock(room, clock)

    def reload(self, room: RoomPort, fresh: RoomPort) -> bool:
        """A reload brings the stored clock; a different one means fresh snapshots."""
        before, after = clock_of(room), clock_of(fresh)
        set_clock(room, after)
        return before != after

    def versioned(self, room: RoomPort) -> None:
        """After the room moved to a new version (its own commit, or another process's):
        charge the clocks, stop the mover's, start the awaited seats', store, schedule."""
        clock = clock_of(room)
        if clock is None or clock.version >= room.version:
            return
        mover = room.last["seat"] if room.last else None
        clock = model.advance(clock, room.settings.time_control, room.version,
                              self.scheduler.now(), mover, awaited_humans(room, clock))
        set_clock(room, clock)
        self.scheduler.stored(room.id, clock)

    def blank(self) -> dict[str, Any]:
        return {PART: None}

    def shared(self, room: RoomPort) -> dict[str, Any] | None:
        """``doc.clock`` (None for a table without a clock)."""
        clock: Clock | None = room.parts.get(PART)
        if clock is None:
            return None
        cfg = room.settings
        out = model.to_doc(clock, cfg.time_control, cfg.out_of_time)
        out["stand_ins"] = [s["seat"] for s in room.seats if s.get("stand_in")]
        return out

    def refuse(self, room: RoomPort, seat: int) -> tuple[str, str] | None:
        """A player's own move while a stand-in bot holds their seat is refused."""
        if seat < len(room.seats) and room.seats[seat].get("stand_in"):
            return "rule", STAND_IN_REFUSAL
        return None

    def replayable(self, room: RoomPort) -> bool:
        """A table with a clock reads the database: its deadlines are stored beside the
        move, not derived from the action alone."""
        return clock_of(room) is None

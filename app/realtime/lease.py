"""The owner and the lease of presence: which seats this process holds, in the database.

Every server process is the **owner** of the presence it holds: a row of ``processes`` and a
row of ``presence`` for each seat one of its connections plays (app/store/leases.py). Its
**lease** runs ``lease`` seconds from its last heartbeat, which comes every ``heartbeat``
seconds. A process that dies (kill -9, a lost machine) stops renewing, and ``lease``
seconds after its last heartbeat its seats are free in the database (a host may hand them
to a bot); the next heartbeat of each other process drops it from its rooms too, so their
viewers see the seats offline. The **bound** is therefore ``lease`` for the database and
``lease + heartbeat`` for the viewers of the others (12 + 3 = 15 s by default).

The same rows answer a newcomer at once: a room loaded on one process starts with the seats
the others hold (:meth:`PresenceLease.seed`), so the first ``presence`` frame of a hello is
already the truth, not the next re-announcement's.

Alone on its database (SQLite, ``MEJA_FANOUT=local``) a process clears all presence at
start, as before, and holds its lease for good: nobody else reads it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.store import leases

if TYPE_CHECKING:
    from app.realtime.room import Room
    from app.store.store import Store

log = logging.getLogger("meja.presence")


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return default if raw in (None, "") else float(raw)


@dataclass
class LeaseSettings:
    """How long a process's presence lasts without a heartbeat, and how often it beats."""

    #: A process's seats are free this many seconds after its last heartbeat.
    lease: float = field(default_factory=lambda: _seconds("MEJA_PRESENCE_LEASE", 12.0))
    #: The heartbeat renews the lease and drops dead processes from the rooms this often.
    heartbeat: float = field(default_factory=lambda: _seconds("MEJA_PRESENCE_HEARTBEAT", 3.0))


class PresenceLease:
    """This process's presence in the database (see the module docstring)."""

    def __init__(self, store: Store, origin: str, settings: LeaseSettings | None = None) -> None:
        self.store = store
        self.origin = origin
        self.settings = settings or LeaseSettings()
        self.alone = True
        #: The seats this process holds a row for: (game, seat).
        self.held: set[tuple[str, int]] = set()
        #: One write at a time, each of what is true when it starts: a leave and a join of
        #: the same seat can never land in the database in the other order.
        self._writing = asyncio.Lock()
        #: Seats whose presence changed since the write under way began, and the future of
        #: the write that will take them.
        self._dirty: dict[tuple[str, int], Room] = {}
        self._next: asyncio.Future[None] | None = None
        self._flushing = False
        self._flusher: asyncio.Task[None] | None = None
        #: Seats whose write failed (the database was away): the next heartbeat writes them.
        self._retry: dict[tuple[str, int], Room] = {}

    async def start(self, rooms: Mapping[str, Room],
                    spawn: Callable[[Coroutine[Any, Any, Any]], Any], alone: bool) -> None:
        """Register this process (clearing everything first when it is ``alone``) and, with
        others on the database, start the heartbeat (a task made by ``spawn``) that keeps
        ``rooms``, this process's live rooms, told who the others hold."""
        self.alone = alone
        engine = self.store.engine
        if alone:
            await asyncio.to_thread(leases.reset, engine)
            await asyncio.to_thread(leases.register, engine, self.origin, leases.FOREVER)
            return
        await asyncio.to_thread(leases.register, engine, self.origin,
                                time.time() + self.settings.lease)
        spawn(self._heartbeat(rooms))

    async def stop(self) -> None:
        """A clean stop frees this process's seats at once."""
        try:
            await asyncio.to_thread(leases.release, self.store.engine, self.origin)
        except Exception:
            log.exception("releasing presence failed")

    async def sync(self, room: Room, seat: int) -> None:
        """Write whether this process holds ``seat`` of ``room`` now (a connection of it
        came or went); returns once it is written. What arrives while a write runs goes
        in the next one, together: a thousand players reconnecting at once (their process
        died) cost a few transactions, not a thousand in a row."""
        self._dirty[(room.id, seat)] = room
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
        written = self._next
        if not self._flushing:
            self._flushing = True
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        await asyncio.shield(written)

    async def _flush(self) -> None:
        try:
            while self._dirty:
                batch, self._dirty = self._dirty, {}
                written, self._next = self._next, None
                try:
                    await self._write(batch)
                finally:
                    if written is not None and not written.done():
                        written.set_result(None)
        finally:
            self._flushing = False

    async def _write(self, batch: dict[tuple[str, int], Room]) -> None:
        async with self._writing:
            changes = []
            for (game_id, seat), room in batch.items():
                held = seat in room.local_presence()[0]
                if held != ((game_id, seat) in self.held):
                    changes.append((game_id, seat, held))
            if not changes:
                return
            try:
                await asyncio.to_thread(leases.hold, self.store.engine, self.origin, changes)
            except Exception:  # never fail a connection over it: the heartbeat retries
                log.exception("presence update failed")
                self._retry.update(batch)
                return
            for game_id, seat, held in changes:
                if held:
                    self.held.add((game_id, seat))
                else:
                    self.held.discard((game_id, seat))

    def reseated(self, game_id: str, order: list[int]) -> None:
        """The lobby's seats were reordered: the rows follow their players (they name seat
        rows), and so does what this process remembers holding."""
        moved = {(g, order.index(s) if g == game_id and s in order else s)
                 for g, s in self.held}
        self.held = moved

    def seed(self, room: Room) -> None:
        """A room was just loaded (worker thread): start from the seats the other processes
        hold, so that the first hello is told the truth."""
        if self.alone:
            return
        at = time.monotonic()
        live, held = leases.holders(self.store.engine, self.origin, [room.id])
        room.remote = {origin: (at, seats, 0) for origin, seats in held.get(room.id, {}).items()
                       if origin in live}

    async def _heartbeat(self, rooms: Mapping[str, Room]) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat)
            try:
                await self.beat(rooms)
            except Exception:
                log.exception("presence heartbeat failed")

    async def beat(self, live_rooms: Mapping[str, Room]) -> None:
        """Renew the lease, and bring every room's view of the others to the database's."""
        engine = self.store.engine
        if self._retry:
            retry, self._retry = self._retry, {}
            await self._write(retry)
        async with self._writing:
            renewed = await asyncio.to_thread(leases.renew, engine, self.origin,
                                              time.time() + self.settings.lease,
                                              sorted(self.held))
        if not renewed:
            log.warning("presence lease had run out; registered again")
        rooms = list(live_rooms.values())
        if not rooms:
            return
        read_at = time.monotonic()
        live, held = await asyncio.to_thread(leases.holders, engine, self.origin,
                                             [r.id for r in rooms])
        for room in rooms:
            room.heard_lease(live, held.get(room.id, {}), read_at)

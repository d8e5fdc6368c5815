"""Who is connected to a room: its seats and spectators here and in the other processes.

:class:`Presence` is the part of :class:`app.realtime.room.Room` that counts connections and
tells everyone when they change (``presence`` frames, outside the versioned document).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from app.realtime.frames import encode
from app.realtime.outbox import Connection

#: Presence changes within this many seconds travel in one frame.
PRESENCE_DELAY = 0.05
SPECTATOR_DELAY = 1.0
#: Beyond this many connections, changes are gathered into one frame.
CROWD = 32
#: An announcement heard this long before a read of the database may be newer than what
#: the read found (a process announces a change, then writes it).
ANNOUNCED_AHEAD = 2.0


class Presence:
    """Connections here and elsewhere (see the module docstring)."""

    seats: list[dict[str, Any]]
    conns: set[Connection]
    #: Presence held by other processes: origin -> (heard at, seats connected, spectators),
    #: from their announcements and their leases in the database.
    remote: dict[str, tuple[float, frozenset[int], int]]
    _presence_timer: asyncio.TimerHandle | None

    def broadcast_text(self, text: str) -> None:
        raise NotImplementedError

    def publish_presence(self) -> None:
        """Tell the other processes who is connected here."""
        raise NotImplementedError

    def online(self) -> set[int]:
        """Seats connected to this game in any process."""
        seats = {c.seat for c in self.conns if c.seat is not None and not c.closed}
        for _, remote_seats, _ in self.remote.values():
            seats |= remote_seats
        return seats

    def local_presence(self) -> tuple[frozenset[int], int]:
        """Seats and spectator count connected to this process."""
        seats = frozenset(c.seat for c in self.conns if c.seat is not None and not c.closed)
        return seats, sum(1 for c in self.conns if c.seat is None and not c.closed)

    def heard_presence(self, origin: str, seats: frozenset[int], spectators: int) -> None:
        """Another process said who is connected to it; everyone here is told."""
        if seats or spectators:
            self.remote[origin] = (time.monotonic(), seats, spectators)
        else:
            self.remote.pop(origin, None)
        self.broadcast_text(self.presence_frame())

    def heard_lease(self, live: set[str], held: dict[str, frozenset[int]],
                    read_at: float) -> None:
        """The database's presence, read from ``read_at`` on (app/realtime/lease.py): a
        process whose lease ran out is forgotten (it died), and what a live one holds
        replaces what it announced more than ANNOUNCED_AHEAD before the read (a later
        announcement may not be written yet). Everyone here is told if that changed
        anything."""
        remote = dict(self.remote)
        for origin, (seen, _, spectators) in self.remote.items():
            if origin not in live:
                del remote[origin]
            elif seen < read_at - ANNOUNCED_AHEAD:
                remote[origin] = (seen, held.get(origin, frozenset()), spectators)
        for origin, seats in held.items():
            remote.setdefault(origin, (read_at, seats, 0))
        remote = {o: v for o, v in remote.items() if v[1] or v[2]}
        if remote != self.remote:
            self.remote = remote
            self.broadcast_text(self.presence_frame())

    def presence_changed(self, seat_changed: bool = True) -> None:
        """Someone came or went: tell everyone. In a crowd (more than CROWD connections)
        changes within PRESENCE_DELAY (a seat) or SPECTATOR_DELAY (only the spectator
        count) share one frame, so N spectators arriving cost N frames, not N squared."""
        timer = self._presence_timer
        if len(self.conns) <= CROWD:
            # A table and a few spectators: every change at once.
            if timer is not None:
                timer.cancel()
            self._flush_presence()
            return
        delay = PRESENCE_DELAY if seat_changed else SPECTATOR_DELAY
        loop = asyncio.get_running_loop()
        if timer is not None:
            if timer.when() <= loop.time() + delay:
                return
            timer.cancel()
        self._presence_timer = loop.call_later(delay, self._flush_presence)

    def _flush_presence(self) -> None:
        self._presence_timer = None
        self.broadcast_text(self.presence_frame())
        self.publish_presence()

    def presence_frame(self) -> str:
        """Who is connected (in every process), outside the versioned document."""
        online = self.online()
        spectators = self.local_presence()[1] + sum(n for _, _, n in self.remote.values())
        return encode({
            "type": "presence",
            "seats": [{"seat": s["seat"], "connected": s["seat"] in online or s["is_bot"]}
                      for s in self.seats],
            "spectators": spectators,
        })

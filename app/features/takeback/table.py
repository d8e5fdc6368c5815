"""What the take-back feature keeps per room: the table's policy, the line of play (what may
be taken back, :class:`engines.core.line.Line`) and this process's copy of an open request."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field

from app.features.takeback import requests as stored
from app.realtime.port import RoomPort
from app.store.store import Store
from engines.core.copying import canonical_json
from engines.core.line import Line, replay_line

log = logging.getLogger("meja.takeback")

#: The take-back's slot in ``room.parts`` (and the ``takeback`` of every seat's document).
PART = "takeback"

#: How many ended requests a room remembers (a late relay concerns one of the last few).
ENDED_KEPT = 8


@dataclass
class Request:
    """This process's copy of a consent request waiting for answers."""

    id: str
    seat: int
    client_id: str
    undo: list[int]
    version: int
    waiting: set[int]
    #: Wall-clock seconds (``time.time()``) when it lapses: the same in every process.
    expires: float
    timer: asyncio.TimerHandle | None = None

    @classmethod
    def of(cls, row: stored.Stored) -> Request:
        """The copy of a stored request."""
        return cls(id=row.id, seat=row.seat, client_id=row.client_id, undo=list(row.undo),
                   version=row.version, waiting=set(row.waiting), expires=row.expires)

    def row(self) -> stored.Stored:
        """The request as stored."""
        return stored.Stored(id=self.id, seat=self.seat, client_id=self.client_id,
                             undo=list(self.undo), version=self.version,
                             waiting=sorted(self.waiting), expires=self.expires)

    def seconds(self) -> float:
        """How long it stays open from now."""
        return max(0.0, self.expires - time.time())


@dataclass
class Table:
    """What this module keeps per live room: its line of play and an open request."""

    line: Line | None = None
    #: Why the line could not be rebuilt (older rules, a history that does not replay).
    unavailable: str | None = None
    request: Request | None = None
    #: Requests opened, answered or closed here or by another process: a welcome whose read
    #: of the stored request overlapped one trusts memory, not what it read.
    changes: int = 0
    #: The latest requests known to be over (closed here, or relayed closed): word of an
    #: earlier answer relayed late by another process must not open one again.
    ended: deque[str] = field(default_factory=lambda: deque(maxlen=ENDED_KEPT))


def table_of(room: RoomPort) -> Table:
    """What the take-back feature keeps of this room (made on first use)."""
    table: Table = room.parts.setdefault(PART, Table())
    return table


def policy(room: RoomPort) -> str:
    """The table's take-back policy."""
    return room.settings.takeback


# -- the line of play ------------------------------------------------------------------------
def rebuild(room: RoomPort, store: Store) -> None:
    """Replay the stored history into the room's line of play (in a worker thread: at load,
    or when the room moved on through another process)."""
    table = table_of(room)
    table.line, table.unavailable = None, None
    if room.state is None or policy(room) == "none":
        return
    if room.game["rules_version"] != room.engine.rules_version:
        table.unavailable = "api.takeback.err_older_rules"
        return
    events = [(e["seat"], e["action"]) for e in store.events(room.id)
              if e["seq"] <= room.version]
    try:
        line = replay_line(room.engine, room.game["player_count"], room.game["options"],
                           room.game["seed"], events)
    except Exception:
        log.exception("history of %s does not replay", room.id)
        line = None
    if line is None or line.version != room.version or (
            canonical_json(line.state) != canonical_json(room.state)):
        table.unavailable = "api.takeback.err_unavailable"
        return
    table.line = line


def line_of(room: RoomPort) -> Line | None:
    """The room's line of play if it is up to date (a fresh game needs no replay)."""
    table = table_of(room)
    line = table.line
    if line is not None and line.version == room.version:
        return line
    if room.version == 0 and room.state is not None:
        table.line = Line(room.engine, room.state, 0)
        return table.line
    return None


def context(room: RoomPort) -> tuple[str, Line] | None:
    """What every seat's :func:`offer` of this version reads alike (the policy and the line
    of play), looked up once per version rather than once per seat; None: nobody may take
    anything back now."""
    if room.state is None or room.status != "active":
        return None
    rule = policy(room)
    line = line_of(room) if rule != "none" else None
    return None if line is None else (rule, line)


def offer(room: RoomPort, seat: int | None) -> dict[str, int] | None:
    """What this seat may take back now, for its document: ``own`` actions at once, or
    ``ask`` (with consent) back to and including its latest action. ``None``: nothing."""
    return offer_in(context(room), seat)


def offer_in(ctx: tuple[str, Line] | None, seat: int | None) -> dict[str, int] | None:
    """:func:`offer` from this version's :func:`context` (a broadcast builds it once)."""
    if seat is None or ctx is None:
        return None
    rule, line = ctx
    own = line.own_turn(seat)
    ask = 0
    if rule == "consent" and not own:
        mine = [i for i, u in enumerate(line.undoable) if u.seat == seat]
        ask = len(line.undoable) - mine[-1] if mine else 0
    return {"own": own, "ask": ask} if own or ask else None



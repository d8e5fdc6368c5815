"""The room port: what a live game offers the features that plug into it, and what a feature
offers the room.

A room (:mod:`app.realtime.room`) applies moves, commits them and sends every viewer its
patch; everything else a table has - clocks, take-backs, notices, chat, rematch - is a
:class:`RoomFeature` in ``app/features/``, handed to the hub as a list when the service is
put together (:mod:`app.main`). The room calls the hooks below on each feature of the list
in turn and names none of them; a feature sees the room only as a :class:`RoomPort` and the
hub only as :class:`Rooms`, so no feature imports the room, and the room imports no feature.

A feature keeps what it holds per game in ``room.parts[feature.name]``, its own slot, and
changes the room's game only through the port's methods.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from app.core.tablesettings import TableSettings
from app.realtime.outbox import Connection
from engines.core.protocol import Engine

#: Log lines a room keeps in memory (a snapshot's log, and how far a room catches up from
#: the events before it reloads instead).
LOG_TAIL = 200


@dataclass
class Reply:
    """The answer to an action frame, plus an optional fresh snapshot to follow it.

    ``delivered``: the answer already reached the sender inside its patch frame.
    """

    frame: dict[str, Any]
    snapshot: bool = False
    delivered: bool = False


class RoomPort(Protocol):
    """What a feature may read of a live game and ask of it."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    engine: Engine
    state: dict[str, Any] | None
    version: int
    last: dict[str, Any] | None
    conns: set[Connection]
    lock: asyncio.Lock
    #: Each feature's own slot, by its name.
    parts: dict[str, Any]
    #: Why the table takes no move from anyone now, bots' and timeouts' too (a break the
    #: players agreed to: code, catalogue key); a feature sets it, None while play goes on.
    halt: tuple[str, str] | None

    @property
    def id(self) -> str:
        """The game's id."""

    @property
    def status(self) -> str:
        """``lobby``, ``active``, ``finished`` or ``abandoned``."""

    @property
    def settings(self) -> TableSettings:
        """The table's settings (take-back policy, time control...)."""

    async def append(self, seat: int, client_id: str | None, action: dict[str, Any],
                     lines: list[dict[str, Any]], state: dict[str, Any], *,
                     finished: bool = False, before: Callable[[int], None] | None = None,
                     origin: Connection | None = None) -> tuple[bool | None, bool]:
        """Append one version (lock held): commit it, take it, send every viewer its patch."""

    async def catch_up_locked(self) -> None:
        """Take the database's newer versions (lock held): another process appended."""

    async def submit(self, seat: int, client_id: str | None, version: int,
                     raw: dict[str, Any], origin: Connection | None = None) -> Reply:
        """Validate, apply, commit and broadcast one action, as a player's."""

    async def original_version(self, seat: int, client_id: str) -> int | None:
        """The version at which this seat's ``client_id`` was applied, however long ago."""

    def recalled(self, seat: int, client_id: str) -> int | None:
        """The version of a recent action of this seat with this id, from memory."""

    def answer(self, conn: Connection, reply: Reply) -> None:
        """Send ``reply`` to its connection (unless it travelled in a patch), and a
        snapshot after it when the reply asks for one."""

    def send_all(self, text: str) -> None:
        """Queue one frame for every connection of this process."""

    def send_to(self, seat: int, text: str) -> None:
        """Queue one frame for every connection of one seat."""

    def send_snapshot(self, conn: Connection) -> None:
        """Queue a fresh snapshot for one connection."""

    def resend(self) -> None:
        """Documents changed outside a version: every connection gets a fresh snapshot."""

    def changed_here(self, game: dict[str, Any] | None = None,
                     seats: list[dict[str, Any]] | None = None) -> None:
        """Seats, status or a feature's part changed here outside a move (already stored):
        take them, tell this process's viewers, make the other processes reload, and
        schedule any bot that now holds a seat."""

    def publish_lobby(self) -> None:
        """Tell the other processes to reload the game (its lobby or a part changed)."""

    def relay(self, topic: str, data: Any) -> None:
        """Hand ``data`` to the feature named ``topic`` in every other process."""

    def online(self) -> set[int]:
        """Seats connected to this game in any process."""

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task the hub cancels at shutdown."""

    def later(self, delay: float, make: Callable[[], Coroutine[Any, Any, Any]]
              ) -> asyncio.TimerHandle:
        """Run ``make()`` as such a task after ``delay`` seconds (cancel the handle to not)."""


class Rooms(Protocol):
    """What a feature's process-wide work (a scheduler, a mailer) may ask of the hub."""

    #: This process among the others on one database.
    origin: str

    def loaded(self, game_id: str) -> RoomPort | None:
        """The game's room if this process holds it."""

    async def room(self, game_id: str) -> RoomPort:
        """The game's room, loaded from the database if needed."""

    async def lobby_changed(self, game_id: str, status: str) -> None:
        """Seats, status or a part changed in the database: reload, tell everyone."""


#: How the connection's loop rate-limits a frame kind before its feature sees it:
#: ``move``: a seat's act (the actions limit; spectators are refused), ``own``: the feature
#: limits it itself, ``other``: the limit of every other frame.
Limit = Literal["move", "own", "other"]
FrameHandler = Callable[[RoomPort, Connection, Any], Awaitable[None]]


@dataclass(frozen=True)
class FrameRoute:
    """A client frame kind a feature answers."""

    handler: FrameHandler
    limit: Limit
    #: The frame's field that names it in a refusal (``rejected``'s ``id``).
    ident: str = "id"


class RoomFeature(Protocol):
    """A feature of a table: the hooks the room and the hub call, each a no-op unless the
    feature needs it. Subclass it and override what the feature does."""

    #: The feature's slot in ``room.parts`` and the topic of its relayed messages.
    name: str = ""
    #: The key of its part of every viewer's document (None: it has none).
    part: str | None = None

    def frames(self) -> Mapping[type, FrameRoute]:
        """The client frames it answers."""
        return {}

    async def start(self, rooms: Rooms) -> None:
        """The service starts (background work begins here)."""
        return None

    async def stop(self) -> None:
        """The service stops."""
        return None

    def load(self, room: RoomPort) -> None:
        """A room is being loaded from the database (in a worker thread)."""
        return None

    def reload(self, room: RoomPort, fresh: RoomPort) -> bool:
        """``room`` takes what a fresh load found; True if its viewers' documents changed
        beyond the game's own (they then get fresh snapshots)."""
        return False

    def blank(self) -> dict[str, Any]:
        """Its entries in the document of a game that has not started."""
        return {}

    def shared(self, room: RoomPort) -> Any:
        """What every viewer's part of this version is made from (once per version)."""
        return None

    def seat_part(self, shared: Any, seat: int | None) -> Any:
        """One viewer's part of the document, from :meth:`shared`."""
        return shared

    def refuse(self, room: RoomPort, seat: int) -> tuple[str, str] | None:
        """A player's own move that it refuses: (code, catalogue key)."""
        return None

    def versioned(self, room: RoomPort) -> None:
        """The room reached a new version (its own commit or another process's), before
        its viewers are sent it."""
        return None

    def committed(self, room: RoomPort, seat: int, action: Any, result: Any,
                  version: int) -> None:
        """A move was committed here; ``room.state`` is still the state before it."""
        return None

    def adopting(self, room: RoomPort, events: list[dict[str, Any]]) -> None:
        """The room is about to take versions another process committed."""
        return None

    def replayable(self, room: RoomPort) -> bool:
        """Whether another process's step may be replayed here without the database."""
        return True

    async def welcome(self, room: RoomPort, conn: Connection) -> None:
        """A connection said hello and joined the room."""
        return None

    def relayed(self, room: RoomPort, data: Any) -> None:
        """A message of its topic from another process (or from an HTTP route here)."""
        return None

    def resent(self, room: RoomPort) -> None:
        """The room's documents changed outside a version (every viewer gets a snapshot)."""
        return None

    def holds(self, room: RoomPort) -> bool:
        """Whether the room must stay loaded although nobody is connected to it (a page
        follows it from afar)."""
        return False


@dataclass(frozen=True)
class Hooks:
    """The features of a hub, and for each hook the ones that implement it: a move calls no
    hook that would do nothing (the action path stays as short as before features)."""

    features: tuple[RoomFeature, ...]
    load: tuple[RoomFeature, ...]
    reload: tuple[RoomFeature, ...]
    blank: tuple[RoomFeature, ...]
    #: The parts of every viewer's document, in the document's order: each key with what
    #: the part of a version is made from (once per version), and how one viewer's part is
    #: made from that (None: the same for every viewer).
    shared: tuple[tuple[str, Callable[[RoomPort], Any]], ...]
    seated: tuple[tuple[str, Callable[[Any, int | None], Any] | None], ...]
    refuse: tuple[RoomFeature, ...]
    versioned: tuple[RoomFeature, ...]
    committed: tuple[RoomFeature, ...]
    adopting: tuple[RoomFeature, ...]
    replayable: tuple[RoomFeature, ...]
    resent: tuple[RoomFeature, ...]
    holds: tuple[RoomFeature, ...]

    @classmethod
    def of(cls, features: Sequence[RoomFeature]) -> Hooks:
        """Sort ``features`` by the hooks they implement (their order is kept)."""
        def doing(hook: str) -> tuple[RoomFeature, ...]:
            return tuple(f for f in features
                         if getattr(type(f), hook) is not getattr(RoomFeature, hook))

        parts = [(f.part, f) for f in features if f.part]
        return cls(features=tuple(features), load=doing("load"), reload=doing("reload"),
                   blank=doing("blank"), shared=tuple((k, f.shared) for k, f in parts),
                   seated=tuple((k, f.seat_part if f in doing("seat_part") else None)
                                for k, f in parts),
                   refuse=doing("refuse"), versioned=doing("versioned"),
                   committed=doing("committed"), adopting=doing("adopting"),
                   replayable=doing("replayable"), resent=doing("resent"),
                   holds=doing("holds"))

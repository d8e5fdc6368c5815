"""A live game in memory: one :class:`Room` per game, owned by the hub (app/realtime/hub.py).

A room holds the committed state and version of its game, the connections watching it and
the last document each kind of viewer received (so a patch is computed once per viewer, not
per connection: :mod:`app.realtime.views`), and who is connected
(:mod:`app.realtime.presence`). Actions of one game are applied one at a time under the
room's lock; the commit itself is batched across games by the
:class:`~app.store.committer.Committer`. The room is the :class:`~app.realtime.port.RoomPort`
of the features plugged into it: it calls their hooks and names none of them.

Nothing here awaits a socket: a frame for a connection goes into that connection's bounded
queue (:mod:`app.realtime.outbox`), so a reader that stops reading never delays anyone else,
and no send is ever awaited while a room's lock is held.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.core import loglines
from app.core.i18n import say
from app.core.lobby import lobby_info
from app.core.tablesettings import TableSettings, settings_of
from app.realtime.fanout import Fanout
from app.realtime.frames import encode
from app.realtime.outbox import Connection
from app.realtime.port import LOG_TAIL, Hooks, Reply
from app.realtime.presence import Presence
from app.realtime.views import Turn, Views
from app.store.committer import Committer
from app.store.store import CommitItem
from engines.core.errors import ActionError, RuleError
from engines.core.protocol import Engine

log = logging.getLogger("meja.rooms")

RECENT_IDS = 512
#: Codes of refusals after which a repeated action id is looked up in the database: a repeat
#: of an action that was applied long ago (or before a restart) answers ``accepted``.
_LOOKUP_ON = frozenset({"stale", "rule", "invalid"})

__all__ = ["LOG_TAIL", "Connection", "Host", "Reply", "Room"]


class Host(Protocol):
    """What a room asks of the hub that holds it (:class:`app.realtime.hub.Hub`)."""

    committer: Committer
    fanout: Fanout

    def schedule_bots(self, room: Room, remote: bool = False) -> None:
        """Bots whose turn it now is act after a pause."""

    async def original_version(self, game_id: str, seat: int, client_id: str) -> int | None:
        """The version at which this seat's ``client_id`` was applied, if it was."""

    async def catch_up_locked(self, room: Room) -> None:
        """Take the database's newer versions (lock held)."""

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task cancelled at shutdown."""


@dataclass(eq=False)
class Room(Views, Presence):
    """A game held in memory while anyone plays or watches it."""

    hub: Host
    #: The features plugged into every room of this process, by the hooks they implement.
    hooks: Hooks
    game: dict[str, Any]
    seats: list[dict[str, Any]]
    engine: Engine
    state: dict[str, Any] | None
    version: int
    log_tail: list[dict[str, Any]] = field(default_factory=list)
    recent: OrderedDict[tuple[int, str], int] = field(default_factory=OrderedDict)
    conns: set[Connection] = field(default_factory=set)
    docs: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    #: The version at which the documents last changed without a new one (``resend``).
    resent_at: int = -1
    last: dict[str, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_pending: set[tuple[int, int]] = field(default_factory=set)
    #: Per viewer kind: (version, document, snapshot frame) - a burst of syncs costs nothing.
    snaps: dict[int | None, tuple[int, dict[str, Any], str]] = field(default_factory=dict)
    #: Presence held by other processes: origin -> (heard at, seats connected, spectators).
    remote: dict[str, tuple[float, frozenset[int], int]] = field(default_factory=dict)
    idle_since: float = field(default_factory=time.monotonic)
    #: Each feature's own slot (``clock``, ``takeback``...), by the feature's name.
    parts: dict[str, Any] = field(default_factory=dict)
    #: Why the table takes no move from anyone now (a break: code, catalogue key), set by
    #: the feature that halts it; None while play goes on.
    halt: tuple[str, str] | None = None
    _presence_timer: asyncio.TimerHandle | None = None
    #: What the engine says of the latest state asked about (:meth:`turn`).
    _turn: Turn | None = None

    @property
    def id(self) -> str:
        return self.game["id"]  # type: ignore[no-any-return]

    @property
    def settings(self) -> TableSettings:
        """The table's settings."""
        return settings_of(self.game)

    # -- connections --------------------------------------------------------------------
    def join(self, conn: Connection, version: int | None) -> None:
        """A connection said hello: answer ``uptodate`` or a snapshot, and count it in."""
        # A version alone does not say what a client holds when the documents changed at
        # that same version (a clock's end or stand-in, a seat change: ``resend``) or when the
        # game is over (its end may have come at the version the client already held).
        if version is not None and version == self.version and conn.seat in self.docs \
                and self.resent_at != version and self.status == "active":
            conn.version = self.version
            conn.send(encode({"type": "uptodate", "version": self.version}))
        else:
            self.send_snapshot(conn)
        self.conns.add(conn)

    def leave(self, conn: Connection) -> None:
        """A connection closed."""
        self.conns.discard(conn)
        if not self.conns:
            self.idle_since = time.monotonic()

    def send_to(self, seat: int, text: str) -> None:
        """Queue one frame for every connection of one seat."""
        for conn in list(self.conns):
            if conn.seat == seat:
                conn.send(text)

    def answer(self, conn: Connection, reply: Reply) -> None:
        """Send ``reply`` unless it travelled in a patch; a snapshot after it if asked."""
        if not reply.delivered:
            conn.send(encode(reply.frame))
        if reply.snapshot:
            self.send_snapshot(conn)

    def lobby_frame(self) -> str:
        """The ``lobby`` frame: seats and status, with who is connected."""
        return encode({"type": "lobby", "lobby": lobby_info(self.game, self.seats,
                                                            self.online())})

    # -- actions ------------------------------------------------------------------------
    async def submit(self, seat: int, client_id: str | None, version: int,
                     raw: dict[str, Any], origin: Connection | None = None) -> Reply:
        """Validate, apply, commit and broadcast one action; the reply for its sender.

        Exactly once: an id this seat already used answers ``accepted`` with the version it
        was applied at, however long ago (the database's unique ``(game_id, seat,
        client_id)`` is the arbiter; the in-memory ``recent`` ids only spare a look-up).
        """
        key = (seat, client_id) if client_id else None
        if key and key in self.recent:
            return _accepted(client_id, self.recent[key])
        async with self.lock:
            if key and key in self.recent:
                return _accepted(client_id, self.recent[key])
            reply = await self._submit_locked(seat, client_id, version, raw, origin)
        if (client_id and reply.frame["type"] == "rejected"
                and reply.frame["code"] in _LOOKUP_ON):
            original = await self.original_version(seat, client_id)
            if original is not None:
                self._remember(seat, client_id, original)
                return _accepted(client_id, original)
        return reply

    async def _submit_locked(self, seat: int, client_id: str | None, version: int,
                             raw: dict[str, Any], origin: Connection | None) -> Reply:
        refusal = (self._refused_by_feature(seat) if origin is not None else None
                   ) or self.halt or self._precheck(seat, version)
        if refusal is not None:
            code, reason = refusal
            return Reply({"type": "rejected", "id": client_id, "code": code, **say(reason)},
                         snapshot=code == "stale")
        assert self.state is not None
        try:
            action = self.engine.parse_action(raw)
            result = self.engine.apply(self.state, seat, action)
        except RuleError as exc:
            return Reply(_rejected_by_rules(client_id, exc))
        except Exception:
            log.exception("engine %s failed on %r", self.engine.id, raw)
            return Reply({"type": "rejected", "id": client_id, "code": "rule",
                          **say("ws.engine_failed")})
        seq = self.version + 1
        lines = [loglines.stored(seq, seat, e) for e in result.log]

        def moved(version: int) -> None:
            for feature in self.hooks.committed:  # your-turn notices, the take-back line
                feature.committed(self, seat, action, result, version)

        committed, acked = await self.append(
            seat, client_id, raw, lines, result.state, origin=origin, before=moved,
            finished=self.turn(result.state).outcome is not None)
        if committed is None:
            return Reply({"type": "rejected", "id": client_id, "code": "unavailable",
                          **say("ws.not_saved")})
        if not committed:
            if client_id:
                original = await self.original_version(seat, client_id)
                if original is not None:  # this id was applied before: answer, not re-apply
                    self._remember(seat, client_id, original)
                    return _accepted(client_id, original)
            # Another process appended this step first: take its truth from the database.
            await self.catch_up_locked()
            return Reply({"type": "rejected", "id": client_id, "code": "stale",
                          **say("ws.overtaken")}, snapshot=True)
        return Reply(_accepted(client_id, seq).frame, delivered=acked)

    async def append(self, seat: int, client_id: str | None, action: dict[str, Any],
                     lines: list[dict[str, Any]], state: dict[str, Any], *,
                     finished: bool = False, before: Callable[[int], None] | None = None,
                     origin: Connection | None = None) -> tuple[bool | None, bool]:
        """Append one version (lock held): commit it, take it and send every viewer its
        patch; the one way a room moves on by its own commit (a move, a take-back).

        ``before(version)`` runs once the commit holds and before the room takes it. Returns
        (committed: None when it could not be stored, False when another process appended
        this version first; whether ``origin`` got its answer inside its patch).
        """
        seq = self.version + 1
        item = CommitItem(game_id=self.id, seq=seq, seat=seat, client_id=client_id,
                          action=action, log=lines, state=state, finished=finished)
        try:
            committed = await self.hub.committer.commit(item)
        except Exception:
            return None, False
        if not committed:
            return False, False
        if before is not None:
            before(seq)
        self.state, self.version = state, seq
        if finished:
            self.game["status"] = "finished"
        self.last = {"seat": seat, "type": action.get("type"), "version": seq}
        self.log_tail.extend(lines)
        del self.log_tail[:-LOG_TAIL]
        if client_id:
            self._remember(seat, client_id, seq)
        acked = self.broadcast(seq - 1, lines, origin, client_id)
        self.hub.fanout.committed(self.id, seq)
        self.hub.schedule_bots(self)
        return True, acked

    def _refused_by_feature(self, seat: int) -> tuple[str, str] | None:
        for feature in self.hooks.refuse:
            refusal = feature.refuse(self, seat)
            if refusal is not None:
                return refusal
        return None

    def _remember(self, seat: int, client_id: str, seq: int) -> None:
        self.recent[(seat, client_id)] = seq
        while len(self.recent) > RECENT_IDS:
            self.recent.popitem(last=False)

    def recalled(self, seat: int, client_id: str) -> int | None:
        """The version of a recent action of this seat with this id, from memory."""
        return self.recent.get((seat, client_id))

    async def original_version(self, seat: int, client_id: str) -> int | None:
        """The version at which this seat's action ``client_id`` was applied, if it was."""
        return await self.hub.original_version(self.id, seat, client_id)

    def _precheck(self, seat: int, version: int) -> tuple[str, str] | None:
        if self.status == "lobby":
            return "rule", "ws.not_started"
        if self.status in ("finished", "abandoned"):
            return "rule", "api.game_over"
        if version != self.version:
            return "stale", "ws.stale"
        if self.state is not None and seat not in self.turn(self.state).to_act:
            return "rule", "base.err.not_your_turn"
        return None

    # -- catching up with the database --------------------------------------------------
    def adopt(self, game: dict[str, Any], evs: list[dict[str, Any]]) -> None:
        """Take a newer committed version from the database (written by another process)
        and tell this process's viewers: patches from what they held."""
        prev = self.version
        evs = [e for e in evs if prev < e["seq"] <= game["version"]]
        for feature in self.hooks.adopting:
            feature.adopting(self, evs)
        self.game, self.state, self.version = game, game["state"], game["version"]
        lines = [line for e in evs for line in e["log"]]
        self.log_tail.extend(lines)
        del self.log_tail[:-LOG_TAIL]
        for e in evs:
            if e["client_id"] and e["seat"] is not None:
                self._remember(e["seat"], e["client_id"], e["seq"])
        if evs:
            e = evs[-1]
            self.last = {"seat": e["seat"], "type": e["action"].get("type"), "version": e["seq"]}
        self.snaps.clear()
        self.broadcast(prev, lines)

    def take(self, fresh: Room) -> bool:
        """Take what a fresh load of the game from the database holds (the one way a room
        reloads); True if a feature's part of the documents changed with it."""
        self.game, self.seats = fresh.game, fresh.seats
        self.state, self.version = fresh.state, fresh.version
        self.log_tail, self.last = fresh.log_tail, fresh.last
        moved = False
        for feature in self.hooks.reload:
            moved = feature.reload(self, fresh) or moved
        return moved

    async def catch_up_locked(self) -> None:
        """Take the database's newer versions (lock held): another process appended."""
        await self.hub.catch_up_locked(self)

    # -- changes outside a move ---------------------------------------------------------
    def changed_here(self, game: dict[str, Any] | None = None,
                     seats: list[dict[str, Any]] | None = None) -> None:
        """Seats, status or a feature's part changed here outside a move (already stored):
        this process's viewers get the new lobby and a fresh snapshot, the other processes
        reload the room (the fan-out's lobby message), and a bot now holding a seat is
        scheduled. Nothing is read back from the database: at a thousand tables that would
        be the bottleneck."""
        if game is not None:
            self.game = game
        if seats is not None:
            self.seats = seats
        self.publish_lobby()
        self.broadcast_text(self.lobby_frame())
        self.resend()
        self.hub.schedule_bots(self)

    def publish_presence(self) -> None:
        """Tell the other processes who is connected here."""
        self.hub.fanout.presence_changed(self.id, *self.local_presence())

    def publish_lobby(self) -> None:
        """Tell the other processes to reload the game."""
        self.hub.fanout.lobby_changed(self.id, self.status)

    def relay(self, topic: str, data: Any) -> None:
        """Hand ``data`` to the feature named ``topic`` in every other process."""
        self.hub.fanout.relay(self.id, topic, data)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task the hub cancels at shutdown."""
        return self.hub.spawn(coro)

    def later(self, delay: float, make: Callable[[], Coroutine[Any, Any, Any]]
              ) -> asyncio.TimerHandle:
        """Run ``make()`` as such a task after ``delay`` seconds."""
        return asyncio.get_running_loop().call_later(delay, lambda: self.spawn(make()))

    def replayable(self) -> bool:
        """Whether another process's step may be replayed here without the database."""
        return all(feature.replayable(self) for feature in self.hooks.replayable)


def _accepted(client_id: str | None, version: int) -> Reply:
    return Reply({"type": "accepted", "id": client_id, "version": version})


def _rejected_by_rules(client_id: str | None, exc: RuleError) -> dict[str, Any]:
    """The rejection of an action the engine refused: its message key travels with it."""
    frame: dict[str, Any] = {"type": "rejected", "id": client_id,
                             "code": "invalid" if isinstance(exc, ActionError) else "rule",
                             "reason": str(exc)}
    if exc.key:
        frame["key"] = exc.key
        frame["params"] = exc.params
    return frame

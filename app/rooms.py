"""Live games in memory: one :class:`Room` per game, and the :class:`Hub` that owns them.

A room holds the committed state and version of its game, the connections watching it and
the last document each kind of viewer received (so a patch is computed once per viewer, not
per connection). Actions of one game are applied one at a time under the room's lock; the
commit itself is batched across games by the :class:`~app.committer.Committer`.

Nothing here awaits a socket: a frame for a connection goes into that connection's bounded
queue (:mod:`app.outbox`), so a reader that stops reading never delays anyone else, and no
send is ever awaited while a room's lock is held.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from app import clock as clocks
from app import eventlog, loglines, takeback
from app.bots import BotPool, level_of
from app.clock.scheduler import ClockScheduler
from app.committer import Committer
from app.diff import PartCache, patch_parts
from app.errors import ApiError
from app.fanout import Fanout, LocalFanout
from app.frames import encode
from app.i18n import say
from app.lobby import lobby_info
from app.notices import Notices, NoticeSettings
from app.outbox import Connection, Encoded, OutboxLimits
from app.rtsettings import Realtime
from app.store import CommitItem, Store
from engines.base import ActionError, Engine, Outcome, RuleError
from engines.registry import get_engine

log = logging.getLogger("meja.rooms")

LOG_TAIL = 200
RECENT_IDS = 512
#: Presence changes within this many seconds travel in one frame.
PRESENCE_DELAY = 0.05
SPECTATOR_DELAY = 1.0
CROWD = 32
#: Codes of refusals after which a repeated action id is looked up in the database: a repeat
#: of an action that was applied long ago (or before a restart) answers ``accepted``.
_LOOKUP_ON = frozenset({"stale", "rule", "invalid"})

__all__ = ["Connection", "Hub", "Reply", "Room"]


@dataclass
class Reply:
    """The answer to an action frame, plus an optional fresh snapshot to follow it.

    ``delivered``: the answer already reached the sender inside its patch frame.
    """

    frame: dict[str, Any]
    snapshot: bool = False
    delivered: bool = False


@dataclass(eq=False)
class Room:
    """A game held in memory while anyone plays or watches it."""

    hub: Hub
    game: dict[str, Any]
    seats: list[dict[str, Any]]
    engine: Engine
    state: dict[str, Any] | None
    version: int
    log_tail: list[dict[str, Any]] = field(default_factory=list)
    recent: OrderedDict[tuple[int, str], int] = field(default_factory=OrderedDict)
    conns: set[Connection] = field(default_factory=set)
    docs: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    last: dict[str, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_pending: set[tuple[int, int]] = field(default_factory=set)
    #: Per viewer kind: (version, document, snapshot frame) - a burst of syncs costs nothing.
    snaps: dict[int | None, tuple[int, dict[str, Any], str]] = field(default_factory=dict)
    #: Presence held by other processes: origin -> (seen at, seats connected, spectators).
    remote: dict[str, tuple[float, frozenset[int], int]] = field(default_factory=dict)
    idle_since: float = field(default_factory=time.monotonic)
    #: The table's clock (app/clock), None without one.
    clock: clocks.Clock | None = None
    _presence_timer: asyncio.TimerHandle | None = None
    #: What the engine says of the latest state asked about (:meth:`turn`).
    _turn: Turn | None = None

    @property
    def id(self) -> str:
        return self.game["id"]

    @property
    def status(self) -> str:
        return self.game["status"]

    def turn(self, state: dict[str, Any]) -> Turn:
        """The engine's outcome, actors and awaited seats of ``state``, asked once per state:
        a move reads them for its checks, the new state's documents, its bots and the next
        move's checks (states are never changed once applied, so the state object names
        them; the memo holds it, so its identity cannot be reused)."""
        memo = self._turn
        if memo is not None and memo.state is state:
            return memo
        eng = self.engine
        memo = self._turn = Turn(state, eng.outcome(state), eng.to_act(state),
                                 eng.awaited(state))
        return memo

    # -- documents ----------------------------------------------------------------------
    def build_doc(self, seat: int | None,
                  shared: dict[str, Any] | None = None) -> dict[str, Any]:
        """This viewer's document: only what ``engine.view`` lets it see. ``shared``: the
        seat-independent part (:meth:`shared_doc`) when several viewers' documents of one
        version are built together."""
        if self.state is None:
            return {"status": self.status, "view": None, "legal": [], "to_act": [],
                    "awaited": [], "outcome": None, "last": None, "clock": None}
        common = shared if shared is not None else self.shared_doc()
        eng, st = self.engine, self.state
        # A seat outside ``to_act`` has nothing to do (the engine protocol's promise,
        # engines/base.py ``legal_actions``): only the seats that may act are asked.
        legal = (eng.legal_actions(st, seat)
                 if common["live"] and seat is not None and seat in common["to_act"] else None)
        return {
            "status": common["status"],
            "view": eng.view(st, seat),
            # Nothing to do is the one shared empty list, so that a viewer's patch skips an
            # unchanged "nothing" by identity (documents are only read, never changed).
            "legal": legal or _NOTHING,
            "to_act": common["to_act"],
            "awaited": common["awaited"],
            "outcome": common["outcome"],
            "last": common["last"],
            "clock": common["clock"],
            "takeback": takeback.offer_in(common["takeback"], seat),
        }

    def shared_doc(self) -> dict[str, Any]:
        """What every viewer's document of this version holds alike (computed once per
        version for a broadcast, not once per viewer); needs ``self.state``."""
        st = self.state
        assert st is not None
        turn = self.turn(st)
        outcome = turn.outcome
        live = outcome is None and self.status == "active"
        return {
            "status": self.status,
            "live": live,
            "to_act": turn.to_act if live else _NOTHING,
            "awaited": turn.awaited if live else _NOTHING,
            "outcome": clocks.outcome(self) or (outcome.as_dict() if outcome else None),
            "last": self.last,
            "clock": clocks.document(self),
            "takeback": takeback.context(self),
        }

    def visible_log(self, seat: int | None, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Log lines this viewer may read (public ones and its own private ones)."""
        return [loglines.for_viewer(line, line["seq"], line["seat"])
                for line in lines if loglines.readable(line, seat)]

    def _snapshot(self, seat: int | None) -> tuple[dict[str, Any], str]:
        """The current document and snapshot frame of one viewer kind (built once per
        version and kind)."""
        hit = self.snaps.get(seat)
        if hit is not None and hit[0] == self.version:
            return hit[1], hit[2]
        doc = self.build_doc(seat)
        text = encode({"type": "snapshot", "version": self.version, "doc": doc,
                       "log": self.visible_log(seat, self.log_tail)})
        self.snaps[seat] = (self.version, doc, text)
        return doc, text

    def snapshot_frame(self, seat: int | None) -> str:
        """A full snapshot for one connection; also primes the patch base for its viewer."""
        doc, text = self._snapshot(seat)
        self.docs[seat] = doc
        return text

    def send_snapshot(self, conn: Connection) -> None:
        """Queue a fresh snapshot for one connection."""
        conn.version = self.version
        conn.send(self.snapshot_frame(conn.seat))

    def invalidate(self) -> None:
        """The game changed outside the version (lobby, reload): rebuild documents."""
        self.snaps.clear()
        self.docs.clear()

    def broadcast(self, prev: int, lines: list[dict[str, Any]],
                  origin: Connection | None = None, ack: str | None = None) -> bool:
        """After the game moved from ``prev`` to ``self.version``: one patch per kind of
        viewer, queued for each of its connections (a snapshot for a connection that did not
        hold ``prev``).

        Work is shared wherever viewers see alike: a value every document holds (the
        seat-independent part, a view that hides nothing) is diffed and encoded once
        (:func:`app.diff.patch_parts`), the log lines once per set of readable lines, and
        viewers whose patch frames come out equal share one encoded frame
        (:class:`~app.outbox.Encoded`), whose WebSocket bytes are then built once.

        The connection that sent the action gets its answer inside its patch frame
        (``"accepted": id``): one frame less per move. Returns whether that happened.
        """
        clocks.on_version(self)
        acked = False
        base = self.docs
        frames: dict[int | None, Encoded] = {}
        new_docs: dict[int | None, dict[str, Any]] = {}
        shared: dict[str, Any] | None = None
        parts_cache: PartCache = {}
        same_frames: dict[tuple[bytes, ...], Encoded] = {}
        logs: dict[tuple[bool, ...] | None, bytes] = {}
        # Lines every viewer reads (most moves' only lines) are encoded once for all.
        private = any(line.get("to") is not None for line in lines)
        head = b'{"type":"patch","from":%d,"version":%d,"ops":[' % (prev, self.version)
        for conn in list(self.conns):
            if conn.closed:
                continue
            key = conn.seat
            if conn.version != prev or key not in base:
                doc, text = self._snapshot(key)
                new_docs[key] = doc
                conn.version = self.version
                conn.send(text)
                continue
            frame = frames.get(key)
            if frame is None:
                if shared is None and self.state is not None:
                    shared = self.shared_doc()
                new = self.build_doc(key, shared)
                new_docs[key] = new
                readable = (tuple([loglines.readable(line, key) for line in lines])
                            if private else None)
                log_json = logs.get(readable)
                if log_json is None:
                    log_json = logs[readable] = orjson.dumps(
                        [loglines.for_viewer(line, line["seq"], line["seat"])
                         for i, line in enumerate(lines) if readable is None or readable[i]])
                parts = patch_parts(base[key], new, parts_cache)
                parts.append(log_json)
                sig = tuple(parts)
                frame = same_frames.get(sig)
                if frame is None:
                    frame = same_frames[sig] = Encoded(
                        head + b",".join(parts[:-1]) + b'],"log":' + log_json + b"}")
                frames[key] = frame
            conn.version = self.version
            if conn is origin and ack is not None:
                acked = True
                conn.send(Encoded(frame.data[:-1] + b',"accepted":' + orjson.dumps(ack)
                                  + b"}"))
            else:
                conn.send(frame)
        self.docs = new_docs
        return acked

    def broadcast_committed(self, lines: list[dict[str, Any]], origin: Connection | None = None,
                            ack: str | None = None) -> bool:
        """After a local commit of one step (see :meth:`broadcast`)."""
        return self.broadcast(self.version - 1, lines, origin, ack)

    def broadcast_text(self, text: str) -> None:
        """Queue one frame for every connection (presence, lobby changes)."""
        for conn in list(self.conns):
            conn.send(text)

    # -- connections --------------------------------------------------------------------
    def join(self, conn: Connection, version: int | None) -> None:
        """A connection said hello: answer ``uptodate`` or a snapshot, and count it in."""
        if version is not None and version == self.version and conn.seat in self.docs:
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
        self.hub.fanout.presence_changed(self)

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
            original = await self.hub.original_version(self.id, seat, client_id)
            if original is not None:
                self._remember(seat, client_id, original)
                return _accepted(client_id, original)
        return reply

    async def _submit_locked(self, seat: int, client_id: str | None, version: int,
                             raw: dict[str, Any], origin: Connection | None) -> Reply:
        refusal = (clocks.refusal(self, seat) if origin is not None else None
                   ) or self._precheck(seat, version)
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
        finished = self.turn(result.state).outcome is not None
        item = CommitItem(game_id=self.id, seq=seq, seat=seat, client_id=client_id,
                          action=raw, log=lines, state=result.state, finished=finished)
        try:
            committed = await self.hub.committer.commit(item)
        except Exception:
            return Reply({"type": "rejected", "id": client_id, "code": "unavailable",
                          **say("ws.not_saved")})
        if not committed:
            if client_id:
                original = await self.hub.original_version(self.id, seat, client_id)
                if original is not None:  # this id was applied before: answer, not re-apply
                    self._remember(seat, client_id, original)
                    return _accepted(client_id, original)
            # Another process appended this step first: take its truth from the database.
            await self.hub.catch_up_locked(self)
            return Reply({"type": "rejected", "id": client_id, "code": "stale",
                          **say("ws.overtaken")}, snapshot=True)
        self.hub.notices.moved(self, result.state, seq)  # your-turn mail, webhooks
        takeback.committed(self, seat, action, result)
        self.state, self.version = result.state, seq
        if finished:
            self.game["status"] = "finished"
        self.last = {"seat": seat, "type": raw.get("type"), "version": seq}
        self.log_tail.extend(lines)
        del self.log_tail[:-LOG_TAIL]
        if client_id:
            self._remember(seat, client_id, seq)
        acked = self.broadcast(seq - 1, lines, origin, client_id)
        self.hub.fanout.committed(self, seq)
        self.hub.schedule_bots(self)
        return Reply(_accepted(client_id, seq).frame, delivered=acked)

    def _remember(self, seat: int, client_id: str, seq: int) -> None:
        self.recent[(seat, client_id)] = seq
        while len(self.recent) > RECENT_IDS:
            self.recent.popitem(last=False)

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
        takeback.adopting(self, evs)
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


@dataclass(slots=True)
class Turn:
    """What the engine says of one state (:meth:`Room.turn`); read it, never change it."""

    state: dict[str, Any]
    outcome: Outcome | None
    to_act: list[int]
    awaited: list[int]


#: The one empty list of a document's nothing-to-do (see :meth:`Room.build_doc`).
_NOTHING: list[Any] = []


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


class Hub:
    """Owns the rooms, the committer, the fan-out and the bots of one server process."""

    def __init__(self, store: Store, bot_delay: float, rt: Realtime | None = None,
                 notices: NoticeSettings | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.rt = rt or Realtime()
        #: This process among the others on one database (names its notifications).
        self.origin = uuid.uuid4().hex[:12]
        self.committer = Committer(store, origin=self.origin)
        self.fanout: Fanout = LocalFanout()
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.notices = Notices(store.engine, notices)
        self.clocks = ClockScheduler(self)
        self.bot_pool = BotPool()
        #: Credentials revoked or seats reordered here so far (``evict``, ``reseat``, relayed
        #: ones too): a hello whose credential was checked before one of them checks again
        #: before it joins (app/ws.py), since the change could not reach it in the room.
        self.seat_changes = 0

    def limits(self) -> OutboxLimits:
        """How far one connection may fall behind (from ``self.rt``)."""
        return OutboxLimits(self.rt.max_queued_bytes, self.rt.max_queued_frames,
                            self.rt.send_timeout)

    async def start(self) -> None:
        """Start committing, the fan-out and the unloading of idle rooms, and (in the
        background, so serving starts at once) wake the bots of games that were running
        before a restart."""
        mode = self.rt.fanout
        if mode == "auto":
            mode = "postgres" if self.store.engine.dialect.name == "postgresql" else "local"
        if mode == "postgres":
            from app.pgfanout import PgFanout

            self.fanout = PgFanout(self)
            self.committer.notify = True
        self.committer.start()
        await self.fanout.start()
        if mode == "local":
            # One process: nobody else can be connected. (Several processes share presence
            # through the fan-out; a stale flag there is corrected by the next change.)
            await asyncio.to_thread(self.store.reset_presence)
        await self.clocks.start()
        self._spawn(self._resume_bots())
        self._spawn(self._unload_idle())
        await self.notices.start(self)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _resume_bots(self) -> None:
        for game_id in await asyncio.to_thread(self.store.active_games_with_bots):
            try:
                await self.room(game_id)  # loading a room schedules its bots
            except Exception:
                log.exception("could not resume game %s", game_id)

    async def _unload_idle(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, min(5.0, self.rt.room_idle / 2)))
            self.unload_idle()

    def unload_idle(self) -> int:
        """Forget rooms nobody has been connected to for ``rt.room_idle`` seconds (they
        reload from the database on the next hello). Returns how many were unloaded."""
        cutoff = time.monotonic() - self.rt.room_idle
        idle = [gid for gid, r in self.rooms.items()
                if not r.conns and r.idle_since < cutoff and not r.bot_pending
                and not r.lock.locked()]
        for gid in idle:
            del self.rooms[gid]
        return len(idle)

    async def stop(self) -> None:
        """Cancel bots, stop the fan-out and flush the committer."""
        for task in list(self._tasks):
            task.cancel()
        await self.clocks.stop()
        await self.fanout.stop()
        await self.committer.stop()
        await self.notices.stop()
        self.bot_pool.shutdown()

    async def room(self, game_id: str) -> Room:
        """The live room of a game, loading it from the database on first use."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    room = await asyncio.to_thread(self._load, game_id)
                    self.rooms[game_id] = room
                    self.schedule_bots(room)
        finally:
            # An unknown game id leaves nothing behind.
            if not lock.locked() and self._loading.get(game_id) is lock:
                del self._loading[game_id]
        return room

    def _load(self, game_id: str) -> Room:
        game = self.store.game(game_id)
        engine = get_engine(game["kind"])
        if engine is None:
            raise ApiError(404, "api.kind_gone")
        room = Room(hub=self, game=game, seats=self.store.seats(game_id), engine=engine,
                    state=game["state"], version=game["version"])
        self._fill_history(room)
        room.clock = clocks.load(room)
        takeback.rebuild(room, self.store)
        return room

    def _fill_history(self, room: Room) -> None:
        evs = self.store.events(room.id, after=max(0, room.version - LOG_TAIL))
        evs = [e for e in evs if e["seq"] <= room.version]
        room.log_tail = [line for e in evs for line in e["log"]][-LOG_TAIL:]
        room.recent = OrderedDict(((e["seat"], e["client_id"]), e["seq"])
                                  for e in evs if e["client_id"])
        if evs:
            e = evs[-1]
            room.last = {"seat": e["seat"], "type": e["action"].get("type"), "version": e["seq"]}

    async def original_version(self, game_id: str, seat: int, client_id: str) -> int | None:
        """The version at which this seat's action ``client_id`` was applied, if it was."""
        return await asyncio.to_thread(eventlog.find_action, self.store.engine, game_id, seat,
                                       client_id)

    async def catch_up(self, room: Room) -> None:
        """Bring a room up to the database's version (another process committed)."""
        async with room.lock:
            await self.catch_up_locked(room)

    async def catch_up_locked(self, room: Room) -> None:
        """:meth:`catch_up` for a caller that holds the room's lock."""
        game = await asyncio.to_thread(self.store.game, room.id)
        if game["version"] <= room.version and game["status"] == room.status:
            return
        if game["version"] - room.version > LOG_TAIL or game["version"] < room.version:
            fresh = await asyncio.to_thread(self._load, room.id)
            prev = room.version
            room.game, room.seats, room.state, room.version = (
                fresh.game, fresh.seats, fresh.state, fresh.version)
            room.log_tail, room.recent, room.last = fresh.log_tail, fresh.recent, fresh.last
            room.clock = fresh.clock
            room.invalidate()
            room.broadcast(prev, [])  # everyone gets a snapshot (nobody holds the base)
        else:
            evs = await asyncio.to_thread(self.store.events, room.id, room.version)
            room.adopt(game, evs)
        self.schedule_bots(room, remote=True)

    async def lobby_changed(self, game_id: str, status: str, publish: bool = True) -> None:
        """Seats or status changed through the REST API: refresh and tell everyone.

        The lobby frame is built from the room's reload, under its lock, never from what the
        caller read before: two changes at once (two joins) may reach here in either order,
        and each reload sees at least what the one before it saw, so the last frame a viewer
        gets is the newest lobby."""
        if publish:
            self.fanout.lobby_changed(game_id, status)
        room = self.rooms.get(game_id)
        if room is None:
            # Nobody is connected; a started game is loaded so that its bots begin at once.
            if status == "active" and publish:
                await self.room(game_id)
            return
        async with room.lock:
            before = room.status
            fresh = await asyncio.to_thread(self._load, game_id)
            room.game, room.seats = fresh.game, fresh.seats
            room.state, room.version = fresh.state, fresh.version
            room.log_tail, room.last = fresh.log_tail, fresh.last
            clock_moved = clocks.changed(room.clock, fresh.clock)
            room.clock = fresh.clock
            room.snaps.clear()
            room.broadcast_text(encode({
                "type": "lobby", "lobby": lobby_info(room.game, room.seats, room.online())}))
            room.broadcast_text(room.presence_frame())
            if before != room.status or room.status == "lobby" or clock_moved:
                room.invalidate()
                for conn in list(room.conns):
                    room.send_snapshot(conn)
        self.schedule_bots(room)

    def reseat(self, game_id: str, order: list[int], publish: bool = True) -> None:
        """The host reordered the lobby: open connections follow their players' new seats."""
        self.seat_changes += 1
        if publish:
            self.fanout.reseated(game_id, order)
        room = self.rooms.get(game_id)
        if room is None:
            return
        for conn in room.conns:
            if conn.seat is not None:
                conn.seat = order.index(conn.seat)
        room.invalidate()

    async def evict(self, game_id: str, seat: int, reason: str, publish: bool = True) -> None:
        """Close a seat's open connections (its credential was replaced or the seat freed)."""
        self.seat_changes += 1
        if publish:
            self.fanout.evicted(game_id, seat, reason)
        room = self.rooms.get(game_id)
        if room is None:
            return
        frame = encode({"type": "error", **say(reason), "fatal": True, "code": "seat_lost"})
        for conn in [c for c in room.conns if c.seat == seat]:
            conn.send(frame)
            conn.finish(4401)
            room.leave(conn)

    # -- bots ----------------------------------------------------------------------------
    def schedule_bots(self, room: Room, remote: bool = False) -> None:
        """After a commit: every bot whose turn it now is acts after a short pause.

        ``remote``: the move was committed by another process, whose own bots act first;
        this one only steps in a little later if that process went away.
        """
        if room.state is None or room.status != "active":
            return
        for seat in room.turn(room.state).to_act:
            if seat >= len(room.seats) or not room.seats[seat]["is_bot"]:
                # Engines list awaited seats first and seats that merely *may* act after
                # them; a bot never races a human listed before it (the human's move would
                # come back stale for a bot's optional one).
                break
            key = (seat, room.version)
            if key in room.bot_pending:
                continue
            room.bot_pending.add(key)
            delay = self.bot_delay + (2.0 if remote else 0.0)
            self._spawn(self._bot_turn(room, seat, room.version, delay))

    async def bot_move(self, room: Room, seat: int) -> dict[str, Any]:
        """The move the bot of ``seat`` makes now, at its seat's level (app/bots.py): from
        the seat's view only; hard bots think in a worker process. Also for a stand-in."""
        assert room.state is not None
        level = level_of(room.seats[seat]) if seat < len(room.seats) else "normal"
        seed = f"{room.game['seed']}:{room.version}:{seat}"
        return await self.bot_pool.decide(room.engine, room.state, seat, level, seed)

    async def _bot_turn(self, room: Room, seat: int, version: int, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)  # no lock is held while the bot waits
            if room.version != version or room.state is None:
                return
            raw = await self.bot_move(room, seat)
            reply = await room.submit(seat, f"bot-{version}", version, raw)
            if reply.frame["type"] == "rejected" and reply.frame["code"] != "stale":
                log.error("bot in %s seat %s was refused: %s", room.id, seat, reply.frame)
        except Exception:
            log.exception("bot in %s seat %s failed", room.id, seat)
        finally:
            room.bot_pending.discard((seat, version))

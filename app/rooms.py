"""Live games in memory: one :class:`Room` per game, and the :class:`Hub` that owns them.

A room holds the committed state and version of its game, the connections watching it and
the last document each kind of viewer received (so a patch is computed once per viewer, not
per connection). Actions of one game are applied one at a time under the room's lock; the
commit itself is batched across games by the :class:`~app.committer.Committer`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.committer import Committer
from app.diff import make_patch
from app.errors import ApiError
from app.frames import encode
from app.store import CommitItem, Store
from engines.base import ActionError, Engine, LogEntry, RuleError
from engines.registry import get_engine

log = logging.getLogger("meja.rooms")

LOG_TAIL = 200
RECENT_IDS = 512


class Socket(Protocol):
    """What a room needs of a connection's socket (Starlette's WebSocket fits)."""

    async def send_text(self, data: str) -> None: ...


@dataclass(eq=False)
class Connection:
    """One open WebSocket: a seat (int) or a spectator (None)."""

    socket: Socket
    seat: int | None
    version: int = -1
    closed: bool = False

    async def send(self, text: str) -> None:
        """Send, treating a dead socket as closed rather than an error of the sender."""
        if self.closed:
            return
        try:
            await self.socket.send_text(text)
        except Exception:
            self.closed = True


@dataclass
class Reply:
    """The answer to an action frame, plus an optional fresh snapshot to follow it.

    ``delivered``: the answer already reached the sender inside its patch frame.
    """

    frame: dict[str, Any]
    snapshot: bool = False
    delivered: bool = False


@dataclass
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

    @property
    def id(self) -> str:
        return self.game["id"]

    @property
    def status(self) -> str:
        return self.game["status"]

    # -- documents ----------------------------------------------------------------------
    def build_doc(self, seat: int | None) -> dict[str, Any]:
        """This viewer's document: only what ``engine.view`` lets it see."""
        if self.state is None:
            return {"status": self.status, "view": None, "legal": [], "to_act": [],
                    "awaited": [], "outcome": None, "last": None}
        eng, st = self.engine, self.state
        outcome = eng.outcome(st)
        live = outcome is None and self.status == "active"
        return {
            "status": self.status,
            "view": eng.view(st, seat),
            "legal": eng.legal_actions(st, seat) if live and seat is not None else [],
            "to_act": eng.to_act(st) if live else [],
            "awaited": eng.awaited(st) if live else [],
            "outcome": outcome.as_dict() if outcome else None,
            "last": self.last,
        }

    def visible_log(self, seat: int | None, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Log lines this viewer may read (public ones and its own private ones)."""
        out = []
        for line in lines:
            to = line.get("to")
            if to is None or (seat is not None and seat in to):
                out.append({"seq": line["seq"], "seat": line["seat"], "text": line["text"],
                            "private": to is not None, "data": line.get("data")})
        return out

    def snapshot_frame(self, seat: int | None) -> str:
        """A full snapshot for one connection; also primes the patch base for its viewer."""
        doc = self.build_doc(seat)
        self.docs[seat] = doc
        return encode({"type": "snapshot", "version": self.version, "doc": doc,
                       "log": self.visible_log(seat, self.log_tail)})

    async def send_snapshot(self, conn: Connection) -> None:
        """Send a fresh snapshot to one connection."""
        conn.version = self.version
        await conn.send(self.snapshot_frame(conn.seat))

    async def broadcast_committed(self, lines: list[dict[str, Any]],
                                  origin: Connection | None = None,
                                  ack: str | None = None) -> bool:
        """After a commit: one patch per kind of viewer, sent to each of its connections.

        The connection that sent the action gets its answer inside its patch frame
        (``"accepted": id``): one frame less per move. Returns whether that happened.
        """
        acked = False
        frames: dict[int | None, str] = {}
        new_docs: dict[int | None, dict[str, Any]] = {}
        for conn in list(self.conns):
            key = conn.seat
            if conn.version != self.version - 1 or key not in self.docs:
                await self.send_snapshot(conn)
                new_docs[key] = self.docs[key]
                continue
            if key not in frames:
                new = self.build_doc(key)
                ops = make_patch(self.docs[key], new)
                new_docs[key] = new
                frames[key] = encode({"type": "patch", "from": self.version - 1,
                                      "version": self.version, "ops": ops,
                                      "log": self.visible_log(key, lines)})
            conn.version = self.version
            if conn is origin and ack is not None:
                acked = True
                await conn.send(frames[key][:-1] + ',"accepted":' + encode(ack) + "}")
            else:
                await conn.send(frames[key])
        self.docs = new_docs
        return acked

    async def broadcast_text(self, text: str) -> None:
        """Send one frame to every connection (presence, lobby changes)."""
        for conn in list(self.conns):
            await conn.send(text)

    # -- actions ------------------------------------------------------------------------
    async def submit(self, seat: int, client_id: str | None, version: int,
                     raw: dict[str, Any], origin: Connection | None = None) -> Reply:
        """Validate, apply, commit and broadcast one action; the reply for its sender."""
        key = (seat, client_id) if client_id else None
        if key and key in self.recent:
            return Reply({"type": "accepted", "id": client_id, "version": self.recent[key]})
        async with self.lock:
            if key and key in self.recent:
                return Reply({"type": "accepted", "id": client_id, "version": self.recent[key]})
            refusal = self._precheck(seat, version)
            if refusal is not None:
                code, reason = refusal
                return Reply({"type": "rejected", "id": client_id, "code": code,
                              "reason": reason}, snapshot=code == "stale")
            assert self.state is not None
            try:
                action = self.engine.parse_action(raw)
                result = self.engine.apply(self.state, seat, action)
            except ActionError as exc:
                return Reply({"type": "rejected", "id": client_id, "code": "invalid",
                              "reason": str(exc)})
            except RuleError as exc:
                return Reply({"type": "rejected", "id": client_id, "code": "rule",
                              "reason": str(exc)})
            except Exception:
                log.exception("engine %s failed on %r", self.engine.id, raw)
                return Reply({"type": "rejected", "id": client_id, "code": "rule",
                              "reason": "That action could not be applied (a server error "
                                        "was recorded). Please try another one."})
            seq = self.version + 1
            lines = [_line(seq, seat, e) for e in result.log]
            finished = self.engine.outcome(result.state) is not None
            item = CommitItem(game_id=self.id, seq=seq, seat=seat, client_id=client_id,
                              action=raw, log=lines, state=result.state, finished=finished)
            try:
                committed = await self.hub.committer.commit(item)
            except Exception:
                return Reply({"type": "rejected", "id": client_id, "code": "unavailable",
                              "reason": "The game could not be saved just now; nothing was "
                                        "changed. Please try again in a moment."})
            if not committed:
                # Another process appended this step first: take its truth from the database.
                await self.hub.reload(self)
                return Reply({"type": "rejected", "id": client_id, "code": "stale",
                              "reason": "The game moved on before your action arrived."},
                             snapshot=True)
            self.state, self.version = result.state, seq
            if finished:
                self.game["status"] = "finished"
            self.last = {"seat": seat, "type": raw.get("type"), "version": seq}
            self.log_tail.extend(lines)
            del self.log_tail[:-LOG_TAIL]
            if key:
                self.recent[key] = seq
                while len(self.recent) > RECENT_IDS:
                    self.recent.popitem(last=False)
            acked = await self.hub.fanout.committed(self, lines, origin, client_id)
            self.hub.schedule_bots(self)
            return Reply({"type": "accepted", "id": client_id, "version": seq}, delivered=acked)

    def _precheck(self, seat: int, version: int) -> tuple[str, str] | None:
        if self.status == "lobby":
            return "rule", "The game has not started yet."
        if self.status in ("finished", "abandoned"):
            return "rule", "This game is over."
        if version != self.version:
            return "stale", "The game moved on; here is the current state."
        if self.state is not None and seat not in self.engine.to_act(self.state):
            return "rule", "It is not your turn."
        return None

    def presence_frame(self) -> str:
        """Who is connected, outside the versioned document."""
        online = {c.seat for c in self.conns if c.seat is not None and not c.closed}
        return encode({
            "type": "presence",
            "seats": [{"seat": s["seat"], "connected": s["seat"] in online or s["is_bot"]}
                      for s in self.seats],
            "spectators": sum(1 for c in self.conns if c.seat is None and not c.closed),
        })


def _line(seq: int, seat: int | None, entry: LogEntry) -> dict[str, Any]:
    return {"seq": seq, "seat": seat, "text": entry.text, "to": entry.to, "data": entry.data}


class Fanout(Protocol):
    """The seam where committed actions reach viewers.

    One process: :class:`LocalFanout` delivers to this process's connections. Several
    processes: an implementation NOTIFYs a PostgreSQL channel after the commit and each
    process's listener reloads the new events into its own room and calls
    ``room.broadcast_committed``; nothing else changes.
    """

    async def committed(self, room: Room, lines: list[dict[str, Any]],
                        origin: Connection | None, ack: str | None) -> bool: ...


class LocalFanout:
    """Single-process fan-out: straight to the room's own connections."""

    async def committed(self, room: Room, lines: list[dict[str, Any]],
                        origin: Connection | None, ack: str | None) -> bool:
        return await room.broadcast_committed(lines, origin, ack)


class Hub:
    """Owns the rooms, the committer and the bots of one server process."""

    def __init__(self, store: Store, bot_delay: float) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.committer = Committer(store)
        self.fanout: Fanout = LocalFanout()
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    async def start(self) -> None:
        """Start committing, and (in the background, so serving starts at once) wake the
        bots of games that were running before a restart."""
        self.committer.start()
        await asyncio.to_thread(self.store.reset_presence)
        task = asyncio.get_running_loop().create_task(self._resume_bots())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resume_bots(self) -> None:
        for game_id in await asyncio.to_thread(self.store.active_games_with_bots):
            try:
                await self.room(game_id)  # loading a room schedules its bots
            except Exception:
                log.exception("could not resume game %s", game_id)

    async def stop(self) -> None:
        """Cancel bots and flush the committer."""
        for task in list(self._tasks):
            task.cancel()
        await self.committer.stop()

    async def room(self, game_id: str) -> Room:
        """The live room of a game, loading it from the database on first use."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                room = await asyncio.to_thread(self._load, game_id)
                self.rooms[game_id] = room
                self.schedule_bots(room)
        return room

    def _load(self, game_id: str) -> Room:
        game = self.store.game(game_id)
        engine = get_engine(game["kind"])
        if engine is None:
            raise ApiError(404, "This game's kind is no longer available on this server.")
        room = Room(hub=self, game=game, seats=self.store.seats(game_id), engine=engine,
                    state=game["state"], version=game["version"])
        self._fill_history(room)
        return room

    def _fill_history(self, room: Room) -> None:
        evs = self.store.events(room.id, after=max(0, room.version - LOG_TAIL))
        room.log_tail = [line for e in evs for line in e["log"]][-LOG_TAIL:]
        room.recent = OrderedDict(((e["seat"], e["client_id"]), e["seq"])
                                  for e in evs if e["client_id"])
        if evs:
            e = evs[-1]
            room.last = {"seat": e["seat"], "type": e["action"].get("type"), "version": e["seq"]}

    async def reload(self, room: Room) -> None:
        """Refresh a room from the database (after losing a race to another writer)."""
        fresh = await asyncio.to_thread(self._load, room.id)
        room.game, room.seats, room.state, room.version = (
            fresh.game, fresh.seats, fresh.state, fresh.version)
        room.log_tail, room.recent, room.last = fresh.log_tail, fresh.recent, fresh.last
        room.docs.clear()

    async def lobby_changed(self, game_id: str, lobby_frame: str, status: str) -> None:
        """Seats or status changed through the REST API: refresh and tell everyone."""
        room = self.rooms.get(game_id)
        if room is None:
            # Nobody is connected; a started game is loaded so that its bots begin at once.
            if status == "active":
                await self.room(game_id)
            return
        async with room.lock:
            before = room.status
            fresh = await asyncio.to_thread(self._load, game_id)
            room.game, room.seats = fresh.game, fresh.seats
            room.state, room.version = fresh.state, fresh.version
            await room.broadcast_text(lobby_frame)
            await room.broadcast_text(room.presence_frame())
            if before != room.status or room.status == "lobby":
                room.docs.clear()
                for conn in list(room.conns):
                    await room.send_snapshot(conn)
        self.schedule_bots(room)

    def reseat(self, game_id: str, order: list[int]) -> None:
        """The host reordered the lobby: open connections follow their players' new seats."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        for conn in room.conns:
            if conn.seat is not None:
                conn.seat = order.index(conn.seat)
        room.docs.clear()

    async def evict(self, game_id: str, seat: int, reason: str) -> None:
        """Close a seat's open connections (its credential was replaced or the seat freed)."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        frame = encode({"type": "error", "reason": reason, "fatal": True, "code": "seat_lost"})
        for conn in [c for c in room.conns if c.seat == seat]:
            await conn.send(frame)
            conn.closed = True
            room.conns.discard(conn)
            close = getattr(conn.socket, "close", None)
            if close is not None:
                try:
                    await close(code=4401)
                except Exception:
                    pass

    # -- bots ----------------------------------------------------------------------------
    def schedule_bots(self, room: Room) -> None:
        """After a commit: every bot whose turn it now is acts after a short pause."""
        if room.state is None or room.status != "active":
            return
        for seat in room.engine.to_act(room.state):
            if seat >= len(room.seats) or not room.seats[seat]["is_bot"]:
                # Engines list awaited seats first and seats that merely *may* act after
                # them; a bot never races a human listed before it (the human's move would
                # come back stale for a bot's optional one).
                break
            key = (seat, room.version)
            if key in room.bot_pending:
                continue
            room.bot_pending.add(key)
            task = asyncio.get_running_loop().create_task(self._bot_turn(room, seat,
                                                                         room.version))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, room: Room, seat: int, version: int) -> None:
        try:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)  # no lock is held while the bot waits
            if room.version != version or room.state is None:
                return
            rng = random.Random(f"{room.game['seed']}:{version}:{seat}")
            raw = room.engine.bot_action(room.state, seat, rng)
            reply = await room.submit(seat, f"bot-{version}", version, raw)
            if reply.frame["type"] == "rejected" and reply.frame["code"] != "stale":
                log.error("bot in %s seat %s was refused: %s", room.id, seat, reply.frame)
        except Exception:
            log.exception("bot in %s seat %s failed", room.id, seat)
        finally:
            room.bot_pending.discard((seat, version))

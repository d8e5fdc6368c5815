"""The rooms of one server process: :class:`Hub` loads, reloads and unloads them, schedules
their bots, and hands the features their start, stop and relayed messages.

The hub builds none of its collaborators: the committer, the fan-out, the features and the
bot pool are handed to it where the service is put together (:mod:`app.main`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Coroutine, Sequence
from typing import Any

from app.core.errors import NotFound
from app.core.i18n import say
from app.core.rtsettings import Realtime
from app.core.tablesettings import settings_of
from app.realtime.bots import BotPool, level_of
from app.realtime.fanout import Fanout
from app.realtime.frames import encode
from app.realtime.lease import PresenceLease
from app.realtime.outbox import OutboxLimits
from app.realtime.port import LOG_TAIL, FrameRoute, Hooks, RoomFeature
from app.realtime.room import Room
from app.store import eventlog
from app.store.committer import Committer
from app.store.store import Store
from engines.lessons import bot_seed as lesson_bot_seed
from engines.registry import get_engine

log = logging.getLogger("meja.rooms")


class Hub:
    """Owns the rooms of one server process (see the module docstring)."""

    def __init__(self, store: Store, committer: Committer, fanout: Fanout,
                 features: Sequence[RoomFeature], bot_pool: BotPool, lease: PresenceLease, *,
                 origin: str, bot_delay: float, rt: Realtime) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.rt = rt
        #: This process among the others on one database (names its notifications).
        self.origin = origin
        self.committer = committer
        self.fanout = fanout
        #: The features plugged into every room, in the order their hooks are called.
        self.features: tuple[RoomFeature, ...] = tuple(features)
        #: The same, sorted by the hooks each implements (what a room calls).
        self.hooks = Hooks.of(self.features)
        self._by_name = {f.name: f for f in self.features}
        #: Which feature answers each client frame kind (app/realtime/ws.py asks).
        self.frame_routes: dict[type, FrameRoute] = {
            kind: route for f in self.features for kind, route in f.frames().items()}
        self.bot_pool = bot_pool
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Credentials revoked or seats reordered here so far (``evict``, ``reseat``, relayed
        #: ones too): a hello whose credential was checked before one of them checks again
        #: before it joins (app/realtime/ws.py), since the change could not reach it in the
        #: room.
        self.seat_changes = 0
        #: This process's presence in the database, under its lease (handed in, like the
        #: fan-out: the composition root, app/main.py, builds both).
        self.lease = lease

    def limits(self) -> OutboxLimits:
        """How far one connection may fall behind (from ``self.rt``)."""
        return OutboxLimits(self.rt.max_queued_bytes, self.rt.max_queued_frames,
                            self.rt.send_timeout)

    async def start(self) -> None:
        """Start committing, the fan-out, the features and the unloading of idle rooms, and
        (in the background, so serving starts at once) wake the bots of games that were
        running before a restart."""
        self.committer.start()
        await self.fanout.start(self)
        # Alone, nobody else can be connected: presence starts empty. With others, this
        # process's seats are its own rows under a lease that its heartbeat renews.
        await self.lease.start(self.rooms, self.spawn, alone=self.fanout.alone)
        for feature in self.features:
            await feature.start(self)
        self.spawn(self._resume_bots())
        self.spawn(self._unload_idle())

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task that :meth:`stop` cancels."""
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
                and not r.lock.locked() and not any(f.holds(r) for f in self.hooks.holds)]
        for gid in idle:
            del self.rooms[gid]
        return len(idle)

    async def stop(self) -> None:
        """Cancel bots, stop the features and the fan-out, and flush the committer."""
        for task in list(self._tasks):
            task.cancel()
        for feature in self.features:
            await feature.stop()
        await self.fanout.stop()
        await self.lease.stop()
        await self.committer.stop()
        self.bot_pool.shutdown()

    # -- rooms ---------------------------------------------------------------------------
    def loaded(self, game_id: str) -> Room | None:
        """The game's room if this process holds it."""
        return self.rooms.get(game_id)

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
                    # Who the other processes hold, before the first hello is answered.
                    await asyncio.to_thread(self.lease.seed, room)
                    self.rooms[game_id] = room
                    self.schedule_bots(room)
        finally:
            # An unknown game id leaves nothing behind.
            if not lock.locked() and self._loading.get(game_id) is lock:
                del self._loading[game_id]
        return room

    async def spectator_snapshot(self, game_id: str) -> str:
        """The snapshot frame a spectator's hello would get now (the watch page carries it
        in its first answer, issue 42): built as for a hello, so that hello, sent with this
        version, is answered ``uptodate``. Raises NotFound for an unknown game."""
        room = await self.room(game_id)
        if not self.fanout.healthy:
            await self.catch_up(room)
            room = await self.room(game_id)
        return room.snapshot_frame(None)

    def _load(self, game_id: str) -> Room:
        game = self.store.game(game_id)
        engine = get_engine(game["kind"])
        if engine is None:
            raise NotFound("api.kind_gone")
        room = Room(hub=self, hooks=self.hooks, game=game, seats=self.store.seats(game_id),
                    engine=engine, state=game["state"], version=game["version"])
        evs = self.store.events(room.id, after=max(0, room.version - LOG_TAIL))
        evs = [e for e in evs if e["seq"] <= room.version]
        room.log_tail = [line for e in evs for line in e["log"]][-LOG_TAIL:]
        room.recent = OrderedDict(((e["seat"], e["client_id"]), e["seq"])
                                  for e in evs if e["client_id"])
        if evs:
            e = evs[-1]
            room.last = {"seat": e["seat"], "type": e["action"].get("type"), "version": e["seq"]}
        for feature in self.hooks.load:
            feature.load(room)
        return room

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
            room.take(fresh)
            room.recent = fresh.recent
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
        if room is None and game_id in self._loading:
            # A hello is loading the room right now, maybe from what the database held before
            # this change: wait for it and refresh it as below. (Left alone, a table started
            # while its first viewer connected stayed a lobby for everyone, seen under load.)
            room = await self.room(game_id)
        if room is None:
            # Nobody is connected; a started game is loaded so that its bots begin at once.
            if status == "active" and publish:
                await self.room(game_id)
            return
        async with room.lock:
            before = room.status
            fresh = await asyncio.to_thread(self._load, game_id)
            part_moved = room.take(fresh)
            room.snaps.clear()
            room.broadcast_text(room.lobby_frame())
            room.broadcast_text(room.presence_frame())
            if before != room.status or room.status == "lobby" or part_moved:
                room.resend()
        self.schedule_bots(room)

    def reseat(self, game_id: str, order: list[int], publish: bool = True) -> None:
        """The host reordered the lobby: open connections follow their players' new seats."""
        self.seat_changes += 1
        if publish:
            self.fanout.reseated(game_id, order)
        self.lease.reseated(game_id, order)
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

    # -- features' messages ----------------------------------------------------------------
    def relayed(self, game_id: str, topic: str, data: Any) -> None:
        """A message of feature ``topic`` for this process's viewers of the game (from
        another process, or from an HTTP route here)."""
        room = self.rooms.get(game_id)
        feature = self._by_name.get(topic)
        if room is not None and feature is not None:
            feature.relayed(room, data)

    def tell(self, game_id: str, topic: str, data: Any) -> None:
        """Hand ``data`` to feature ``topic`` in every process holding the game, this one
        included (a rematch's progress, from its HTTP route)."""
        self.relayed(game_id, topic, data)
        self.fanout.relay(game_id, topic, data)

    # -- bots ----------------------------------------------------------------------------
    def schedule_bots(self, room: Room, remote: bool = False) -> None:
        """After a commit: every bot whose turn it now is acts after a short pause.

        ``remote``: the move was committed by another process, whose own bots act first;
        this one only steps in a little later if that process went away.
        """
        if room.state is None or room.status != "active" or room.halt:
            return  # a break: the bots wait for its end like everyone (changed_here then)
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
            self.spawn(self._bot_turn(room, seat, room.version, delay))

    async def bot_move(self, room: Room, seat: int) -> dict[str, Any]:
        """The move the bot of ``seat`` makes now, at its seat's level
        (app/realtime/bots.py): from the seat's view only; hard bots think in a worker
        process. Also for a stand-in."""
        assert room.state is not None
        level = level_of(room.seats[seat]) if seat < len(room.seats) else "normal"
        if settings_of(room.game).lesson:
            # A lesson's bots play as its script was written (its seed is public).
            seed = lesson_bot_seed(room.game["seed"], room.version, seat)
        else:
            # A keyed hash of public facts, never the game's secret seed (issue 40).
            seed = self.bot_pool.seed_for(room.id, seat, room.version)
        return await self.bot_pool.decide(room.engine, room.state, seat, level, seed)

    async def _bot_turn(self, room: Room, seat: int, version: int, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)  # no lock is held while the bot waits
            if room.version != version or room.state is None or room.halt:
                return
            raw = await self.bot_move(room, seat)
            reply = await room.submit(seat, f"bot-{version}", version, raw)
            if reply.frame["type"] == "rejected" and reply.frame["code"] != "stale":
                log.error("bot in %s seat %s was refused: %s", room.id, seat, reply.frame)
        except Exception:
            log.exception("bot in %s seat %s failed", room.id, seat)
        finally:
            room.bot_pending.discard((seat, version))

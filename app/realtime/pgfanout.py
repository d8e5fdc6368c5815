"""Fan-out between server processes on one PostgreSQL: LISTEN/NOTIFY on channel ``meja``.

* Each batch's commit carries its notification ``s <origin> <json>``
  (:func:`app.store.pgwriter.step_notes`, one per batch rather than per game) in the same
  statement (:data:`app.store.pgwriter.COMMIT_BATCH`): PostgreSQL delivers it only once that
  commit is flushed and its events are visible, so nobody hears of a move that was not
  committed, and a move costs one commit, not a second one for its notification.
  Each step carries its action and a digest of its result. Every *other* process holding
  that game at the step's previous version replays the action with its own engine (games
  are deterministic given their actions) and, when the digest agrees, sends its own
  connections their patches without touching the database; in any other case
  (another version, a busy room, a different result, a step too large for a payload) it
  loads the new events from the database (:meth:`Hub.catch_up`). The committing process
  already told its own connections.
* Presence, lobby changes, reseats and evictions travel as ``j <json>``, from a connection
  of this process's own with ``synchronous_commit`` off (advisory: the next change corrects
  a lost one; the seats' presence is also in the database under each process's lease,
  app/realtime/lease.py, which a newcomer reads and which outlives a dead process by a
  bounded time only).
* The listener's connection can drop. While it is down the fan-out is not ``healthy``: a
  hello first reads the game's version from the database, so nobody is served a stale
  game; when it is back, every room catches up from the events table (what was missed).

The database stays the arbiter: any process may take any action of any game, and the
unique ``(game_id, seq)`` refuses the loser of a race, whichever process it is in.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import orjson
import psycopg

from app.core import loglines
from app.core.settings import normalize_db_url
from app.store.pgwriter import CHANNEL, step_digest

if TYPE_CHECKING:
    from app.realtime.hub import Hub
    from app.realtime.room import Room

log = logging.getLogger("meja.fanout")

#: Presence is re-announced this often (the spectator counts: the seats' truth, and when a
#: process died, is the database's leases, app/realtime/lease.py).
HEARTBEAT = 10.0
#: Notifications waiting to be sent at most (beyond it they are dropped and logged).
OUTBOX_LIMIT = 10_000
NOTIFY_ALL = f"SELECT count(pg_notify('{CHANNEL}', n)) FROM json_array_elements_text(%s::json) n"


class PgFanout:
    """LISTEN/NOTIFY fan-out of one process (see the module docstring)."""

    alone = False

    def __init__(self, url: str, origin: str) -> None:
        #: The hub whose rooms hear what the others say (given at :meth:`start`).
        self.hub: Hub | None = None
        self.origin = origin
        self.dsn = normalize_db_url(url).replace("postgresql+psycopg://", "postgresql://", 1)
        self.healthy = False
        self.listener: psycopg.AsyncConnection[Any] | None = None
        self._ready = asyncio.Event()
        self._outbox: list[str] = []
        self._wake = asyncio.Event()
        self._dirty: set[str] = set()
        self._catching: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.notifications = 0
        #: How this process's own batch notifications begin: the listener hears them too,
        #: and skips them on this prefix without splitting or parsing their payload.
        self._own_steps = f"s {origin} "
        #: Steps of other processes replayed here without reading the database.
        self.replayed = 0

    # -- life cycle -----------------------------------------------------------------------
    @property
    def _hub(self) -> Hub:
        assert self.hub is not None, "the fan-out was not started"
        return self.hub

    async def start(self, hub: Hub) -> None:
        """Start listening for ``hub`` (waits up to a few seconds for the first connection)."""
        self.hub = hub
        for coro in (self._listen(), self._send(), self._heartbeat()):
            self._spawn(coro)
        try:
            await asyncio.wait_for(self._ready.wait(), 10)
        except TimeoutError:
            log.warning("fan-out listener not connected yet; hellos read the database")

    async def stop(self) -> None:
        """Stop listening and sending."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except BaseException:
                pass
        if self.listener is not None:
            await self.listener.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen(self) -> None:
        backoff = 0.1
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.dsn, autocommit=True, application_name="meja-listener")
                self.listener = conn
                await conn.execute(f"LISTEN {CHANNEL}")
                # Whatever was committed while nobody listened is in the events table.
                await self._catch_up_all()
                self.healthy = True
                self._ready.set()
                backoff = 0.1
                self._announce_all()
                async for note in conn.notifies():
                    self.notifications += 1
                    self._handle(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("fan-out listener lost (%s); reconnecting", type(exc).__name__)
            self.healthy = False
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 5.0)

    async def _catch_up_all(self) -> None:
        for room in list(self._hub.rooms.values()):
            try:
                await self._hub.catch_up(room)
            except Exception:
                log.exception("catching up game %s failed", room.id)

    async def _send(self) -> None:
        """Send what is queued, all of it in one statement (one round trip however many)."""
        conn: psycopg.AsyncConnection[Any] | None = None
        while True:
            if not self._outbox:
                self._wake.clear()
                await self._wake.wait()
                continue
            notes, self._outbox = self._outbox, []
            try:
                if conn is None or conn.closed:
                    conn = await psycopg.AsyncConnection.connect(
                        self.dsn, autocommit=True, application_name="meja-notify",
                        options="-c synchronous_commit=off")
                await conn.execute(NOTIFY_ALL, (orjson.dumps(notes).decode(),))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # advisory messages: the next change corrects them
                log.warning("fan-out notify failed (%s)", type(exc).__name__)
                conn = None

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            self._announce_all()

    # -- outgoing ----------------------------------------------------------------------------
    def _queue(self, payload: str) -> None:
        if len(self._outbox) >= OUTBOX_LIMIT:
            log.warning("fan-out outbox full; a notification was dropped")
            return
        self._outbox.append(payload)
        self._wake.set()

    def _publish(self, message: dict[str, Any]) -> None:
        message["o"] = self.origin
        self._queue("j " + orjson.dumps(message).decode())

    def _announce_all(self) -> None:
        for room in list(self._hub.rooms.values()):
            if room.conns:
                self.presence_changed(room.id, *room.local_presence())

    def committed(self, game_id: str, version: int) -> None:
        """Nothing to do: the batch's commit carried its notification
        (:data:`app.store.pgwriter.COMMIT_BATCH`)."""

    def presence_changed(self, game_id: str, seats: frozenset[int], spectators: int) -> None:
        """Tell the others who is connected here."""
        self._publish({"k": "presence", "g": game_id, "s": sorted(seats), "n": spectators})

    def lobby_changed(self, game_id: str, status: str) -> None:
        """Seats or status changed here: the others reload the game."""
        self._publish({"k": "lobby", "g": game_id, "st": status})

    def reseated(self, game_id: str, order: list[int]) -> None:
        """The seats were reordered here."""
        self._publish({"k": "reseat", "g": game_id, "order": order})

    def evicted(self, game_id: str, seat: int, reason: str) -> None:
        """A seat's connections close everywhere."""
        self._publish({"k": "evict", "g": game_id, "seat": seat, "reason": reason})

    def relay(self, game_id: str, topic: str, data: Any) -> None:
        """A chat message or rematch progress for the other processes' viewers."""
        self._publish({"k": "x", "g": game_id, "t": topic, "d": data})

    # -- incoming ----------------------------------------------------------------------------
    def _handle(self, payload: str) -> None:
        if payload.startswith(self._own_steps):
            return
        if payload.startswith("s "):
            _, origin, body = payload.split(" ", 2)
            if origin != self.origin:
                for step in orjson.loads(body):
                    self._step(step)
            return
        if payload.startswith("c "):
            _, origin, game_id, version = payload.split(" ", 3)
            if origin == self.origin:
                return
            room = self._hub.rooms.get(game_id)
            if room is not None and int(version) > room.version:
                self._schedule_catch_up(game_id)
            return
        if not payload.startswith("j "):
            return
        msg = orjson.loads(payload[2:])
        if msg.get("o") == self.origin:
            return
        game_id, kind = msg.get("g", ""), msg.get("k")
        room = self._hub.rooms.get(game_id)
        if room is None:
            return
        if kind == "presence":
            room.heard_presence(msg["o"], frozenset(msg["s"]), int(msg["n"]))
        elif kind == "lobby":
            self._spawn(self._hub.lobby_changed(game_id, msg["st"], publish=False))
        elif kind == "reseat":
            self._hub.reseat(game_id, list(msg["order"]), publish=False)
        elif kind == "x":
            self._hub.relayed(game_id, str(msg.get("t")), msg.get("d"))
        elif kind == "evict":
            self._spawn(self._hub.evict(game_id, int(msg["seat"]), str(msg["reason"]),
                                       publish=False))

    def _step(self, step: list[Any]) -> None:
        """Another process committed ``[game, seq, seat, client id, action, digest]``."""
        game_id, seq = step[0], step[1]
        room = self._hub.rooms.get(game_id)
        if room is None or seq <= room.version:
            return
        # A table with a clock reads the database: its deadlines are stored beside the move,
        # not derived from the action alone.
        if (len(step) == 6 and seq == room.version + 1 and not room.lock.locked()
                and game_id not in self._catching and room.replayable()
                and self._replay(room, step)):
            self.replayed += 1
            return
        self._schedule_catch_up(game_id)

    def _replay(self, room: Room, step: list[Any]) -> bool:
        """Apply a step committed elsewhere with this process's engine; True if the result
        is the committed one (its digest agrees) and the room took it."""
        _, seq, seat, client_id, raw, digest = step
        if room.state is None or room.status != "active" or not isinstance(raw, dict):
            return False
        engine = room.engine
        try:
            result = engine.apply(room.state, seat, engine.parse_action(raw))
        except Exception:
            return False
        lines = [loglines.stored(seq, seat, e) for e in result.log]
        if step_digest(result.state, lines) != digest:
            return False
        game = {**room.game, "state": result.state, "version": seq}
        if engine.outcome(result.state) is not None:
            game["status"] = "finished"
        room.adopt(game, [{"seq": seq, "seat": seat, "client_id": client_id,
                           "action": raw, "log": lines}])
        self._hub.schedule_bots(room, remote=True)
        return True

    def _schedule_catch_up(self, game_id: str) -> None:
        """Coalesce: one catch-up at a time per game, repeated while news keeps coming."""
        self._dirty.add(game_id)
        if game_id not in self._catching:
            self._catching.add(game_id)
            self._spawn(self._catch_up(game_id))

    async def _catch_up(self, game_id: str) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                room = self._hub.rooms.get(game_id)
                if room is None:
                    return
                await self._hub.catch_up(room)
        except Exception:
            log.exception("catching up game %s failed", game_id)
        finally:
            self._catching.discard(game_id)

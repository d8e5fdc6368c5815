"""One scheduler per process: a heap of the next deadlines, woken by commits.

Nothing waits in a timer per game: after every commit the room's new clock is stored and
its earliest deadline pushed on the heap; one task sleeps until the head of the heap (or
until something earlier is pushed) and then acts on the deadline. Entries that a later
move made stale are recognised when they come up (their version is old) and dropped.

At a start the scheduler forgives the downtime (:func:`app.features.clock.db.forgive_outage`),
loads every running clock from the database and acts at once on deadlines that passed.
Every few seconds it rescans the database, so clocks of games another process served (and
that process went away) are acted on too, a little later than their own process would.
Two processes acting on one deadline is harmless: the database settles it (the stale one
changes nothing).
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine

from app.features.clock import db, model, rest
from app.features.clock.model import Clock
from app.features.clock.table import awaited_players, clock_of, set_clock
from app.realtime.port import RoomPort, Rooms

log = logging.getLogger("meja.clock")

#: Downtime of every server process up to this long is charged (a restart for a deploy
#: takes seconds; nobody should gain time by it); longer outages are not charged beyond it.
GRACE = 30.0
#: How often a process says it is alive, and rescans the database for deadlines.
BEAT_EVERY = 5.0
RESCAN_EVERY = 10.0
#: A game no process of ours holds is acted on this long after its deadline: its own
#: process (if alive) acts first.
REMOTE_SLACK = 2.0


def wall_time() -> float:
    """The server's clock (seconds since the epoch); tests inject another."""
    return time.time()


class ClockScheduler:
    """Waits for the deadlines of one process's clocks and acts on them."""

    def __init__(self, engine: Engine, origin: str,
                 now: Callable[[], float] | None = None) -> None:
        self.engine = engine
        self.origin = origin
        #: The hub's rooms (given at :meth:`start`).
        self.rooms: Rooms | None = None
        self.now: Callable[[], float] = now or wall_time
        self._heap: list[tuple[float, str, int]] = []
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Per game: the newest clock not yet stored, and who waits for it; its writer.
        self._pending: dict[str, tuple[Clock, list[asyncio.Future[None]]]] = {}
        self._writers: dict[str, asyncio.Task[None]] = {}
        #: Deadlines being acted on: one (game, version) is acted on once per process
        #: however often it was pushed (a commit, a load, a rescan).
        self._acting: set[tuple[str, int]] = set()
        #: Seconds forgiven at this start (docs, tests).
        self.forgiven = 0.0
        #: Lateness of each timeout acted on (seconds past its deadline), for the bench.
        self.lateness: list[float] = []

    # -- life cycle ------------------------------------------------------------------------
    async def start(self, rooms: Rooms) -> None:
        """Forgive the outage, load every running clock and start waiting."""
        self.rooms = rooms
        self._loop = asyncio.get_running_loop()
        engine = self.engine
        self.forgiven = await asyncio.to_thread(db.forgive_outage, engine, self.now(), GRACE)
        if self.forgiven:
            log.info("no server ran for a while: %.0f s not charged to running clocks",
                     self.forgiven)
        await asyncio.to_thread(db.beat, engine, self.origin, self.now())
        await self.rescan()
        self._spawn(self._run())
        self._spawn(self._beat())

    async def stop(self) -> None:
        """Stop waiting; record the last moment this process was alive."""
        for task in list(self._tasks):
            task.cancel()
        # The clocks of the last moves are stored before the last beat.
        await asyncio.gather(*list(self._writers.values()), return_exceptions=True)
        try:
            await asyncio.to_thread(db.beat, self.engine, self.origin, self.now())
        except Exception:
            log.exception("last clock beat failed")

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def rescan(self) -> None:
        """Push every running clock stored in the database."""
        for game_id, version, deadline in await asyncio.to_thread(db.running, self.engine):
            self.push(game_id, version, deadline)

    # -- the heap --------------------------------------------------------------------------
    def push(self, game_id: str, version: int, deadline: float | None) -> None:
        """Wait for one deadline too (woken if it is the earliest)."""
        if deadline is None:
            return
        head = self._heap[0][0] if self._heap else None
        heapq.heappush(self._heap, (deadline, game_id, version))
        if head is None or deadline < head:
            self.poke()

    def push_soon(self, game_id: str, clock: Clock) -> None:
        """:meth:`push` from a worker thread (a room loading from the database)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.push, game_id, clock.version,
                                            clock.deadline())

    def stored(self, game_id: str, clock: Clock) -> None:
        """A room's clock moved: store it (in the background) and wait for its deadline."""
        self.push(game_id, clock.version, clock.deadline())
        if self._loop is not None:
            self._queue_write(game_id, clock)

    def _queue_write(self, game_id: str, clock: Clock,
               waiter: asyncio.Future[None] | None = None) -> None:
        # One writer per game stores its clocks in the order they were made: a slow
        # background write must never land after (and undo) a newer one. Writes that queue
        # behind a slow one collapse into the newest clock (each write replaces the row),
        # so a burst of moves is a few writes, and nothing waits on a chain of tasks.
        _, waiting = self._pending.get(game_id, (clock, []))
        self._pending[game_id] = (clock, waiting + ([waiter] if waiter is not None else []))
        if game_id not in self._writers:
            self._writers[game_id] = asyncio.get_running_loop().create_task(
                self._write(game_id))

    async def _write(self, game_id: str) -> None:
        try:
            while game_id in self._pending:
                clock, waiting = self._pending.pop(game_id)
                try:
                    await asyncio.to_thread(db.write, self.engine, game_id, clock)
                except Exception as exc:
                    log.error("clock of %s not stored: %r", game_id, exc)
                    for fut in waiting:
                        if not fut.done():
                            fut.set_exception(exc)
                else:
                    for fut in waiting:
                        if not fut.done():
                            fut.set_result(None)
        finally:
            self._writers.pop(game_id, None)

    async def store(self, game_id: str, clock: Clock) -> None:
        """Store a clock now, after the game's earlier writes, and wait for its deadline."""
        self.push(game_id, clock.version, clock.deadline())
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue_write(game_id, clock, waiter)
        await waiter

    def poke(self) -> None:
        """Look at the heap again now (tests call it after moving their clock on); safe
        from any thread."""
        loop = self._loop
        if loop is None:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake.set()
        else:
            loop.call_soon_threadsafe(self._wake.set)

    async def _run(self) -> None:
        while True:
            now = self.now()
            while self._heap and self._heap[0][0] <= now:
                deadline, game_id, version = heapq.heappop(self._heap)
                self._spawn(self._expire(game_id, version, deadline))
            wait = min(self._heap[0][0] - now, RESCAN_EVERY) if self._heap else RESCAN_EVERY
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=max(0.0, wait))
            except TimeoutError:
                pass

    async def _beat(self) -> None:
        last_scan = time.monotonic()
        while True:
            await asyncio.sleep(BEAT_EVERY)
            try:
                await asyncio.to_thread(db.beat, self.engine, self.origin, self.now())
                if time.monotonic() - last_scan >= RESCAN_EVERY:
                    last_scan = time.monotonic()
                    await self.rescan()
            except Exception:
                log.exception("clock beat failed")

    # -- acting on a deadline ----------------------------------------------------------------
    async def _expire(self, game_id: str, version: int, deadline: float) -> None:
        key = (game_id, version)
        if key in self._acting:
            return
        self._acting.add(key)
        try:
            assert self.rooms is not None
            room = self.rooms.loaded(game_id)
            if room is None:
                if self.now() < deadline + REMOTE_SLACK:
                    self.push(game_id, version, deadline + REMOTE_SLACK)
                    return
                room = await self.rooms.room(game_id)
            clock = clock_of(room)
            if clock is None or clock.version != version or room.version != version:
                return  # a move (or a newer entry) overtook this deadline
            now = self.now()
            if rest.due(clock, now):
                await end_holidays(self, room, version)
                return
            due = clock.expired(now)
            if not due:
                self.push(game_id, version, clock.deadline())  # an extension moved it
                return
            self.lateness.append(now - deadline)
            await out_of_time(self, room, due, version)
        except Exception:
            log.exception("clock of %s failed at its deadline", game_id)
        finally:
            self._acting.discard(key)


async def out_of_time(clocks: ClockScheduler, room: RoomPort, due: list[int],
                      version: int) -> None:
    """Act on the seats whose time ran out at ``version``, by the table's policy."""
    policy = room.settings.out_of_time
    if policy == "end":
        await _end(clocks, room, due, version)
        return
    for seat in due:
        if policy == "skip" and room.state is not None:
            action = room.engine.timeout_action(room.state, seat)
            if action is not None:
                # The pass is the seat's move like any other: a move that beat it to the
                # commit makes it stale, and it changes nothing.
                await room.submit(seat, f"timeout-{version}-{seat}", version, action)
                return  # the next version's clock decides about the other seats
        await stand_in(clocks, room, seat, version)


async def stand_in(clocks: ClockScheduler, room: RoomPort, seat: int, version: int) -> bool:
    """A bot takes over the seat and keeps playing it (today's bot path,
    ``app.realtime.hub.Hub.schedule_bots``; bot levels can key on ``seats.stand_in``).
    False when the timeout was stale.

    Under the room's lock, as every change of its seats in memory: a reload of the room
    (a seat change elsewhere) that read the seats before this was stored would otherwise
    put them back afterwards, and the seat would be a person's again here - never played
    by its bot, its clock stopped: a game stuck for good."""
    async with room.lock:
        if room.version != version:
            return False  # a move overtook the deadline while the lock was held
        running = clock_of(room)
        clock = model.stop_seat(running, seat, clocks.now()) if running else None
        if clock is None:
            return False
        ok = await asyncio.to_thread(db.mark_stand_in, clocks.engine, room.id, seat,
                                     version, clock)
        if ok:
            seats = list(room.seats)
            seats[seat] = {**seats[seat], "is_bot": True, "stand_in": True}
            set_clock(room, clock)
            room.changed_here(seats=seats)
        return ok


async def _end(clocks: ClockScheduler, room: RoomPort, due: list[int], version: int) -> None:
    """The game ends; the timed-out seats are ranked last, everyone else shares first
    place (an unfinished game has no standing every engine could give; docs/clocks.md)."""
    async with room.lock:  # as in stand_in: a reload must not undo the end in memory
        running = clock_of(room)
        if running is None or room.version != version:
            return
        n = len(room.seats)
        out = set(due)
        others = n - len(out)
        override = {
            "scores": [0] * n,
            "ranks": [others + 1 if s in out else 1 for s in range(n)],
            "detail": {"timed_out": sorted(out)},
        }
        clock = model.charge_now(running, clocks.now())
        clock.running = []
        ok = await asyncio.to_thread(db.end_game, clocks.engine, room.id, version,
                                     override, clock)
        if ok:
            set_clock(room, clock)
            room.changed_here(game={**room.game, "status": "finished",
                                    "outcome_override": override})


async def end_holidays(clocks: ClockScheduler, room: RoomPort, version: int) -> None:
    """Holidays that reached their end are over: the clocks of those seats run again if the
    game waits for them; everyone is told (under the room's lock, like every clock change
    outside a move)."""
    async with room.lock:
        clock = clock_of(room)
        if clock is None or room.version != version:
            return
        at = clocks.now()
        tc = room.settings.time_control
        waiting = awaited_players(room)
        for seat in rest.due(clock, at):
            clock = rest.end_holiday(clock, tc, seat, at, seat in waiting)
        set_clock(room, clock)
        await clocks.store(room.id, clock)
        room.resend()
    room.publish_lobby()

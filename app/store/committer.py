"""Group commit: actions of all games that arrive together are committed in one transaction.

A transaction per move costs one fsync per move; at a few thousand moves per second that is
the bottleneck. Here a queued action starts a commit at once on a free *lane* (a database
connection), and everything that arrives while every lane is busy goes into the next batch,
so latency stays about one commit while throughput grows with the load. With several lanes
the next batch does not wait for the previous one's disk flush (PostgreSQL flushes
concurrent commits together) - unless the commits notify (the PostgreSQL fan-out), which
serializes their flushes: then one lane (see :meth:`Committer.start`). A game has at most
one action in flight (its room's lock), so no game is ever in two batches. Nobody hears of
an action before its commit returns.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from app.store.store import CommitItem, Store

log = logging.getLogger("meja.committer")

Lane = Callable[[list[CommitItem]], Awaitable[list[bool]]]


class Committer:
    """Batches :class:`CommitItem` s into transactions: on PostgreSQL awaited on the event
    loop over a few connections (:mod:`app.store.pgwriter`), on SQLite (one writer at a time by
    design) in one worker thread."""

    #: Largest batch in one transaction (bounds the statement's size).
    MAX_BATCH = 400

    def __init__(self, store: Store, origin: str = "") -> None:
        self.store = store
        #: MEJA_COMMIT_LANES as set (None: the default, see :meth:`start`).
        self._lanes_set = os.environ.get("MEJA_COMMIT_LANES") or None
        self._writers: list[Any] = []
        self._closers: list[Callable[[], Awaitable[None]]] = []
        self._executor: ThreadPoolExecutor | None = None
        lanes: list[Lane] = []
        if store.engine.dialect.name == "postgresql":
            from app.store.pgwriter import AsyncPgWriter

            url = store.engine.url.render_as_string(hide_password=False)
            for _ in range(int(self._lanes_set or "2")):
                writer = AsyncPgWriter(url, origin)
                self._writers.append(writer)
                lanes.append(writer.commit_batch)
                self._closers.append(writer.close)
        else:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meja-commit")
            executor = self._executor

            async def sqlite_lane(items: list[CommitItem]) -> list[bool]:
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(executor, store.commit_batch, items)

            lanes.append(sqlite_lane)
        self._lanes = lanes
        #: Lanes with no commit in flight (filled by :meth:`start`).
        self._idle: list[Lane] = []
        self._started = False
        self._queue: list[tuple[CommitItem, asyncio.Future[bool]]] = []
        self._running: set[asyncio.Task[None]] = set()
        self.batches = 0
        self.items = 0
        self._notify = False

    @property
    def notify(self) -> bool:
        """Whether other processes hear of the commits: each batch's notifications are
        part of its own commit (the hub sets it for the PostgreSQL fan-out; SQLite has one
        process and nobody to tell)."""
        return self._notify

    @notify.setter
    def notify(self, on: bool) -> None:
        self._notify = on
        for writer in self._writers:
            writer.notify = on

    def start(self) -> None:
        """Start committing on the running event loop.

        By default a notifying committer (the PostgreSQL fan-out) commits on one lane: a
        commit that notifies holds PostgreSQL's notify lock until its flush, so a second
        lane's commit only waits behind the first one's flush instead of sharing it, and
        it halves the batches: twice the statements, each with its fixed cost in
        PostgreSQL (most of its CPU per move at 100 games) and in psycopg. Without
        notifications (SQLite, or ``MEJA_FANOUT=local``) the lanes' flushes are shared, and
        both are used. ``MEJA_COMMIT_LANES`` decides whenever it is set."""
        self._started = True
        lanes = self._lanes
        if self._notify and self._lanes_set is None:
            lanes = lanes[:1]
        self._idle = list(lanes)
        self._dispatch()

    async def stop(self) -> None:
        """Finish what is queued and in flight, then stop."""
        if self._started:
            while self._queue or self._running:
                await asyncio.sleep(0.01)
            self._started = False
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        for close in self._closers:
            await close()

    def commit(self, item: CommitItem) -> asyncio.Future[bool]:
        """Queue ``item``; the future says when it is durably committed (True) or lost a race
        (False). A plain function handing out the future, not a coroutine: awaiting it
        directly spares every move a coroutine frame, and a resume through it when the batch
        is done."""
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append((item, fut))
        self._dispatch()
        return fut

    def _dispatch(self) -> None:
        """Hand what is queued to idle lanes, a batch each; while every lane is busy the
        queue grows into the next batch. Called when an item arrives and when a lane comes
        free, so a batch starts at once, without a wake-up of a task of its own."""
        while self._queue and self._idle and self._started:
            lane = self._idle.pop()
            batch = self._queue[:self.MAX_BATCH]
            del self._queue[:self.MAX_BATCH]
            task = asyncio.get_running_loop().create_task(self._commit(lane, batch))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _commit(self, lane: Lane,
                      batch: list[tuple[CommitItem, asyncio.Future[bool]]]) -> None:
        try:
            results = await lane([i for i, _ in batch])
        except Exception as exc:  # the database is down: refuse, lose nothing
            log.exception("commit failed")
            for _, fut in batch:
                if not fut.done():
                    fut.set_exception(exc)
            return
        finally:
            self._idle.append(lane)
            self._dispatch()
        self.batches += 1
        self.items += len(batch)
        for (_, fut), ok in zip(batch, results, strict=True):
            if not fut.done():
                fut.set_result(ok)

"""Group commit: actions of all games that arrive together are committed in one transaction.

A transaction per move costs one fsync per move; at a few thousand moves per second that is
the bottleneck. Here the first queued action starts a commit at once, and everything that
arrives while it runs goes into the next one, so latency stays one commit while throughput
grows with the load. Nobody hears of an action before its commit returns.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from app.store import CommitItem, Store

log = logging.getLogger("meja.committer")


class Committer:
    """Batches :class:`CommitItem` s into one transaction at a time: on PostgreSQL awaited on
    the event loop (:mod:`app.pgwriter`), on SQLite in one worker thread."""

    #: Largest batch in one transaction (bounds the statement's parameter count).
    MAX_BATCH = 400

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pg = None
        if store.engine.dialect.name == "postgresql":
            from app.pgwriter import AsyncPgWriter

            self.pg = AsyncPgWriter(store.engine.url.render_as_string(hide_password=False))
        self._queue: list[tuple[CommitItem, asyncio.Future[bool]]] = []
        self._wakeup = asyncio.Event()
        # One writer thread: the database sees one transaction at a time from this process.
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meja-commit")
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        self.items = 0

    def start(self) -> None:
        """Start the commit loop on the running event loop."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name="committer")

    async def stop(self) -> None:
        """Finish what is queued, then stop."""
        if self._task is not None:
            while self._queue:
                await asyncio.sleep(0.01)
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self._executor.shutdown(wait=True)
        if self.pg is not None:
            await self.pg.close()

    async def commit(self, item: CommitItem) -> bool:
        """Wait until ``item`` is durably committed (True) or lost a race (False)."""
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append((item, fut))
        self._wakeup.set()
        return await fut

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            while self._queue:
                batch = self._queue[:self.MAX_BATCH]
                del self._queue[:self.MAX_BATCH]
                try:
                    items = [i for i, _ in batch]
                    if self.pg is not None:
                        results = await self.pg.commit_batch(items)
                    else:
                        results = await loop.run_in_executor(
                            self._executor, self.store.commit_batch, items)
                except Exception as exc:  # the database is down: refuse, lose nothing
                    log.exception("commit failed")
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(exc)
                    continue
                self.batches += 1
                self.items += len(batch)
                for (_, fut), ok in zip(batch, results, strict=True):
                    if not fut.done():
                        fut.set_result(ok)

"""Group commits to PostgreSQL on the event loop itself (psycopg's async connection).

With a worker thread the commit and the WebSocket work fight for the GIL: every hand-over
waits up to the interpreter's switch interval, which at thousands of moves per second is
most of the latency. On PostgreSQL the committer therefore awaits the database directly.
(SQLite has no async driver here; it keeps the thread.)
"""

from __future__ import annotations

import logging

import psycopg

from app.config import normalize_db_url
from app.store import CommitItem, batch_statements

log = logging.getLogger("meja.pgwriter")


class StaleBatch(Exception):
    """Some game in the batch was moved on by another writer."""


class AsyncPgWriter:
    """One dedicated connection that commits batches of accepted actions."""

    def __init__(self, url: str) -> None:
        self.dsn = normalize_db_url(url).replace("postgresql+psycopg://", "postgresql://", 1)
        self._conn: psycopg.AsyncConnection | None = None

    async def _connection(self) -> psycopg.AsyncConnection:
        if self._conn is None or self._conn.closed:
            self._conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        return self._conn

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()

    async def commit_batch(self, items: list[CommitItem]) -> list[bool]:
        """Same contract as :meth:`Store.commit_batch`: per item, committed or lost a race."""
        if not items:
            return []
        try:
            await self._commit(items)
            return [True] * len(items)
        except (psycopg.errors.UniqueViolation, StaleBatch):
            pass
        except psycopg.OperationalError:
            # A dropped connection: forget it so the next batch reconnects, and refuse this one.
            self._conn = None
            raise
        results = []
        for item in items:
            try:
                await self._commit([item])
                results.append(True)
            except (psycopg.errors.UniqueViolation, StaleBatch):
                results.append(False)
        return results

    async def _commit(self, items: list[CommitItem]) -> None:
        conn = await self._connection()
        (ins, ins_params), (upd, upd_params) = batch_statements(items, pg=True)
        async with conn.transaction():
            await conn.execute(ins, ins_params)
            cur = await conn.execute(upd, upd_params)
            if cur.rowcount != len(items):
                raise StaleBatch

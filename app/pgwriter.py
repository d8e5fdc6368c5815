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
from app.store import CommitItem, json_text, now

# Constant statements whose rows arrive as ONE json parameter: psycopg parses placeholders
# and escapes array elements in Python, so a text that changed with the batch size, or
# arrays of long strings, cost a third of the server's CPU at 100 games. One orjson dump of
# the batch and PostgreSQL's own json_to_recordset cost almost nothing, and the constant
# texts are prepared once.
INSERT_EVENTS = (
    "INSERT INTO events (game_id, seq, seat, client_id, action, log, created_at) "
    "SELECT e.gid, e.seq, e.seat, e.cid, e.action, e.log, %s "
    "FROM json_to_recordset(%s::json) "
    "AS e (gid text, seq int, seat int, cid text, action json, log json)"
)
ADVANCE_GAMES = (
    "UPDATE games SET state = b.state, version = b.seq, updated_at = %s, "
    "status = CASE WHEN b.done THEN 'finished' ELSE games.status END, "
    "finished_at = CASE WHEN b.done THEN %s ELSE games.finished_at END "
    "FROM json_to_recordset(%s::json) AS b (gid text, seq int, state json, done bool) "
    "WHERE games.id = b.gid AND games.version = b.seq - 1 AND games.status = 'active'"
)
# The same, telling every listening process in the commit's own transaction (no extra round
# trip, and a notification is delivered only if the commit happened): one NOTIFY per game,
# ``c <origin> <game id> <version>`` (app.pgfanout reads it).
ADVANCE_GAMES_NOTIFY = (
    "WITH moved AS (" + ADVANCE_GAMES + " RETURNING games.id, games.version) "
    "SELECT count(pg_notify('meja', 'c ' || %s || ' ' || moved.id || ' ' || moved.version)) "
    "FROM moved"
)

log = logging.getLogger("meja.pgwriter")


class StaleBatch(Exception):
    """Some game in the batch was moved on by another writer."""


class AsyncPgWriter:
    """One dedicated connection that commits batches of accepted actions."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.dsn = normalize_db_url(url).replace("postgresql+psycopg://", "postgresql://", 1)
        self.origin = origin
        #: NOTIFY the other processes in each commit (set by the PostgreSQL fan-out).
        self.notify = False
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
        t = now()
        events = json_text([{"gid": i.game_id, "seq": i.seq, "seat": i.seat, "cid": i.client_id,
                             "action": i.action, "log": i.log} for i in items])
        moves = json_text([{"gid": i.game_id, "seq": i.seq, "state": i.state, "done": i.finished}
                           for i in items])
        async with conn.transaction():
            await conn.execute(INSERT_EVENTS, (t, events))
            if self.notify:
                cur = await conn.execute(ADVANCE_GAMES_NOTIFY, (t, t, moves, self.origin))
                row = await cur.fetchone()
                moved = row[0] if row else 0
            else:
                cur = await conn.execute(ADVANCE_GAMES, (t, t, moves))
                moved = cur.rowcount
            if moved != len(items):
                raise StaleBatch

"""Group commits to PostgreSQL on the event loop itself (psycopg's async connection).

With a worker thread the commit and the WebSocket work fight for the GIL: every hand-over
waits up to the interpreter's switch interval, which at thousands of moves per second is
most of the latency. On PostgreSQL the committer therefore awaits the database directly.
(SQLite has no async driver here; it keeps the thread.)
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import orjson
import psycopg

from app.core.settings import normalize_db_url
from app.store.store import CommitItem, json_text, now

#: The LISTEN/NOTIFY channel of the fan-out between processes (:mod:`app.realtime.pgfanout`).
CHANNEL = "meja"
#: The last column of both commit statements: their notifications, which PostgreSQL
#: delivers only once the statement's commit is flushed.
_NOTIFY = (f"(SELECT count(pg_notify('{CHANNEL}', x)) "
           "FROM json_array_elements_text(%(notes)s::json) x)")

# ONE constant statement per batch, in autocommit: the batch's rows arrive as one json
# parameter (psycopg parses placeholders and escapes array elements in Python, so a text that
# changed with the batch size, or arrays of long strings, cost a third of the server's CPU
# at 100 games; one orjson dump and PostgreSQL's own json_to_recordset cost almost nothing,
# and the constant text is prepared once). Inserting the events, advancing the games and
# notifying the other processes ride in one statement, so a batch is one round trip and
# one commit instead of BEGIN, INSERT, UPDATE, COMMIT and a second transaction for the
# NOTIFY: the statement either commits whole or not at all, and PostgreSQL delivers the
# notifications only once that commit is flushed and visible (a refused batch notifies
# nobody). A notifying commit holds the database's notify lock until its flush, so the
# lanes' commits follow one another instead of sharing a flush; each batch simply grows
# while it waits (the committer's batching), which at the loads that matter costs less than
# the separate transaction per batch did (its round trip, its WAL record, its wake-up).
# (The price: the notification queue is part of the commit. A listener that stays connected
# but never reads, for hours, fills PostgreSQL's 8 GB queue, and then batches are refused,
# answered ``unavailable`` with nothing lost, as when the database is down (PostgreSQL's log
# warns from half full). A process that dies frees its place in the queue at once.)
#
# A game some other writer moved on (its version is not ``seq - 1``) or ended (no longer
# active: a clock's out-of-time policy, for one) must refuse the whole
# batch: the last column divides by zero when fewer games moved than the batch holds, which
# aborts the statement (and so its insert) before anything is committed (:class:`StaleBatch`).
# A step written twice, or an action id used twice, fails the unique constraints as before.
COMMIT_BATCH = (
    "WITH b AS MATERIALIZED (SELECT * FROM json_to_recordset(%(rows)s::json) AS r "
    "(gid text, seq int, seat int, cid text, action json, log json, state json, done bool)), "
    "ins AS (INSERT INTO events (game_id, seq, seat, client_id, action, log, created_at) "
    "SELECT b.gid, b.seq, b.seat, b.cid, b.action, b.log, %(t)s FROM b), "
    "moved AS (UPDATE games SET state = b.state, version = b.seq, updated_at = %(t)s, "
    "status = CASE WHEN b.done THEN 'finished' ELSE games.status END, "
    "finished_at = CASE WHEN b.done THEN %(t)s ELSE games.finished_at END "
    "FROM b WHERE games.id = b.gid AND games.version = b.seq - 1 "
    "AND games.status = 'active' RETURNING 1) "
    "SELECT 1 / ((SELECT count(*) FROM moved) = %(n)s)::int, " + _NOTIFY
)
# A batch of one move (every commit at one game in play, most of them at a few) goes as
# plain parameters: the same insert, guarded update and notifications in one statement, without
# packing the row into JSON and unpacking it again with json_to_recordset (about a fifth of the
# backend's CPU per commit at one game, bench/pg_commit_cpu.py --batch 1).
COMMIT_ONE = (
    "WITH ins AS (INSERT INTO events (game_id, seq, seat, client_id, action, log, created_at) "
    "VALUES (%(gid)s, %(seq)s::int, %(seat)s::int, %(cid)s, %(action)s::json, %(log)s::json, "
    "%(t)s)), "
    "moved AS (UPDATE games SET state = %(state)s::json, version = %(seq)s::int, "
    "updated_at = %(t)s, "
    "status = CASE WHEN %(done)s::bool THEN 'finished' ELSE games.status END, "
    "finished_at = CASE WHEN %(done)s::bool THEN %(t)s ELSE games.finished_at END "
    "WHERE games.id = %(gid)s AND games.version = %(seq)s::int - 1 "
    "AND games.status = 'active' RETURNING 1) "
    "SELECT 1 / (SELECT count(*) FROM moved)::int, " + _NOTIFY
)
#: Largest NOTIFY payload sent (PostgreSQL refuses more than 8000 bytes).
NOTE_BYTES = 7000


def step_digest(state: Any, lines: list[dict[str, Any]]) -> str:
    """A short fingerprint of a committed step's result (its state and log lines): a process
    that replays the step from its notification adopts its own result only when the
    fingerprints agree, and reads the database otherwise."""
    return hashlib.blake2b(orjson.dumps([state, lines]), digest_size=8).hexdigest()


def step_notes(origin: str, items: list[CommitItem]) -> list[str]:
    """The notifications of a committed batch: ``s <origin> <json list>`` of
    ``[game, seq, seat, client id, action, digest]`` per step, in as many payloads as
    :data:`NOTE_BYTES` needs. A step too large for a payload goes as ``[game, seq]`` only
    (the others then read it from the database)."""
    head = f"s {origin} "
    notes: list[str] = []
    part: list[bytes] = []
    size = 0
    for i in items:
        one = orjson.dumps([i.game_id, i.seq, i.seat, i.client_id, i.action,
                            step_digest(i.state, i.log)])
        if len(one) > NOTE_BYTES - 100:
            one = orjson.dumps([i.game_id, i.seq])
        if part and size + len(one) + 1 > NOTE_BYTES - len(head):
            notes.append(head + "[" + b",".join(part).decode() + "]")
            part, size = [], 0
        part.append(one)
        size += len(one) + 1
    if part:
        notes.append(head + "[" + b",".join(part).decode() + "]")
    return notes


log = logging.getLogger("meja.pgwriter")


class StaleBatch(Exception):
    """Some game in the batch was moved on by another writer."""


class AsyncPgWriter:
    """One dedicated connection that commits batches of accepted actions."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.dsn = normalize_db_url(url).replace("postgresql+psycopg://", "postgresql://", 1)
        self.origin = origin
        #: Whether each batch notifies the other processes (the PostgreSQL fan-out) in its
        #: own commit.
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
        notes = orjson.dumps(step_notes(self.origin, items) if self.notify else []).decode()
        statement: str
        params: dict[str, Any]
        if len(items) == 1:
            i = items[0]
            statement, params = COMMIT_ONE, {
                "gid": i.game_id, "seq": i.seq, "seat": i.seat, "cid": i.client_id,
                "action": json_text(i.action), "log": json_text(i.log),
                "state": json_text(i.state), "done": i.finished, "t": now(), "notes": notes}
        else:
            rows = json_text([{"gid": i.game_id, "seq": i.seq, "seat": i.seat,
                               "cid": i.client_id, "action": i.action, "log": i.log,
                               "state": i.state, "done": i.finished} for i in items])
            statement, params = COMMIT_BATCH, {"rows": rows, "t": now(), "n": len(items),
                                               "notes": notes}
        try:
            await conn.execute(statement, params)
        except psycopg.errors.DivisionByZero:
            raise StaleBatch from None

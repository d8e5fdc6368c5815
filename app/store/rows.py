"""What a stored row is made of: names, ids, times and JSON as the store writes them, and
one accepted action as it waits for the group commit (:class:`CommitItem`)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

import orjson

from app.core.errors import Invalid

MAX_NAME = 40
#: What a name treats as space: the control characters and every character Python's
#: ``str.split()`` splits on. Spelled out once, so the OpenAPI document's ``pattern`` for a
#: name (:data:`NAME_PATTERN`) means exactly what :func:`clean_name` does.
BLANK = r"\x00-\x20\x7f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_BLANKS = re.compile(f"[{BLANK}]+")
#: A name has at least one character that is not space (JSON Schema; unanchored, as there).
NAME_PATTERN = f"[^{BLANK}]"
#: Every id this service hands out (``secrets.token_urlsafe``); anything else is not one of
#: ours and is refused before a query (PostgreSQL refuses NUL bytes with an error).
_PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_public_id(value: str) -> bool:
    """Whether ``value`` could be a game, invite, watch or claim id."""
    return _PUBLIC_ID.fullmatch(value) is not None


def now() -> dt.datetime:
    """Timezone-aware UTC now (stored as such on both databases)."""
    return dt.datetime.now(dt.UTC)


def clean_name(raw: str) -> str:
    """A display name as stored: runs of space and control characters become one space,
    trimmed; 1..40 characters (code points, as JSON Schema's ``maxLength`` counts them).

    The 40 hold for the name as sent, too: the OpenAPI document can bound what is sent but
    not what is left after the spaces collapse, and a name the document calls too long must
    be refused (the page sends names already cleaned, so no one typing is affected)."""
    raw = raw or ""
    if len(raw) > MAX_NAME:
        raise Invalid("api.name_long", max=MAX_NAME)
    name = _BLANKS.sub(" ", raw).strip(" ")
    if not name:
        raise Invalid("api.name_empty")
    return name


def json_text(value: Any) -> str:
    """Compact JSON text for a json column."""
    return orjson.dumps(value).decode()


Statement = tuple[str, tuple[Any, ...]]


def sqlite_batch_statements(items: list[CommitItem]) -> tuple[Statement, Statement]:
    """SQLite's two statements that commit a batch: append the events, move the snapshots on
    (PostgreSQL has its own constant statements in :mod:`app.store.pgwriter`).

    Hand-written SQL, one statement per table for the whole batch: a round trip per game
    costs more than the fsync that group commit saves. The UPDATE only moves a game from
    ``seq - 1`` to ``seq``; its row count must equal the batch size, or another writer got
    there first.
    """
    ts = now().strftime("%Y-%m-%d %H:%M:%S.%f")  # SQLAlchemy's own SQLite DateTime format
    n = len(items)
    params: list[Any] = []
    for i in items:
        params += [i.game_id, i.seq, i.seat, i.client_id, json_text(i.action), json_text(i.log), ts]
    insert_sql = ("INSERT INTO events (game_id, seq, seat, client_id, action, log, created_at) "
                  "VALUES " + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * n))
    uparams: list[Any] = [ts, ts]
    for i in items:
        uparams += [i.game_id, i.seq, json_text(i.state), i.finished]
    # SQLite names a VALUES table's columns column1..; and Python's sqlite3 reports no
    # rowcount for a statement that starts with WITH, so no CTE here.
    update_sql = (
        "UPDATE games SET state = b.column3, version = b.column2, updated_at = ?, "
        "status = CASE WHEN b.column4 THEN 'finished' ELSE games.status END, "
        "finished_at = CASE WHEN b.column4 THEN ? ELSE games.finished_at END "
        f"FROM (VALUES {', '.join(['(?, ?, ?, ?)'] * n)}) AS b "
        "WHERE games.id = b.column1 AND games.version = b.column2 - 1 "
        # A move never lands in a game that ended meanwhile (a timeout ended it, or the
        # last player left): it loses like a move that came second.
        "AND games.status = 'active'")
    return (insert_sql, tuple(params)), (update_sql, tuple(uparams))


@dataclass
class CommitItem:
    """One accepted action waiting for the group commit."""

    game_id: str
    seq: int
    seat: int | None
    client_id: str | None
    action: dict[str, Any]
    log: list[dict[str, Any]]
    state: dict[str, Any]
    finished: bool

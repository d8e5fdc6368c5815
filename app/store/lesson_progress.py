"""An account's lesson progress in the database (``account_lessons``, migration
0018_account_lessons; docs/lessons.md "Progress in the account").

The browser keeps its own progress (localStorage "meja.learn"); a signed-in browser sends it
here and gets the union back, so a second device shows the same ticks. The merge is the
same whichever device speaks first: a lesson is done when either says so (the later time
is kept), and "Continue" is the most recently started lesson unless it was finished after
it was started. Callers hand in only known lessons (app/http/account_lessons.py checks them
against engines/lessons.py), so an account holds at most one row per lesson of the site.

Plain functions over an engine, synchronous, called from worker threads.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from app.store.tables import account_lessons


def _utc(when: dt.datetime | None) -> dt.datetime | None:
    """A stored time as UTC (SQLite hands them back without their zone)."""
    if when is None:
        return None
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


@dataclass(frozen=True)
class Started:
    """The lesson under way: which, at which table, since when."""

    lesson: str
    game_id: str
    at: dt.datetime


@dataclass
class Progress:
    """Lessons done (lesson -> when last finished) and the lesson to continue, if any."""

    done: dict[str, dt.datetime] = field(default_factory=dict)
    current: Started | None = None


def progress_of(engine: Engine, account_id: str) -> Progress:
    """The account's progress as stored."""
    with engine.connect() as conn:
        return _read(conn, account_id)


def _read(conn: Connection, account_id: str) -> Progress:
    rows = conn.execute(select(account_lessons).where(
        account_lessons.c.account_id == account_id)).mappings().all()
    out = Progress()
    newest: tuple[dt.datetime, dict[str, Any]] | None = None
    for r in rows:
        done_at, started_at = _utc(r["done_at"]), _utc(r["started_at"])
        if done_at is not None:
            out.done[r["lesson"]] = done_at
        if started_at is not None and r["game_id"] and (newest is None or started_at > newest[0]):
            newest = (started_at, dict(r, done_at=done_at))
    if newest is not None:
        at, row = newest
        # The newest start is "Continue" unless it was finished since (the browser's own rule:
        # finishing a lesson clears its "current"); an older unfinished start is not.
        if row["done_at"] is None or row["done_at"] < at:
            out.current = Started(row["lesson"], row["game_id"], at)
    return out


def merge_progress(engine: Engine, account_id: str, done: dict[str, dt.datetime],
                   current: Started | None) -> Progress:
    """Add a browser's progress to the account's; the union as stored now."""
    with engine.begin() as conn:
        for lesson, at in done.items():
            _upsert(conn, account_id, lesson, {"done_at": at},
                    account_lessons.c.done_at.is_(None) | (account_lessons.c.done_at < at))
        if current is not None:
            _upsert(conn, account_id, current.lesson,
                    {"started_at": current.at, "game_id": current.game_id},
                    account_lessons.c.started_at.is_(None)
                    | (account_lessons.c.started_at < current.at))
        return _read(conn, account_id)


def _upsert(conn: Connection, account_id: str, lesson: str, values: dict[str, object],
            newer: ColumnElement[bool]) -> None:
    """Write ``values`` to the account's row of ``lesson`` when they are newer than what it
    holds (``newer``: the condition on the row), making the row when there is none."""
    where = and_(account_lessons.c.account_id == account_id, account_lessons.c.lesson == lesson)
    if conn.execute(update(account_lessons).where(and_(where, newer)).values(**values)).rowcount:
        return
    if conn.execute(select(account_lessons.c.lesson).where(where)).first() is not None:
        return  # the stored one is as new or newer
    try:
        with conn.begin_nested():
            conn.execute(insert(account_lessons).values(account_id=account_id, lesson=lesson,
                                                        **values))
    except IntegrityError:  # the same account's other browser made the row meanwhile
        conn.execute(update(account_lessons).where(and_(where, newer)).values(**values))


def forget_progress(conn: Connection, account_id: str) -> None:
    """Delete an account's lesson progress (inside the deletion's transaction)."""
    conn.execute(delete(account_lessons).where(account_lessons.c.account_id == account_id))

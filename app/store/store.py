"""Persistence: every read and write of games, seats and events (synchronous SQLAlchemy Core).

The service calls these from worker threads; nothing here knows about HTTP or WebSockets.
Concurrency is settled by the database: seat claims are conditional updates, and the unique
``(game_id, seq)`` of events means two writers can never both append the same step.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, and_, func, insert, select
from sqlalchemy.exc import IntegrityError

from app.core import security
from app.core.errors import NotFound
from app.store.accounts import seat_key_opens
from app.store.leases import seat_select
from app.store.rows import (
    MAX_NAME,
    CommitItem,
    clean_name,
    is_public_id,
    json_text,
    now,
    sqlite_batch_statements,
)
from app.store.seating import Seating
from app.store.tables import events, games, seats

__all__ = ["MAX_NAME", "CommitItem", "Store", "clean_name", "is_public_id", "json_text", "now"]

class Store(Seating):
    """All database access of the service (the lobby's seat changes: :class:`Seating`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- reads ---------------------------------------------------------------------------
    def game(self, game_id: str) -> dict[str, Any]:
        """The game row, or 404."""
        if not is_public_id(game_id):
            raise NotFound("api.no_such_game")
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
        if row is None:
            raise NotFound("api.no_such_game")
        return dict(row)

    def game_by(self, column: str, value: str) -> dict[str, Any] | None:
        """The game whose invite_id or watch_id is ``value``."""
        if not is_public_id(value):
            return None
        col = games.c[column]
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(col == value)).mappings().first()
        return dict(row) if row else None

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        """The seats of a game in seat order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                seat_select().where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).mappings().all()
        return [dict(r) for r in rows]

    def authenticate(self, credential: str | None) -> tuple[str, int] | None:
        """``(game_id, seat)`` for a seat credential, or ``None``."""
        if not credential or len(credential) > 200:
            return None
        h = security.hash_secret(credential)
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats.c.game_id, seats.c.seat).where(seats.c.token_hash == h)
            ).first()
            if row is None:
                # A key an account gave one of its signed-in browsers (app/store/accounts.py).
                return seat_key_opens(conn, h)
        return (row[0], row[1]) if row else None

    def open_lobbies(self, kinds: list[str], limit: int = 50) -> list[dict[str, Any]]:
        """Listed lobbies of the given game kinds that still have an empty seat, newest
        first, with the host's name (kinds are filtered before the limit, so lobbies of
        games not on the home page cannot crowd the list out)."""
        taken = func.count(seats.c.name)
        host_seat = seats.alias("host_seat")
        host = (select(host_seat.c.name)
                .where(and_(host_seat.c.game_id == games.c.id, host_seat.c.is_host.is_(True)))
                .limit(1).scalar_subquery())
        q = (
            select(games, taken.label("taken"), host.label("host"))
            .join(seats, seats.c.game_id == games.c.id)
            .where(and_(games.c.status == "lobby", games.c.listed.is_(True),
                        games.c.kind.in_(kinds)))
            .group_by(games.c.id)
            .having(taken < games.c.player_count)
            .order_by(games.c.created_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(q).mappings()]

    def events(self, game_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The event history (seq > after) in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events.c.seq, events.c.seat, events.c.client_id, events.c.action,
                       events.c.log)
                .where(and_(events.c.game_id == game_id, events.c.seq > after))
                .order_by(events.c.seq)
            ).mappings().all()
        return [dict(r) for r in rows]

    def active_games_with_bots(self) -> list[str]:
        """Games in play that have a bot seat (resumed after a restart so bots carry on)."""
        q = (select(games.c.id).distinct()
             .join(seats, seats.c.game_id == games.c.id)
             .where(and_(games.c.status == "active", seats.c.is_bot.is_(True))))
        with self.engine.connect() as conn:
            return list(conn.execute(q).scalars())

    def add_finished(self, game: dict[str, Any], seat_rows: list[dict[str, Any]],
                     event_rows: list[dict[str, Any]]) -> dict[str, Any]:
        """Store a game that was played elsewhere (an imported record, :mod:`app.http.records`)
        as finished: a watch link, seats without credentials, its events. ``game`` holds
        kind, options, settings, seed, rules_version, player_count, version and state."""
        t = now()
        row = {**game, "id": security.new_public_id(), "status": "finished",
               "spectators": True, "listed": False, "invite_id": security.new_public_id(),
               "watch_id": security.new_public_id(), "created_at": t, "updated_at": t,
               "started_at": t, "finished_at": t}
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(**row))
            conn.execute(insert(seats), [
                {"game_id": row["id"], "seat": i, "name": clean_name(s["name"]),
                 "token_hash": None, "claim_hash": None, "is_host": False,
                 "is_bot": s["bot"], "connected": False, "left": False,
                 "bot_level": (s.get("level") or "normal") if s["bot"] else None}
                for i, s in enumerate(seat_rows)])
            if event_rows:
                conn.execute(insert(events), [{**e, "game_id": row["id"], "client_id": None,
                                               "created_at": t} for e in event_rows])
        return row

    # -- the hot path --------------------------------------------------------------------
    def commit_batch(self, items: list[CommitItem]) -> list[bool]:
        """Commit accepted actions of many games in ONE SQLite transaction (group commit;
        PostgreSQL commits on the event loop, :mod:`app.store.pgwriter`).

        Returns per item whether it was committed. If the batch fails (another writer got
        there first for some game), each item is retried alone so only the loser is refused.
        """
        if not items:
            return []
        try:
            with self.engine.begin() as conn:
                self._write(conn, items)
            return [True] * len(items)
        except IntegrityError:
            pass
        results = []
        for item in items:
            try:
                with self.engine.begin() as conn:
                    self._write(conn, [item])
                results.append(True)
            except IntegrityError:
                results.append(False)
        return results

    def _write(self, conn: Any, items: list[CommitItem]) -> None:
        (ins, ins_params), (upd, upd_params) = sqlite_batch_statements(items)
        conn.exec_driver_sql(ins, ins_params)
        if conn.exec_driver_sql(upd, upd_params).rowcount != len(items):
            # Another writer moved one of these games on: refuse the batch (it is retried
            # item by item so only the loser is refused).
            raise IntegrityError("version moved on", None, Exception("stale version"))

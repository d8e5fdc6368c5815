"""Persistence: every read and write of games, seats and events (synchronous SQLAlchemy Core).

The service calls these from worker threads; nothing here knows about HTTP or WebSockets.
Concurrency is settled by the database: seat claims are conditional updates, and the unique
``(game_id, seq)`` of events means two writers can never both append the same step.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import Engine, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from app.core import security
from app.core.errors import Conflict, Gone, Invalid, NotFound
from app.store.tables import events, games, seats

MAX_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
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
    """A display name as stored: trimmed, no control characters, 1..40 characters."""
    name = " ".join(_CONTROL.sub(" ", raw or "").split())
    if not name:
        raise Invalid("api.name_empty")
    if len(name) > MAX_NAME:
        raise Invalid("api.name_long", max=MAX_NAME)
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


class Store:
    """All database access of the service."""

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
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
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

    # -- lobby writes --------------------------------------------------------------------
    # Every seat change of a game first locks the game's row (``_lock_game``) and decides on
    # what it then reads: two requests racing for one game, even from two server processes,
    # are settled one after the other by the database instead of both acting on an old read.
    def create_lobby(self, kind: str, options: dict[str, Any], player_count: int,
                     host_name: str, spectators: bool, listed: bool,
                     rules_version: str, settings: dict[str, Any] | None = None,
                     ) -> tuple[dict[str, Any], str]:
        """A new lobby with the host in seat 0; returns the game row and the host credential."""
        name = clean_name(host_name)
        credential = security.new_credential()
        t = now()
        row = {
            "id": security.new_public_id(), "kind": kind, "options": options,
            "settings": settings or {}, "status": "lobby",
            "seed": security.new_seed(), "version": 0, "state": None,
            "rules_version": rules_version, "player_count": player_count,
            "spectators": spectators, "listed": listed,
            "invite_id": security.new_public_id(),
            "watch_id": security.new_public_id() if spectators else None,
            "created_at": t, "updated_at": t, "started_at": None, "finished_at": None,
        }
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(**row))
            conn.execute(insert(seats), [
                {"game_id": row["id"], "seat": i, "name": name if i == 0 else None,
                 "token_hash": security.hash_secret(credential) if i == 0 else None,
                 "claim_hash": None, "is_host": i == 0, "is_bot": False,
                 "connected": False, "left": False}
                for i in range(player_count)
            ])
        return row, credential

    def join(self, game_id: str, name: str) -> tuple[int, str]:
        """Take the first empty seat of a lobby; returns (seat, credential)."""
        name = clean_name(name)
        credential = security.new_credential()
        with self.engine.begin() as conn:
            game = self._lock_game(conn, game_id)
            if game["status"] == "abandoned":
                raise Gone("api.lobby_closed")
            if game["status"] != "lobby":
                raise Conflict("api.join_started")
            free = conn.execute(
                select(seats.c.seat).where(and_(seats.c.game_id == game_id,
                                                seats.c.name.is_(None)))
                .order_by(seats.c.seat).limit(1)
            ).scalar()
            if free is None:
                raise Conflict("api.lobby_full")
            # Conditional as well: the seat is only taken while it is still empty.
            res = conn.execute(
                update(seats)
                .where(and_(seats.c.game_id == game_id, seats.c.seat == free,
                            seats.c.name.is_(None)))
                .values(name=name, token_hash=security.hash_secret(credential),
                        is_bot=False, left=False)
            )
            if res.rowcount != 1:
                raise Conflict("api.lobby_full")
        return free, credential

    def claim(self, claim_id: str) -> tuple[str, int, str]:
        """Redeem a re-issued seat link once; the old credential stops working."""
        h = security.hash_secret(claim_id)
        credential = security.new_credential()
        used = NotFound("api.claim_used")
        with self.engine.connect() as conn:
            found = conn.execute(select(seats.c.game_id).where(seats.c.claim_hash == h)).first()
        if found is None:
            raise used
        with self.engine.begin() as conn:
            self._lock_game(conn, found[0])
            seat = conn.execute(
                select(seats.c.seat).where(seats.c.claim_hash == h)).scalar()
            # One redemption only: whoever updates the row first wins; every other device
            # finds the claim gone (its update matches no row) and gets no credential.
            res = conn.execute(
                update(seats).where(seats.c.claim_hash == h)
                .values(claim_hash=None, token_hash=security.hash_secret(credential), left=False)
            )
            if seat is None or res.rowcount != 1:
                raise used
        return found[0], seat, credential

    def reissue(self, game_id: str, seat: int) -> str:
        """A one-time claim link for a seat (a player on a new device)."""
        claim_id = security.new_credential()
        with self.engine.begin() as conn:
            self._lock_game(conn, game_id)
            s = self._seat(conn, game_id, seat)
            if s["name"] is None or s["is_bot"]:
                raise Conflict("api.reissue_empty")
            conn.execute(update(seats).where(seats.c.id == s["id"])
                         .values(claim_hash=security.hash_secret(claim_id)))
        return claim_id

    def leave(self, game_id: str, seat: int) -> None:
        """Lobby: free the seat (the host leaving abandons the lobby). Game: mark as left."""
        with self.engine.begin() as conn:
            game = self._lock_game(conn, game_id)
            s = self._seat(conn, game_id, seat)
            if game["status"] == "lobby":
                if s["is_host"]:
                    conn.execute(update(games).where(games.c.id == game_id)
                                 .values(status="abandoned", updated_at=now()))
                    return
                conn.execute(update(seats).where(seats.c.id == s["id"]).values(
                    name=None, token_hash=None, claim_hash=None, connected=False))
            else:
                conn.execute(update(seats).where(seats.c.id == s["id"]).values(
                    left=True, connected=False, token_hash=None, claim_hash=None))
                humans = conn.execute(
                    select(func.count()).select_from(seats).where(and_(
                        seats.c.game_id == game_id, seats.c.is_bot.is_(False),
                        seats.c.left.is_(False)))
                ).scalar()
                if humans == 0 and game["status"] == "active":
                    conn.execute(update(games).where(games.c.id == game_id)
                                 .values(status="abandoned", updated_at=now()))

    def remove_seat(self, game_id: str, seat: int) -> None:
        """Host, lobby only: empty a seat (player or bot)."""
        with self.engine.begin() as conn:
            self._require_lobby(self._lock_game(conn, game_id))
            s = self._seat(conn, game_id, seat)
            if s["is_host"]:
                raise Conflict("api.remove_host")
            conn.execute(update(seats).where(seats.c.id == s["id"]).values(
                name=None, token_hash=None, claim_hash=None, is_bot=False, bot_level=None,
                connected=False))

    def reorder(self, game_id: str, order: list[int]) -> None:
        """Host, lobby only: seat ``order[i]`` moves to seat ``i``."""
        with self.engine.begin() as conn:
            game = self._lock_game(conn, game_id)
            self._require_lobby(game)
            n = game["player_count"]
            if sorted(order) != list(range(n)):
                raise Invalid("api.order_invalid", last=n - 1)
            rows = {s["seat"]: s for s in self._seats(conn, game_id)}
            # Park every seat on a negative number first: (game_id, seat) is unique.
            for old in range(n):
                conn.execute(update(seats).where(seats.c.id == rows[old]["id"])
                             .values(seat=-1 - old))
            for new, old in enumerate(order):
                conn.execute(update(seats).where(seats.c.id == rows[old]["id"]).values(seat=new))

    def add_bot(self, game_id: str, seat: int, level: str = "normal") -> None:
        """Host: an empty lobby seat, or a seat whose player left, becomes a bot of
        ``level`` (easy, normal or hard)."""
        with self.engine.begin() as conn:
            game = self._lock_game(conn, game_id)
            s = self._seat(conn, game_id, seat)
            if game["status"] == "lobby":
                if s["name"] is not None:
                    raise Conflict("api.seat_taken")
            elif game["status"] == "active":
                if s["is_bot"]:
                    raise Conflict("api.seat_is_bot")
                if not s["left"] and s["connected"]:
                    raise Conflict("api.player_still_here")
            else:
                raise Conflict("api.game_over")
            label = f"Bot {seat + 1}" if s["name"] is None else f"{s['name']} (bot)"
            conn.execute(update(seats).where(seats.c.id == s["id"]).values(
                name=label[:MAX_NAME], is_bot=True, bot_level=level, token_hash=None,
                claim_hash=None, left=False))

    def start(self, game_id: str, state: dict[str, Any], rules_version: str) -> None:
        """Lobby -> active with the engine's initial state at version 0, under the rules
        version that dealt it (the game keeps it for good, whatever the server runs later)."""
        with self.engine.begin() as conn:
            game = self._lock_game(conn, game_id)
            if game["status"] != "lobby":
                raise Conflict("api.already_started")
            empty = conn.execute(
                select(func.count()).select_from(seats)
                .where(and_(seats.c.game_id == game_id, seats.c.name.is_(None)))
            ).scalar()
            if empty:
                raise Conflict("api.start_empty_seats")
            self.mark_started(conn, game_id, state, rules_version)

    def locked(self, conn: Any, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Lock a game's row for the caller's transaction, as every seat change does, and
        return the game and its seats (in seat order) as they are now - for a change of
        several games at once made outside this class (a rematch)."""
        return self._lock_game(conn, game_id), self._seats(conn, game_id)

    @staticmethod
    def mark_started(conn: Any, game_id: str, state: dict[str, Any],
                     rules_version: str) -> None:
        """Lobby -> active inside the caller's transaction (the start, or a rematch whose
        last player accepted)."""
        t = now()
        conn.execute(
            update(games).where(games.c.id == game_id)
            .values(status="active", state=state, version=0, started_at=t,
                    updated_at=t, rules_version=rules_version)
        )

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
                 "is_bot": s["bot"], "connected": False, "left": False}
                for i, s in enumerate(seat_rows)])
            if event_rows:
                conn.execute(insert(events), [{**e, "game_id": row["id"], "client_id": None,
                                               "created_at": t} for e in event_rows])
        return row

    def set_connected(self, game_id: str, seat: int, connected: bool) -> None:
        """Presence as last seen (the live value is kept in memory)."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(and_(seats.c.game_id == game_id,
                                                  seats.c.seat == seat))
                         .values(connected=connected))

    def reset_presence(self) -> None:
        """After a restart nobody is connected yet."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.connected.is_(True)).values(connected=False))

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

    # -- helpers -------------------------------------------------------------------------
    def _seats(self, conn: Any, game_id: str) -> list[dict[str, Any]]:
        return [dict(r) for r in conn.execute(
            select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings()]

    def _seat(self, conn: Any, game_id: str, seat: int) -> dict[str, Any]:
        row = conn.execute(select(seats).where(and_(seats.c.game_id == game_id,
                                                    seats.c.seat == seat))).mappings().first()
        if row is None:
            raise NotFound("api.no_such_seat")
        return dict(row)

    @staticmethod
    def _require_lobby(game: dict[str, Any]) -> None:
        if game["status"] != "lobby":
            raise Conflict("api.seats_locked")

    @staticmethod
    def _lock_game(conn: Any, game_id: str) -> dict[str, Any]:
        """Lock the game's row for this transaction and return it as it is now.

        The write comes first on purpose: on PostgreSQL it waits for any other transaction
        holding the row and later reads see what that one committed; on SQLite the first
        write of a transaction takes the database's write lock.
        """
        res = conn.execute(update(games).where(games.c.id == game_id).values(updated_at=now()))
        if res.rowcount != 1:
            raise NotFound("api.no_such_game")
        return dict(conn.execute(select(games).where(games.c.id == game_id)).mappings().one())

"""The lobby's writes: creating it, taking, leaving, freeing and reordering seats, bots,
re-issued links, the start. :class:`Seating` is the part of :class:`app.store.store.Store`
that changes seats; every change of a game first locks the game's row.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, select, update

from app.core import security
from app.core.bot_names import bot_name
from app.core.errors import Conflict, Gone, Invalid, NotFound
from app.store.accounts import release_seat
from app.store.leases import seat_select
from app.store.rows import MAX_NAME, clean_name, now
from app.store.tables import account_seat_keys, games, seats


class Seating:
    """Seat changes of lobbies and games (see the module docstring)."""

    engine: Engine

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
            # A re-issued seat may go to someone else: an account that held it holds it no
            # more (its owner claims it again from the new device, if it was theirs).
            seat_id = conn.execute(select(seats.c.id).where(and_(
                seats.c.game_id == found[0], seats.c.seat == seat))).scalar_one()
            release_seat(conn, seat_id)
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
                release_seat(conn, s["id"])
            else:
                conn.execute(update(seats).where(seats.c.id == s["id"]).values(
                    left=True, connected=False, token_hash=None, claim_hash=None))
                # The game keeps the seat's account for its history; the keys go.
                conn.execute(delete(account_seat_keys).where(
                    account_seat_keys.c.seat_id == s["id"]))
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
            release_seat(conn, s["id"])

    def reorder(self, game_id: str, order: list[int]) -> None:
        """Host, lobby only: seat ``order[i]`` moves to seat ``i``."""
        with self.engine.begin() as conn:
            game = self._lock_game(conn, game_id)
            self._require_lobby(game)
            n = game["player_count"]
            if sorted(order) != list(range(n)):
                # A seat twice is a malformed order (the document says each seat once);
                # a well-formed one that does not list this lobby's seats conflicts with
                # the lobby as it is (how many seats it has), like a full lobby does.
                kind = Invalid if len(set(order)) != len(order) else Conflict
                raise kind("api.order_invalid", last=n - 1)
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
            if s["name"] is None:
                label = bot_name(seat, (r["name"] for r in self._seats(conn, game_id)
                                        if r["name"]))
            else:
                label = f"{s['name']} (bot)"
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

    # -- helpers -------------------------------------------------------------------------
    def _seats(self, conn: Any, game_id: str) -> list[dict[str, Any]]:
        return [dict(r) for r in conn.execute(
            seat_select().where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings()]

    def _seat(self, conn: Any, game_id: str, seat: int) -> dict[str, Any]:
        row = conn.execute(seat_select().where(and_(seats.c.game_id == game_id,
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

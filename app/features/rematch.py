"""Rematch: after a finished game, one click per player sets up the same table again.

The new table has the same game, options, table settings, seat count, spectator and listing
choices, a new seed, and the seat order rotated by one (the old seat ``i`` sits at
``i - 1``: whoever played second now plays first). Bots come along as bots, and so does the
seat of a player who left.

* The first click (``POST /api/games/{id}/rematch``) creates the new table, in the lobby
  state, and links it from the old game (``games.rematch_id``, unique): the old game's row is
  locked while the link is read and written, so two clicks at once - on one process or on
  two - create one table and both players get a seat in it.
* Every player who accepts gets their seat's credential in the answer, exactly as joining
  does (the body of a POST the player's own credential authorised; stored only as a hash).
* When the last human player accepts, the new table starts in the same transaction.
* ``POST .../rematch/decline`` calls the rematch off for everyone. It can be offered again
  afterwards: the next click creates a new table and links it instead of the declined one
  (which stays ``abandoned``), so a player who said no, or the others, may change their mind.

Every change reaches the old game's viewers as a ``rematch`` frame (and a reconnecting
viewer gets the current one after its snapshot), so each player sees the offer and who
accepted live; the page of every player who accepted opens the new table once it started.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, insert, select, update

from app.core import security
from app.core.errors import Conflict
from app.realtime.frames import encode
from app.realtime.outbox import Connection
from app.realtime.port import RoomFeature, RoomPort
from app.store.store import MAX_NAME, Store, now
from app.store.tables import games, seats
from engines.registry import get_engine

log = logging.getLogger("meja.rematch")


def new_seat(old: int, n: int) -> int:
    """Where the player of seat ``old`` sits at the rematch: the order rotated by one."""
    return (old - 1) % n


def old_seat(new: int, n: int) -> int:
    """Which seat of the finished game sits at ``new`` of the rematch."""
    return (new + 1) % n


def _state(conn: Any, new_id: str, n: int, rev: int) -> dict[str, Any]:
    game = conn.execute(select(games.c.status).where(games.c.id == new_id)).scalar_one()
    rows = conn.execute(select(seats).where(seats.c.game_id == new_id)).mappings().all()
    accepted = sorted(old_seat(r["seat"], n) for r in rows
                      if (r["is_bot"] or r["token_hash"] is not None) and not r["left"])
    declined = sorted(old_seat(r["seat"], n) for r in rows if r["left"])
    return {"game_id": new_id, "accepted": accepted, "declined": declined,
            "started": game in ("active", "finished"), "rev": rev}


def _changed(conn: Any, old: dict[str, Any]) -> int:
    """Count one more change of ``old``'s rematch (its row is locked): the new ``rev``.
    Answers and frames may reach a page in another order than their transactions committed
    in; the page keeps the state with the highest ``rev``."""
    rev = int(old["rematch_rev"]) + 1
    conn.execute(update(games).where(games.c.id == old["id"]).values(rematch_rev=rev))
    return rev


def _create(conn: Any, old: dict[str, Any], old_seats: list[dict[str, Any]]) -> str:
    """The new table (a lobby whose seats wait for their players' acceptance), linked from
    the old game instead of its declined rematch, if there was one."""
    n = old["player_count"]
    t = now()
    row = {
        "id": security.new_public_id(), "kind": old["kind"], "options": old["options"],
        "settings": old["settings"] or {}, "status": "lobby", "seed": security.new_seed(),
        "version": 0, "state": None, "rules_version": old["rules_version"],
        "player_count": n, "spectators": old["spectators"], "listed": old["listed"],
        "invite_id": security.new_public_id(),
        "watch_id": security.new_public_id() if old["spectators"] else None,
        "created_at": t, "updated_at": t, "started_at": None, "finished_at": None,
    }
    conn.execute(insert(games).values(**row))
    new_rows = []
    for s in old_seats:
        bot = s["is_bot"] or s["left"]
        name = s["name"] or f"Seat {s['seat'] + 1}"
        if s["left"] and not s["is_bot"]:
            name = f"{name} (bot)"[:MAX_NAME]
        new_rows.append({"game_id": row["id"], "seat": new_seat(s["seat"], n), "name": name,
                         "token_hash": None, "claim_hash": None, "is_host": s["is_host"],
                         "is_bot": bot, "connected": False, "left": False,
                         # A hard bot stays hard; a player who left is stood in for at normal.
                         "bot_level": (s.get("bot_level") or "normal") if bot else None})
    conn.execute(insert(seats), new_rows)
    # Conditional, like every seat claim: only the request that found the link as it is
    # (no rematch, or a declined one) links the new table.
    linked = (games.c.rematch_id.is_(None) if old["rematch_id"] is None
              else games.c.rematch_id == old["rematch_id"])
    res = conn.execute(update(games).where(games.c.id == old["id"], linked)
                       .values(rematch_id=row["id"]))
    if res.rowcount != 1:
        raise Conflict("api.rematch_race")
    return str(row["id"])


def accept(store: Store, game_id: str, seat: int) -> dict[str, Any]:
    """Offer or accept the rematch of a finished game for ``seat``: its new seat and
    credential, and the rematch's state (started when this was the last human)."""
    credential = security.new_credential()
    with store.engine.begin() as conn:
        old, old_seats = store.locked(conn, game_id)
        if old["status"] != "finished":
            raise Conflict("api.rematch_not_over")
        n = old["player_count"]
        new_id = old["rematch_id"]
        if new_id is not None:
            new, new_seats = store.locked(conn, new_id)
        if new_id is None or new["status"] == "abandoned":  # none yet, or declined: offer one
            new_id = _create(conn, old, old_seats)
            new, new_seats = store.locked(conn, new_id)
        mine = next(s for s in new_seats if s["seat"] == new_seat(seat, n))
        if mine["token_hash"] is not None:
            raise Conflict("api.rematch_accepted")
        if new["status"] != "lobby":
            raise Conflict("api.rematch_started")
        conn.execute(update(seats).where(seats.c.id == mine["id"])
                     .values(token_hash=security.hash_secret(credential)))
        waiting = [s for s in new_seats
                   if s["id"] != mine["id"] and not s["is_bot"] and s["token_hash"] is None]
        if not waiting:
            engine = get_engine(new["kind"])
            if engine is None:
                raise Conflict("api.kind_gone")
            store.mark_started(conn, new_id, engine.setup(n, new["options"], new["seed"]),
                               engine.rules_version)
        state = _state(conn, new_id, n, _changed(conn, old))
    return {**state, "seat": new_seat(seat, n), "credential": credential}


def decline(store: Store, game_id: str, seat: int) -> dict[str, Any]:
    """Call the rematch of a finished game off (before it started)."""
    with store.engine.begin() as conn:
        old, _ = store.locked(conn, game_id)
        if old["rematch_id"] is None:
            raise Conflict("api.rematch_none")
        n = old["player_count"]
        new, _ = store.locked(conn, old["rematch_id"])
        if new["status"] != "lobby":
            raise Conflict("api.rematch_started" if new["status"] != "abandoned"
                           else "api.rematch_off")
        conn.execute(update(seats).where(seats.c.game_id == new["id"],
                                         seats.c.seat == new_seat(seat, n))
                     .values(left=True, token_hash=None))
        conn.execute(update(games).where(games.c.id == new["id"])
                     .values(status="abandoned", updated_at=now()))
        return _state(conn, new["id"], n, _changed(conn, old))


def current(engine: Engine, game_id: str) -> dict[str, Any] | None:
    """The rematch state of a game, or None when nobody offered one."""
    with engine.connect() as conn:
        row = conn.execute(select(games.c.rematch_id, games.c.player_count,
                                  games.c.rematch_rev).where(games.c.id == game_id)).first()
        if row is None or row[0] is None:
            return None
        return _state(conn, row[0], row[1], row[2])


@dataclass
class _Sent:
    """The rematch frames this process broadcast to one room."""

    #: How many: a welcome whose read overlapped one sends nothing.
    count: int = 0
    #: The highest ``rev`` among them: an older state arriving later is not sent.
    rev: int = 0


class Rematches(RoomFeature):
    """The rematch frames of a finished game's viewers: the offer as it stands after a
    hello, and every change (from this process's routes or relayed from another's)."""

    name = "rematch"

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @staticmethod
    def _sent(room: RoomPort) -> _Sent:
        sent: _Sent = room.parts.setdefault("rematch", _Sent())
        return sent

    def relayed(self, room: RoomPort, data: Any) -> None:
        """Queue the rematch frame for every viewer of the finished game in this process,
        unless a newer state was sent already (two clicks' handlers can finish in either
        order, and relays from two processes too)."""
        state: dict[str, Any] = data
        sent = self._sent(room)
        rev = state.get("rev")  # none from a process of before 0011: not ordered, sent
        if rev is not None and int(rev) < sent.rev:
            return
        sent.count, sent.rev = sent.count + 1, max(sent.rev, int(rev or 0))
        room.send_all(encode({"type": "rematch", **state}))

    async def welcome(self, room: RoomPort, conn: Connection) -> None:
        """After a hello to a finished game: the rematch as it stands, if one was offered."""
        if room.status != "finished":
            return
        sent = self._sent(room)
        before = sent.count
        try:
            state = await asyncio.to_thread(current, self.engine, room.id)
        except Exception:
            log.exception("rematch of %s could not be read", room.id)
            return
        # The connection is in the room during the read: a frame broadcast meanwhile
        # reached it, and the state the read saw reached it too or is on its way; sent
        # after them, the read's state could undo a newer one.
        if state is not None and sent.count == before:
            conn.send(encode({"type": "rematch", **state}))

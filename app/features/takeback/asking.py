"""Take-back requests: asking for one, answering a consent request, and the take-back event.

A consent request is the database's (:mod:`.requests`), because the players it asks may be
connected to other server processes than the asker: every answer is a transaction on its
row, in whichever process it arrives. Each process keeps a copy of the open request for its
own viewers (shown at hello, timed out by its own timer), and the relay (topic ``takeback``)
tells the others when it opens, gets an answer or closes; a granted request closes
everywhere as the take-back event arrives with the game.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from app.core.i18n import say, text
from app.features.takeback import requests as stored
from app.features.takeback.table import (
    PART,
    Request,
    Table,
    line_of,
    policy,
    rebuild,
    table_of,
)
from app.realtime.frames import TakebackAnswerFrame, TakebackFrame, encode
from app.realtime.outbox import Connection
from app.realtime.port import Reply, RoomPort
from app.store.store import Store
from engines import messages
from engines.core.line import TAKEBACK, Line
from engines.core.log import seat_ref, term

log = logging.getLogger("meja.takeback")

#: How long the other players have to answer a consent request.
REQUEST_SECONDS = 60.0
#: A process whose timer finds the request already gone elsewhere waits this long for the
#: word of how it ended (relayed, or the take-back event) before calling it timed out here.
LAPSE_GRACE = 2.0


def _refuse(client_id: str | None, reason: str, code: str = "rule", **params: Any) -> Reply:
    return Reply({"type": "rejected", "id": client_id, "code": code, **say(reason, **params)},
                 snapshot=code == "stale")


def _name(room: RoomPort, seat: int) -> str:
    name = room.seats[seat]["name"] if seat < len(room.seats) else None
    return name or f"Seat {seat + 1}"



async def request(room: RoomPort, seat: int, frame: TakebackFrame, store: Store) -> Reply:
    """A player asks to take back the latest ``frame.count`` actions in play.

    Exactly once, as for actions: a request id this seat already had applied answers
    ``accepted`` with its version, however long ago (the database is the arbiter; asked
    first, since a repeated take-back may well be allowed again - take-backs are rare)."""
    original = room.recalled(seat, frame.id)
    if original is None:
        original = await room.original_version(seat, frame.id)
    if original is not None:
        return Reply({"type": "accepted", "id": frame.id, "version": original})
    return await _request(room, seat, frame, store)


async def _request(room: RoomPort, seat: int, frame: TakebackFrame, store: Store) -> Reply:
    known = room.recalled(seat, frame.id)
    if known is not None:
        return Reply({"type": "accepted", "id": frame.id, "version": known})
    async with room.lock:
        known = room.recalled(seat, frame.id)
        if known is not None:
            return Reply({"type": "accepted", "id": frame.id, "version": known})
        if room.status != "active" or room.state is None:
            return _refuse(frame.id, "api.not_playing" if room.status == "lobby"
                           else "api.game_over")
        rule = policy(room)
        if rule == "none":
            return _refuse(frame.id, "api.takeback.err_off")
        if frame.version != room.version:
            return _refuse(frame.id, "ws.stale", "stale")
        if line_of(room) is None:
            await asyncio.to_thread(rebuild, room, store)
        table = table_of(room)
        line = line_of(room)
        if line is None:
            return _refuse(frame.id, table.unavailable or "api.takeback.err_unavailable")
        undo = line.takeable(frame.count)
        if undo is None:
            why, kind, params = _across_reveal(line)
            return _refuse(frame.id, why, kind, **params)
        if frame.count <= line.own_turn(seat):
            return await _commit(room, seat, frame.id, undo, "api.takeback.log_own", store)
        if rule != "consent":
            return _refuse(frame.id, "api.takeback.err_own_only")
        if table.request is not None and table.request.version == room.version:
            return _refuse(frame.id, "api.takeback.err_pending")
        waiting = {s["seat"] for s in room.seats
                   if s["seat"] != seat and not s["is_bot"] and not s["left"]}
        if not waiting:
            return await _commit(room, seat, frame.id, undo, "api.takeback.log_own", store)
        req = Request(id=secrets.token_urlsafe(9), seat=seat, client_id=frame.id, undo=undo,
                      version=room.version, waiting=waiting,
                      expires=time.time() + REQUEST_SECONDS)
        try:
            opened = await asyncio.to_thread(stored.open_request, store.engine,
                                             room.id, req.row())
        except Exception:
            log.exception("take-back request of %s could not be stored", room.id)
            return _refuse(frame.id, "api.takeback.err_not_saved", "unavailable")
        if not opened:  # another player's request, perhaps through another process
            return _refuse(frame.id, "api.takeback.err_pending")
        _show(room, req, store)
        return Reply({"type": "takeback_request", "request": req.id, "id": frame.id},
                     delivered=True)


def _request_frame(room: RoomPort, req: Request) -> str:
    return encode({
        "type": "takeback_request", "request": req.id, "id": req.client_id, "seat": req.seat,
        "undo": req.undo, "waiting": sorted(req.waiting), "seconds": round(req.seconds(), 1),
        **_asks(room, req.seat, len(req.undo))})


def _keep(room: RoomPort, req: Request, store: Store) -> None:
    """Make ``req`` this process's copy of the room's open request, with its own timer."""
    table = table_of(room)
    old = table.request
    if old is not None and old.timer is not None and old is not req:
        old.timer.cancel()
    if req.timer is None:
        request_id = req.id
        req.timer = room.later(req.seconds(), lambda: _expire(room, request_id, store))
    table.request = req
    table.changes += 1


def _show(room: RoomPort, req: Request, store: Store, relay: bool = True) -> None:
    """The request is open (or has new answers): this process's viewers see it, and the
    other processes are told."""
    _keep(room, req, store)
    room.send_all(_request_frame(room, req))
    if relay:
        room.relay(PART, {
            "k": "open", "id": req.id, "seat": req.seat, "client_id": req.client_id,
            "undo": req.undo, "version": req.version, "waiting": sorted(req.waiting),
            "expires": req.expires})


def _asks(room: RoomPort, seat: int, count: int) -> dict[str, Any]:
    """A request's words: ``text`` in English (names filled in) and its key for the page."""
    params = {"seat": seat_ref(seat), "count": count}
    return {"text": text("api.takeback.asks", params, names={seat: _name(room, seat)}),
            "key": "api.takeback.asks", "params": params}


def _across_reveal(line: Line) -> tuple[str, str, dict[str, Any]]:
    """Why nothing (more) can be taken back: a key, the code, and its parameters."""
    if line.version == 0:
        return "api.takeback.err_none_yet", "rule", {}
    why = line.last_reveal
    if why is None:
        return "api.takeback.err_too_many", "rule", {}
    what = term(why) if messages.has(why) else {"label": why}
    if not line.undoable:
        return "api.takeback.err_after", "rule", {"why": what}
    return "api.takeback.err_between", "rule", {"why": what}


async def answer(room: RoomPort, seat: int, frame: TakebackAnswerFrame, store: Store
                 ) -> str | None:
    """A player answers a consent request; returns an error sentence for them, if any.

    The answer is the database's (the request may have been asked through another process),
    so two answers at once - here or there - are counted once each."""
    async with room.lock:
        try:
            outcome, row = await asyncio.to_thread(
                stored.answer, store.engine, room.id, frame.request, seat,
                frame.accept)
        except Exception:
            log.exception("take-back answer for %s could not be stored", room.id)
            return "api.takeback.err_not_saved"
        if outcome == "closed" or row is None:
            return "api.takeback.err_closed"
        if outcome == "not_asked":
            return "api.takeback.err_not_asked"
        mine = table_of(room).request
        req = mine if mine is not None and mine.id == row.id else Request.of(row)
        req.waiting = set(row.waiting)
        if outcome == "refused":
            close(room, req, "refused", "api.takeback.closed_refused", relay=True,
                   seat=seat_ref(seat))
            return None
        if outcome == "waiting":
            _show(room, req, store)
            return None
        if room.version < req.version:
            await room.catch_up_locked()  # this process had not heard of a move yet
        if room.version != req.version:  # overtaken: catching up closed this process's copy
            return "api.takeback.err_closed"
        if line_of(room) is None:
            await asyncio.to_thread(rebuild, room, store)
        if line_of(room) is None:
            why = table_of(room).unavailable or "api.takeback.err_unavailable"
            close(room, req, "cancelled", why, relay=True)
            return why
        close(room, req, "granted", "api.takeback.closed_granted")
        reply = await _commit(room, req.seat, req.client_id, req.undo,
                              "api.takeback.log_agreed", store)
        # The asking player's own answer (their request id was applied at this version);
        # connected to another process, they get it there as the take-back arrives.
        tell_asker(room, req.seat, reply.frame)
        return None


def tell_asker(room: RoomPort, seat: int, frame: dict[str, Any]) -> None:
    """The asking seat's answer (its request id was applied at a version)."""
    room.send_to(seat, encode(frame))


def close(room: RoomPort, req: Request, outcome: str, reason: str, relay: bool = False,
           **params: Any) -> None:
    """The request is over: this process's viewers are told (and, with ``relay``, the
    other processes: a refusal or a time-out they cannot see in the game's events)."""
    table = table_of(room)
    table.changes += 1
    table.ended.append(req.id)
    if table.request is req:
        table.request = None
    if req.timer is not None:
        req.timer.cancel()
    room.send_all(encode({"type": "takeback_closed", "request": req.id, "id": req.client_id,
                                "outcome": outcome, **_worded(room, reason, params)}))
    if relay:
        room.relay(PART, {
            "k": "closed", "id": req.id, "outcome": outcome, "key": reason, "params": params})


def _worded(room: RoomPort, key: str, params: dict[str, Any]) -> dict[str, Any]:
    """``reason`` in English with the players' names, and its key for the page."""
    names = {s["seat"]: _name(room, s["seat"]) for s in room.seats}
    return {"reason": text(key, params, names=names), "key": key, "params": params}


def cancel(room: RoomPort, reason: str) -> None:
    """An open request is over (the game moved on)."""
    table: Table | None = room.parts.get(PART)
    if table is not None and table.request is not None:
        close(room, table.request, "cancelled", reason)


async def _expire(room: RoomPort, request_id: str, store: Store, final: bool = False) -> None:
    async with room.lock:
        req = table_of(room).request
        if req is None or req.id != request_id:
            return
        try:
            ended = await asyncio.to_thread(stored.lapse, store.engine, room.id,
                                            request_id)
        except Exception:
            log.exception("take-back request of %s could not be ended", room.id)
            ended = False
        if table_of(room).request is not req:
            return  # its end arrived meanwhile
        if ended or final:
            close(room, req, "timed_out", "api.takeback.closed_timed_out", relay=ended)
            return
        # Another process ended it first: its word (or the take-back) is on the way.
        req.timer = room.later(LAPSE_GRACE,
                               lambda: _expire(room, request_id, store, final=True))


def relayed(room: RoomPort, data: dict[str, Any], store: Store) -> None:
    """Another process opened a request of this game, recorded an answer, or closed it."""
    if data.get("k") == "open":
        if int(data["version"]) < room.version:
            return  # overtaken by a move this process already has
        table = table_of(room)
        if data["id"] in table.ended:
            return  # an answer relayed after the word that the request is over
        mine = table.request
        req = Request(id=str(data["id"]), seat=int(data["seat"]),
                      client_id=str(data["client_id"]), undo=[int(v) for v in data["undo"]],
                      version=int(data["version"]), waiting={int(s) for s in data["waiting"]},
                      expires=float(data["expires"]))
        if mine is not None and mine.id == req.id:
            # Answers only ever remove seats: two relayed out of order still add up.
            mine.waiting &= req.waiting
            req = mine
        _show(room, req, store, relay=False)
    elif data.get("k") == "closed":
        table = table_of(room)
        table.changes += 1  # even one this process never held: a welcome may be reading it
        open_here = table.request
        if open_here is not None and open_here.id == data.get("id"):
            close(room, open_here, str(data["outcome"]), str(data["key"]),
                   **dict(data.get("params") or {}))
        else:
            table.ended.append(str(data.get("id")))


async def welcome(room: RoomPort, conn: Connection, store: Store) -> None:
    """After a hello: the open request, if there is one (perhaps asked through another
    process before this one held the game)."""
    if room.status != "active" or policy(room) != "consent":
        return
    table = table_of(room)
    req = table.request
    if req is None or req.version != room.version:
        seen = table.changes
        try:
            row = await asyncio.to_thread(stored.current, store.engine, room.id)
        except Exception:
            log.exception("take-back request of %s could not be read", room.id)
            return
        req = table.request
        if table.changes != seen:
            # Opened, answered or closed during the read: the row may be a closed request,
            # and kept again it would come back to life here. What memory holds is newer.
            if req is None or req.version != room.version:
                return
        elif row is None or row.version != room.version:
            return
        elif req is None or req.id != row.id:
            req = Request.of(row)
            _keep(room, req, store)
    conn.send(_request_frame(room, req))


async def _commit(room: RoomPort, seat: int, client_id: str, undo: list[int], key: str,
                  store: Store) -> Reply:
    """Store the take-back event and move the room to the restored state (lock held)."""
    line = line_of(room)
    assert line is not None
    seq = room.version + 1
    lines = [{"seq": seq, "seat": seat, "key": key,
              "params": {"seat": seat_ref(seat), "count": len(undo)}, "to": None,
              "data": {"takeback": list(undo)}}]

    def taking(version: int) -> None:
        line.take_back(undo)

    ok, acked = await room.append(seat, client_id, {"type": TAKEBACK, "undo": list(undo)},
                                  lines, line.restored(undo), before=taking)
    if not ok:
        if ok is False:
            await room.catch_up_locked()
        return _refuse(client_id, "api.takeback.err_not_saved", "unavailable")
    return Reply({"type": "accepted", "id": client_id, "version": seq}, delivered=acked)

"""Take-backs: the table's policy, the consent requests, and the take-back event.

What may be taken back is the engine's to say (:class:`engines.base.Line`: the actions in
play since the last reveal, and which of them are a seat's own of the current turn); this
module applies the host's policy (``TableSettings.takeback``) on top:

* ``none``: nothing is ever taken back;
* ``own_turn`` (default): a player takes back their own actions of the current turn at once,
  while nothing was revealed since;
* ``consent``: that, and anything further back (another player's action, an earlier turn)
  once every other human player has agreed; never across a reveal. Bots agree at once: a bot
  only stands in for a seat and has no plan a take-back could spoil. A request that is
  refused by anyone, or not answered in :data:`REQUEST_SECONDS`, changes nothing; so does
  any move made while it waits.

A take-back is a new event (``{"type": "$takeback", "undo": [seq, ...]}``): versions only
grow, every client receives an ordinary patch to the restored state, and replaying the
history (``engines.base.replay``) reproduces it.

A consent request is the database's (app/takeback_requests.py), because the players it
asks may be connected to other server processes than the asker: every answer is a
transaction on its row, in whichever process it arrives. Each process keeps a copy of the
open request for its own viewers (shown at hello, timed out by its own timer), and the
relay (topic ``takeback``, app/fanout.py) tells the others when it opens, gets an answer or
closes; a granted request closes everywhere as the take-back event arrives with the game.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app import takeback_requests as stored
from app.fanout import RELAY_HANDLERS
from app.frames import TakebackAnswerFrame, TakebackFrame, encode
from app.i18n import say, text
from app.outbox import Connection
from app.store import CommitItem, Store
from app.tablesettings import settings_of
from engines import messages
from engines.base import TAKEBACK, Line, canonical_json, replay_line, seat_ref, term

if TYPE_CHECKING:
    from app.rooms import Hub, Reply, Room

log = logging.getLogger("meja.takeback")

#: How long the other players have to answer a consent request.
REQUEST_SECONDS = 60.0
#: A process whose timer finds the request already gone elsewhere waits this long for the
#: word of how it ended (relayed, or the take-back event) before calling it timed out here.
LAPSE_GRACE = 2.0
#: How many ended requests a room remembers (a late relay concerns one of the last few).
ENDED_KEPT = 8


@dataclass
class Request:
    """This process's copy of a consent request waiting for answers."""

    id: str
    seat: int
    client_id: str
    undo: list[int]
    version: int
    waiting: set[int]
    #: Wall-clock seconds (``time.time()``) when it lapses: the same in every process.
    expires: float
    timer: asyncio.TimerHandle | None = None

    @classmethod
    def of(cls, row: stored.Stored) -> Request:
        """The copy of a stored request."""
        return cls(id=row.id, seat=row.seat, client_id=row.client_id, undo=list(row.undo),
                   version=row.version, waiting=set(row.waiting), expires=row.expires)

    def row(self) -> stored.Stored:
        """The request as stored."""
        return stored.Stored(id=self.id, seat=self.seat, client_id=self.client_id,
                             undo=list(self.undo), version=self.version,
                             waiting=sorted(self.waiting), expires=self.expires)

    def seconds(self) -> float:
        """How long it stays open from now."""
        return max(0.0, self.expires - time.time())


@dataclass
class Table:
    """What this module keeps per live room: its line of play and an open request."""

    line: Line | None = None
    #: Why the line could not be rebuilt (older rules, a history that does not replay).
    unavailable: str | None = None
    request: Request | None = None
    #: Requests opened, answered or closed here or by another process: a welcome whose read
    #: of the stored request overlapped one trusts memory, not what it read.
    changes: int = 0
    #: The latest requests known to be over (closed here, or relayed closed): word of an
    #: earlier answer relayed late by another process must not open one again.
    ended: deque[str] = field(default_factory=lambda: deque(maxlen=ENDED_KEPT))


_tables: weakref.WeakKeyDictionary[Room, Table] = weakref.WeakKeyDictionary()


def _table(room: Room) -> Table:
    table = _tables.get(room)
    if table is None:
        table = _tables[room] = Table()
    return table


def policy(room: Room) -> str:
    """The table's take-back policy."""
    return settings_of(room.game).takeback


# -- the line of play ------------------------------------------------------------------------
def rebuild(room: Room, store: Store) -> None:
    """Replay the stored history into the room's line of play (in a worker thread: at load,
    or when the room moved on through another process)."""
    table = _table(room)
    table.line, table.unavailable = None, None
    if room.state is None or policy(room) == "none":
        return
    if room.game["rules_version"] != room.engine.rules_version:
        table.unavailable = "api.takeback.err_older_rules"
        return
    events = [(e["seat"], e["action"]) for e in store.events(room.id)
              if e["seq"] <= room.version]
    try:
        line = replay_line(room.engine, room.game["player_count"], room.game["options"],
                           room.game["seed"], events)
    except Exception:
        log.exception("history of %s does not replay", room.id)
        line = None
    if line is None or line.version != room.version or (
            canonical_json(line.state) != canonical_json(room.state)):
        table.unavailable = "api.takeback.err_unavailable"
        return
    table.line = line


def _line(room: Room) -> Line | None:
    """The room's line of play if it is up to date (a fresh game needs no replay)."""
    table = _table(room)
    line = table.line
    if line is not None and line.version == room.version:
        return line
    if room.version == 0 and room.state is not None:
        table.line = Line(room.engine, room.state, 0)
        return table.line
    return None


def committed(room: Room, seat: int, action: Any, result: Any) -> None:
    """Rooms call this as an action commits (``room.state`` is still the state before it):
    the line of play follows, and an open request is over (the game moved on)."""
    line = _line(room)
    if line is not None:
        line.record(seat, room.state or {}, action, result)
    _cancel(room, "api.takeback.closed_moved_on")


def adopting(room: Room, evs: list[dict[str, Any]]) -> None:
    """Rooms call this before taking newer versions committed by another process: the line
    of play follows them (one apply per event, as that process did), and an open request
    here is over - granted, when they hold its take-back (the last answer reached another
    process), else overtaken by a move."""
    table = _tables.get(room)
    req = table.request if table is not None else None
    done = next((e for e in evs if req is not None and e["seat"] == req.seat
                 and e.get("client_id") == req.client_id
                 and (e["action"] or {}).get("type") == TAKEBACK), None)
    if req is not None and done is not None:
        _close(room, req, "granted", "api.takeback.closed_granted")
        _tell_asker(room, req.seat, {"type": "accepted", "id": req.client_id,
                                     "version": done["seq"]})
    _cancel(room, "api.takeback.closed_moved_on")
    line = _line(room)
    if line is None:
        return
    try:
        for e in evs:
            if e["seq"] != line.version + 1:
                raise ValueError("a gap in the events")
            line.step(e["seat"], e["action"])
    except Exception:
        _table(room).line = None  # rebuilt from the database when next needed


def context(room: Room) -> tuple[str, Line] | None:
    """What every seat's :func:`offer` of this version reads alike (the policy and the line
    of play), looked up once per version rather than once per seat; None: nobody may take
    anything back now."""
    if room.state is None or room.status != "active":
        return None
    rule = policy(room)
    line = _line(room) if rule != "none" else None
    return None if line is None else (rule, line)


def offer(room: Room, seat: int | None) -> dict[str, int] | None:
    """What this seat may take back now, for its document: ``own`` actions at once, or
    ``ask`` (with consent) back to and including its latest action. ``None``: nothing."""
    return offer_in(context(room), seat)


def offer_in(ctx: tuple[str, Line] | None, seat: int | None) -> dict[str, int] | None:
    """:func:`offer` from this version's :func:`context` (a broadcast builds it once)."""
    if seat is None or ctx is None:
        return None
    rule, line = ctx
    own = line.own_turn(seat)
    ask = 0
    if rule == "consent" and not own:
        mine = [i for i, u in enumerate(line.undoable) if u.seat == seat]
        ask = len(line.undoable) - mine[-1] if mine else 0
    return {"own": own, "ask": ask} if own or ask else None


# -- requests --------------------------------------------------------------------------------
def _refuse(client_id: str | None, reason: str, code: str = "rule", **params: Any) -> Reply:
    from app.rooms import Reply

    return Reply({"type": "rejected", "id": client_id, "code": code, **say(reason, **params)},
                 snapshot=code == "stale")


def _name(room: Room, seat: int) -> str:
    name = room.seats[seat]["name"] if seat < len(room.seats) else None
    return name or f"Seat {seat + 1}"



async def request(room: Room, seat: int, frame: TakebackFrame) -> Reply:
    """A player asks to take back the latest ``frame.count`` actions in play.

    Exactly once, as for actions: a request id this seat already had applied answers
    ``accepted`` with its version, however long ago (the database is the arbiter; asked
    first, since a repeated take-back may well be allowed again - take-backs are rare)."""
    from app.rooms import Reply

    original = room.recent.get((seat, frame.id))
    if original is None:
        original = await room.hub.original_version(room.id, seat, frame.id)
    if original is not None:
        return Reply({"type": "accepted", "id": frame.id, "version": original})
    return await _request(room, seat, frame)


async def _request(room: Room, seat: int, frame: TakebackFrame) -> Reply:
    from app.rooms import Reply

    key = (seat, frame.id)
    if key in room.recent:
        return Reply({"type": "accepted", "id": frame.id, "version": room.recent[key]})
    async with room.lock:
        if key in room.recent:
            return Reply({"type": "accepted", "id": frame.id, "version": room.recent[key]})
        if room.status != "active" or room.state is None:
            return _refuse(frame.id, "api.not_playing" if room.status == "lobby"
                           else "api.game_over")
        rule = policy(room)
        if rule == "none":
            return _refuse(frame.id, "api.takeback.err_off")
        if frame.version != room.version:
            return _refuse(frame.id, "ws.stale", "stale")
        if _line(room) is None:
            await asyncio.to_thread(rebuild, room, room.hub.store)
        table = _table(room)
        line = _line(room)
        if line is None:
            return _refuse(frame.id, table.unavailable or "api.takeback.err_unavailable")
        undo = line.takeable(frame.count)
        if undo is None:
            why, kind, params = _across_reveal(line)
            return _refuse(frame.id, why, kind, **params)
        if frame.count <= line.own_turn(seat):
            return await _commit(room, seat, frame.id, undo, "api.takeback.log_own")
        if rule != "consent":
            return _refuse(frame.id, "api.takeback.err_own_only")
        if table.request is not None and table.request.version == room.version:
            return _refuse(frame.id, "api.takeback.err_pending")
        waiting = {s["seat"] for s in room.seats
                   if s["seat"] != seat and not s["is_bot"] and not s["left"]}
        if not waiting:
            return await _commit(room, seat, frame.id, undo, "api.takeback.log_own")
        req = Request(id=secrets.token_urlsafe(9), seat=seat, client_id=frame.id, undo=undo,
                      version=room.version, waiting=waiting,
                      expires=time.time() + REQUEST_SECONDS)
        try:
            opened = await asyncio.to_thread(stored.open_request, room.hub.store.engine,
                                             room.id, req.row())
        except Exception:
            log.exception("take-back request of %s could not be stored", room.id)
            return _refuse(frame.id, "api.takeback.err_not_saved", "unavailable")
        if not opened:  # another player's request, perhaps through another process
            return _refuse(frame.id, "api.takeback.err_pending")
        _show(room, req)
        return Reply({"type": "takeback_request", "request": req.id, "id": frame.id},
                     delivered=True)


def _request_frame(room: Room, req: Request) -> str:
    return encode({
        "type": "takeback_request", "request": req.id, "id": req.client_id, "seat": req.seat,
        "undo": req.undo, "waiting": sorted(req.waiting), "seconds": round(req.seconds(), 1),
        **_asks(room, req.seat, len(req.undo))})


def _keep(room: Room, req: Request) -> None:
    """Make ``req`` this process's copy of the room's open request, with its own timer."""
    table = _table(room)
    old = table.request
    if old is not None and old.timer is not None and old is not req:
        old.timer.cancel()
    if req.timer is None:
        request_id = req.id
        req.timer = asyncio.get_running_loop().call_later(
            req.seconds(), lambda: room.hub._spawn(_expire(room, request_id)))
    table.request = req
    table.changes += 1


def _show(room: Room, req: Request, relay: bool = True) -> None:
    """The request is open (or has new answers): this process's viewers see it, and the
    other processes are told."""
    _keep(room, req)
    room.broadcast_text(_request_frame(room, req))
    if relay:
        room.hub.fanout.relay(room.id, "takeback", {
            "k": "open", "id": req.id, "seat": req.seat, "client_id": req.client_id,
            "undo": req.undo, "version": req.version, "waiting": sorted(req.waiting),
            "expires": req.expires})


def _asks(room: Room, seat: int, count: int) -> dict[str, Any]:
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


async def answer(room: Room, seat: int, frame: TakebackAnswerFrame) -> str | None:
    """A player answers a consent request; returns an error sentence for them, if any.

    The answer is the database's (the request may have been asked through another process),
    so two answers at once - here or there - are counted once each."""
    async with room.lock:
        try:
            outcome, row = await asyncio.to_thread(
                stored.answer, room.hub.store.engine, room.id, frame.request, seat,
                frame.accept)
        except Exception:
            log.exception("take-back answer for %s could not be stored", room.id)
            return "api.takeback.err_not_saved"
        if outcome == "closed" or row is None:
            return "api.takeback.err_closed"
        if outcome == "not_asked":
            return "api.takeback.err_not_asked"
        mine = _table(room).request
        req = mine if mine is not None and mine.id == row.id else Request.of(row)
        req.waiting = set(row.waiting)
        if outcome == "refused":
            _close(room, req, "refused", "api.takeback.closed_refused", relay=True,
                   seat=seat_ref(seat))
            return None
        if outcome == "waiting":
            _show(room, req)
            return None
        if room.version < req.version:
            await room.hub.catch_up_locked(room)  # this process had not heard of a move yet
        if room.version != req.version:  # overtaken: catching up closed this process's copy
            return "api.takeback.err_closed"
        if _line(room) is None:
            await asyncio.to_thread(rebuild, room, room.hub.store)
        if _line(room) is None:
            why = _table(room).unavailable or "api.takeback.err_unavailable"
            _close(room, req, "cancelled", why, relay=True)
            return why
        _close(room, req, "granted", "api.takeback.closed_granted")
        reply = await _commit(room, req.seat, req.client_id, req.undo, "api.takeback.log_agreed")
        # The asking player's own answer (their request id was applied at this version);
        # connected to another process, they get it there as the take-back arrives.
        _tell_asker(room, req.seat, reply.frame)
        return None


def _tell_asker(room: Room, seat: int, frame: dict[str, Any]) -> None:
    text = encode(frame)
    for conn in list(room.conns):
        if conn.seat == seat:
            conn.send(text)


def _close(room: Room, req: Request, outcome: str, reason: str, relay: bool = False,
           **params: Any) -> None:
    """The request is over: this process's viewers are told (and, with ``relay``, the
    other processes: a refusal or a time-out they cannot see in the game's events)."""
    table = _table(room)
    table.changes += 1
    table.ended.append(req.id)
    if table.request is req:
        table.request = None
    if req.timer is not None:
        req.timer.cancel()
    room.broadcast_text(encode({"type": "takeback_closed", "request": req.id, "id": req.client_id,
                                "outcome": outcome, **_worded(room, reason, params)}))
    if relay:
        room.hub.fanout.relay(room.id, "takeback", {
            "k": "closed", "id": req.id, "outcome": outcome, "key": reason, "params": params})


def _worded(room: Room, key: str, params: dict[str, Any]) -> dict[str, Any]:
    """``reason`` in English with the players' names, and its key for the page."""
    names = {s["seat"]: _name(room, s["seat"]) for s in room.seats}
    return {"reason": text(key, params, names=names), "key": key, "params": params}


def _cancel(room: Room, reason: str) -> None:
    table = _tables.get(room)
    if table is not None and table.request is not None:
        _close(room, table.request, "cancelled", reason)


async def _expire(room: Room, request_id: str, final: bool = False) -> None:
    async with room.lock:
        req = _table(room).request
        if req is None or req.id != request_id:
            return
        try:
            ended = await asyncio.to_thread(stored.lapse, room.hub.store.engine, room.id,
                                            request_id)
        except Exception:
            log.exception("take-back request of %s could not be ended", room.id)
            ended = False
        if _table(room).request is not req:
            return  # its end arrived meanwhile
        if ended or final:
            _close(room, req, "timed_out", "api.takeback.closed_timed_out", relay=ended)
            return
        # Another process ended it first: its word (or the take-back) is on the way.
        req.timer = asyncio.get_running_loop().call_later(
            LAPSE_GRACE, lambda: room.hub._spawn(_expire(room, request_id, final=True)))


def relayed(room: Room, data: dict[str, Any]) -> None:
    """Another process opened a request of this game, recorded an answer, or closed it."""
    if data.get("k") == "open":
        if int(data["version"]) < room.version:
            return  # overtaken by a move this process already has
        table = _table(room)
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
        _show(room, req, relay=False)
    elif data.get("k") == "closed":
        table = _table(room)
        table.changes += 1  # even one this process never held: a welcome may be reading it
        open_here = table.request
        if open_here is not None and open_here.id == data.get("id"):
            _close(room, open_here, str(data["outcome"]), str(data["key"]),
                   **dict(data.get("params") or {}))
        else:
            table.ended.append(str(data.get("id")))


RELAY_HANDLERS["takeback"] = relayed


async def welcome(hub: Hub, room: Room, conn: Connection) -> None:
    """After a hello: the open request, if there is one (perhaps asked through another
    process before this one held the game)."""
    if room.status != "active" or policy(room) != "consent":
        return
    table = _table(room)
    req = table.request
    if req is None or req.version != room.version:
        seen = table.changes
        try:
            row = await asyncio.to_thread(stored.current, hub.store.engine, room.id)
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
            _keep(room, req)
    conn.send(_request_frame(room, req))


async def _commit(room: Room, seat: int, client_id: str, undo: list[int], key: str) -> Reply:
    """Store the take-back event and move the room to the restored state (lock held)."""
    from app.rooms import Reply

    line = _line(room)
    assert line is not None
    state = line.restored(undo)
    seq = room.version + 1
    lines = [{"seq": seq, "seat": seat, "key": key,
              "params": {"seat": seat_ref(seat), "count": len(undo)}, "to": None,
              "data": {"takeback": list(undo)}}]
    item = CommitItem(game_id=room.id, seq=seq, seat=seat, client_id=client_id,
                      action={"type": TAKEBACK, "undo": list(undo)}, log=lines, state=state,
                      finished=False)
    try:
        ok = await room.hub.committer.commit(item)
    except Exception:
        ok = None
    if not ok:
        if ok is False:
            await room.hub.catch_up_locked(room)
        return _refuse(client_id, "api.takeback.err_not_saved", "unavailable")
    line.take_back(undo)
    room.state, room.version = state, seq
    room.last = {"seat": seat, "type": TAKEBACK, "version": seq}
    room.log_tail.extend(lines)
    del room.log_tail[:-200]
    room._remember(seat, client_id, seq)
    acked = room.broadcast(seq - 1, lines, None, None)
    room.hub.fanout.committed(room, seq)
    room.hub.schedule_bots(room)
    return Reply({"type": "accepted", "id": client_id, "version": seq}, delivered=acked)


def taken_back(events: list[dict[str, Any]]) -> dict[int, int]:
    """For a history: the version of each taken-back action -> the take-back that undid it."""
    out: dict[int, int] = {}
    for e in events:
        action = e.get("action") or {}
        if action.get("type") == TAKEBACK:
            for seq in action.get("undo") or []:
                out[int(seq)] = e["seq"]
    return out

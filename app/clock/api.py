"""What a player does about the clock: take a seat back from the stand-in bot (REST), and
ask the others for more time on a turn-based table (the ``clock`` frame)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app import clock as clocks
from app.api import HubDep, SeatDep, StoreDep, refusals, run
from app.clock import db, model
from app.clock.model import Clock
from app.clock.scheduler import tell
from app.errors import ApiError
from app.frames import encode
from app.i18n import say
from app.lobby import lobby_info
from app.outbox import Connection
from app.rooms import Hub, Room
from app.schemas import LobbyInfo

router = APIRouter(prefix="/api")


@router.post("/games/{game_id}/take-back", summary="Take your seat back from the stand-in bot",
             responses=refusals(401, 403, 404, 409, 422))
async def take_back(holder: SeatDep, store: StoreDep, hub: HubDep) -> LobbyInfo:
    room = await hub.room(holder.game_id)
    seat = holder.seat
    if room.status != "active":
        raise ApiError(409, "api.not_playing")
    if not room.seats[seat].get("stand_in"):
        raise ApiError(409, "api.no_stand_in")
    cfg = clocks.settings(room)
    awaited = room.state is not None and seat in room.engine.awaited(room.state)
    at = hub.clocks.now()

    def rebase(clock: Clock) -> Clock:
        return model.take_back(clock, cfg.time_control, seat, at, awaited)

    if not await run(db.take_back, store.engine, room.id, seat, rebase):
        raise ApiError(409, "api.no_stand_in")
    await tell(hub, room.id)
    game, seats = await run(store.game, room.id), await run(store.seats, room.id)
    return LobbyInfo.model_validate(lobby_info(game, seats, room.online(), you=seat))


def _voters(room: Room, asker: int) -> list[int]:
    """The other players still at the table (bots and leavers do not vote)."""
    return [s["seat"] for s in room.seats
            if s["seat"] != asker and not s["is_bot"] and not s["left"]]


def vote(room: Room, seat: int, op: str, at: float) -> tuple[Clock | None, str | None]:
    """The clock after ``seat``'s request or vote, or the catalogue key refusing it."""
    clock = room.clock
    cfg = clocks.settings(room)
    if clock is None or cfg.time_control.kind != "turn":
        return None, "api.clock.err_not_turn_based"
    used: list[int] = list(clock.extension.get("used", []))
    ask: dict[str, Any] | None = clock.extension.get("ask")
    ext: dict[str, Any] = {"used": used, "ask": ask, "last": clock.extension.get("last")}
    if op == "ask":
        if seat not in clock.running:
            return None, "api.clock.err_not_waiting"
        if seat in used:
            return None, "api.clock.err_asked_before"
        if ask is not None:
            return None, "api.clock.err_vote_open"
        used.append(seat)
        ask = {"seat": seat, "votes": {}}
    else:
        if ask is None:
            return None, "api.clock.err_nobody_asks"
        if seat == ask["seat"]:
            return None, "api.clock.err_own_request"
        if seat not in _voters(room, ask["seat"]):
            return None, "api.clock.err_not_voter"
        ask = {"seat": ask["seat"], "votes": {**ask["votes"], str(seat): op == "grant"}}
    new = model.charge_now(clock, at)
    asker = ask["seat"]
    votes = ask["votes"]
    if not all(votes.values()):
        ext["ask"], ext["last"] = None, {"seat": asker, "granted": False}
    elif all(str(s) in votes for s in _voters(room, asker)):
        new.remaining[asker] += cfg.time_control.turn_seconds
        ext["ask"], ext["last"] = None, {"seat": asker, "granted": True}
    else:
        ext["ask"] = ask
    new.extension = ext
    return new, None


async def on_frame(hub: Hub, room: Room, conn: Connection, op: str) -> None:
    """A ``clock`` frame: ask for more time, or grant / refuse another's request."""
    if conn.seat is None:
        conn.send(encode({"type": "error", **say("api.clock.err_spectator")}))
        return
    async with room.lock:
        new, refusal = vote(room, conn.seat, op, hub.clocks.now())
        if new is None:
            assert refusal is not None  # vote() says why whenever it changes nothing
            conn.send(encode({"type": "error", **say(refusal)}))
            return
        room.clock = new
        await hub.clocks.store(room.id, new)
        room.invalidate()
        for c in list(room.conns):
            room.send_snapshot(c)
    hub.fanout.lobby_changed(room.id, room.status)

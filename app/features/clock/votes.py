"""Asking the others for more time on a turn-based table (the ``clock`` frame), and their
votes."""

from __future__ import annotations

from typing import Any

from app.core.i18n import say
from app.features.clock import model
from app.features.clock.model import Clock
from app.features.clock.scheduler import ClockScheduler
from app.features.clock.table import clock_of, set_clock
from app.realtime.frames import encode
from app.realtime.outbox import Connection
from app.realtime.port import RoomPort


def _voters(room: RoomPort, asker: int) -> list[int]:
    """The other players still at the table (bots and leavers do not vote)."""
    return [s["seat"] for s in room.seats
            if s["seat"] != asker and not s["is_bot"] and not s["left"]]


def vote(room: RoomPort, seat: int, op: str, at: float) -> tuple[Clock | None, str | None]:
    """The clock after ``seat``'s request or vote, or the catalogue key refusing it."""
    clock = clock_of(room)
    cfg = room.settings
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


async def on_frame(clocks: ClockScheduler, room: RoomPort, conn: Connection, op: str) -> None:
    """A ``clock`` frame: ask for more time, or grant / refuse another's request."""
    if conn.seat is None:
        conn.send(encode({"type": "error", **say("api.clock.err_spectator")}))
        return
    async with room.lock:
        new, refusal = vote(room, conn.seat, op, clocks.now())
        if new is None:
            assert refusal is not None  # vote() says why whenever it changes nothing
            conn.send(encode({"type": "error", **say(refusal)}))
            return
        set_clock(room, new)
        await clocks.store(room.id, new)
        room.resend()
    room.publish_lobby()

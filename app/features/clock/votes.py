"""The ``clock`` frame: asking the others for more time (turn-based) or for a break (real
time) and their votes, a player's holiday (turn-based), and the end of a break."""

from __future__ import annotations

from typing import Any

from app.core.i18n import say
from app.features.clock import model, rest
from app.features.clock.model import Clock
from app.features.clock.scheduler import ClockScheduler
from app.features.clock.table import awaited_humans, awaited_players, clock_of, set_clock
from app.realtime.frames import encode
from app.realtime.outbox import Connection
from app.realtime.port import RoomPort

Outcome = tuple[Clock | None, str | None, dict[str, Any]]


def _voters(room: RoomPort, asker: int) -> list[int]:
    """The other players still at the table (bots and leavers do not vote)."""
    return [s["seat"] for s in room.seats
            if s["seat"] != asker and not s["is_bot"] and not s["left"]]


def _no(key: str, **params: Any) -> Outcome:
    return None, key, params


def _rest(room: RoomPort, clock: Clock, seat: int, op: str, days: int | None,
          at: float) -> Outcome:
    """A holiday taken or ended, or a break resumed."""
    cfg = room.settings
    if op == "resume":
        if not rest.is_paused(clock):
            return _no("api.clock.err_not_paused")
        new = rest.resume(clock, at, [])
        new.running = awaited_humans(room, new)
        return new, None, {}
    if cfg.time_control.kind != "turn":
        return _no("api.clock.err_holiday_turn_based")
    if op == "back":
        if str(seat) not in rest.holidays(clock):
            return _no("api.clock.err_not_on_holiday")
        return (rest.end_holiday(clock, cfg.time_control, seat, at,
                                 seat in awaited_players(room)), None, {})
    if days is None:
        return _no("api.clock.err_holiday_days")
    away, refusal = rest.take_holiday(clock, seat, days, cfg.holiday_days, at)
    if refusal is not None:
        return _no(refusal[0], **refusal[1])
    return away, None, {}


def vote(room: RoomPort, seat: int, op: str, at: float, days: int | None = None) -> Outcome:
    """The clock after ``seat``'s request, vote, holiday or resumption, or the catalogue
    key (and its parameters) refusing it."""
    clock = clock_of(room)
    cfg = room.settings
    if clock is None:
        return _no("api.clock.err_not_turn_based")
    if op in ("holiday", "back", "resume"):
        return _rest(room, clock, seat, op, days, at)
    used: list[int] = list(clock.extension.get("used", []))
    ask: dict[str, Any] | None = clock.extension.get("ask")
    ext: dict[str, Any] = {**clock.extension, "used": used}
    if op == "ask":
        if cfg.time_control.kind != "turn":
            return _no("api.clock.err_not_turn_based")
        if seat not in clock.running:
            return _no("api.clock.err_not_waiting")
        if seat in used:
            return _no("api.clock.err_asked_before")
        if ask is not None:
            return _no("api.clock.err_vote_open")
        used.append(seat)
        ask = {"seat": seat, "votes": {}}
    elif op == "pause":
        if cfg.time_control.kind != "realtime":
            return _no("api.clock.err_pause_realtime")
        if rest.is_paused(clock):
            return _no("api.clock.err_paused_already")
        if ask is not None:
            return _no("api.clock.err_vote_open")
        ask = {"seat": seat, "votes": {}, "what": "pause"}
    else:
        if ask is None:
            return _no("api.clock.err_nobody_asks")
        if seat == ask["seat"]:
            return _no("api.clock.err_own_request")
        if seat not in _voters(room, ask["seat"]):
            return _no("api.clock.err_not_voter")
        ask = {**ask, "votes": {**ask["votes"], str(seat): op == "grant"}}
    new = model.charge_now(clock, at)
    asker = ask["seat"]
    votes = ask["votes"]
    what = ask.get("what", "time")
    tag = {"what": what} if what != "time" else {}
    if not all(votes.values()):
        ext["ask"], ext["last"] = None, {"seat": asker, "granted": False, **tag}
    elif all(str(s) in votes for s in _voters(room, asker)):
        ext["ask"], ext["last"] = None, {"seat": asker, "granted": True, **tag}
        if what == "pause":
            new.extension = ext
            return rest.pause(new, asker, at), None, {}
        new.remaining[asker] += cfg.time_control.turn_seconds
    else:
        ext["ask"] = ask
    new.extension = ext
    return new, None, {}


async def on_frame(clocks: ClockScheduler, room: RoomPort, conn: Connection, op: str,
                   days: int | None = None) -> None:
    """A ``clock`` frame (see the module docstring)."""
    if conn.seat is None:
        conn.send(encode({"type": "error", **say("api.clock.err_spectator")}))
        return
    async with room.lock:
        new, refusal, params = vote(room, conn.seat, op, clocks.now(), days)
        if new is None:
            assert refusal is not None  # vote() says why whenever it changes nothing
            conn.send(encode({"type": "error", **say(refusal, **params)}))
            return
        set_clock(room, new)
        await clocks.store(room.id, new)
        if op == "resume":
            room.changed_here()  # also wakes the bots whose turn waited for the break's end
            return
        room.resend()
    room.publish_lobby()

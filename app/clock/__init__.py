"""Clocks of timed tables (issue 12): real time (bank + increment) and turn-based
(a limit per turn), deadlines in the database, one scheduler per process.

:mod:`app.rooms` calls the few hooks here (load, after every new version, the document,
the stand-in refusal, the outcome override); the rest lives in the package:
:mod:`~app.clock.model` (the pure clock), :mod:`~app.clock.db` (its rows),
:mod:`~app.clock.scheduler` (waiting for deadlines and acting on them),
:mod:`~app.clock.api` (taking a seat back, asking for more time). docs/clocks.md tells how.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from app.clock import db, model
from app.clock.model import Clock
from app.tablesettings import TableSettings, settings_of

if TYPE_CHECKING:
    from app.rooms import Room

log = logging.getLogger("meja.clock")

STAND_IN_REFUSAL = "ws.stand_in"


def settings(room: Room) -> TableSettings:
    """The room's table settings."""
    return settings_of(room.game)


def awaited_humans(room: Room) -> list[int]:
    """The seats whose clock should run now: awaited by a live game and not bots."""
    if room.state is None or room.status != "active" or room.game.get("outcome_override"):
        return []
    if room.engine.outcome(room.state) is not None:
        return []
    return [s for s in room.engine.awaited(room.state)
            if s < len(room.seats) and not room.seats[s]["is_bot"]]


def load(room: Room) -> Clock | None:
    """The clock of a room being loaded (in a worker thread): the stored one, caught up
    with the game's version if a write was lost, or a fresh one for a game that just
    started."""
    cfg = settings(room)
    if cfg.time_control.kind == "none" or room.state is None:
        return None
    now = room.hub.clocks.now()
    clock = db.read(room.hub.store.engine, room.id)
    if clock is None:
        clock = model.start(cfg.time_control, len(room.seats), room.version, now,
                            awaited_humans(room))
        db.write(room.hub.store.engine, room.id, clock)
    elif clock.version < room.version:
        # The process that committed died before it stored the clock: charge the seats
        # that were running up to now (a few milliseconds, or the outage's grace).
        mover = room.last["seat"] if room.last else None
        clock = model.advance(clock, cfg.time_control, room.version, now, mover,
                              awaited_humans(room))
        db.write(room.hub.store.engine, room.id, clock)
    room.hub.clocks.push_soon(room.id, clock)
    return clock


def on_version(room: Room) -> None:
    """After the room moved to a new version (its own commit, or another process's):
    charge the clocks, stop the mover's, start the awaited seats', store, schedule."""
    clock = room.clock
    if clock is None or clock.version >= room.version:
        return
    cfg = settings(room)
    mover = room.last["seat"] if room.last else None
    room.clock = model.advance(clock, cfg.time_control, room.version, room.hub.clocks.now(),
                               mover, awaited_humans(room))
    room.hub.clocks.stored(room.id, room.clock)


def document(room: Room) -> dict[str, Any] | None:
    """``doc.clock`` (None for a table without a clock)."""
    if room.clock is None:
        return None
    cfg = settings(room)
    out = model.to_doc(room.clock, cfg.time_control, cfg.out_of_time)
    out["stand_ins"] = [s["seat"] for s in room.seats if s.get("stand_in")]
    return out


def refusal(room: Room, seat: int) -> tuple[str, str] | None:
    """A player's own move while a stand-in bot holds their seat is refused."""
    if seat < len(room.seats) and room.seats[seat].get("stand_in"):
        return "rule", STAND_IN_REFUSAL
    return None


def outcome(room: Room) -> dict[str, Any] | None:
    """The outcome a timeout imposed (out_of_time = end), if any."""
    override: dict[str, Any] | None = room.game.get("outcome_override")
    return override


def changed(before: Clock | None, after: Clock | None) -> bool:
    """Whether a reload brought a different clock (viewers then get a fresh snapshot)."""
    return before != after

"""A room's clock as the clock feature keeps it: its part of the room, and whose clock runs."""

from __future__ import annotations

from app.features.clock.model import Clock
from app.features.clock.rest import is_paused, on_holiday
from app.realtime.port import RoomPort

#: The clock's slot in ``room.parts`` (and the ``clock`` of every viewer's document).
PART = "clock"


def clock_of(room: RoomPort) -> Clock | None:
    """The table's clock, None without one."""
    clock: Clock | None = room.parts.get(PART)
    return clock


#: A move while the table is on a break (app/features/clock/rest.py).
PAUSED_REFUSAL = ("rule", "ws.paused")


def set_clock(room: RoomPort, clock: Clock | None) -> None:
    """Keep ``clock`` as the room's clock (already stored, or about to be); a break in it
    halts the table (the room then takes no move from anyone, bots included)."""
    room.parts[PART] = clock
    room.halt = PAUSED_REFUSAL if clock is not None and is_paused(clock) else None


def awaited_humans(room: RoomPort, clock: Clock | None = None) -> list[int]:
    """The seats whose clock should run now: awaited by a live game and not bots, and -
    by ``clock`` (default: the room's) - not on holiday, nor the table on a break."""
    clock = clock if clock is not None else clock_of(room)
    if clock is not None and is_paused(clock):
        return []
    away = on_holiday(clock) if clock is not None else set()
    return [s for s in awaited_players(room) if s not in away]


def awaited_players(room: RoomPort) -> list[int]:
    """The seats a live game waits for that are not bots (holidays and breaks aside)."""
    if room.state is None or room.status != "active" or room.game.get("outcome_override"):
        return []
    if room.engine.outcome(room.state) is not None:
        return []
    return [s for s in room.engine.awaited(room.state)
            if s < len(room.seats) and not room.seats[s]["is_bot"]]

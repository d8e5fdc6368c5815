"""Holidays and breaks: a clock that stops for one player (turn-based tables) or for the
whole table (real time), and starts again. Pure, like :mod:`.model`; kept in the clock's
``extension`` (stored with the clock, so both survive a restart).

* A **holiday** (turn-based): a player stops their own clock for up to the table's
  ``holiday_days`` per game in all. While it lasts their clock never runs; when it ends
  (early, by the player, or at its end, by the scheduler) it starts again with the time
  that was left, or with a fresh turn if the turn came to them meanwhile. Only the days
  actually spent count against the allowance.
* A **break** (real time): every player agrees (the more-time vote's machinery, asked with
  ``what: "pause"``), then no clock runs and moves are refused until any player resumes.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from app.core.tablesettings import TimeControl
from app.features.clock.model import Clock, charge_now

DAY = 86400.0

#: A refusal: its catalogue key and the key's parameters.
Refusal = tuple[str, dict[str, Any]]


def holidays(clock: Clock) -> dict[str, dict[str, Any]]:
    """Holidays in progress by seat (``{"until", "since", "left"}``)."""
    found: dict[str, dict[str, Any]] = clock.extension.get("holiday") or {}
    return found


def on_holiday(clock: Clock) -> set[int]:
    """The seats whose clock a holiday stops."""
    return {int(s) for s in holidays(clock)}


def is_paused(clock: Clock) -> bool:
    """Whether the table agreed to a break (no clock runs)."""
    return bool(clock.extension.get("paused"))


def used(clock: Clock, seat: int) -> float:
    """Seconds of holiday ``seat`` has spent in this game (ended holidays)."""
    return float((clock.extension.get("holiday_used") or {}).get(str(seat), 0.0))


def days_left(clock: Clock, seat: int, allowance_days: int) -> int:
    """Whole days of holiday ``seat`` may still take."""
    return max(0, math.floor((allowance_days * DAY - used(clock, seat)) / DAY + 1e-9))


def take_holiday(clock: Clock, seat: int, days: int, allowance_days: int,
                 at: float) -> tuple[Clock | None, Refusal | None]:
    """``seat`` goes on holiday for ``days`` days from ``at``: its clock stops where it
    stands."""
    if str(seat) in holidays(clock):
        return None, ("api.clock.err_on_holiday", {})
    left = days_left(clock, seat, allowance_days)
    if days > left:
        return None, ("api.clock.err_holiday_allowance",
                      {"left": left, "allowance": allowance_days, "days": days})
    c = charge_now(clock, at)
    kept = c.remaining[seat] if seat in c.running else None
    c.running = [s for s in c.running if s != seat]
    c.extension["holiday"] = {**holidays(clock), str(seat): {
        "until": at + days * DAY, "since": at, "left": kept}}
    return c, None


def end_holiday(clock: Clock, tc: TimeControl, seat: int, at: float, awaited: bool) -> Clock:
    """``seat``'s holiday ends at ``at``: the days spent count, and if the game waits for
    the seat its clock runs again (the time it had, or a fresh turn if the turn came to it
    during the holiday)."""
    rest = dict(holidays(clock))
    record = rest.pop(str(seat))
    c = charge_now(clock, at)
    spent = max(0.0, min(at, float(record["until"])) - float(record["since"]))
    c.extension["holiday"] = rest
    c.extension["holiday_used"] = {**(clock.extension.get("holiday_used") or {}),
                                   str(seat): used(clock, seat) + spent}
    if awaited and seat not in c.running:
        left = record.get("left")
        c.remaining[seat] = float(left) if left is not None else float(tc.turn_seconds)
        c.running = sorted([*c.running, seat])
    return c


def due(clock: Clock, at: float) -> list[int]:
    """Seats whose holiday is over at ``at``."""
    return sorted(int(s) for s, h in holidays(clock).items() if float(h["until"]) <= at)


def pause(clock: Clock, seat: int, at: float) -> Clock:
    """Every player agreed to ``seat``'s break: no clock runs from ``at``."""
    c = charge_now(clock, at)
    c.running = []
    c.extension["paused"] = {"by": seat, "since": at}
    return c


def resume(clock: Clock, at: float, awaited: list[int]) -> Clock:
    """The break is over: the awaited seats' clocks run again from ``at``."""
    c = replace(clock, since=at, running=sorted(awaited), extension=dict(clock.extension))
    c.extension["paused"] = None
    return c

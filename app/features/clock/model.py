"""The clock of one timed table as plain data, and how it moves (no I/O, no asyncio).

A :class:`Clock` is the clock *as of* game version ``version``: at server time ``since``
(the commit of that version) seat ``s`` had ``remaining[s]`` seconds, and the seats in
``running`` have been spending them since. Everything else follows: a seat's time left at
``t`` is ``remaining[s] - (t - since)`` while it runs, its deadline ``since + remaining[s]``.
The server's clock is the only one that counts; viewers get these numbers and draw them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from app.core.tablesettings import TimeControl

#: A player who takes their seat back from the stand-in bot (real time) gets a tenth of the
#: bank, at least this many seconds: enough to look at the board before the clock bites.
TAKE_BACK_MIN = 30.0


@dataclass
class Clock:
    """One table's clock at one game version (see the module docstring)."""

    version: int
    since: float
    remaining: list[float]
    running: list[int]
    #: Turn-based tables: ``{"used": [seats that asked], "ask": {"seat": s, "votes":
    #: {"<seat>": bool}} | None}``.
    extension: dict[str, Any] = field(default_factory=lambda: {"used": [], "ask": None})
    #: The last outage whose downtime was already forgiven (see app/features/clock/scheduler.py).
    resumed_after: float | None = None

    def left(self, seat: int, at: float) -> float:
        """Seconds ``seat`` has left at server time ``at`` (never below zero)."""
        spent = at - self.since if seat in self.running else 0.0
        return max(0.0, self.remaining[seat] - spent)

    def deadline_of(self, seat: int) -> float | None:
        """When a running seat's time runs out (None when its clock is stopped)."""
        return self.since + self.remaining[seat] if seat in self.running else None

    def deadline(self) -> float | None:
        """The earliest deadline of any running seat, or the end of a holiday (what the
        scheduler waits for)."""
        found = [self.since + self.remaining[s] for s in self.running]
        found += [float(h["until"]) for h in (self.extension.get("holiday") or {}).values()]
        return min(found) if found else None

    def expired(self, at: float) -> list[int]:
        """Running seats whose time is up at ``at``."""
        return [s for s in self.running if self.since + self.remaining[s] <= at]


def start(tc: TimeControl, players: int, version: int, at: float,
          awaited: list[int]) -> Clock:
    """A fresh clock: full banks (real time) or a full turn (turn-based) for everyone."""
    full = float(tc.bank_seconds if tc.kind == "realtime" else tc.turn_seconds)
    return Clock(version=version, since=at, remaining=[full] * players, running=list(awaited))


def advance(clock: Clock, tc: TimeControl, version: int, at: float, mover: int | None,
            awaited: list[int]) -> Clock:
    """The clock after the commit of ``version`` at ``at`` by ``mover`` (None: the game
    itself), when the game now waits for ``awaited`` (bots and finished games: nobody).

    Every seat that was running is charged the time since the last commit; the mover's
    clock stops at once. Real time: the mover gains the increment. Turn-based: a seat
    that becomes awaited starts a fresh turn; one still awaited keeps its deadline (a
    turn of several actions is one turn).
    """
    elapsed = max(0.0, at - clock.since)
    remaining = list(clock.remaining)
    for s in clock.running:
        remaining[s] = max(0.0, remaining[s] - elapsed)
    if tc.kind == "realtime":
        if mover is not None and mover in clock.running:
            remaining[mover] += tc.increment_seconds
    else:
        for s in awaited:
            if s not in clock.running:
                remaining[s] = float(tc.turn_seconds)
    ext = dict(clock.extension)
    if tc.kind == "turn":
        ext = _moved_on_holiday(ext, mover)
    ask = ext.get("ask")
    if ask is not None and ask.get("what") != "pause" and ask["seat"] not in awaited:
        ext["ask"] = None  # the asker moved on: the question of more time is moot
    return Clock(version=version, since=at, remaining=remaining, running=list(awaited),
                 extension=ext, resumed_after=clock.resumed_after)


def _moved_on_holiday(extension: dict[str, Any], mover: int | None) -> dict[str, Any]:
    """A player on holiday moved: the turn they had when it began is played, so at its end
    a new turn gets a fresh limit rather than that turn's time (app/features/clock/rest.py)."""
    hol = extension.get("holiday") or {}
    if mover is None or str(mover) not in hol:
        return extension
    return {**extension, "holiday": {**hol, str(mover): {**hol[str(mover)], "left": None}}}


def charge_now(clock: Clock, at: float) -> Clock:
    """The same clock re-based at ``at`` (running seats charged so far), same version."""
    remaining = [clock.left(s, at) for s in range(len(clock.remaining))]
    return replace(clock, since=at, remaining=remaining, extension=dict(clock.extension))


def stop_seat(clock: Clock, seat: int, at: float) -> Clock:
    """The seat's clock stops (a stand-in bot plays it now)."""
    c = charge_now(clock, at)
    c.running = [s for s in c.running if s != seat]
    return c


def take_back(clock: Clock, tc: TimeControl, seat: int, at: float, awaited: bool) -> Clock:
    """The player takes their seat back from the stand-in: a little time to play with."""
    c = charge_now(clock, at)
    if tc.kind == "realtime":
        c.remaining[seat] = max(c.remaining[seat], TAKE_BACK_MIN, tc.bank_seconds / 10)
    else:
        c.remaining[seat] = float(tc.turn_seconds)
    if awaited and seat not in c.running:
        c.running = sorted([*c.running, seat])
    return c


def to_doc(clock: Clock, tc: TimeControl, policy: str) -> dict[str, Any]:
    """``doc.clock``: what every viewer draws (times in server milliseconds since epoch)."""
    return {
        "kind": tc.kind,
        "version": clock.version,
        "since": round(clock.since * 1000),
        "remaining": [round(r * 1000) for r in clock.remaining],
        "running": list(clock.running),
        "deadlines": [round((clock.since + r) * 1000) if s in clock.running else None
                      for s, r in enumerate(clock.remaining)],
        "increment": tc.increment_seconds if tc.kind == "realtime" else 0,
        "turn_seconds": tc.turn_seconds if tc.kind == "turn" else 0,
        "out_of_time": policy,
        "extension": {"used": list(clock.extension.get("used", [])),
                      "ask": clock.extension.get("ask"),
                      "last": clock.extension.get("last")},
        # Holidays in progress (seat -> until, server ms), the seconds each seat spent on
        # holiday so far, and a break the table agreed to.
        "holiday": {s: round(float(h["until"]) * 1000)
                    for s, h in (clock.extension.get("holiday") or {}).items()},
        "holiday_used": {s: round(float(v)) for s, v in
                         (clock.extension.get("holiday_used") or {}).items()},
        "paused": _paused_doc(clock.extension.get("paused")),
    }


def _paused_doc(paused: dict[str, Any] | None) -> dict[str, Any] | None:
    return {"by": paused["by"], "since": round(float(paused["since"]) * 1000)} if paused else None


def to_row(clock: Clock) -> dict[str, Any]:
    """The ``clocks`` row of a clock."""
    return {"version": clock.version, "since": clock.since, "remaining": clock.remaining,
            "running": clock.running, "deadline": clock.deadline(),
            "extension": clock.extension, "resumed_after": clock.resumed_after}


def from_row(row: Any) -> Clock:
    """A clock from its ``clocks`` row."""
    return Clock(version=row["version"], since=row["since"],
                 remaining=[float(r) for r in row["remaining"]], running=list(row["running"]),
                 extension=dict(row["extension"] or {"used": [], "ask": None}),
                 resumed_after=row["resumed_after"])

"""Building Tuk-Tuk Taxi positions for rule tests (a real set-up, then the pieces moved)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core.rng import Rng
from engines.core.types import State
from engines.tuk_tuk_taxi import ENGINE


def make(players: int = 2, *, taxis: dict[int, str] | None = None,
         signs: dict[str, tuple[str, str | None] | str] | None = None,
         passengers: list[str] | None = None, carrying: dict[int, bool] | None = None,
         drawn: str = "slippery", phase: str = "roll", current: int = 0,
         stack: list[str] | None = None, options: dict[str, Any] | None = None,
         delivered: list[int] | None = None, last_drop: list[int | None] | None = None,
         ) -> State:
    """A game in ``phase`` for seat ``current``, with the given board."""
    s = ENGINE.setup(players, options or {}, seed=7)
    if taxis:
        for seat, cell in taxis.items():
            s["taxis"][seat] = cell
    s["signs"] = {}
    for cell, sign in (signs or {}).items():
        kind, direction = (sign, None) if isinstance(sign, str) else sign
        s["signs"][cell] = {"kind": kind, "dir": direction}
    s["passengers"] = list(passengers or [])
    for seat, flag in (carrying or {}).items():
        s["carrying"][seat] = flag
    s["drawn"] = drawn
    s["phase"] = phase
    s["current"] = current
    if stack is not None:
        s["stack"] = list(stack)
    if delivered is not None:
        s["delivered"] = list(delivered)
        s["last_drop"] = list(last_drop) if last_drop else [
            None if d == 0 else i + 1 for i, d in enumerate(delivered)]
        s["drops"] = sum(delivered)
    return s


@cache
def rng_for(value: int) -> int:
    """An rng position whose next die roll is ``value``."""
    for position in range(1000):
        if Rng(position).randint(1, 6) == value:
            return position
    raise AssertionError(value)


def act(s: State, seat: int, action: dict[str, Any]) -> State:
    """Apply one action (parsed like the server does)."""
    return ENGINE.apply(s, seat, ENGINE.parse_action(action)).state


def roll(s: State, value: int, seat: int | None = None) -> State:
    """Roll ``value`` for the current seat (phase "roll" or "no_parking")."""
    seat = s["current"] if seat is None else seat
    s = dict(s)
    s["rng"] = rng_for(value)
    kind = "roll" if s["phase"] == "roll" else "roll_again"
    return act(s, seat, {"type": kind})


def ends(s: State) -> set[str]:
    """The cells the taxi may end on now."""
    return {m["to"] for m in s["moves"]}


def move_to(s: State, cell: str, route: int | None = None) -> State:
    """Choose an end cell (and route)."""
    action: dict[str, Any] = {"type": "move", "to": cell}
    if route is not None:
        action["route"] = route
    return act(s, s["current"], action)


def option(s: State, cell: str) -> dict[str, Any]:
    """The one offered outcome ending on ``cell``."""
    found = [m for m in s["moves"] if m["to"] == cell]
    assert len(found) == 1, found
    return found[0]

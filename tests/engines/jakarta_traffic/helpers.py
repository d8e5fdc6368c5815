"""Builders for hand-made Jakarta Traffic positions used by the rule tests."""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.rules import begin_turn
from engines.jakarta_traffic.setup import make_tile

State = dict[str, Any]


def cell(x: int, y: int) -> int:
    """Cell index of 1-based (x, y)."""
    return (y - 1) * 5 + (x - 1)


def act(state: State, seat: int, **action: Any) -> State:
    """Apply one action dict and return the new state."""
    return ENGINE.apply(state, seat, ENGINE.parse_action(action)).state


def act_log(state: State, seat: int, **action: Any) -> tuple[State, list[str]]:
    """Apply one action and return the new state and the log texts."""
    result = ENGINE.apply(state, seat, ENGINE.parse_action(action))
    return result.state, [e.english() for e in result.log]


def walled_board() -> list[dict[str, Any]]:
    """25 pick-up tiles, each a P1 at rotation 0 (spur S, link W-E, wall N).

    A spur going south meets the wall of the tile below, so rides go nowhere unless a test
    overwrites the tiles it needs (the bottom row's spurs do meet through the alleys).
    """
    return [make_tile("pickup", "P1", 0) for _ in range(25)]


def position(players: int = 2, *, tiles: list[dict[str, Any]] | None = None,
             mopeds: list[int] | None = None, seat: int = 0,
             stacks: dict[int, tuple[str, int]] | None = None) -> State:
    """A game in ``seat``'s honk phase with the given tiles, mopeds and (only the given)
    order stacks."""
    state = ENGINE.setup(players, {}, seed=7)
    if tiles is not None:
        state["tiles"] = tiles
    state["mopeds"] = list(mopeds if mopeds is not None else range(players))
    state["stacks"] = [None] * 25
    for c, (order, count) in (stacks or {}).items():
        state["stacks"][c] = {"order": order, "count": count}
    begin_turn(state, seat)
    return state


def rng_position_rolling(*pairs: tuple[int, int]) -> int:
    """A generator position whose next dice rolls (white, black) are ``pairs`` in order."""
    for start in range(1, 10_000_000):
        rng = Rng(start * 7919)
        if all((rng.randint(1, 6), rng.randint(1, 6)) == p for p in pairs):
            return start * 7919
    raise AssertionError("no such position")


def land(state: State, seat: int, x: int, y: int) -> tuple[State, list[str]]:
    """Ride ``seat`` straight to (x, y) (as after a double 6) and return state and log."""
    state = dict(state, phase="pick_spot")
    return act_log(state, seat, type="pick_spot", x=x, y=y)

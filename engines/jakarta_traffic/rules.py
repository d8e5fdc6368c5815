"""Pure queries over a Jakarta Traffic state: coordinates, what blocks a honk or an order,
where a ride may end. Nothing here changes a state (the moves are in ``moves.py``).
"""

from __future__ import annotations

from functools import cache

from engines.jakarta_traffic.data import PASSENGERS, PHONE_CAPACITY, PICKUP, SIZE

# Test helpers set up positions through ``rules.begin_turn``; it lives with the turn's end.
from engines.jakarta_traffic.flow import begin_turn  # noqa: F401
from engines.jakarta_traffic.roads import destinations, tile_roads
from engines.jakarta_traffic.state import JakartaState, Tile

State = JakartaState


def cell_of(x: int, y: int) -> int:
    """The cell index of 1-based spec coordinates."""
    return (y - 1) * SIZE + (x - 1)


def coords(cell: int) -> tuple[int, int]:
    """The 1-based (x, y) of a cell."""
    return cell % SIZE + 1, cell // SIZE + 1


def place(cell: int) -> dict[str, str]:
    """A cell as a board reference for log lines and errors: ``{"cell": "x,y"}`` (1-based
    column and row, as the board labels its edges and the detour's dice name them)."""
    x, y = coords(cell)
    return {"cell": f"{x},{y}"}


# -- checks -------------------------------------------------------------------------------

def manipulation_blocker(state: State, cell: int) -> str | None:
    """Why the tile at ``cell`` may not be rotated or swapped (``"marker"``, ``"stack"`` or
    ``"moped"``, the cases of ``jakarta-traffic.err.untouchable``), or ``None`` if it may."""
    if state["marker"] == cell:
        return "marker"
    if state["stacks"][cell] is not None:
        return "stack"
    if cell in state["mopeds"]:
        return "moped"
    return None


def rotation_changes(tile: Tile, turns: int) -> bool:
    """True when turning the tile by ``turns`` quarter turns changes its roads (ruling 4)."""
    return tile_roads(tile["pattern"], tile["rot"]) != tile_roads(
        tile["pattern"], (tile["rot"] + turns) % 4)


#: Why an order cannot be accepted (ruling 1): the cases of ``jakarta-traffic.log.cannot_accept``.
NO_ENERGY = "no_energy"
PHONE_FULL = "phone_full"
SAME_TYPE = "same_type"
ONE_PASSENGER = "one_passenger"


def turnable_cells(state: JakartaState) -> list[int]:
    """The cells whose tile a honk may rotate: none under a stack, a moped or the marker."""
    blocked = {c for c, s in enumerate(state["stacks"]) if s is not None}
    blocked.update(m for m in state["mopeds"] if m is not None)
    if state["marker"] is not None:
        blocked.add(state["marker"])
    return [c for c in range(len(state["tiles"])) if c not in blocked]


@cache
def changing_turns(pattern: str, rot: int) -> tuple[int, ...]:
    """The quarter turns (1..3) that change a tile's roads."""
    return tuple(t for t in (1, 2, 3)
                 if tile_roads(pattern, rot) != tile_roads(pattern, (rot + t) % 4))


def accept_blocker(state: State, seat: int, order: str) -> str | None:
    """Why ``seat`` cannot accept an order of this type now, or ``None`` (ruling 1)."""
    phone = state["phone"][seat]
    if state["energy"][seat] < 1:
        return NO_ENERGY
    if len(phone) >= PHONE_CAPACITY:
        return PHONE_FULL
    if order in phone:
        return SAME_TYPE
    if order in PASSENGERS and any(o in PASSENGERS for o in phone):
        return ONE_PASSENGER
    return None


def vacant_pickups(state: State) -> list[int]:
    """Pick-up locations with no order stack, no moped and no marker (ruling 3)."""
    return [c for c, t in enumerate(state["tiles"])
            if t["kind"] == PICKUP and state["stacks"][c] is None
            and c not in state["mopeds"] and state["marker"] != c]


def ride_destinations(state: State, seat: int) -> list[int]:
    """Where the mover's ride can end this turn."""
    return destinations(state["tiles"], parked_at(state, seat))


def parked_at(state: State, seat: int) -> int:
    """The cell of a seat's moped (every moped is placed before the first turn)."""
    cell = state["mopeds"][seat]
    assert cell is not None, "a turn starts only once every moped is placed"
    return cell

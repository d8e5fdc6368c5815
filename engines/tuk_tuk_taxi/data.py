"""Tuk-Tuk Taxi component data: the board layout, the sign tiles and the die.

Everything here is data (the spec's tables); the geometry helpers at the bottom are derived
from it once at import. Cells are ``"r,c"`` strings (row first, 0 at the top) everywhere a
cell leaves this package; inside the route search they are ``(r, c)`` tuples.
"""

from __future__ import annotations

from typing import Final

Cell = tuple[int, int]

SIZE: Final = 13
#: Rows and columns that are streets.
STREET_LINES: Final = (0, 4, 8, 12)
#: Traffic lights stand on the four inner intersections.
TRAFFIC_LIGHTS: Final[frozenset[Cell]] = frozenset({(4, 4), (4, 8), (8, 4), (8, 8)})
#: Taxi stops by seat: seat 0 gets the top-left corner, then clockwise.
TAXI_STOPS: Final[tuple[Cell, ...]] = ((0, 0), (0, 12), (12, 12), (12, 0))
#: The brown rectangles: inner-ring street cells that are not intersections.
PASSENGER_SPOTS: Final[tuple[Cell, ...]] = (
    (4, 5), (4, 6), (4, 7), (8, 5), (8, 6), (8, 7),
    (5, 4), (6, 4), (7, 4), (5, 8), (6, 8), (7, 8),
)
#: Passengers set out for 2, 3 and 4 players.
PASSENGERS_FOR_PLAYERS: Final = {2: 4, 3: 6, 4: 8}
GAS_STATIONS: Final[tuple[Cell, ...]] = ((0, 6), (12, 6))
MECHANICS: Final[tuple[Cell, ...]] = ((6, 0), (6, 12))

# -- sign tiles ------------------------------------------------------------------------------
#: kind -> (display name, count in the stack, starred (removed in the simplified variant),
#: group). Groups: "road" is placed on a street cell, "action" is resolved when drawn
#: ("police" is an action sign that is placed like a road sign).
TILES: Final[dict[str, tuple[str, int, bool, str]]] = {
    "slippery": ("Slippery road", 6, False, "road"),
    "no_parking": ("No parking", 6, False, "road"),
    "no_stopping": ("No stopping", 6, False, "road"),
    "warning": ("Warning: pedestrian crossing ahead", 6, False, "road"),
    "pedestrian_crossing": ("Pedestrian crossing", 6, False, "road"),
    "speed_limit": ("Speed limit 40", 6, False, "road"),
    "stop": ("Stop", 6, False, "road"),
    "no_entry": ("No entry", 6, True, "road"),
    "turn_right": ("Mandatory turn right", 4, False, "road"),
    "turn_left": ("Mandatory turn left", 4, False, "road"),
    "one_way": ("One-way traffic", 4, True, "road"),
    "mechanic": ("Mechanic", 5, False, "action"),
    "gas_station": ("Gas station", 5, False, "action"),
    "police": ("Police", 5, False, "action"),
    "remove_sign": ("Remove a sign", 5, False, "action"),
}
#: Tiles the player places on the board (cell, and direction for some).
PLACED: Final = frozenset(k for k, v in TILES.items() if v[3] == "road") | {"police"}
MANDATORY_TURNS: Final = frozenset({"turn_right", "turn_left"})
#: Signs that stop a taxi from entering their cell except as the turn's first step.
HALT_BEFORE: Final = frozenset({"stop", "pedestrian_crossing"})
#: Signs whose effect acts at most once per turn (spec turn structure 5), by what makes them
#: act: entering the cell, leaving it, or stopping on it. A sign the taxi starts its turn on
#: has not been entered (S17), and one it only drives over has not been stopped on (S18).
#: Police are not among them: passing them slowly does not use them up, and speeding ends
#: the turn (S12).
ACTS_ON_ENTERING: Final = frozenset({"slippery", "speed_limit"})
ACTS_ON_LEAVING: Final = frozenset({"warning"})
ACTS_ON_STOPPING: Final = frozenset({"no_parking", "no_stopping"})
#: Speed limit 40: once entered, no step beyond this number in a roll this turn (S6, S14).
SPEED_LIMIT_STEPS: Final = 4
#: No stopping: the taxi drives this many steps onward.
NO_STOPPING_STEPS: Final = 5
#: Police catch a taxi that drives past them after one of these rolls.
SPEEDING_ROLLS: Final = frozenset({5, 6})

# -- the die ---------------------------------------------------------------------------------
DIE_COLOURS: Final = {1: "red", 2: "red", 3: "green", 4: "yellow", 5: "green", 6: "yellow"}

# -- directions ------------------------------------------------------------------------------
DIRECTIONS: Final = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
RIGHT_OF: Final = {"N": "E", "E": "S", "S": "W", "W": "N"}
LEFT_OF: Final = {v: k for k, v in RIGHT_OF.items()}


# -- derived geometry ------------------------------------------------------------------------
def _is_street(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE and (r in STREET_LINES or c in STREET_LINES)


STREETS: Final[tuple[Cell, ...]] = tuple(
    (r, c) for r in range(SIZE) for c in range(SIZE) if _is_street(r, c))
INTERSECTIONS: Final[frozenset[Cell]] = frozenset(
    (r, c) for r in STREET_LINES for c in STREET_LINES)
#: cell -> [(direction, neighbour)] in a fixed order (N, E, S, W).
NEIGHBOURS: Final[dict[Cell, tuple[tuple[str, Cell], ...]]] = {
    (r, c): tuple((d, (r + dr, c + dc)) for d, (dr, dc) in DIRECTIONS.items()
                  if _is_street(r + dr, c + dc))
    for (r, c) in STREETS
}


def step(cell: Cell, direction: str) -> Cell | None:
    """The street cell one step from ``cell`` in ``direction`` (``None`` off the streets)."""
    dr, dc = DIRECTIONS[direction]
    nxt = (cell[0] + dr, cell[1] + dc)
    return nxt if _is_street(*nxt) else None


def acted_on_the_way(kinds: list[str]) -> list[int]:
    """Which cells of a leg's route acted on the taxi driving it, as indexes into ``kinds``.

    ``kinds`` are the sign kinds (``""`` for none) of the cells the taxi drove through, the
    leg's start first and its end left out (what happens at the end is decided there). A
    Warning acts when left, so also on the start; Slippery road and Speed limit 40 act when
    entered, so not on the start (S17); No parking and No stopping act only where the taxi
    stops, never on the way (S18).
    """
    return [i for i, kind in enumerate(kinds)
            if kind in ACTS_ON_LEAVING or (kind in ACTS_ON_ENTERING and i > 0)]


def direction_between(a: Cell, b: Cell) -> str:
    """The direction of the step from ``a`` to the adjacent cell ``b``."""
    return {(-1, 0): "N", (0, 1): "E", (1, 0): "S", (0, -1): "W"}[(b[0] - a[0], b[1] - a[1])]


def segment_of(cell: Cell) -> tuple[Cell, ...]:
    """The street segment (between two intersections, both excluded) holding ``cell``.

    Intersections belong to no segment: the empty tuple.
    """
    if cell in INTERSECTIONS:
        return ()
    r, c = cell
    if r in STREET_LINES:  # a row street: the segment runs along the columns
        lo = c - c % 4
        return tuple((r, cc) for cc in range(lo + 1, lo + 4))
    lo = r - r % 4
    return tuple((rr, c) for rr in range(lo + 1, lo + 4))


#: cell -> its segment, for every non-intersection street cell.
SEGMENTS: Final[dict[Cell, tuple[Cell, ...]]] = {
    cell: segment_of(cell) for cell in STREETS if cell not in INTERSECTIONS}


def along_street(cell: Cell) -> tuple[str, str]:
    """The two directions a one-way sign on this (non-intersection) cell may point."""
    return ("E", "W") if cell[0] in STREET_LINES else ("N", "S")


def entry_directions(cell: Cell) -> tuple[str, ...]:
    """Travel directions with which a taxi can drive into ``cell`` (for mandatory turns)."""
    out = []
    for d, (dr, dc) in DIRECTIONS.items():
        if _is_street(cell[0] - dr, cell[1] - dc):
            out.append(d)
    return tuple(out)


_KEYS: Final[dict[Cell, str]] = {cell: f"{cell[0]},{cell[1]}" for cell in STREETS}
_CELLS: Final[dict[str, Cell]] = {key: cell for cell, key in _KEYS.items()}


def cell_key(cell: Cell) -> str:
    """``(r, c)`` -> ``"r,c"``."""
    key = _KEYS.get(cell)
    return key if key is not None else f"{cell[0]},{cell[1]}"


def parse_cell(key: str) -> Cell:
    """``"r,c"`` -> ``(r, c)``."""
    cell = _CELLS.get(key)
    if cell is not None:
        return cell
    r, c = key.split(",")
    return (int(r), int(c))


#: The board as the renderer receives it (static; sent inside every view).
BOARD_VIEW: Final = {
    "size": SIZE,
    "street_lines": list(STREET_LINES),
    "traffic_lights": sorted(cell_key(c) for c in TRAFFIC_LIGHTS),
    "taxi_stops": [cell_key(c) for c in TAXI_STOPS],
    "passenger_spots": [cell_key(c) for c in PASSENGER_SPOTS],
    "gas_stations": [cell_key(c) for c in GAS_STATIONS],
    "mechanics": [cell_key(c) for c in MECHANICS],
}
TILE_NAMES: Final = {k: v[0] for k, v in TILES.items()}

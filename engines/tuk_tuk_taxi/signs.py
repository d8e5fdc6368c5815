"""Where a drawn sign may go (spec ruling 3) and what it does to the board when placed."""

from __future__ import annotations

from typing import Any

from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.data import Cell, cell_key


def placements(kind: str, taxis: list[str] | tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Cells (``"r,c"``) where a sign of ``kind`` may go now, each with its directions.

    Any street cell except a traffic light, a taxi stop or a cell with a taxi. Mandatory
    turns only on intersections (direction: the travel direction of the cars they govern,
    one per side a car can come from); one-way signs only off intersections (direction:
    either way along the street). Other signs have no direction (empty tuple).
    The answer does not depend on the signs already standing (a sign may replace another).
    The result is cached and shared: callers must not change it.
    """
    spaces = _spaces(kind)
    key = (kind, tuple(taxis))
    hit = _PLACEMENTS.get(key)
    if hit is None or hit[0] is not spaces:
        if len(_PLACEMENTS) > 4096:
            _PLACEMENTS.clear()
        hit = (spaces, {cell: dirs for cell, dirs in spaces if cell not in taxis})
        _PLACEMENTS[key] = hit
    return hit[1]


_PLACEMENTS: dict[tuple[str, tuple[str, ...]],
                  tuple[list[tuple[str, tuple[str, ...]]], dict[str, tuple[str, ...]]]] = {}


def _spaces(kind: str) -> list[tuple[str, tuple[str, ...]]]:
    """The cells a sign of ``kind`` may go on an empty board (cached per board layout)."""
    shape = "turn" if kind in data.MANDATORY_TURNS else "one_way" if kind == "one_way" else ""
    marker = (shape, data.STREETS, data.TRAFFIC_LIGHTS, data.TAXI_STOPS, data.INTERSECTIONS)
    cached = _CACHE.get(shape)
    if cached is not None and cached[0] == marker:
        return cached[1]
    out: list[tuple[str, tuple[str, ...]]] = []
    for cell in data.STREETS:
        if cell in data.TRAFFIC_LIGHTS or cell in data.TAXI_STOPS:
            continue
        at_crossing = cell in data.INTERSECTIONS
        if shape == "turn":
            if at_crossing:
                out.append((cell_key(cell), data.entry_directions(cell)))
        elif shape == "one_way":
            if not at_crossing:
                out.append((cell_key(cell), data.along_street(cell)))
        else:
            out.append((cell_key(cell), ()))
    _CACHE[shape] = (marker, out)
    return out


_CACHE: dict[str, tuple[object, list[tuple[str, tuple[str, ...]]]]] = {}


def place(signs: dict[str, Any], kind: str, cell: Cell, direction: str | None) -> int:
    """Put the sign on the board (mutates ``signs``); returns how many tiles left the game.

    A sign already on the cell is replaced, and a one-way sign replaces any other one-way
    sign in its street segment (ruling 3).
    """
    gone = 0
    key = cell_key(cell)
    if key in signs:
        gone += 1
    if kind == "one_way":
        for other in data.segment_of(cell):
            okey = cell_key(other)
            if okey != key and signs.get(okey, {}).get("kind") == "one_way":
                del signs[okey]
                gone += 1
    signs[key] = {"kind": kind, "dir": direction}
    return gone

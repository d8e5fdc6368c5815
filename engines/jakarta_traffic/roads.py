"""The road network: rotated tile roads, the frame's alleys and where a ride can end.

A ride state is (cell, port it entered through). Entering through a spur parks the moped;
through a link the ride continues out of the link's other ports; through a wall it stops.
Cells are 0..24, ``cell = y * 5 + x`` with 0-based x (column) and y (row).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache
from typing import Any

from engines.jakarta_traffic.data import ALLEYS, PATTERNS, PORT_STEP, SIZE, E, N, S, W
from engines.jakarta_traffic.state import Tile

CELLS = SIZE * SIZE
SPUR = -1  # marks a spur in an entry table


def rotate_port(port: int, rot: int) -> int:
    """Where a pattern's port sits after ``rot`` clockwise quarter turns."""
    return (port + rot) % 4


@cache
def tile_roads(pattern: str, rot: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(spurs, links) of a pattern at a rotation, as sorted port tuples."""
    pat = PATTERNS[pattern]
    spurs = tuple(sorted(rotate_port(p, rot) for p in pat["spurs"]))
    links = tuple(sorted(tuple(sorted(rotate_port(p, rot) for p in link))
                         for link in pat["links"]))
    return spurs, links


@cache
def entry_table(pattern: str, rot: int) -> tuple[Any, ...]:
    """For each port: ``SPUR``, or the tuple of ports a ride entering there may leave by."""
    spurs, links = tile_roads(pattern, rot)
    table: list[Any] = [() for _ in range(4)]
    for p in spurs:
        table[p] = SPUR
    for link in links:
        for p in link:
            table[p] = tuple(q for q in link if q != p)
    return tuple(table)


def outer_port_side(outer: int) -> tuple[int, int]:
    """The (cell, side) an outer port of the frame belongs to (numbered clockwise)."""
    edge, k = divmod(outer, SIZE)
    if edge == 0:
        return k, N
    if edge == 1:
        return k * SIZE + SIZE - 1, E
    if edge == 2:
        return (SIZE - 1) * SIZE + (SIZE - 1 - k), S
    return (SIZE - 1 - k) * SIZE, W


def _build_next() -> list[tuple[int, int]]:
    """``NEXT[cell * 4 + port]``: the (cell, entry port) a ride reaches leaving by that port."""
    partner: dict[int, int] = {}
    for a, b in ALLEYS:
        partner[a], partner[b] = b, a
    outer_of = {outer_port_side(o): o for o in range(4 * SIZE)}
    table: list[tuple[int, int]] = []
    for cell in range(CELLS):
        x, y = cell % SIZE, cell // SIZE
        for port in range(4):
            dx, dy = PORT_STEP[port]
            nx, ny = x + dx, y + dy
            if 0 <= nx < SIZE and 0 <= ny < SIZE:
                table.append((ny * SIZE + nx, (port + 2) % 4))
            else:
                table.append(outer_port_side(partner[outer_of[(cell, port)]]))
    return table


NEXT: list[tuple[int, int]] = _build_next()


def reachable(tiles: Sequence[Tile], start: int) -> dict[int, list[list[Any]]]:
    """Every parking spot a ride from ``start`` can end at (not ``start``), with one route.

    A route is a list of ``[cell, in_port, out_port]`` hops: the first hop has no in-port
    (it leaves the start spot), the last no out-port (it parks).
    """
    tables = [entry_table(t["pattern"], t["rot"]) for t in tiles]
    parent: dict[tuple[int, int], tuple[int, int] | None] = {}
    queue: deque[tuple[int, int]] = deque()
    for port in range(4):
        if tables[start][port] == SPUR:
            nxt = NEXT[start * 4 + port]
            if nxt not in parent:
                parent[nxt] = None
                queue.append(nxt)
    found: dict[int, tuple[int, int]] = {}
    while queue:
        node = queue.popleft()
        cell, port = node
        exits = tables[cell][port]
        if exits == SPUR:
            if cell != start and cell not in found:
                found[cell] = node
            continue
        for out in exits:
            nxt = NEXT[cell * 4 + out]
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    return {cell: _route(parent, node, start) for cell, node in found.items()}


def destinations(tiles: Sequence[Tile], start: int) -> list[int]:
    """The cells a ride from ``start`` can park at, sorted (no routes: the hot path)."""
    return ride(tuple(entry_table(t["pattern"], t["rot"]) for t in tiles), start)[0]


def ride(tables: Sequence[tuple[Any, ...]], start: int) -> tuple[list[int], set[int]]:
    """Over the tiles' entry tables: (the cells a ride from ``start`` can park at, sorted;
    every cell whose roads the ride looked at). Only a tile in the second set can change
    the first when it is turned or swapped, so a bot trying honks swaps one table at a time
    and tries those tiles alone."""
    seen: set[tuple[int, int]] = set()
    touched: set[int] = set()
    stack = [NEXT[start * 4 + p] for p in range(4) if tables[start][p] == SPUR]
    found: set[int] = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        cell, port = node
        touched.add(cell)
        exits = tables[cell][port]
        if exits == SPUR:
            found.add(cell)
            continue
        for out in exits:
            stack.append(NEXT[cell * 4 + out])
    found.discard(start)
    return sorted(found), touched


def _route(parent: dict[tuple[int, int], tuple[int, int] | None], node: tuple[int, int],
           start: int) -> list[list[Any]]:
    hops: list[list[Any]] = [[node[0], node[1], None]]
    cur: tuple[int, int] | None = node
    while cur is not None:
        prev = parent[cur]
        if prev is None:
            # The first hop leaves the start spot by the port that leads to ``cur``.
            out = next(p for p in range(4) if NEXT[start * 4 + p] == cur)
            hops.append([start, None, out])
        else:
            out = next(p for p in range(4) if NEXT[prev[0] * 4 + p] == cur)
            hops.append([prev[0], prev[1], out])
        cur = prev
    hops.reverse()
    return hops

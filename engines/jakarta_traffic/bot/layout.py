"""The bots' map of the roads: for one layout of the tiles, where a ride from every spot can
end and how many turns of riding separate any two spots (cached per layout).

The bots ask these questions many thousand times per decision (every candidate ride, every
node of the search, every playout move), and a layout changes only when someone honks, so
the answers are worked out once per layout. The rules' own :func:`roads.destinations` stays
the authority for what a ride may do; this module is only the bots' fast copy of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.jakarta_traffic.data import BUILDING, CHARGING, SIZE
from engines.jakarta_traffic.roads import entry_table, ride
from engines.jakarta_traffic.rules import changing_turns
from engines.jakarta_traffic.state import JakartaState, Tile

CELLS = SIZE * SIZE
#: Turns the bots count for a spot no ride reaches: a honk or a detour gets there, slowly.
FAR = 4
#: Layouts kept; a bench run plays hundreds of games in one process.
CACHE_LIMIT = 20_000

LayoutKey = tuple[tuple[tuple[str, str, int, str | None], ...], frozenset[int]]


@dataclass(frozen=True)
class Layout:
    """One layout of the tiles, as the bots see it."""

    #: ``dests[c]``: the spots a ride from ``c`` can end at (never ``c`` itself).
    dests: tuple[tuple[int, ...], ...]
    #: ``dist[a][b]``: turns (a honk, then a ride) from ``a`` to ``b`` (``dist[a][a]``:
    #: leaving and coming back), at most :data:`FAR`.
    dist: tuple[tuple[int, ...], ...]
    #: ``charged[a][b]``: turns from ``a`` to ``b`` by way of a charging station (``b`` itself
    #: if it is one): how far ``b`` is with an empty battery that must be spent there.
    charged: tuple[tuple[int, ...], ...]
    #: The building of each address.
    building: dict[str, int]
    chargers: tuple[int, ...]


_CACHE: dict[LayoutKey, Layout] = {}


def layout(tiles: Sequence[Tile], fixed: frozenset[int] = frozenset()) -> Layout:
    """The (cached) :class:`Layout` of ``tiles`` when the tiles in ``fixed`` cannot be
    turned (an order stack or the manipulation marker is on them)."""
    key = (tuple((t["kind"], t["pattern"], t["rot"], t["address"]) for t in tiles), fixed)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = _build(tiles, fixed)
    return found


def state_layout(state: JakartaState) -> Layout:
    """The layout of a state's tiles, with its order stacks and the manipulation marker
    fixing theirs. The marker can stay on one tile for the rest of the game (until someone
    parks there), and a plan that turns it sent two bots shuttling between two spots for
    ever; it moves only with a honk, which changes the tiles (and so the key) anyway. The
    mopeds, which move every turn, are left out of the key: they block the odd honk."""
    fixed = {c for c, s in enumerate(state["stacks"]) if s is not None}
    if state["marker"] is not None:
        fixed.add(state["marker"])
    return layout(state["tiles"], frozenset(fixed))


def ride_ends(tiles: Sequence[Tile], start: int) -> tuple[list[int], set[int]]:
    """(where a ride from ``start`` ends, every cell whose roads the ride looked at).

    Only a tile in the second set can change the first when it is turned or swapped, so a
    bot trying honks tries those tiles alone.
    """
    tables = [entry_table(t["pattern"], t["rot"]) for t in tiles]
    return ride(tables, start)




def _honk_reach(tables: list[tuple[Any, ...]], tiles: Sequence[Tile], start: int,
                plain: tuple[int, ...], fixed: frozenset[int]) -> set[int]:
    """The spots a ride from ``start`` reaches after rotating at most one tile it passes
    (a swap is rarer and costlier: left to the turn's own search)."""
    found = set(plain)
    _, touched = ride(tables, start)
    for cell in touched:
        if cell == start or cell in fixed:
            continue
        tile, old = tiles[cell], tables[cell]
        for turns in changing_turns(tile["pattern"], tile["rot"]):
            tables[cell] = entry_table(tile["pattern"], (tile["rot"] + turns) % 4)
            found.update(ride(tables, start)[0])
        tables[cell] = old
    return found


def _build(tiles: Sequence[Tile], fixed: frozenset[int]) -> Layout:
    tables = [entry_table(t["pattern"], t["rot"]) for t in tiles]
    dests = tuple(tuple(ride(tables, c)[0]) for c in range(CELLS))
    # A turn is a honk and a ride: the distances count the spots one honk opens too.
    reach = [_honk_reach(tables, tiles, c, dests[c], fixed) for c in range(CELLS)]
    dist: list[tuple[int, ...]] = []
    for a in range(CELLS):
        row = [FAR] * CELLS
        frontier = list(reach[a])
        steps = 1
        reached: set[int] = set()
        while frontier and steps < FAR:
            nxt: list[int] = []
            for c in frontier:
                if c in reached:
                    continue
                reached.add(c)
                row[c] = steps
                nxt.extend(reach[c])
            frontier = nxt
            steps += 1
        dist.append(tuple(row))
    building = {t["address"]: c for c, t in enumerate(tiles)
                if t["kind"] == BUILDING and t["address"] is not None}
    chargers = tuple(c for c, t in enumerate(tiles) if t["kind"] == CHARGING)
    charged = []
    for a in range(CELLS):
        row = [4 * FAR] * CELLS
        for c in chargers:
            first = dist[a][c]
            onward = dist[c]
            for b in range(CELLS):
                if first + onward[b] < row[b]:
                    row[b] = first + onward[b]
        for c in chargers:
            row[c] = dist[a][c]
        charged.append(tuple(row))
    return Layout(dests=dests, dist=tuple(dist), charged=tuple(charged), building=building,
                  chargers=chargers)

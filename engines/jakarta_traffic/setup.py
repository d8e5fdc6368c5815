"""Set-up (spec "Set-up" 1-4): deal the tiles, place the order stacks, lay out the board."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from engines.core.rng import Rng
from engines.jakarta_traffic.data import (
    ADDRESSES,
    BUILDING,
    BUILDINGS,
    CHARGING,
    MAX_ENERGY,
    ORDER_TYPES,
    PICKUP,
    SIZE,
    SLOT_COUNT,
    STAR_SUPPLY,
    STREET_TILES,
)

Tile = dict[str, Any]


def make_tile(kind: str, pattern: str, rot: int = 0, address: str | None = None) -> Tile:
    """A street tile as it is stored in the state."""
    return {"kind": kind, "pattern": pattern, "rot": rot, "address": address}


def deal_tiles(rng: Rng) -> tuple[list[Tile], list[Tile]]:
    """Deal the 25 board tiles row by row and return (board, the 5 pick-ups left over).

    Each row is one pile of 3 pick-up, 1 charging and 1 building tile, shuffled; a building
    in the same column as the building of the row above is swapped with another tile of its
    row so no two buildings touch (one building per row, so only columns can clash).
    """
    pickups = [make_tile(k, p) for k, p, n in STREET_TILES if k == PICKUP for _ in range(n)]
    chargers = [make_tile(k, p) for k, p, n in STREET_TILES if k == CHARGING for _ in range(n)]
    buildings = [make_tile(BUILDING, p, address=a) for a, p in BUILDINGS.items()]
    for pile in (pickups, chargers, buildings):
        rng.shuffle(pile)
    board: list[Tile] = []
    above: int | None = None
    for row in range(SIZE):
        tiles = pickups[row * 3:row * 3 + 3] + [chargers[row], buildings[row]]
        rng.shuffle(tiles)
        col = next(i for i, t in enumerate(tiles) if t["kind"] == BUILDING)
        if col == above:
            others = [i for i in range(SIZE) if i != col]
            swap = others[rng.below(len(others))]
            tiles[col], tiles[swap] = tiles[swap], tiles[col]
            col = swap
        above = col
        board.extend(tiles)
    for tile in board:
        tile["rot"] = rng.below(4)
    return board, pickups[15:]


def stack_placements(board: list[Tile]) -> list[list[int]]:
    """Every way to put 5 stacks on pick-up cells, one per row and column (cells by row)."""
    found = []
    for cols in permutations(range(SIZE)):
        cells = [row * SIZE + col for row, col in enumerate(cols)]
        if all(board[c]["kind"] == PICKUP for c in cells):
            found.append(cells)
    return found


def initial_state(players: int, seed: int) -> dict[str, Any]:
    """The state before the mopeds are placed (dealing again while no placement exists)."""
    rng = Rng.from_seed(seed)
    deals = 0
    while True:
        deals += 1
        board, spare = deal_tiles(rng)
        placements = stack_placements(board)
        if placements:
            break
    cells = placements[rng.below(len(placements))]
    types = list(ORDER_TYPES)
    rng.shuffle(types)
    stacks: list[dict[str, Any] | None] = [None] * (SIZE * SIZE)
    for cell, order in zip(cells, types, strict=True):
        stacks[cell] = {"order": order, "count": players + 1}
    rows = list(ORDER_TYPES)
    rng.shuffle(rows)
    addresses = list(ADDRESSES)
    rng.shuffle(addresses)
    rng.shuffle(spare)
    return {
        "players": players,
        "deals": deals,
        "tiles": board,
        "hand": spare[:players],
        "stacks": stacks,
        "board": {"rows": rows, "slots": addresses[:SLOT_COUNT], "idle": addresses[SLOT_COUNT:]},
        "supply": {str(v): n for v, n in STAR_SUPPLY.items()},
        "marker": None,
        "mopeds": [None] * players,
        "energy": [MAX_ENERGY] * players,
        "bubbles": [0] * players,
        "phone": [[] for _ in range(players)],
        "stars": [[] for _ in range(players)],
        "delivered": [[] for _ in range(players)],
        "phase": "start",
        "current": players - 1,
        "turn": 0,
        "start_cell": None,
        "dice": None,
        "pending": None,
        "end_triggered": False,
        "rng": rng.position,
    }

"""The walk in progress: which cards a walk can end on, the next steps of its path, and
who may walk together along it."""

from __future__ import annotations

from typing import Any

from engines.kaki_lima.board import (
    BLOCKED,
    ORTHOGONAL,
    WALKABLE,
    is_clear_path,
    kinds,
    step_options,
    walk_ends,
)
from engines.kaki_lima.rules import combos

State = dict[str, Any]


def tokens_for(state: State, seat: int, combo: dict[str, Any]) -> int:
    """Tokens usable on the walk: those held plus one from a Pick Up Clearing Token booster."""
    bonus = 1 if combo["pickup"] and state["pool"] > 0 else 0
    return state["held"][seat] + bonus


def combo_ends(state: State, seat: int, combo: dict[str, Any],
               grid: tuple[int, ...] | None = None) -> list[int]:
    """Cards this combination's walk can end on, from the pedestrian's card."""
    grid = grid if grid is not None else kinds(state)
    ends = walk_ends(grid, state["pos"][seat], None, combo["steps"],
                     diagonal=combo["diagonal"], reverse=combo["reverse"],
                     around=combo["around"], tokens=tokens_for(state, seat, combo))
    return sorted(ends)


def walk_choices(state: State, seat: int) -> list[tuple[dict[str, Any], list[int]]]:
    """(combination, end cards) for every combination of the hand that can walk somewhere."""
    grid = kinds(state)
    out = []
    for combo in combos(state["hands"][seat], state["turn"]["committed"]):
        ends = combo_ends(state, seat, combo, grid)
        if ends:
            out.append((combo, ends))
    return out


def steps_left(walk: dict[str, Any]) -> int:
    """Steps still to give on the path."""
    return walk["steps"] - (len(walk["path"]) - 1)


def next_steps(state: State, tokens: int | None = None) -> list[tuple[int, bool]]:
    """(card, clear it) for each next step from which the chosen end stays reachable."""
    walk = state["turn"]["walk"]
    seat = state["current"]
    tok = state["held"][seat] if tokens is None else tokens
    path = walk["path"]
    here = path[-1]
    prev = path[-2] if len(path) > 1 else None
    left = steps_left(walk) - 1
    grid = kinds(state)
    end = walk["end"]
    flags = {"diagonal": walk["diagonal"], "reverse": walk["reverse"], "around": walk["around"]}
    out = []
    for n in step_options(grid, here, prev, walk["diagonal"], walk["reverse"]):
        kind = grid[n]
        if kind == WALKABLE:
            if end in walk_ends(grid, n, here, left, tokens=tok, **flags):
                out.append((n, False))
        elif kind == BLOCKED:
            if walk["around"] and left > 0 and end in walk_ends(grid, n, here, left, tokens=tok,
                                                                **flags):
                out.append((n, False))
            if tok > 0 and n in ORTHOGONAL[here]:
                cleared = grid[:n] + (WALKABLE,) + grid[n + 1:]
                if end in walk_ends(cleared, n, here, left, tokens=tok - 1, **flags):
                    out.append((n, True))
    return out


def walk_survives(state: State, seat: int, target: int | None, tokens_spent: int) -> bool:
    """Whether the walk in progress can still reach its end if ``seat`` spends tokens (and
    ``target`` is cleared). Only the walker's own tokens can break a chosen walk."""
    turn = state["turn"]
    if state["phase"] != "play" or turn["stage"] != "path" or seat != state["current"]:
        return True
    if steps_left(turn["walk"]) == 0:
        return True
    cleared = state["cleared"]
    if target is not None:
        cleared.append(target)
    try:
        return bool(next_steps(state, state["held"][seat] - tokens_spent))
    finally:
        if target is not None:
            cleared.pop()


def walk_together_candidates(state: State) -> list[dict[str, int]]:
    """Pedestrians standing on a Green or cleared card of the finished path, in path order
    (spec ruling 5); each with the steps it could come along."""
    turn = state["turn"]
    walk = turn["walk"]
    path = walk["path"]
    walker = state["current"]
    n = state["n"]
    found = []
    for other in range(n):
        if other == walker:
            continue
        where = state["pos"][other]
        if where not in path[:-1] or not is_clear_path(state, where):
            continue
        idx = path.index(where)
        if companion_steps(state, idx):
            found.append({"seat": other, "idx": idx})
    found.sort(key=lambda c: (c["idx"], (c["seat"] - walker) % n))
    return found


def companion_steps(state: State, idx: int) -> list[int]:
    """How many of the remaining steps a companion picked up at path[idx] may come along:
    at least one, never ending on a Red card."""
    path = state["turn"]["walk"]["path"]
    grid = kinds(state)
    return [k for k in range(1, len(path) - idx) if grid[path[idx + k]] == WALKABLE]

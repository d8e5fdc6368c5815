"""Grid geometry and walking: neighbours, lines without gaps, and which cards a walk can end on.

A cell is ``row * COLS + column`` (0-based). ``kinds`` turns a state's grid into one small
int per cell (gap, walkable, blocked) so the searches below stay fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from engines.kaki_lima.data import COLS, GAP, GAPS, GREEN, LOKASI, RED, ROWS

GAP_KIND = 0
WALKABLE = 1
BLOCKED = 2

CELLS = ROWS * COLS
GAP_CELLS = frozenset(r * COLS + c for r, c in GAPS)


def cell(row: int, col: int) -> int:
    """The cell index of a 0-based (row, column)."""
    return row * COLS + col


def _neighbours(diagonal: bool) -> tuple[tuple[int, ...], ...]:
    out = []
    for i in range(CELLS):
        r, c = divmod(i, COLS)
        deltas = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if diagonal:
            deltas += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        found = []
        for dr, dc in deltas:
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS and cell(rr, cc) not in GAP_CELLS:
                found.append(cell(rr, cc))
        out.append(tuple(found))
    return tuple(out)


ORTHOGONAL = _neighbours(False)
ALL_EIGHT = _neighbours(True)
BORDER = frozenset(
    i for i in range(CELLS)
    if i not in GAP_CELLS and (i // COLS in (0, ROWS - 1) or i % COLS in (0, COLS - 1))
)


def in_line(a: int, b: int) -> bool:
    """Same row or column with no grid gap between them (gaps break a line, rulebook)."""
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    if ra == rb:
        lo, hi = sorted((ca, cb))
        return all(cell(ra, c) not in GAP_CELLS for c in range(lo, hi + 1))
    if ca == cb:
        lo, hi = sorted((ra, rb))
        return all(cell(r, ca) not in GAP_CELLS for r in range(lo, hi + 1))
    return False


def kinds(state: dict[str, Any]) -> tuple[int, ...]:
    """Per cell: gap, walkable (Green, Orange or cleared Red) or blocked (uncleared Red)."""
    return _kinds(tuple(state["cells"]), frozenset(state["cleared"]))


@lru_cache(maxsize=1024)
def _kinds(cells: tuple[str, ...], cleared: frozenset[int]) -> tuple[int, ...]:
    out = []
    for i, card in enumerate(cells):
        if card == GAP:
            out.append(GAP_KIND)
        elif card == RED and i not in cleared:
            out.append(BLOCKED)
        else:
            out.append(WALKABLE)
    return tuple(out)


def is_lokasi(card: str) -> bool:
    """True for an Orange Lokasi card."""
    return card in LOKASI


def is_clear_path(state: dict[str, Any], i: int) -> bool:
    """Green or cleared (flipped Red) card: where pedestrians can be picked up."""
    card = state["cells"][i]
    return card == GREEN or (card == RED and i in state["cleared"])


def step_options(grid: tuple[int, ...], here: int, prev: int | None, diagonal: bool,
                 reverse: bool) -> tuple[int, ...]:
    """Cards one step can reach from ``here`` (ignoring what they are)."""
    near = ALL_EIGHT[here] if diagonal else ORTHOGONAL[here]
    if reverse or prev is None:
        return near
    return tuple(n for n in near if n != prev)


def walk_ends(grid: tuple[int, ...], start: int, prev: int | None, steps: int, *,
              diagonal: bool, reverse: bool, around: bool, tokens: int) -> frozenset[int]:
    """Every card an exact ``steps`` walk can end on.

    A walk never enters a gap and never ends on a blocked card. It steps onto a blocked card
    only with Around Blocked Paths, or by clearing it with one of ``tokens`` clearing tokens
    when it is straight ahead of the card it steps from (spec ruling 7: in line with the walk).
    Search is layer by layer over (card, previous card, tokens left, cards cleared on the way).
    Results are cached: the same question comes up for the bot, the templates and the rules.
    """
    return _walk_ends(grid, start, prev, steps, diagonal, reverse, around, tokens)


@lru_cache(maxsize=8192)
def _walk_ends(grid: tuple[int, ...], start: int, prev: int | None, steps: int, diagonal: bool,
               reverse: bool, around: bool, tokens: int) -> frozenset[int]:
    if tokens == 0:
        return _plain_ends(grid, start, -1 if prev is None else prev, steps, diagonal, reverse,
                           around)
    layer: set[tuple[int, int, int, frozenset[int]]] = {
        (start, -1 if prev is None else prev, tokens, frozenset())}
    orth = ORTHOGONAL
    for left in range(steps - 1, -1, -1):
        nxt: set[tuple[int, int, int, frozenset[int]]] = set()
        for here, before, tok, extra in layer:
            near = ALL_EIGHT[here] if diagonal else orth[here]
            for n in near:
                if n == before and not reverse:
                    continue
                kind = grid[n]
                memo_prev = -1 if reverse else here
                if kind == WALKABLE or n in extra:
                    nxt.add((n, memo_prev, tok, extra))
                    continue
                if around and left > 0:
                    nxt.add((n, memo_prev, tok, extra))
                if tok > 0 and n in orth[here]:
                    nxt.add((n, memo_prev, tok - 1, extra | {n}))
        layer = nxt
        if not layer:
            return frozenset()
    return frozenset(here for here, _b, _t, extra in layer
                     if grid[here] == WALKABLE or here in extra)


def _plain_ends(grid: tuple[int, ...], start: int, prev: int, steps: int, diagonal: bool,
                reverse: bool, around: bool) -> frozenset[int]:
    """``walk_ends`` without clearing tokens: a layer search over (card, previous card)."""
    near_of = ALL_EIGHT if diagonal else ORTHOGONAL
    layer = {(start, prev)}
    for left in range(steps - 1, -1, -1):
        nxt = set()
        for here, before in layer:
            memo_prev = -1 if reverse else here
            for n in near_of[here]:
                if n == before and not reverse:
                    continue
                kind = grid[n]
                if kind == WALKABLE or (kind == BLOCKED and around and left > 0):
                    nxt.add((n, memo_prev))
        if not nxt:
            return frozenset()
        layer = nxt
    return frozenset(here for here, _b in layer if grid[here] == WALKABLE)


def distances(grid: tuple[int, ...], start: int | Iterable[int]) -> list[int]:
    """Orthogonal walking distance over walkable cards from the start card (or the nearest
    of several), for the test bot; -1 if unreachable."""
    dist = [-1] * CELLS
    frontier = [start] if isinstance(start, int) else list(start)
    for s in frontier:
        dist[s] = 0
    while frontier:
        nxt = []
        for here in frontier:
            for n in ORTHOGONAL[here]:
                if dist[n] < 0 and grid[n] == WALKABLE:
                    dist[n] = dist[here] + 1
                    nxt.append(n)
        frontier = nxt
    return dist

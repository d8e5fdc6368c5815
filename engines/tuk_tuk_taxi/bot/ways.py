"""Steps to go for the Tuk-Tuk Taxi bots: how far a taxi is from its goal over the streets
as the signs stand.

A "step" here is what a cell costs a driver on average, not just one cell: a Stop or a
Pedestrian crossing ahead ends the move in front of it (the rest of the roll is lost), a
traffic light stops a taxi on red and halves the roll on yellow, Slippery road and Warning
cost a move more, Speed limit 40 cuts a long roll, and the Police send a driver without a
passenger back home one time in three. No entry closes its cell, one-way signs one direction
of their segment, and a mandatory turn forces the exit of a car coming from its arrow's base.
"""

from __future__ import annotations

import heapq
from typing import Any

from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.data import Cell, parse_cell
from engines.tuk_tuk_taxi.routes import one_way_rules

Board = dict[str, Any]
#: What entering a cell with this sign costs beyond its one move (lost moves, on average).
SIGN_COST: dict[str, float] = {
    "slippery": 1.0, "warning": 1.0, "speed_limit": 0.7,
    "stop": 2.5, "pedestrian_crossing": 2.5,
}
#: Entering a traffic-light intersection: red ends the turn, yellow halves the roll.
LIGHT_COST = 1.5
#: The Police, for a driver who has no passenger yet (sent home on a 5 or a 6).
POLICE_COST = 3.0
UNREACHABLE = 99.0
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _cost_of(kind: str, carrying: bool) -> float:
    if kind == "police":
        return 0.0 if carrying else POLICE_COST
    return SIGN_COST.get(kind, 0.0)


#: Street cells by index, and back: the search runs over small integers.
_CELLS: tuple[Cell, ...] = data.STREETS
_INDEX: dict[Cell, int] = {cell: i for i, cell in enumerate(_CELLS)}
#: cell index -> [(index of a neighbour, the direction a car drives from it into the cell)]
_INTO: tuple[tuple[tuple[int, str], ...], ...] = tuple(
    tuple((_INDEX[prev], _OPPOSITE[d]) for d, prev in data.NEIGHBOURS[cell]) for cell in _CELLS)
_BASE_ENTER: tuple[float, ...] = tuple(
    1.0 + LIGHT_COST if cell in data.TRAFFIC_LIGHTS else 1.0 for cell in _CELLS)


class _Board:
    """What the metric needs of one board of signs (built once per board)."""

    __slots__ = ("blocked", "closed", "enter", "turns")

    def __init__(self, board: Board, carrying: bool, plain: bool) -> None:
        self.closed: set[int] = set()
        self.enter: list[float] = [1.0] * len(_CELLS) if plain else list(_BASE_ENTER)
        #: Steps (prev, cell) no car may make, or that a mandatory turn settles at its exit.
        self.blocked: set[tuple[int, int]] = set()
        #: exit cell -> [(turn intersection, the cell a car governed by it comes from)]
        self.turns: dict[int, list[tuple[int, int]]] = {}
        found: dict[Cell, tuple[str, str | None]] = {}
        for key, sign in board.items():
            cell = parse_cell(key)
            kind = sign["kind"]
            found[cell] = (kind, sign["dir"])
            if kind == "no_entry":
                self.closed.add(_INDEX[cell])
            elif not plain or kind in ("slippery", "warning"):
                extra = _cost_of(kind, carrying)
                if extra:
                    self.enter[_INDEX[cell]] += extra
        for cell, arrow in one_way_rules(found).items():
            i = _INDEX[cell]
            for j, travel in _INTO[i]:
                if travel != arrow:  # into the cell against the arrow
                    self.blocked.add((j, i))
            for d, nxt in data.NEIGHBOURS[cell]:
                if d != arrow:  # out of the cell against the arrow
                    self.blocked.add((i, _INDEX[nxt]))
        if plain:
            return
        for cell, (kind, direction) in found.items():
            if kind in data.MANDATORY_TURNS and direction is not None:
                came = data.step(cell, _OPPOSITE[direction])
                if came is None:
                    continue
                self.blocked.add((_INDEX[came], _INDEX[cell]))
                exit_dir = (data.RIGHT_OF if kind == "turn_right" else data.LEFT_OF)[direction]
                out = data.step(cell, exit_dir)
                if out is not None and _INDEX[out] not in self.closed:
                    self.turns.setdefault(_INDEX[out], []).append((_INDEX[cell], _INDEX[came]))


_CACHE: dict[tuple[Any, ...], dict[Cell, float]] = {}


def board_key(board: Board) -> tuple[Any, ...]:
    """A hashable key of the signs on the board."""
    return tuple((k, v["kind"], v["dir"]) for k, v in board.items())


def steps_to(board: Board, goals: dict[Cell, float], carrying: bool,
             plain: bool = False) -> dict[Cell, float]:
    """Steps to go from every street cell to the cheapest goal (goal -> its extra cost),
    for a driver with (``carrying``) or without a passenger. ``plain``: cells to drive
    only (No entry and one-way signs close the way, Slippery road and Warning cost a move
    more; nothing else counts), as a beginner or the greedy player sees the streets.

    Cached per (signs, goals): the bots ask the same question over and over. Callers must
    not change the answer."""
    key = (board_key(board), tuple(sorted(goals.items())), carrying, plain)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 30000:
            _CACHE.clear()
        hit = _CACHE[key] = _dijkstra(board, goals, carrying, plain)
    return hit


def _dijkstra(board: Board, goals: dict[Cell, float], carrying: bool,
              plain: bool, until: frozenset[Cell] | None = None) -> dict[Cell, float]:
    """Backward from the goals: dist[x] = min over allowed steps x -> y of enter(y) + dist[y].

    With ``until``, it stops once those cells are settled (their answers are exact; other
    cells may be missing)."""
    info = _Board(board, carrying, plain)
    wanted = None if until is None else {_INDEX[c] for c in until}
    enter, closed, blocked, turns = info.enter, info.closed, info.blocked, info.turns
    dist: list[float | None] = [None] * len(_CELLS)
    heap = [(extra, _INDEX[cell]) for cell, extra in goals.items()
            if _INDEX[cell] not in closed]
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, i = pop(heap)
        if dist[i] is not None:
            continue
        dist[i] = d
        if wanted is not None:
            wanted.discard(i)
            if not wanted:
                break
        through = d + enter[i]
        for j, _ in _INTO[i]:
            if dist[j] is None and j not in closed and (j, i) not in blocked:
                push(heap, (through, j))
        if turns:
            for turn, came in turns.get(i, ()):
                # A car from ``came`` through the turn intersection leaves it onto this cell.
                if (dist[came] is None and turn not in closed and came not in closed
                        and (turn, i) not in blocked):
                    push(heap, (through + enter[turn], came))
    return {_CELLS[i]: d for i, d in enumerate(dist) if d is not None}


def home_steps(board: Board, seat: int, plain: bool = False) -> dict[Cell, float]:
    """Steps to go to the seat's own stop, with a passenger on board."""
    return steps_to(board, {data.TAXI_STOPS[seat]: 0.0}, True, plain)


def to_go(board: Board, seat: int, carrying: bool, passengers: list[str],
          penalty: dict[str, float] | None = None, *, plain: bool = False,
          and_home: bool = True) -> dict[Cell, float]:
    """Steps to go for ``seat`` from every cell: home when carrying, else to a passenger
    and on home (``penalty``: extra steps per passenger, e.g. one another taxi will take
    first; ``and_home=False``: to the nearest passenger only, as a beginner drives)."""
    home = home_steps(board, seat, plain)
    if carrying or not passengers:
        return home
    goals = {}
    for p in passengers:
        cell = parse_cell(p)
        goals[cell] = (home.get(cell, UNREACHABLE) if and_home else 0.0) + (
            penalty.get(p, 0.0) if penalty else 0.0)
    return steps_to(board, goals, False, plain)


def remaining_from(board: Board, seat: int, carrying: bool, passengers: list[str],
                   start: Cell) -> float:
    """Steps to go from ``start`` alone (as :func:`to_go` would say), searching no further
    than that needs: what a sign judge asks of every board it tries."""
    stop = data.TAXI_STOPS[seat]
    if carrying or not passengers:
        home = _dijkstra(board, {stop: 0.0}, True, False, frozenset({start}))
        return home.get(start, UNREACHABLE)
    cells = [parse_cell(p) for p in passengers]
    home = _dijkstra(board, {stop: 0.0}, True, False, frozenset(cells))
    goals = {c: home.get(c, UNREACHABLE) for c in cells}
    return _dijkstra(board, goals, False, False, frozenset({start})).get(start, UNREACHABLE)


def way(board: Board, start: Cell, togo: dict[Cell, float], limit: int = 30) -> list[Cell]:
    """The cells of one cheapest way from ``start`` down ``togo`` (start excluded), in order,
    until a goal (a cell no neighbour improves on)."""
    cell = start
    out: list[Cell] = []
    seen = {start}
    for _ in range(limit):
        here = togo.get(cell, UNREACHABLE)
        if here >= UNREACHABLE:
            break
        best: Cell | None = None
        best_d = here
        for _, nxt in data.NEIGHBOURS[cell]:
            d = togo.get(nxt, UNREACHABLE)
            if d < best_d and nxt not in seen:
                best, best_d = nxt, d
        if best is None:
            break
        out.append(best)
        seen.add(best)
        cell = best
    return out

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


class _Board:
    """What the metric needs of one board of signs (built once per board)."""

    __slots__ = ("closed", "enter", "one_way", "turns")

    def __init__(self, board: Board, carrying: bool, plain: bool) -> None:
        self.closed: set[Cell] = set()
        self.enter: dict[Cell, float] = {} if plain else {
            light: 1.0 + LIGHT_COST for light in data.TRAFFIC_LIGHTS}
        signs: dict[Cell, tuple[str, str | None]] = {}
        #: exit cell -> [(turn intersection, the cell a car governed by it comes from)]
        self.turns: dict[Cell, list[tuple[Cell, Cell]]] = {}
        for key, sign in board.items():
            cell = parse_cell(key)
            kind, direction = sign["kind"], sign["dir"]
            signs[cell] = (kind, direction)
            if kind == "no_entry":
                self.closed.add(cell)
            elif not plain or kind in ("slippery", "warning"):
                extra = _cost_of(kind, carrying)
                if extra:
                    self.enter[cell] = self.enter.get(cell, 1.0) + extra
        for cell, (kind, direction) in signs.items():
            if kind in data.MANDATORY_TURNS and direction is not None and not plain:
                exit_dir = (data.RIGHT_OF if kind == "turn_right" else data.LEFT_OF)[direction]
                out = data.step(cell, exit_dir)
                came = data.step(cell, _OPPOSITE[direction])
                if out is not None and came is not None and out not in self.closed:
                    self.turns.setdefault(out, []).append((cell, came))
        self.one_way = one_way_rules(signs)

    def governed(self, prev: Cell, cell: Cell, travel: str, board: Board) -> bool:
        """True when a car driving prev -> cell must turn there (its exit is elsewhere)."""
        sign = board.get(data.cell_key(cell))
        return (sign is not None and sign["kind"] in data.MANDATORY_TURNS
                and sign["dir"] == travel)

    def allowed(self, prev: Cell, cell: Cell, travel: str) -> bool:
        """May a car drive prev -> cell (No entry, one-way)?"""
        if cell in self.closed or prev in self.closed:
            return False
        one_way = self.one_way
        return not one_way or (one_way.get(prev, travel) == travel
                               and one_way.get(cell, travel) == travel)


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
              plain: bool) -> dict[Cell, float]:
    """Backward from the goals: dist[x] = min over allowed steps x -> y of enter(y) + dist[y]."""
    info = _Board(board, carrying, plain)
    enter = info.enter
    dist: dict[Cell, float] = {}
    heap = [(extra, cell) for cell, extra in goals.items() if cell not in info.closed]
    heapq.heapify(heap)
    while heap:
        d, cell = heapq.heappop(heap)
        if cell in dist:
            continue
        dist[cell] = d
        through = d + enter.get(cell, 1.0)
        for direction, prev in data.NEIGHBOURS[cell]:
            travel = _OPPOSITE[direction]  # the car drives prev -> cell
            if prev in dist or not info.allowed(prev, cell, travel):
                continue
            if info.turns and info.governed(prev, cell, travel, board):
                continue  # its exit decides (below, when the exit cell is settled)
            heapq.heappush(heap, (through, prev))
        for turn, came in info.turns.get(cell, ()):
            # A car coming from ``came`` into the turn intersection leaves it onto ``cell``.
            if came not in dist and turn not in info.closed and info.allowed(
                    came, turn, data.direction_between(came, turn)):
                heapq.heappush(heap, (through + enter.get(turn, 1.0), came))
    return dist


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

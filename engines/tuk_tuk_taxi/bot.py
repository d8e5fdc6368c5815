"""The Tuk-Tuk Taxi heuristic: drive the shortest way to the next passenger and home with
them, put the signs that slow a taxi on the other drivers' ways and the ones that help on
your own, and take away the sign that blocks you.

Distances are "steps to go": from a cell, the steps to the seat's own stop when it carries
a passenger, else to the best passenger *and* on to the stop (so a passenger near home
counts for more). They follow the streets as the signs allow (No entry closes a cell, a
one-way segment one direction; Slippery road and Warning cost a step more).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Iterable
from typing import Any, cast

from engines.base import State, expand_template
from engines.tuk_tuk_taxi import data, rules, signs
from engines.tuk_tuk_taxi.data import Cell, cell_key, parse_cell
from engines.tuk_tuk_taxi.routes import one_way_rules
from engines.tuk_tuk_taxi.state import TukTukState

#: Signs that slow down or send back whoever drives over them.
HINDER: frozenset[str] = frozenset({"slippery", "warning", "pedestrian_crossing",
                                    "speed_limit", "stop", "no_entry", "police",
                                    "turn_right", "turn_left", "one_way"})
#: Signs that help whoever stops on them (roll again, drive on).
HELP: frozenset[str] = frozenset({"no_parking", "no_stopping"})
#: Steps a delivery is worth when comparing seats (about one trip out and home).
DELIVERY_STEPS = 24
UNREACHABLE = 99


def _costs(board: dict[str, Any]) -> tuple[dict[Cell, int], dict[Cell, str], set[Cell]]:
    cost: dict[Cell, int] = {}
    closed: set[Cell] = set()
    for key, sign in board.items():
        cell = parse_cell(key)
        if sign["kind"] == "no_entry":
            closed.add(cell)
        elif sign["kind"] in ("slippery", "warning"):
            cost[cell] = 2
    one_way = one_way_rules({parse_cell(k): (v["kind"], v["dir"]) for k, v in board.items()})
    return cost, one_way, closed


_STEPS: dict[tuple[Any, ...], dict[Cell, int]] = {}


def steps_to(board: dict[str, Any], goals: dict[Cell, int]) -> dict[Cell, int]:
    """Steps to go from every street cell to the cheapest goal (goal -> its extra cost).

    Cached per (signs, goals): searches ask the same question over and over. Callers must
    not change the answer."""
    key = (tuple((k, v["kind"], v["dir"]) for k, v in board.items()),
           tuple(sorted(goals.items())))
    hit = _STEPS.get(key)
    if hit is None:
        if len(_STEPS) > 20000:
            _STEPS.clear()
        hit = _STEPS[key] = _steps_to(board, goals)
    return hit


def _steps_to(board: dict[str, Any], goals: dict[Cell, int]) -> dict[Cell, int]:
    cost, one_way, closed = _costs(board)
    dist: dict[Cell, int] = {}
    heap = [(extra, cell) for cell, extra in goals.items()]
    heapq.heapify(heap)
    while heap:
        d, cell = heapq.heappop(heap)
        if cell in dist:
            continue
        dist[cell] = d
        step = cost.get(cell, 1)
        for direction, prev in data.NEIGHBOURS[cell]:
            # The taxi drives prev -> cell, the opposite way of ``direction``.
            travel = _OPPOSITE[direction]
            if prev in dist or prev in closed:
                continue
            if one_way and (one_way.get(prev, travel) != travel
                            or one_way.get(cell, travel) != travel):
                continue
            heapq.heappush(heap, (d + step, prev))
    return dist


_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def to_go(s: TukTukState, seat: int) -> dict[Cell, int]:
    """Steps to go for ``seat`` from every cell (see the module docstring)."""
    stop = data.TAXI_STOPS[seat]
    home = steps_to(s["signs"], {stop: 0})
    if s["carrying"][seat] or not s["passengers"]:
        return home
    goals = {parse_cell(p): home.get(parse_cell(p), UNREACHABLE) for p in s["passengers"]}
    return steps_to(s["signs"], goals)


def remaining(s: TukTukState, seat: int) -> int:
    """Steps to go for ``seat`` from where its taxi stands."""
    return to_go(s, seat).get(parse_cell(s["taxis"][seat]), UNREACHABLE)


def evaluate(state: State, seat: int) -> float:
    """Delivered passengers (and how close the next one is) against the best other seat."""
    s = cast(TukTukState, state)

    def worth(p: int) -> float:
        return s["delivered"][p] * DELIVERY_STEPS - min(remaining(s, p), 40)

    mine = worth(seat)
    best = max(worth(p) for p in range(s["players"]) if p != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 8.0))


def heuristic_action(state: State, seat: int, rng: random.Random,
                     noise: float) -> dict[str, Any]:
    """The obvious good move; with probability ``noise`` a random legal one instead."""
    from engines.tuk_tuk_taxi.engine import ENGINE

    s = cast(TukTukState, state)
    templates = ENGINE.legal_actions(state, seat)
    if noise > 0 and rng.random() < noise:
        return expand_template(rng.choice(templates), rng)
    phase = s["phase"]
    if phase == "move":
        return best_move(s, seat)
    if phase == "no_parking":
        here = parse_cell(s["taxis"][seat])
        home = here == data.TAXI_STOPS[seat] and s["carrying"][seat]
        pick = not s["carrying"][seat] and s["taxis"][seat] in s["passengers"]
        return {"type": "stay" if home or pick else "roll_again"}
    if phase == "sign":
        return sign_action(s, seat, templates)
    return expand_template(templates[0], rng)


def move_score(s: TukTukState, seat: int, option: dict[str, Any], togo: dict[Cell, int],
               home: dict[Cell, int]) -> float:
    """Steps to go after ending the leg on ``option`` (lower is better)."""
    end = option["to"]
    cell = parse_cell(end)
    if option["police"]:
        # Sent home: a carried passenger is dropped off next turn, else a wasted trip.
        return 1.0 if s["carrying"][seat] else togo.get(cell, UNREACHABLE) + 6.0
    if s["carrying"][seat] and cell == data.TAXI_STOPS[seat]:
        return -DELIVERY_STEPS
    if not s["carrying"][seat] and end in s["passengers"]:
        return home.get(cell, UNREACHABLE) - DELIVERY_STEPS / 2
    score = float(togo.get(cell, UNREACHABLE))
    if option["continuation"] == "no_parking":
        score -= 3.0
    elif option["continuation"] == "no_stopping":
        score -= 2.0
    return score


def best_move(s: TukTukState, seat: int) -> dict[str, Any]:
    """The offered route that leaves the fewest steps to go."""
    togo = to_go(s, seat)
    home = steps_to(s["signs"], {data.TAXI_STOPS[seat]: 0})
    options = s["moves"]
    best = min(range(len(options)),
               key=lambda i: (move_score(s, seat, cast(dict[str, Any], options[i]), togo, home), i))
    return _move_action(s, best)


def _move_action(s: TukTukState, index: int) -> dict[str, Any]:
    to = s["moves"][index]["to"]
    twins = [i for i, m in enumerate(s["moves"]) if m["to"] == to]
    return {"type": "move", "to": to} if len(twins) == 1 else {"type": "move", "to": to,
                                                                "route": index}


def shortest_way(s: TukTukState, seat: int, togo: dict[Cell, int]) -> set[Cell]:
    """The cells on one shortest way from the seat's taxi towards its goal."""
    cell = parse_cell(s["taxis"][seat])
    way: set[Cell] = set()
    for _ in range(40):
        here = togo.get(cell, UNREACHABLE)
        if here <= 0 or here >= UNREACHABLE:
            break
        nxt = min((n for _, n in data.NEIGHBOURS[cell]),
                  key=lambda n: togo.get(n, UNREACHABLE))
        if togo.get(nxt, UNREACHABLE) >= here:
            break
        way.add(nxt)
        cell = nxt
    return way


def _ways(s: TukTukState) -> list[set[Cell]]:
    return [shortest_way(s, p, to_go(s, p)) for p in range(s["players"])]


def sign_action(s: TukTukState, seat: int, templates: Iterable[dict[str, Any]]
                ) -> dict[str, Any]:
    """Deal with the drawn tile: place, drive to a space, or remove a sign."""
    kind = s["drawn"]
    assert kind is not None
    if kind in ("mechanic", "gas_station"):
        togo = to_go(s, seat)
        spaces = rules.free_spaces(s, seat, kind)
        return {"type": "go_to",
                "cell": min(spaces, key=lambda c: (togo.get(parse_cell(c), UNREACHABLE), c))}
    ways = _ways(s)
    if kind == "remove_sign":
        mine = ways[seat]
        blocking = [c for c in sorted(s["signs"]) if s["signs"][c]["kind"] in HINDER
                    and parse_cell(c) in mine]
        if blocking:
            return {"type": "remove_sign", "cell": blocking[0]}
        helping = [c for c in sorted(s["signs"]) if s["signs"][c]["kind"] in HELP
                   and any(parse_cell(c) in w for p, w in enumerate(ways) if p != seat)]
        if helping:
            return {"type": "remove_sign", "cell": helping[0]}
        return {"type": "discard"}
    allowed = signs.placements(kind, s["taxis"])
    best: tuple[float, str, str | None] | None = None
    for cell_name, dirs in allowed.items():
        cell = parse_cell(cell_name)
        on_mine = int(cell in ways[seat])
        others = sum(1 for p, w in enumerate(ways) if p != seat and cell in w)
        score = (others - 3 * on_mine) if kind not in HELP else (2 * on_mine - others)
        # Nearer the others' taxis acts sooner (before they have passed by).
        near = min((_manhattan(cell, parse_cell(t)) for p, t in enumerate(s["taxis"])
                    if p != seat), default=0)
        value = score * 10 - near * 0.1
        for direction in dirs or (None,):
            key = (-value, cell_name, direction)
            if best is None or key < (best[0], best[1], best[2] or ""):
                best = (-value, cell_name, direction)
    assert best is not None  # the sign step is only offered when a placement exists
    action: dict[str, Any] = {"type": "place", "cell": best[1]}
    if best[2] is not None:
        action["direction"] = best[2]
    return action


def _manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def playout_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The heuristic's driving with a random sign play (search playouts make many moves;
    judging every placement for every seat is what costs)."""
    from engines.tuk_tuk_taxi.engine import ENGINE

    s = cast(TukTukState, state)
    if s["phase"] == "sign" and s["drawn"] not in ("mechanic", "gas_station"):
        return ENGINE.bot_action(state, seat, rng)
    return heuristic_action(state, seat, rng, 0.0)


def greedy_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The bench's greedy shortest-route player: any legal sign play, then always the
    route that leaves the fewest steps to go (the yardstick the Tuk-Tuk bot must match)."""
    from engines.tuk_tuk_taxi.engine import ENGINE

    s = cast(TukTukState, state)
    if s["phase"] == "move":
        return best_move(s, seat)
    if s["phase"] == "no_parking":
        return heuristic_action(state, seat, rng, 0.0)
    return ENGINE.bot_action(state, seat, rng)


__all__ = ["cell_key", "evaluate", "greedy_action", "heuristic_action"]

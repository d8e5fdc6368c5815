"""Where a taxi can end one leg of its move (spec rulings 4, 5, 6 and 7 Police).

A *leg* is the driving after one roll of the die (or the 5 steps of a No stopping sign).
:func:`leg_outcomes` searches every route step by step, applies every sign and traffic
light, and returns the distinct outcomes the player may choose: the end cell, one route
drawn for it, and what happens there. Two routes to the same cell are told apart only when
their effect differs (Police sending the taxi home, or what a No parking / No stopping
continuation may still do).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.tuk_tuk_taxi.data import (
    ACTS_ONCE,
    DIE_COLOURS,
    HALT_BEFORE,
    LEFT_OF,
    MANDATORY_TURNS,
    NEIGHBOURS,
    RIGHT_OF,
    SEGMENTS,
    SPEED_LIMIT_MOVES,
    SPEEDING_ROLLS,
    TRAFFIC_LIGHTS,
    Cell,
    direction_between,
    step,
)

Sign = tuple[str, str | None]  # (kind, direction)

# Why a route ends where it does: "done" (moves used up), "early" (own stop / passenger),
# "red", "light", "halt" (Stop / Pedestrian crossing ahead), "slippery", "warning", "speed",
# "police"; "stuck" routes (blocked with moves left) only count when nothing else exists.


@dataclass
class Leg:
    """Everything the route search needs to know about one leg."""

    start: Cell
    #: The cell the taxi left last within this turn (no reversal); None at the turn's start.
    prev: Cell | None
    #: True while the taxi has not yet moved this turn (Stop / Pedestrian crossing).
    first: bool
    #: Moves of this leg: the roll, or 5 for No stopping.
    budget: int
    #: The latest roll: its colour rules traffic lights, 5 or 6 is speeding for the Police.
    roll: int
    signs: dict[Cell, Sign]
    #: Sign cells that already acted this turn (each sign acts at most once a turn).
    used: frozenset[Cell]
    own_stop: Cell
    #: Cells a move may not end on: other taxis, other players' stops, traffic lights.
    not_endable: frozenset[Cell]
    #: Cells where the taxi may stop early to pick a passenger up (empty when it carries one).
    pick_up: frozenset[Cell]


@dataclass
class Route:
    """One searched route: the cells entered (start excluded) and why it ends there."""

    path: tuple[Cell, ...]
    reason: str


@dataclass
class Outcome:
    """One choice offered to the player."""

    end: Cell
    path: tuple[Cell, ...]          # start first, end last (the police route: where caught)
    reason: str
    police: bool
    prev: Cell | None               # the cell before the end (for no reversal later)
    acted: tuple[Cell, ...]         # signs that acted on the way
    continuation: str | None        # "no_parking" / "no_stopping" on the end cell


def one_way_rules(signs: dict[Cell, Sign]) -> dict[Cell, str]:
    """cell -> the only direction taxis may drive on it (every cell of a one-way segment)."""
    out: dict[Cell, str] = {}
    for cell, (kind, direction) in signs.items():
        if kind == "one_way" and direction is not None:
            for other in SEGMENTS.get(cell, ()):
                out[other] = direction
    return out


def _turn_exit(kind: str, travel: str) -> str:
    return RIGHT_OF[travel] if kind == "turn_right" else LEFT_OF[travel]


def find_routes(leg: Leg) -> tuple[list[Route], list[Route]]:
    """All complete routes, and the routes stuck before their moves ran out."""
    signs = leg.signs
    used = leg.used
    colour = DIE_COLOURS[leg.roll]
    one_way = one_way_rules(signs)
    complete: list[Route] = []
    stuck: list[Route] = []

    def finish(path: tuple[Cell, ...], reason: str) -> None:
        complete.append(Route(path, reason))

    def walk(cell: Cell, prev: Cell | None, moves: int, path: tuple[Cell, ...], budget: int,
             cap: int | None, halved: bool, first: bool) -> None:
        if moves >= budget:
            finish(path, "done")
            return
        if cap is not None and moves >= cap:
            finish(path, "speed")
            return
        here = signs.get(cell)
        here_kind = here[0] if here else None
        forced = None
        if (here_kind in MANDATORY_TURNS and prev is not None
                and direction_between(prev, cell) == here[1]):
            forced = _turn_exit(here_kind, here[1])
        leave_extra = 1 if here_kind == "warning" and cell not in used else 0
        # Driving past the Police: a cell entered this turn and now left (ruling 7).
        caught = (here_kind == "police" and cell not in used and prev is not None
                  and leg.roll in SPEEDING_ROLLS)
        cuts: list[str] = []
        moved = False
        for d, nxt in NEIGHBOURS[cell]:
            if nxt == prev or (forced is not None and d != forced):
                continue
            there = signs.get(nxt)
            kind = there[0] if there else None
            if kind == "no_entry":
                continue
            # A one-way segment governs steps inside it, into it and out of it.
            if one_way and (one_way.get(cell, d) != d or one_way.get(nxt, d) != d):
                continue
            if kind in MANDATORY_TURNS and there[1] == d:
                out = step(nxt, _turn_exit(kind, d))
                if out is None or (signs.get(out) or ("",))[0] == "no_entry":
                    continue
            if kind in HALT_BEFORE and not first:
                cuts.append("halt")
                continue
            new_budget, new_halved = budget, halved
            if nxt in TRAFFIC_LIGHTS:
                if colour == "red":
                    cuts.append("red")
                    continue
                if colour == "yellow" and not halved:
                    new_budget, new_halved = budget // 2, True
            slip = 1 if kind == "slippery" and nxt not in used else 0
            cost = 1 + leave_extra + slip
            if moves + cost > new_budget:
                if nxt in TRAFFIC_LIGHTS and new_halved and not halved:
                    cuts.append("light")
                else:
                    cuts.append("slippery" if slip else "warning" if leave_extra else "done")
                continue
            if cap is not None and moves + cost > cap:
                cuts.append("speed")
                continue
            moved = True
            npath = path + (nxt,)
            if caught:
                finish(npath, "police")
                continue
            ncap = cap
            if kind == "speed_limit" and nxt not in used and ncap is None:
                ncap = SPEED_LIMIT_MOVES
            if (nxt == leg.own_stop or nxt in leg.pick_up) and nxt not in leg.not_endable:
                finish(npath, "early")
            walk(nxt, cell, moves + cost, npath, new_budget, ncap, new_halved, False)
        for reason in dict.fromkeys(cuts):
            finish(path, reason)
        if not cuts and not moved:
            stuck.append(Route(path, "stuck"))

    walk(leg.start, leg.prev, 0, (), leg.budget, None, False, leg.first)
    return complete, stuck


def _fall_back(leg: Leg, path: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Cut the path back to its last cell the taxi may end on (ruling 4: occupied cells)."""
    k = len(path)
    while k and path[k - 1] in leg.not_endable:
        k -= 1
    return path[:k]


def leg_outcomes(leg: Leg) -> list[Outcome]:
    """The distinct choices for this leg, in a stable order."""
    complete, stuck = find_routes(leg)
    routes = list(complete)
    if not any(r.reason != "early" for r in complete) and stuck:
        longest = max(len(r.path) for r in stuck)
        routes += [r for r in stuck if len(r.path) == longest]
    seen: set[object] = set()
    out: list[Outcome] = []
    for route in routes:
        police = route.reason == "police"
        path = route.path if police else _fall_back(leg, route.path)
        end = leg.own_stop if police else (path[-1] if path else leg.start)
        full = (leg.start, *path)
        if path:
            prev = full[-2]
        else:
            prev = leg.prev
        acted = tuple(c for c in full[:-1] if c in leg.signs
                      and leg.signs[c][0] in ACTS_ONCE and c not in leg.used) if path else ()
        cont = None
        end_sign = leg.signs.get(end)
        if (path and not police and route.reason != "red" and end_sign is not None
                and end_sign[0] in ("no_parking", "no_stopping") and end not in leg.used):
            cont = end_sign[0]
        if police:
            key: object = ("police",)
        elif cont:
            key = (end, prev, frozenset(acted))
        else:
            key = (end,)
        if key in seen:
            continue
        seen.add(key)
        out.append(Outcome(end=end, path=full, reason=route.reason, police=police, prev=prev,
                           acted=acted, continuation=cont))
    return out

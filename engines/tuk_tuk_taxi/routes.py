"""Where a taxi can end one leg of its move (spec rulings 4-7 and 11-15).

A *leg* is the driving after one roll of the die (or the 5 steps of a No stopping sign).
:func:`find_routes` walks every route step by step under every sign and traffic light;
:func:`leg_outcomes` then settles where each route really ends (never on an occupied cell
or a light), whether the taxi drove past the Police, and whether it stopped in front of a
light, and returns the distinct outcomes the player may choose. Two routes to the same
cell are told apart only when their effect differs (Police sending the taxi home, or what a
No parking / No stopping continuation may still do).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engines.tuk_tuk_taxi.data import (
    ACTS_ON_STOPPING,
    DIE_COLOURS,
    HALT_BEFORE,
    LEFT_OF,
    MANDATORY_TURNS,
    NEIGHBOURS,
    RIGHT_OF,
    SEGMENTS,
    SPEED_LIMIT_STEPS,
    SPEEDING_ROLLS,
    TRAFFIC_LIGHTS,
    Cell,
    acted_on_the_way,
    direction_between,
    step,
)

Sign = tuple[str, str | None]  # (kind, direction)
_NO_SIGN: Sign = ("", None)

# Why a route ends where it does: "done" (moves used up), "early" (own stop / passenger),
# "red", "light" (too few moves to step into the light: a yellow half roll, or a Warning's
# extra move), "halt" (Stop / Pedestrian crossing ahead), "slippery", "warning" (the next
# step costs more than is left), "speed"; "stuck" routes (blocked with moves left) only
# count when nothing else exists.


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
    #: A Speed limit 40 entered earlier this turn: this leg, too, has no 5th or 6th step.
    limited: bool = False


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
    light: bool                     # stopped in front of a light it could not pass (ruling 11)
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


class _At(NamedTuple):
    """Where a route under search stands, and what it may still do in this leg."""

    cell: Cell
    prev: Cell | None
    moves: int                  # moves spent (Slippery road and Warning cost more)
    path: tuple[Cell, ...]      # cells entered (its length is the step count)
    budget: int                 # the moves this route may spend (halved at a yellow light)
    cap: int | None             # Speed limit 40: the most steps (ruling 14)
    halved: bool
    first: bool                 # no step made yet this turn (Stop, Pedestrian crossing)


class _Search:
    """The step-by-step walk over every route of one leg."""

    def __init__(self, leg: Leg) -> None:
        self.leg = leg
        self.colour = DIE_COLOURS[leg.roll]
        self.one_way = one_way_rules(leg.signs)
        self.complete: list[Route] = []
        self.stuck: list[Route] = []

    def walk(self, at: _At) -> None:
        """Finish the route here, or try every step onward from it."""
        if at.moves >= at.budget:
            self.complete.append(Route(at.path, "done"))
            return
        if at.cap is not None and len(at.path) >= at.cap:  # ruling 14: steps, not moves
            self.complete.append(Route(at.path, "speed"))
            return
        leg = self.leg
        here_kind, here_dir = leg.signs.get(at.cell, _NO_SIGN)
        forced = None
        if (here_kind in MANDATORY_TURNS and at.prev is not None and here_dir is not None
                and direction_between(at.prev, at.cell) == here_dir):
            forced = _turn_exit(here_kind, here_dir)
        leave_extra = 1 if here_kind == "warning" and at.cell not in leg.used else 0
        cuts: list[str] = []
        moved = False
        for d, nxt in NEIGHBOURS[at.cell]:
            if nxt == at.prev or (forced is not None and d != forced) or self._closed(at, d, nxt):
                continue
            onward = self._enter(at, nxt, leave_extra)
            if isinstance(onward, str):
                cuts.append(onward)
                continue
            moved = True
            if (nxt == leg.own_stop or nxt in leg.pick_up) and nxt not in leg.not_endable:
                self.complete.append(Route(onward.path, "early"))
            self.walk(onward)
        for reason in dict.fromkeys(cuts):
            self.complete.append(Route(at.path, reason))
        if not cuts and not moved:
            self.stuck.append(Route(at.path, "stuck"))

    def _closed(self, at: _At, d: str, nxt: Cell) -> bool:
        """No entry, one-way signs and mandatory turns close this step for good."""
        kind, there_dir = self.leg.signs.get(nxt, _NO_SIGN)
        if kind == "no_entry":
            return True
        # A one-way segment governs steps inside it, into it and out of it.
        one_way = self.one_way
        if one_way and (one_way.get(at.cell, d) != d or one_way.get(nxt, d) != d):
            return True
        if kind in MANDATORY_TURNS and there_dir == d:
            out = step(nxt, _turn_exit(kind, d))
            return out is None or self.leg.signs.get(out, _NO_SIGN)[0] == "no_entry"
        return False

    def _enter(self, at: _At, nxt: Cell, leave_extra: int) -> _At | str:
        """The route one step on, or why it must end in front of ``nxt`` (a cut)."""
        leg = self.leg
        kind = leg.signs.get(nxt, _NO_SIGN)[0]
        if kind in HALT_BEFORE and not at.first:
            return "halt"
        budget, halved = at.budget, at.halved
        if nxt in TRAFFIC_LIGHTS:
            if self.colour == "red":
                return "red"
            if self.colour == "yellow" and not halved:
                # Half the roll, also for a No stopping drive (ruling 15: 2 or 3).
                budget, halved = leg.roll // 2, True
        slip = 1 if kind == "slippery" and nxt not in leg.used else 0
        cost = 1 + leave_extra + slip
        if at.moves + cost > budget:
            # Held in front of the light, by a yellow half roll or by a Warning's extra move
            # it cannot pay into the light: a stop in front of the light (rulings 11, 19).
            if nxt in TRAFFIC_LIGHTS:
                return "light"
            return "slippery" if slip else "warning" if leave_extra else "done"
        cap = SPEED_LIMIT_STEPS if kind == "speed_limit" else at.cap
        return _At(nxt, at.cell, at.moves + cost, at.path + (nxt,), budget, cap, halved, False)


def find_routes(leg: Leg) -> tuple[list[Route], list[Route]]:
    """All complete routes, and the routes stuck before their moves ran out.

    Routes are walked as if every cell could be ended on; :func:`leg_outcomes` moves each
    end back off occupied cells and lights, and only then decides about the Police.
    """
    search = _Search(leg)
    cap = SPEED_LIMIT_STEPS if leg.limited else None
    search.walk(_At(leg.start, leg.prev, 0, (), leg.budget, cap, False, leg.first))
    return search.complete, search.stuck


def _fall_back(leg: Leg, path: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Cut the path back to its last cell the taxi may end on (ruling 4: occupied cells)."""
    k = len(path)
    while k and path[k - 1] in leg.not_endable:
        k -= 1
    return path[:k]


def _caught_at(leg: Leg, path: tuple[Cell, ...]) -> int | None:
    """Where in ``path`` (the settled route) the taxi drove past the Police, if it did.

    Driving past is entering the Police cell and leaving it after a 5 or a 6 (rulings 7,
    12): a route that comes to rest on the cell (a light it cannot pass, an occupied cell
    ahead, no moves left) has not driven past, and a slower roll does nothing.
    """
    if leg.roll not in SPEEDING_ROLLS:
        return None
    for i, cell in enumerate(path[:-1]):
        if leg.signs.get(cell, ("",))[0] == "police":
            return i
    return None


def _light_stop(route: Route, path: tuple[Cell, ...]) -> bool:
    """Rulings 11 and 19: the route tried to drive through a light and came to rest before
    it (cut there by the die's colour or a Warning's extra move, or moved back off the light
    or a taxi beyond it), wherever an occupied cell then moved it back to."""
    if route.reason in ("red", "light"):
        return True
    return any(c in TRAFFIC_LIGHTS for c in route.path[len(path):])


def leg_outcomes(leg: Leg) -> list[Outcome]:
    """The distinct choices for this leg, in a stable order."""
    complete, stuck = find_routes(leg)
    routes = list(complete)
    if not any(r.reason != "early" for r in complete) and stuck:
        longest = max(len(r.path) for r in stuck)  # ruling 15: measured in steps
        routes += [r for r in stuck if len(r.path) == longest]
    seen: set[object] = set()
    out: list[Outcome] = []
    for route in routes:
        outcome = _outcome(leg, route)
        if outcome.police:
            key: object = ("police",)
        elif outcome.continuation:
            key = (outcome.end, outcome.prev, frozenset(outcome.acted))
        else:
            key = (outcome.end,)
        if key in seen:
            continue
        seen.add(key)
        out.append(outcome)
    # Stopping early on a No parking cell (own stop, passenger) offers a re-roll *or* staying,
    # so the same route cut by a light in front (ruling 11: no re-roll) adds no choice.
    parked = {o.path for o in out if o.continuation == "no_parking"}
    return [o for o in out if o.continuation or o.police or o.path not in parked]


def _outcome(leg: Leg, route: Route) -> Outcome:
    """Where one searched route comes to rest, and what happens there."""
    path = _fall_back(leg, route.path)
    caught = _caught_at(leg, path)
    if caught is not None:  # the route drawn up to the step off the Police cell
        return Outcome(end=leg.own_stop, path=(leg.start, *path[:caught + 2]),
                       reason="police", police=True, light=False, prev=None, acted=(),
                       continuation=None)
    end = path[-1] if path else leg.start
    full = (leg.start, *path)
    prev = full[-2] if path else leg.prev
    on_the_way = full[:-1]
    acted = tuple(on_the_way[i] for i in acted_on_the_way(
        [leg.signs.get(c, _NO_SIGN)[0] for c in on_the_way]) if on_the_way[i] not in leg.used)
    light = _light_stop(route, path)
    cont = None
    end_sign = leg.signs.get(end)
    if (path and not light and end_sign is not None
            and end_sign[0] in ACTS_ON_STOPPING and end not in leg.used):
        cont = end_sign[0]
    return Outcome(end=end, path=full, reason=route.reason, police=False, light=light,
                   prev=prev, acted=acted, continuation=cont)

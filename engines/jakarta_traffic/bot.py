"""The bots of Jakarta Traffic: spec ruling 7's random test bot, and the heuristic the
levels of engines/bots.py play (``heuristic_action``, ``evaluate``)."""

from __future__ import annotations

import math
import random
from typing import Any, cast

from engines.base import State, Template, expand_template
from engines.jakarta_traffic import orderboard, scoring
from engines.jakarta_traffic.data import BUILDING, CHARGING, MAX_ENERGY, SIZE, SPEECH_BUBBLES
from engines.jakarta_traffic.roads import destinations
from engines.jakarta_traffic.rules import (
    accept_blocker,
    changing_turns,
    turnable_cells,
    vacant_pickups,
)
from engines.jakarta_traffic.state import JakartaState


def choose_bot_action(templates: list[Template], rng: random.Random) -> dict[str, Any]:
    """Ruling 7's choice among legal templates: accept or deliver whenever offered, else a
    random action type, then a random template of that type (so the many honk templates
    do not crowd out driving and detours)."""
    first = templates[0]["type"]
    if first in ("accept", "deliver"):
        return {"type": first}
    kinds = sorted({t["type"] for t in templates})
    kind = rng.choice(kinds)
    return expand_template(rng.choice([t for t in templates if t["type"] == kind]), rng)


# == the heuristic (engines/bots.py levels) ======================================================
# Good play, as the rulebook's scoring makes it: stars are most of the score, each delivery
# costs one energy and so does each order taken, energy left and speech bubbles score at the
# end. So: deliver whenever an order wants the building you can reach, otherwise go and take
# the best order you can still afford to deliver, charge before you run dry, chat on the way
# when it costs nothing, and honk (turn a tile) only when that opens a better ride.

def _value_of_order(state: JakartaState, order: str) -> int:
    return orderboard.order_value(state["board"], order)


def arrival_value(state: JakartaState, seat: int, cell: int) -> float:
    """What parking at ``cell`` is worth to ``seat`` this turn (in points, roughly)."""
    energy = state["energy"][seat]
    phone = state["phone"][seat]
    tile = state["tiles"][cell]
    value = 0.0
    chat = any(at == cell for other, at in enumerate(state["mopeds"]) if other != seat)
    if chat:
        energy = min(MAX_ENERGY, energy + 1)
        value += 1.0 + (1.5 if state["bubbles"][seat] < SPEECH_BUBBLES else 0.0)
    if tile["kind"] == CHARGING:
        gain = MAX_ENERGY - energy
        value += gain * (1.6 if phone else 0.9)
        energy = MAX_ENERGY
    stack = state["stacks"][cell]
    if stack is not None and accept_blocker(_with_energy(state, seat, energy), seat,
                                            stack["order"]) is None:
        # An order is worth its stars later, less the two energy it costs to see through.
        worth = _value_of_order(state, stack["order"]) - 2.0
        value += max(worth, 0.0) * (0.6 if energy >= 2 else 0.25)
    if tile["kind"] == BUILDING and energy >= 1:
        wanted = orderboard.wanted_here(state["board"], phone, tile["address"])
        value += sum(_value_of_order(state, o) for o in wanted) - (1.0 if wanted else 0.0)
    return value


def _with_energy(state: JakartaState, seat: int, energy: int) -> JakartaState:
    if state["energy"][seat] == energy:
        return state
    copy = cast(JakartaState, dict(state))
    copy["energy"] = list(state["energy"])
    copy["energy"][seat] = energy
    return copy


def _values(state: JakartaState, seat: int) -> list[float]:
    """:func:`arrival_value` of every cell (it does not depend on the roads)."""
    return [arrival_value(state, seat, c) for c in range(SIZE * SIZE)]


def _best_ride(state: JakartaState, seat: int, tiles: list[Any], values: list[float],
               roomy: bool = True) -> tuple[float, int | None]:
    """The best spot a ride reaches on ``tiles``; ``roomy`` breaks ties by the room to
    manoeuvre next turn (costly: not while trying every honk)."""
    start = state["mopeds"][seat]
    assert start is not None
    best: tuple[float, int | None] = (-1.0, None)
    for cell in destinations(tiles, start):
        v = values[cell]
        if roomy:
            v += 0.02 * _openness(tiles, cell)
        if v > best[0]:
            best = (v, cell)
    return best


def _openness(tiles: list[Any], cell: int) -> int:
    """How many spots a ride from ``cell`` could reach next turn (room to manoeuvre)."""
    return len(destinations(tiles, cell))


def _detour_value(state: JakartaState, seat: int, values: list[float]) -> float:
    own = state["mopeds"][seat]
    cells = [c for c in range(SIZE * SIZE) if c != own]
    return sum(values[c] for c in cells) / len(cells)


def _xy(cell: int) -> dict[str, int]:
    return {"x": cell % SIZE + 1, "y": cell // SIZE + 1}


def _ride_action(state: JakartaState, seat: int, values: list[float]) -> dict[str, Any]:
    value, cell = _best_ride(state, seat, state["tiles"], values)
    if cell is None or value < _detour_value(state, seat, values) - 0.3:
        return {"type": "detour"}
    return {"type": "drive", **_xy(cell)}


def _honk_or_ride(state: JakartaState, seat: int, values: list[float]) -> dict[str, Any]:
    """Turn the tile that opens the best ride, if any beats riding as the roads are."""
    base, _ = _best_ride(state, seat, state["tiles"], values, roomy=False)
    best_value, best_action = base + 0.25, None   # a honk must clearly pay
    if base < max(values):
        tiles = list(state["tiles"])
        for cell in turnable_cells(state):
            tile = state["tiles"][cell]
            for turns in changing_turns(tile["pattern"], tile["rot"]):
                tiles[cell] = {**tile, "rot": (tile["rot"] + turns) % 4}
                value, _ = _best_ride(state, seat, tiles, values, roomy=False)
                if value > best_value:
                    best_value = value
                    best_action = {"type": "rotate", **_xy(cell), "turns": turns}
            tiles[cell] = tile
    return best_action or _ride_action(state, seat, values)


def _place_stack(state: JakartaState, seat: int) -> dict[str, Any]:
    """Move the rest of the stack where the others cannot ride to next turn."""
    options = vacant_pickups(state)
    theirs: dict[int, int] = {}
    for other, at in enumerate(state["mopeds"]):
        if other != seat and at is not None:
            for c in destinations(state["tiles"], at):
                theirs[c] = theirs.get(c, 0) + 1
    here = state["mopeds"][seat]
    assert here is not None
    mine = set()
    for c in destinations(state["tiles"], here):
        mine.update(destinations(state["tiles"], c))
    cell = min(options, key=lambda c: (theirs.get(c, 0), c not in mine, c))
    return {"type": "place_stack", **_xy(cell)}


def heuristic_action(state: State, seat: int, rng: random.Random,
                     noise: float) -> dict[str, Any]:
    """The obvious good move for ``seat``; with probability ``noise`` a ruling-7 random one."""
    from engines.jakarta_traffic.engine import ENGINE

    s = cast(JakartaState, state)
    if noise > 0 and rng.random() < noise:
        return choose_bot_action(ENGINE.legal_actions(state, seat), rng)
    phase = s["phase"]
    if phase == "honk":
        return _honk_or_ride(s, seat, _values(s, seat))
    if phase == "drive":
        return _ride_action(s, seat, _values(s, seat))
    if phase == "arrival":
        pending = s["pending"]
        assert pending is not None
        if pending["kind"] == "deliver":
            return {"type": "deliver"}
        worth = _value_of_order(s, pending["order"])
        # The last energy spent on an order leaves none to deliver it: only for a rich one.
        keep = s["energy"][seat] >= 2 or worth >= 5
        return {"type": "accept" if keep else "decline"}
    if phase == "place_stack":
        return _place_stack(s, seat)
    if phase == "arrange":
        pending = s["pending"]
        assert pending is not None
        held = [sum(1 for o, p in enumerate(s["phone"]) if o != seat and order in p)
                for order in pending["orders"]]
        # The type the others carry goes to the bottom row: it is then worth the least.
        return {"type": "arrange", "bottom": pending["orders"][held.index(max(held))]}
    if phase == "pick_spot":
        own = s["mopeds"][seat]
        cell = max((c for c in range(SIZE * SIZE) if c != own),
                   key=lambda c: (arrival_value(s, seat, c), -c))
        return {"type": "pick_spot", **_xy(cell)}
    if phase == "start":
        cells = [c for c, t in enumerate(s["tiles"]) if t["kind"] == CHARGING
                 and c not in s["mopeds"]] or [c for c, t in enumerate(s["tiles"])
                                                if t["kind"] == CHARGING]
        cell = max(cells, key=lambda c: (_openness(s["tiles"], c), -c))
        return {"type": "start", **_xy(cell)}
    return choose_bot_action(ENGINE.legal_actions(state, seat), rng)


def playout_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The heuristic without trying every honk (search playouts make many moves)."""
    s = cast(JakartaState, state)
    if s["phase"] == "honk":
        return _ride_action(s, seat, _values(s, seat))
    return heuristic_action(state, seat, rng, 0.0)


def points(state: JakartaState, seat: int) -> float:
    """The seat's score now, with the orders it carries counted at part of their worth."""
    part = scoring.breakdown(state, seat)["total"]
    carried = sum(_value_of_order(state, o) for o in state["phone"][seat])
    return part + 0.5 * carried


def evaluate(state: State, seat: int) -> float:
    """The seat's points against the best other seat's, squashed into [0, 1]."""
    s = cast(JakartaState, state)
    mine = points(s, seat)
    best = max(points(s, p) for p in range(s["players"]) if p != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 3.0))

"""The flow of a Jakarta Traffic turn as a step table (docs/architecture.md, "Steps").

Set-up: each seat puts its moped on a charging station (``start``, last seat first). A
turn: ``honk`` (rotate or swap a tile, or go straight on to driving), ``drive`` (ride or
take a detour), then what the arrival asks: ``pick_spot`` after a double 6, ``arrival``
(accept, deliver or decline), ``place_stack`` (move the rest of the stack), ``arrange``
(after a two-order delivery). Every step waits for the one seat whose turn it is.
"""

from __future__ import annotations

from engines.core.steps import Handler, Legal, Step
from engines.core.types import Template
from engines.jakarta_traffic import moves
from engines.jakarta_traffic.data import BUILDING, CHARGING, SIZE
from engines.jakarta_traffic.rules import (
    changing_turns,
    ride_destinations,
    turnable_cells,
    vacant_pickups,
)
from engines.jakarta_traffic.state import JakartaState

#: {"x": .., "y": ..} of every cell, for building templates quickly.
XY: list[dict[str, int]] = [{"x": c % SIZE + 1, "y": c // SIZE + 1} for c in range(SIZE * SIZE)]


def current_seat(state: JakartaState) -> list[int]:
    """The one seat whose turn (or set-up placement) it is."""
    return [state["current"]]


# -- templates ------------------------------------------------------------------------------

def start_templates(state: JakartaState, seat: int) -> list[Template]:
    """Every charging station."""
    return [{"type": "start", **XY[c]} for c, t in enumerate(state["tiles"])
            if t["kind"] == CHARGING]


def honk_templates(state: JakartaState, seat: int) -> list[Template]:
    """The rotations that change a free tile's roads, the swaps, then the ride."""
    rotations: list[Template] = []
    swaps: list[Template] = []
    for cell in turnable_cells(state):
        tile = state["tiles"][cell]
        turns = changing_turns(tile["pattern"], tile["rot"])
        rotations.append({"type": "rotate", **XY[cell], "turns": {"$choice": list(turns)}})
        if tile["kind"] != BUILDING:
            swaps.append({"type": "swap", **XY[cell], "rotation": {"$choice": [0, 1, 2, 3]}})
    return rotations + swaps + drive_templates(state, seat)


def drive_templates(state: JakartaState, seat: int) -> list[Template]:
    """The reachable parking spots, and the detour."""
    return [{"type": "drive", **XY[c]} for c in ride_destinations(state, seat)] + [
        {"type": "detour"}]


def pick_spot_templates(state: JakartaState, seat: int) -> list[Template]:
    """Any parking spot but the mover's own."""
    own = state["mopeds"][seat]
    return [{"type": "pick_spot", **XY[c]} for c in range(SIZE * SIZE) if c != own]


def arrival_templates(state: JakartaState, seat: int) -> list[Template]:
    """Take up what the arrival offers (accept or deliver), or decline it."""
    pending = state["pending"]
    assert pending is not None  # the arrival step always has something pending
    return [{"type": pending["kind"]}, {"type": "decline"}]


def place_stack_templates(state: JakartaState, seat: int) -> list[Template]:
    """The vacant pick-up locations."""
    return [{"type": "place_stack", **XY[c]} for c in vacant_pickups(state)]


def arrange_templates(state: JakartaState, seat: int) -> list[Template]:
    """Either delivered order type may go to the bottom row."""
    pending = state["pending"]
    assert pending is not None  # the arrange step always has the two orders pending
    return [{"type": "arrange", "bottom": {"$choice": list(pending["orders"])}}]


# -- the table ------------------------------------------------------------------------------

RIDE: dict[str, Handler] = {"drive": moves.drive, "detour": moves.detour}


def _step(name: str, actions: dict[str, Handler], legal: Legal, hint: str) -> Step:
    """A step of the mover's (every step here waits for the current seat alone)."""
    return Step(name=name, actions=actions, actors=current_seat, legal=legal, hint=hint)


STEPS: dict[str, Step] = {
    "start": _step("start", {"start": moves.place_moped}, start_templates,
                   "jakarta-traffic.hint.start"),
    "honk": _step("honk", {"rotate": moves.rotate, "swap": moves.swap, **RIDE},
                  honk_templates, "jakarta-traffic.hint.honk"),
    "drive": _step("drive", RIDE, drive_templates,
                   "jakarta-traffic.hint.drive"),
    "pick_spot": _step("pick_spot", {"pick_spot": moves.pick_spot}, pick_spot_templates,
                       "jakarta-traffic.hint.pick_spot"),
    "arrival": _step("arrival", {"accept": moves.accept, "deliver": moves.deliver,
                                 "decline": moves.decline}, arrival_templates,
                     "jakarta-traffic.hint.arrival"),
    "place_stack": _step("place_stack", {"place_stack": moves.place_stack},
                         place_stack_templates, "jakarta-traffic.hint.place_stack"),
    "arrange": _step("arrange", {"arrange": moves.arrange}, arrange_templates,
                     "jakarta-traffic.hint.arrange"),
}

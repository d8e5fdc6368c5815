"""The moves: each changes the fresh copy of the state for the seat and returns the log.

The step table (``steps.py``) routes each action here; rule violations raise
:class:`RuleError` with a player's sentence (the copy is then thrown away).
"""

from __future__ import annotations

from engines.base import LogEntry, Rng, RuleError
from engines.jakarta_traffic import orderboard
from engines.jakarta_traffic.actions import (
    Accept,
    Arrange,
    Decline,
    Deliver,
    Detour,
    Drive,
    PickSpot,
    PlaceStack,
    Rotate,
    StartSpot,
    Swap,
)
from engines.jakarta_traffic.data import BUILDING, CHARGING, MAX_ENERGY, SPEECH_BUBBLES
from engines.jakarta_traffic.rules import (
    ACCEPT_REASON_LOG,
    accept_blocker,
    cell_of,
    manipulation_blocker,
    parked_at,
    ride_destinations,
    rotation_changes,
    vacant_pickups,
    where,
)
from engines.jakarta_traffic.state import JakartaState
from engines.jakarta_traffic.turns import begin_turn, end_turn

State = JakartaState
Log = list[LogEntry]


# -- honk -----------------------------------------------------------------------------------

def rotate(state: State, seat: int, action: Rotate) -> Log:
    """Honk: rotate a tile clockwise; the marker goes onto it."""
    cell, turns = cell_of(action.x, action.y), action.turns
    blocker = manipulation_blocker(state, cell)
    if blocker:
        raise RuleError(blocker)
    tile = state["tiles"][cell]
    if not rotation_changes(tile, turns):
        raise RuleError("That rotation would not change the tile's roads.")
    tile["rot"] = (tile["rot"] + turns) % 4
    state["marker"] = cell
    state["phase"] = "drive"
    return [LogEntry(text=f"{{seat{seat}}} honked and rotated the tile at {where(cell)}.",
                     data={"cell": cell, "turns": turns})]


def swap(state: State, seat: int, action: Swap) -> Log:
    """Honk: swap the tile in your possession with a board tile; the marker goes onto it."""
    cell, rotation = cell_of(action.x, action.y), action.rotation
    tile = state["tiles"][cell]
    if tile["kind"] == BUILDING:
        raise RuleError("Buildings can never be swapped.")
    blocker = manipulation_blocker(state, cell)
    if blocker:
        raise RuleError(blocker)
    mine = state["hand"][seat]
    mine["rot"] = rotation
    state["tiles"][cell] = mine
    state["hand"][seat] = tile
    state["marker"] = cell
    state["phase"] = "drive"
    return [LogEntry(text=f"{{seat{seat}}} honked and swapped their tile in at {where(cell)}.",
                     data={"cell": cell, "rotation": rotation})]


# -- riding ---------------------------------------------------------------------------------

def drive(state: State, seat: int, action: Drive) -> Log:
    """Ride to a reachable parking spot, then arrive there."""
    cell = cell_of(action.x, action.y)
    if cell == state["mopeds"][seat]:
        raise RuleError("You must drive to a different parking spot.")
    if cell not in ride_destinations(state, seat):
        raise RuleError("No road leads from your parking spot to that one.")
    log = [LogEntry(text=f"{{seat{seat}}} drove to {where(cell)}.", data={"cell": cell})]
    return log + arrive(state, seat, cell)


def detour(state: State, seat: int, action: Detour) -> Log:
    """Roll both dice: a 6 takes the other die's number, double 6 lets the mover choose;
    dice naming the mover's own tile are rolled again."""
    rng = Rng(state["rng"])
    own = state["mopeds"][seat]
    rolls: list[list[int]] = []
    cell: int | None = None
    while True:
        white, black = rng.randint(1, 6), rng.randint(1, 6)
        rolls.append([white, black])
        if white == 6 and black == 6:
            break
        x = black if white == 6 else white
        y = white if black == 6 else black
        if cell_of(x, y) != own:
            cell = cell_of(x, y)
            break
    state["rng"] = rng.position
    state["dice"] = {"seat": seat, "rolls": rolls}
    shown = ", ".join(f"{w}+{b}" for w, b in rolls)
    if cell is None:
        state["phase"] = "pick_spot"
        return [LogEntry(text=f"{{seat{seat}}} took a detour and rolled {shown}: double 6, "
                              "they pick any parking spot.", data={"rolls": rolls})]
    log = [LogEntry(text=f"{{seat{seat}}} took a detour, rolled {shown} and rode to "
                         f"{where(cell)}.", data={"rolls": rolls, "cell": cell})]
    return log + arrive(state, seat, cell)


def pick_spot(state: State, seat: int, action: PickSpot) -> Log:
    """After a double 6: park on any spot but your own."""
    cell = cell_of(action.x, action.y)
    if cell == state["mopeds"][seat]:
        raise RuleError("Pick any parking spot but your own.")
    log = [LogEntry(text=f"{{seat{seat}}} picked the parking spot at {where(cell)}.",
                    data={"cell": cell})]
    return log + arrive(state, seat, cell)


def arrive(state: State, seat: int, cell: int) -> Log:
    """Park and resolve the arrival in ruling 2's order: chat, charge, marker, orders."""
    state["mopeds"][seat] = cell
    log: Log = []
    energy = state["energy"]
    for other, at in enumerate(state["mopeds"]):
        if other == seat or at != cell:
            continue
        energy[other] = min(MAX_ENERGY, energy[other] + 1)
        energy[seat] = min(MAX_ENERGY, energy[seat] + 1)
        state["bubbles"][seat] = min(SPEECH_BUBBLES, state["bubbles"][seat] + 1)
        log.append(LogEntry(text=f"{{seat{seat}}} chatted with {{seat{other}}}: both gain 1 "
                                 f"energy and {{seat{seat}}} takes a speech bubble."))
    tile = state["tiles"][cell]
    if tile["kind"] == CHARGING:
        energy[seat] = MAX_ENERGY
        log.append(LogEntry(text=f"{{seat{seat}}} charged their phone to {MAX_ENERGY}."))
    if state["marker"] == cell:
        state["marker"] = None
        log.append(LogEntry(text=f"{{seat{seat}}} sent the Ondel-Ondel back to the board."))
    stack = state["stacks"][cell]
    if stack is not None:
        blocker = accept_blocker(state, seat, stack["order"])
        if blocker is None:
            state["phase"] = "arrival"
            state["pending"] = {"kind": "accept", "order": stack["order"]}
            return log
        log.append(LogEntry(text=f"{{seat{seat}}} cannot take the {stack['order']} order "
                                 f"({ACCEPT_REASON_LOG[blocker]})."))
    if tile["kind"] == BUILDING:
        wanted = orderboard.wanted_here(state["board"], state["phone"][seat], tile["address"])
        if wanted and energy[seat] >= 1:
            state["phase"] = "arrival"
            state["pending"] = {"kind": "deliver", "orders": wanted}
            return log
        if wanted:
            log.append(LogEntry(text=f"{{seat{seat}}} has no energy left to deliver."))
    return log + end_turn(state)


# -- orders ---------------------------------------------------------------------------------

def accept(state: State, seat: int, action: Accept) -> Log:
    """Spend 1 energy, take one order from the stack; the rest must then be moved."""
    pending = state["pending"]
    if not pending or pending["kind"] != "accept":
        raise RuleError("There is no order here to accept.")
    cell = parked_at(state, seat)
    stack = state["stacks"][cell]
    if stack is None:
        raise RuleError("There is no order here to accept.")
    state["energy"][seat] -= 1
    state["phone"][seat].append(stack["order"])
    stack["count"] -= 1
    state["pending"] = None
    log = [LogEntry(text=f"{{seat{seat}}} accepted a {stack['order']} order for 1 energy.")]
    if stack["count"] == 0:
        state["stacks"][cell] = None
        return log + end_turn(state)
    if not vacant_pickups(state):
        # Cannot happen with 15+ pick-ups on the board; the stack then simply stays.
        return log + end_turn(state)
    state["phase"] = "place_stack"
    return log


def place_stack(state: State, seat: int, action: PlaceStack) -> Log:
    """Move the rest of the stack to a vacant pick-up location (ruling 3)."""
    cell = cell_of(action.x, action.y)
    if cell not in vacant_pickups(state):
        raise RuleError("Move the stack to a vacant pick-up location "
                        "(no order stack, moped or manipulation marker).")
    here = parked_at(state, seat)
    state["stacks"][cell] = state["stacks"][here]
    state["stacks"][here] = None
    return [LogEntry(text=f"{{seat{seat}}} moved the order stack to {where(cell)}.",
                     data={"cell": cell})] + end_turn(state)


def deliver(state: State, seat: int, action: Deliver) -> Log:
    """Spend 1 energy for every order wanted here; take each order's star; update the board."""
    pending = state["pending"]
    if not pending or pending["kind"] != "deliver":
        raise RuleError("None of your orders wants this address.")
    orders: list[str] = pending["orders"]
    board = state["board"]
    address = orderboard.order_address(board, orders[0])
    state["energy"][seat] -= 1
    gained = []
    for order in orders:
        star = orderboard.take_star(state["supply"], orderboard.order_value(board, order))
        if star is not None:
            state["stars"][seat].append(star)
        gained.append(star)
        state["phone"][seat].remove(order)
        state["delivered"][seat].append(order)
    state["board"] = orderboard.deliver(board, orders)
    state["pending"] = None
    stars = " and ".join(f"a {g}-star token" if g else "no star (the supply is empty)"
                         for g in gained)
    log = [LogEntry(text=f"{{seat{seat}}} delivered {' and '.join(orders)} to the {address} "
                         f"for 1 energy and took {stars}.")]
    if len(orders) == 2:
        state["phase"] = "arrange"
        state["pending"] = {"kind": "arrange", "orders": list(orders)}
        return log
    return log + end_turn(state)


def arrange(state: State, seat: int, action: Arrange) -> Log:
    """After a two-order delivery: choose which delivered type goes to r5."""
    bottom = action.bottom
    pending = state["pending"]
    if not pending or pending["kind"] != "arrange":
        raise RuleError("There are no delivered orders to arrange.")
    orders = pending["orders"]
    if bottom not in orders:
        raise RuleError(f"Choose one of the delivered orders: {orders[0]} or {orders[1]}.")
    other = orders[0] if bottom == orders[1] else orders[1]
    state["board"]["rows"][-2:] = [other, bottom]
    state["pending"] = None
    return [LogEntry(text=f"{{seat{seat}}} put {bottom} at the bottom of the order board.")] \
        + end_turn(state)


def decline(state: State, seat: int, action: Decline) -> Log:
    """Leave the stack where it is, or keep the orders for later."""
    pending = state["pending"]
    if not pending or pending["kind"] not in ("accept", "deliver"):
        raise RuleError("There is nothing here to decline.")
    state["pending"] = None
    what = "left the order stack" if pending["kind"] == "accept" else "chose not to deliver"
    return [LogEntry(text=f"{{seat{seat}}} {what}.")] + end_turn(state)


# -- set-up ----------------------------------------------------------------------------------

def place_moped(state: State, seat: int, action: StartSpot) -> Log:
    """Set-up: put a moped on a charging station, in reverse turn order."""
    cell = cell_of(action.x, action.y)
    if state["tiles"][cell]["kind"] != CHARGING:
        raise RuleError("Mopeds start on a charging station (a triangle).")
    state["mopeds"][seat] = cell
    log = [LogEntry(text=f"{{seat{seat}}} put their moped on the charging station at "
                         f"{where(cell)}.", data={"cell": cell})]
    if seat == 0:
        begin_turn(state, 0)
    else:
        state["current"] = seat - 1
    return log

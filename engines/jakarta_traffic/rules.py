"""The rules that change a (cloned) state: honk, drive, detour, arrival, orders, turn end.

Every function here takes a state it may mutate (the engine clones first) and returns the
log lines it produced. Rule violations raise :class:`RuleError` with a player's sentence.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.base import LogEntry, Rng, RuleError
from engines.jakarta_traffic import orderboard
from engines.jakarta_traffic.data import (
    BUILDING,
    CHARGING,
    END_STARS,
    MAX_ENERGY,
    PASSENGERS,
    PHONE_CAPACITY,
    PICKUP,
    SIZE,
    SPEECH_BUBBLES,
)
from engines.jakarta_traffic.roads import destinations, tile_roads

State = dict[str, Any]
Log = list[LogEntry]


def cell_of(x: int, y: int) -> int:
    """The cell index of 1-based spec coordinates."""
    return (y - 1) * SIZE + (x - 1)


def coords(cell: int) -> tuple[int, int]:
    """The 1-based (x, y) of a cell."""
    return cell % SIZE + 1, cell // SIZE + 1


def where(cell: int) -> str:
    """A cell as players read it in the log."""
    x, y = coords(cell)
    return f"({x},{y})"


# -- checks -------------------------------------------------------------------------------

def manipulation_blocker(state: State, cell: int) -> str | None:
    """Why the tile at ``cell`` may not be rotated or swapped, or ``None`` if it may."""
    if state["marker"] == cell:
        return "That tile has the manipulation marker on it."
    if state["stacks"][cell] is not None:
        return "That tile has an order stack on it."
    if cell in state["mopeds"]:
        return "That tile has a moped on it."
    return None


def rotation_changes(tile: dict[str, Any], turns: int) -> bool:
    """True when turning the tile by ``turns`` quarter turns changes its roads (ruling 4)."""
    return tile_roads(tile["pattern"], tile["rot"]) != tile_roads(
        tile["pattern"], (tile["rot"] + turns) % 4)


NO_ENERGY = "You have no energy left to accept an order."
PHONE_FULL = "Your phone already holds two orders."
SAME_TYPE = "You already carry an order of that type; your two orders must differ."
ONE_PASSENGER = "Only one passenger (Ibu or Bapak) can ride with you at a time."
#: The same reasons as the log tells everyone.
ACCEPT_REASON_LOG = {
    NO_ENERGY: "no energy left",
    PHONE_FULL: "the phone is full",
    SAME_TYPE: "already carrying one",
    ONE_PASSENGER: "a passenger is already riding",
}


@cache
def changing_turns(pattern: str, rot: int) -> tuple[int, ...]:
    """The quarter turns (1..3) that change a tile's roads."""
    return tuple(t for t in (1, 2, 3)
                 if tile_roads(pattern, rot) != tile_roads(pattern, (rot + t) % 4))


def accept_blocker(state: State, seat: int, order: str) -> str | None:
    """Why ``seat`` cannot accept an order of this type now, or ``None`` (ruling 1)."""
    phone = state["phone"][seat]
    if state["energy"][seat] < 1:
        return NO_ENERGY
    if len(phone) >= PHONE_CAPACITY:
        return PHONE_FULL
    if order in phone:
        return SAME_TYPE
    if order in PASSENGERS and any(o in PASSENGERS for o in phone):
        return ONE_PASSENGER
    return None


def vacant_pickups(state: State) -> list[int]:
    """Pick-up locations with no order stack, no moped and no marker (ruling 3)."""
    return [c for c, t in enumerate(state["tiles"])
            if t["kind"] == PICKUP and state["stacks"][c] is None
            and c not in state["mopeds"] and state["marker"] != c]


def ride_destinations(state: State, seat: int) -> list[int]:
    """Where the mover's ride can end this turn."""
    return destinations(state["tiles"], state["mopeds"][seat])


# -- honk -----------------------------------------------------------------------------------

def rotate(state: State, seat: int, cell: int, turns: int) -> Log:
    """Honk: rotate a tile clockwise; the marker goes onto it."""
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


def swap(state: State, seat: int, cell: int, rotation: int) -> Log:
    """Honk: swap the tile in your possession with a board tile; the marker goes onto it."""
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

def drive(state: State, seat: int, cell: int) -> Log:
    """Ride to a reachable parking spot, then arrive there."""
    if cell == state["mopeds"][seat]:
        raise RuleError("You must drive to a different parking spot.")
    if cell not in ride_destinations(state, seat):
        raise RuleError("No road leads from your parking spot to that one.")
    log = [LogEntry(text=f"{{seat{seat}}} drove to {where(cell)}.", data={"cell": cell})]
    return log + arrive(state, seat, cell)


def detour(state: State, seat: int) -> Log:
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


def pick_spot(state: State, seat: int, cell: int) -> Log:
    """After a double 6: park on any spot but your own."""
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

def accept(state: State, seat: int) -> Log:
    """Spend 1 energy, take one order from the stack; the rest must then be moved."""
    pending = state["pending"]
    if not pending or pending["kind"] != "accept":
        raise RuleError("There is no order here to accept.")
    cell = state["mopeds"][seat]
    stack = state["stacks"][cell]
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


def place_stack(state: State, seat: int, cell: int) -> Log:
    """Move the rest of the stack to a vacant pick-up location (ruling 3)."""
    if cell not in vacant_pickups(state):
        raise RuleError("Move the stack to a vacant pick-up location "
                        "(no order stack, moped or manipulation marker).")
    here = state["mopeds"][seat]
    state["stacks"][cell] = state["stacks"][here]
    state["stacks"][here] = None
    return [LogEntry(text=f"{{seat{seat}}} moved the order stack to {where(cell)}.",
                     data={"cell": cell})] + end_turn(state)


def deliver(state: State, seat: int) -> Log:
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


def arrange(state: State, seat: int, bottom: str) -> Log:
    """After a two-order delivery: choose which delivered type goes to r5."""
    orders = state["pending"]["orders"]
    if bottom not in orders:
        raise RuleError(f"Choose one of the delivered orders: {orders[0]} or {orders[1]}.")
    other = orders[0] if bottom == orders[1] else orders[1]
    state["board"]["rows"][-2:] = [other, bottom]
    state["pending"] = None
    return [LogEntry(text=f"{{seat{seat}}} put {bottom} at the bottom of the order board.")] \
        + end_turn(state)


def decline(state: State, seat: int) -> Log:
    """Leave the stack where it is, or keep the orders for later."""
    pending = state["pending"]
    if not pending or pending["kind"] not in ("accept", "deliver"):
        raise RuleError("There is nothing here to decline.")
    state["pending"] = None
    what = "left the order stack" if pending["kind"] == "accept" else "chose not to deliver"
    return [LogEntry(text=f"{{seat{seat}}} {what}.")] + end_turn(state)


# -- turns ----------------------------------------------------------------------------------

def place_moped(state: State, seat: int, cell: int) -> Log:
    """Set-up: put a moped on a charging station, in reverse turn order."""
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


def begin_turn(state: State, seat: int) -> None:
    """Hand the turn to ``seat``: it may honk, then must drive."""
    state["current"] = seat
    state["phase"] = "honk"
    state["start_cell"] = state["mopeds"][seat]
    state["pending"] = None


def end_turn(state: State) -> Log:
    """Pass the turn on; the game ends once the round in which someone reached 4 stars is
    complete (ruling 5: seat order is turn order, so the round ends with the last seat)."""
    seat = state["current"]
    state["turn"] += 1
    state["pending"] = None
    log: Log = []
    if not state["end_triggered"] and any(len(s) >= END_STARS for s in state["stars"]):
        state["end_triggered"] = True
        log.append(LogEntry(text=f"{{seat{seat}}} holds {END_STARS} stars: this is the last "
                                 "round."))
    if state["end_triggered"] and seat == state["players"] - 1:
        state["phase"] = "over"
        log.append(LogEntry(text="The round is complete: the game is over."))
        return log
    begin_turn(state, (seat + 1) % state["players"])
    return log

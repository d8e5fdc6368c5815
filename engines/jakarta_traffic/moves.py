"""The moves: each changes the fresh copy of the state for the seat and returns the log.

The step table (``steps.py``) routes each action here; rule violations raise
:class:`RuleError` with a message key of ``i18n/<lang>.json`` (the copy is then thrown
away); log lines are keys with parameters too: seats, game terms (``words.py``) and cells as
board references (``rules.place``).
"""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.core.rng import Rng
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
from engines.jakarta_traffic.flow import begin_turn, end_turn
from engines.jakarta_traffic.rules import (
    accept_blocker,
    cell_of,
    manipulation_blocker,
    parked_at,
    place,
    ride_destinations,
    rotation_changes,
    vacant_pickups,
)
from engines.jakarta_traffic.state import JakartaState
from engines.jakarta_traffic.words import address_term, order_term

State = JakartaState
Log = list[LogEntry]


# -- honk -----------------------------------------------------------------------------------

def rotate(state: State, seat: int, action: Rotate) -> Log:
    """Honk: rotate a tile clockwise; the marker goes onto it."""
    cell, turns = cell_of(action.x, action.y), action.turns
    _check_manipulable(state, cell)
    tile = state["tiles"][cell]
    if not rotation_changes(tile, turns):
        raise RuleError("jakarta-traffic.err.no_change")
    turned = tile.copy()  # tiles are replaced, never changed in place (state.py)
    turned["rot"] = (tile["rot"] + turns) % 4
    state["tiles"][cell] = turned
    return _honked(state, cell, LogEntry.say(
        "jakarta-traffic.log.rotated", seat=seat_ref(seat), cell=place(cell), turns=turns,
        data={"cell": cell, "turns": turns}))


def swap(state: State, seat: int, action: Swap) -> Log:
    """Honk: swap the tile in your possession with a board tile; the marker goes onto it."""
    cell, rotation = cell_of(action.x, action.y), action.rotation
    tile = state["tiles"][cell]
    if tile["kind"] == BUILDING:
        raise RuleError("jakarta-traffic.err.building_swap")
    _check_manipulable(state, cell)
    mine = state["hand"][seat].copy()
    mine["rot"] = rotation
    state["tiles"][cell] = mine
    state["hand"][seat] = tile
    return _honked(state, cell, LogEntry.say(
        "jakarta-traffic.log.swapped", seat=seat_ref(seat), cell=place(cell),
        data={"cell": cell, "rotation": rotation}))


def _check_manipulable(state: State, cell: int) -> None:
    blocker = manipulation_blocker(state, cell)
    if blocker:
        raise RuleError("jakarta-traffic.err.untouchable", why=blocker)


def _honked(state: State, cell: int, line: LogEntry) -> Log:
    """After either honk: the manipulation marker goes onto the tile; now drive."""
    state["marker"] = cell
    state["phase"] = "drive"
    return [line]


# -- riding ---------------------------------------------------------------------------------

def drive(state: State, seat: int, action: Drive) -> Log:
    """Ride to a reachable parking spot, then arrive there."""
    cell = cell_of(action.x, action.y)
    if cell == state["mopeds"][seat]:
        raise RuleError("jakarta-traffic.err.same_spot")
    if cell not in ride_destinations(state, seat):
        raise RuleError("jakarta-traffic.err.no_road", cell=place(cell))
    log = [LogEntry.say("jakarta-traffic.log.drove", seat=seat_ref(seat), cell=place(cell),
                        data={"cell": cell})]
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
        return [LogEntry.say("jakarta-traffic.log.detour_double_six", seat=seat_ref(seat),
                             rolls=shown, data={"rolls": rolls})]
    log = [LogEntry.say("jakarta-traffic.log.detour", seat=seat_ref(seat), rolls=shown,
                        cell=place(cell), data={"rolls": rolls, "cell": cell})]
    return log + arrive(state, seat, cell)


def pick_spot(state: State, seat: int, action: PickSpot) -> Log:
    """After a double 6: park on any spot but your own."""
    cell = cell_of(action.x, action.y)
    if cell == state["mopeds"][seat]:
        raise RuleError("jakarta-traffic.err.pick_other")
    log = [LogEntry.say("jakarta-traffic.log.picked", seat=seat_ref(seat), cell=place(cell),
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
        log.append(LogEntry.say("jakarta-traffic.log.chatted", seat=seat_ref(seat),
                                other=seat_ref(other), cell=place(cell)))
    tile = state["tiles"][cell]
    if tile["kind"] == CHARGING:
        energy[seat] = MAX_ENERGY
        log.append(LogEntry.say("jakarta-traffic.log.charged", seat=seat_ref(seat),
                                energy=MAX_ENERGY))
    if state["marker"] == cell:
        state["marker"] = None
        log.append(LogEntry.say("jakarta-traffic.log.marker_back", seat=seat_ref(seat)))
    stack = state["stacks"][cell]
    if stack is not None:
        blocker = accept_blocker(state, seat, stack["order"])
        if blocker is None:
            state["phase"] = "arrival"
            state["pending"] = {"kind": "accept", "order": stack["order"]}
            return log
        log.append(LogEntry.say("jakarta-traffic.log.cannot_accept", seat=seat_ref(seat),
                                order=order_term(stack["order"]), reason=blocker))
    if tile["kind"] == BUILDING:
        wanted = orderboard.wanted_here(state["board"], state["phone"][seat], tile["address"])
        if wanted and energy[seat] >= 1:
            state["phase"] = "arrival"
            state["pending"] = {"kind": "deliver", "orders": wanted}
            return log
        if wanted:
            log.append(LogEntry.say("jakarta-traffic.log.no_energy_to_deliver",
                                    seat=seat_ref(seat)))
    return log + end_turn(state)


# -- orders ---------------------------------------------------------------------------------

def accept(state: State, seat: int, action: Accept) -> Log:
    """Spend 1 energy, take one order from the stack; the rest must then be moved."""
    pending = state["pending"]
    if not pending or pending["kind"] != "accept":
        raise RuleError("jakarta-traffic.err.nothing_to_accept")
    cell = parked_at(state, seat)
    stack = state["stacks"][cell]
    if stack is None:
        raise RuleError("jakarta-traffic.err.nothing_to_accept")
    state["energy"][seat] -= 1
    state["phone"][seat].append(stack["order"])
    left = stack.copy()  # stacks are replaced, never changed in place (state.py)
    left["count"] -= 1
    state["stacks"][cell] = left
    state["pending"] = None
    log = [LogEntry.say("jakarta-traffic.log.accepted", seat=seat_ref(seat),
                        order=order_term(stack["order"]), cell=place(cell))]
    if left["count"] == 0:
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
        raise RuleError("jakarta-traffic.err.not_vacant")
    here = parked_at(state, seat)
    state["stacks"][cell] = state["stacks"][here]
    state["stacks"][here] = None
    return [LogEntry.say("jakarta-traffic.log.moved_stack", seat=seat_ref(seat),
                         cell=place(cell), data={"cell": cell})] + end_turn(state)


def deliver(state: State, seat: int, action: Deliver) -> Log:
    """Spend 1 energy for every order wanted here; take each order's star; update the board."""
    pending = state["pending"]
    if not pending or pending["kind"] != "deliver":
        raise RuleError("jakarta-traffic.err.nothing_wanted")
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
    # A star of 0 is none (the supply of that value and every lower one was empty).
    stars = [g or 0 for g in gained]
    here = place(parked_at(state, seat))
    if len(orders) == 1:
        line = LogEntry.say("jakarta-traffic.log.delivered", seat=seat_ref(seat),
                            order=order_term(orders[0]), address=address_term(address),
                            cell=here, star=stars[0])
    else:
        line = LogEntry.say("jakarta-traffic.log.delivered_two", seat=seat_ref(seat),
                            order=order_term(orders[0]), order2=order_term(orders[1]),
                            address=address_term(address), cell=here, star=stars[0],
                            star2=stars[1])
    log = [line]
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
        raise RuleError("jakarta-traffic.err.nothing_to_arrange")
    orders = pending["orders"]
    if bottom not in orders:
        raise RuleError("jakarta-traffic.err.arrange_choice", order=order_term(orders[0]),
                        order2=order_term(orders[1]))
    other = orders[0] if bottom == orders[1] else orders[1]
    board = state["board"].copy()  # the board is replaced, never changed in place
    board["rows"] = board["rows"][:-2] + [other, bottom]
    state["board"] = board
    state["pending"] = None
    return [LogEntry.say("jakarta-traffic.log.arranged", seat=seat_ref(seat),
                         order=order_term(bottom))] + end_turn(state)


def decline(state: State, seat: int, action: Decline) -> Log:
    """Leave the stack where it is, or keep the orders for later."""
    pending = state["pending"]
    if not pending or pending["kind"] not in ("accept", "deliver"):
        raise RuleError("jakarta-traffic.err.nothing_to_decline")
    state["pending"] = None
    here = place(parked_at(state, seat))
    if pending["kind"] == "accept":
        line = LogEntry.say("jakarta-traffic.log.left_stack", seat=seat_ref(seat), cell=here)
    else:
        line = LogEntry.say("jakarta-traffic.log.not_delivered", seat=seat_ref(seat), cell=here)
    return [line] + end_turn(state)


# -- set-up ----------------------------------------------------------------------------------

def place_moped(state: State, seat: int, action: StartSpot) -> Log:
    """Set-up: put a moped on a charging station, in reverse turn order."""
    cell = cell_of(action.x, action.y)
    if state["tiles"][cell]["kind"] != CHARGING:
        raise RuleError("jakarta-traffic.err.start_charging")
    state["mopeds"][seat] = cell
    log = [LogEntry.say("jakarta-traffic.log.started", seat=seat_ref(seat), cell=place(cell),
                        data={"cell": cell})]
    if seat == 0:
        begin_turn(state, 0)
    else:
        state["current"] = seat - 1
    return log

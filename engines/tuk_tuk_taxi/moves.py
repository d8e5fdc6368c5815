"""The handlers: what each action does to the fresh copy of the state (see steps.py)."""

from __future__ import annotations

from engines.base import LogEntry, RuleError
from engines.tuk_tuk_taxi import data, rules, signs, turn
from engines.tuk_tuk_taxi.actions import (
    Discard,
    GoTo,
    Move,
    Place,
    RemoveSign,
    Roll,
    RollAgain,
    Stay,
)
from engines.tuk_tuk_taxi.data import parse_cell
from engines.tuk_tuk_taxi.rules import name
from engines.tuk_tuk_taxi.state import TukTukState


def _drawn(s: TukTukState) -> str:
    kind = s["drawn"]
    assert kind is not None  # the sign step always has a drawn tile
    return kind


# -- the sign step -------------------------------------------------------------------------
def place(s: TukTukState, seat: int, action: Place) -> list[LogEntry]:
    """Put the drawn road sign or Police on a cell (spec ruling 3)."""
    kind = _drawn(s)
    if kind not in data.PLACED:
        raise RuleError(f"{name(kind)} is not placed on the board.")
    allowed = signs.placements(kind, s["taxis"])
    if action.cell not in allowed:
        raise RuleError(f"{name(kind)} cannot go on that space: " + rules.placement_hint(kind))
    dirs = allowed[action.cell]
    if dirs and action.direction not in dirs:
        raise RuleError(f"Choose which way the {name(kind)} sign points.")
    if not dirs and action.direction is not None:
        raise RuleError(f"The {name(kind)} sign has no direction.")
    s["removed"] += signs.place(s["signs"], kind, parse_cell(action.cell), action.direction)
    s["phase"] = "roll"
    return [LogEntry(text=f"{{seat{seat}}} placed {name(kind)} on {action.cell}.",
                     data={"cell": action.cell, "kind": kind, "dir": action.direction})]


def go_to(s: TukTukState, seat: int, action: GoTo) -> list[LogEntry]:
    """Mechanic or Gas station: drive to the chosen free space; the turn ends."""
    kind = _drawn(s)
    if kind not in ("mechanic", "gas_station"):
        raise RuleError(f"{name(kind)} does not send your taxi anywhere.")
    if action.cell not in rules.free_spaces(s, seat, kind):
        raise RuleError(f"Drive to a free {name(kind).lower()} space.")
    s["taxis"][seat] = action.cell
    log = [LogEntry(text=f"{{seat{seat}}} drove to the {name(kind).lower()}.",
                    data={"cell": action.cell})]
    turn.end_action_sign(s, seat, kind, log)
    return log


def remove_sign(s: TukTukState, seat: int, action: RemoveSign) -> list[LogEntry]:
    """Remove a sign: take the chosen sign off the board; both tiles leave the game."""
    if _drawn(s) != "remove_sign":
        raise RuleError("You did not draw Remove a sign.")
    if action.cell not in s["signs"]:
        raise RuleError("There is no sign on that space to remove.")
    gone = s["signs"].pop(action.cell)["kind"]
    s["removed"] += 2
    s["phase"] = "roll"
    return [LogEntry(text=f"{{seat{seat}}} removed {name(gone)} from {action.cell}.",
                     data={"cell": action.cell})]


def discard(s: TukTukState, seat: int, action: Discard) -> list[LogEntry]:
    """Remove a sign, but remove nothing (the rulebook says *may*)."""
    kind = _drawn(s)
    if kind != "remove_sign":
        raise RuleError(f"{name(kind)} must be used.")
    s["removed"] += 1
    s["phase"] = "roll"
    return [LogEntry(text=f"{{seat{seat}}} removed no sign.")]


# -- rolling and moving --------------------------------------------------------------------
def roll(s: TukTukState, seat: int, action: Roll) -> list[LogEntry]:
    """Roll the die."""
    log: list[LogEntry] = []
    turn.roll_die(s, seat, log)
    return log


def move(s: TukTukState, seat: int, action: Move) -> list[LogEntry]:
    """End the leg on the chosen cell (by the chosen route where two differ)."""
    options = [i for i, m in enumerate(s["moves"]) if m["to"] == action.to]
    if not options:
        raise RuleError("Your taxi cannot end its move on that space.")
    if action.route is None:
        if len(options) > 1:
            raise RuleError("Two routes lead there with different effects: choose one.")
        index = options[0]
    elif action.route in options:
        index = action.route
    else:
        raise RuleError("That route does not end on that space.")
    log: list[LogEntry] = []
    turn.drive(s, seat, s["moves"][index], log)
    return log


def roll_again(s: TukTukState, seat: int, action: RollAgain) -> list[LogEntry]:
    """Stopped on No parking: roll once more and drive on."""
    log = [LogEntry(text=f"{{seat{seat}}} stopped on No parking and rolls again.")]
    turn.roll_die(s, seat, log)
    return log


def stay(s: TukTukState, seat: int, action: Stay) -> list[LogEntry]:
    """Stopped on No parking: stay; the move ends here."""
    log: list[LogEntry] = []
    turn.arrive(s, seat, log)
    return log

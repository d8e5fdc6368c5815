"""The handlers: what each action does to the fresh copy of the state (see steps.py)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.tuk_tuk_taxi import data, rules, signs, words
from engines.tuk_tuk_taxi import flow as turn
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
from engines.tuk_tuk_taxi.state import TukTukState
from engines.tuk_tuk_taxi.words import sign_term


def _drawn(s: TukTukState) -> str:
    kind = s["drawn"]
    assert kind is not None  # the sign step always has a drawn tile
    return kind


# -- the sign step -------------------------------------------------------------------------
def place(s: TukTukState, seat: int, action: Place) -> list[LogEntry]:
    """Put the drawn road sign or Police on a cell (spec ruling 3)."""
    kind = _drawn(s)
    if kind not in data.PLACED:
        raise RuleError("tuk-tuk-taxi.err.not_placed", sign=sign_term(kind))
    allowed = signs.placements(kind, s["taxis"])
    if action.cell not in allowed:
        raise RuleError("tuk-tuk-taxi.err.bad_place", sign=sign_term(kind),
                        rule=words.placement_rule(kind))
    dirs = allowed[action.cell]
    if dirs and action.direction not in dirs:
        raise RuleError("tuk-tuk-taxi.err.choose_direction", sign=sign_term(kind))
    if not dirs and action.direction is not None:
        raise RuleError("tuk-tuk-taxi.err.no_direction", sign=sign_term(kind))
    s["removed"] += signs.place(s["signs"], kind, parse_cell(action.cell), action.direction)
    s["phase"] = "roll"
    return [LogEntry.say("tuk-tuk-taxi.log.placed", seat=seat_ref(seat), sign=sign_term(kind),
                         place={"cell": action.cell},
                         dir=words.direction_word(kind, action.direction),
                         data={"cell": action.cell, "kind": kind, "dir": action.direction})]


def go_to(s: TukTukState, seat: int, action: GoTo) -> list[LogEntry]:
    """Mechanic or Gas station: drive to the chosen free space; the turn ends."""
    kind = _drawn(s)
    if kind not in ("mechanic", "gas_station"):
        raise RuleError("tuk-tuk-taxi.err.not_go_to", sign=sign_term(kind))
    if action.cell not in rules.free_spaces(s, seat, kind):
        raise RuleError("tuk-tuk-taxi.err.free_space", kind=kind)
    s["taxis"][seat] = action.cell
    log = [LogEntry.say("tuk-tuk-taxi.log.went_to", seat=seat_ref(seat), kind=kind,
                        place={"cell": action.cell}, data={"cell": action.cell})]
    turn.end_action_sign(s, seat, kind, log)
    return log


def remove_sign(s: TukTukState, seat: int, action: RemoveSign) -> list[LogEntry]:
    """Remove a sign: take the chosen sign off the board; both tiles leave the game."""
    if _drawn(s) != "remove_sign":
        raise RuleError("tuk-tuk-taxi.err.not_remove")
    if action.cell not in s["signs"]:
        raise RuleError("tuk-tuk-taxi.err.nothing_there")
    gone = s["signs"].pop(action.cell)["kind"]
    s["removed"] += 2
    s["phase"] = "roll"
    return [LogEntry.say("tuk-tuk-taxi.log.removed", seat=seat_ref(seat), sign=sign_term(gone),
                         place={"cell": action.cell}, data={"cell": action.cell})]


def discard(s: TukTukState, seat: int, action: Discard) -> list[LogEntry]:
    """Remove a sign, but remove nothing (the rulebook says *may*)."""
    kind = _drawn(s)
    if kind != "remove_sign":
        raise RuleError("tuk-tuk-taxi.err.must_use", sign=sign_term(kind))
    s["removed"] += 1
    s["phase"] = "roll"
    return [LogEntry.say("tuk-tuk-taxi.log.removed_none", seat=seat_ref(seat))]


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
        raise RuleError("tuk-tuk-taxi.err.cannot_end")
    if action.route is None:
        if len(options) > 1:
            raise RuleError("tuk-tuk-taxi.err.two_routes")
        index = options[0]
    elif action.route in options:
        index = action.route
    else:
        raise RuleError("tuk-tuk-taxi.err.wrong_route")
    log: list[LogEntry] = []
    turn.drive(s, seat, s["moves"][index], log)
    return log


def roll_again(s: TukTukState, seat: int, action: RollAgain) -> list[LogEntry]:
    """Stopped on No parking: roll once more and drive on."""
    log = [LogEntry.say("tuk-tuk-taxi.log.roll_again", seat=seat_ref(seat),
                        place={"cell": s["taxis"][seat]})]
    turn.roll_die(s, seat, log)
    return log


def stay(s: TukTukState, seat: int, action: Stay) -> list[LogEntry]:
    """Stopped on No parking: stay; the move ends here."""
    log: list[LogEntry] = []
    turn.arrive(s, seat, log)
    return log

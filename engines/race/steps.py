"""The race's flow: one step, a turn, in which the current runner advances."""

from __future__ import annotations

from engines.core.log import LogEntry, seat_ref
from engines.core.steps import Step
from engines.core.types import Template
from engines.race.actions import Advance
from engines.race.state import RaceState


def advance(state: RaceState, seat: int, action: Advance) -> list[LogEntry]:
    """Move forward; reaching the goal wins, otherwise the next runner's turn."""
    state["positions"][seat] += action.n
    if state["positions"][seat] >= state["goal"]:
        state["winner"] = seat
    state["current"] = (seat + 1) % len(state["positions"])
    return [LogEntry.say("race.log.advanced", seat=seat_ref(seat), n=action.n)]


def current_runner(state: RaceState) -> list[int]:
    """The one seat whose turn it is."""
    return [state["current"]]


def advance_templates(state: RaceState, seat: int) -> list[Template]:
    """Any distance from 1 to 6."""
    return [{"type": "advance", "n": {"$range": [1, 6]}}]


TURN = Step(
    name="turn",
    actions={"advance": advance},
    actors=current_runner,
    legal=advance_templates,
)

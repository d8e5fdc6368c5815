"""Whose turn it is: handing the turn on and the end of the game (spec ruling 5)."""

from __future__ import annotations

from engines.core.log import LogEntry, seat_ref
from engines.jakarta_traffic.data import END_STARS
from engines.jakarta_traffic.state import JakartaState


def begin_turn(state: JakartaState, seat: int) -> None:
    """Hand the turn to ``seat``: it may honk, then must drive."""
    state["current"] = seat
    state["phase"] = "honk"
    state["start_cell"] = state["mopeds"][seat]
    state["pending"] = None


def end_turn(state: JakartaState) -> list[LogEntry]:
    """Pass the turn on; the game ends once the round in which someone reached 4 stars is
    complete (ruling 5: seat order is turn order, so the round ends with the last seat)."""
    seat = state["current"]
    state["turn"] += 1
    state["pending"] = None
    log: list[LogEntry] = []
    if not state["end_triggered"] and any(len(s) >= END_STARS for s in state["stars"]):
        state["end_triggered"] = True
        # Only the mover gains stars, so the mover is the one who reached four.
        log.append(LogEntry.say("jakarta-traffic.log.last_round", seat=seat_ref(seat),
                                stars=END_STARS))
    if state["end_triggered"] and seat == state["players"] - 1:
        state["phase"] = "over"
        log.append(LogEntry.say("jakarta-traffic.log.game_over"))
        return log
    begin_turn(state, (seat + 1) % state["players"])
    return log

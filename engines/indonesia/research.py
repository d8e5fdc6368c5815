"""Phase 5's moves: one research step, or a pass."""

from __future__ import annotations

from engines.base import RuleError
from engines.indonesia.actions import Pass, Research
from engines.indonesia.data.components import MAX_LEVEL
from engines.indonesia.phases import research_next
from engines.indonesia.words import Log, say, seat_ref


def research(st: dict, seat: int, action: Research) -> Log:
    """One step on one track; Hull may be advanced for another player instead."""
    track, player = action.track, action.player
    if player >= st["players"]:
        raise RuleError("There is no such player.")
    if player != seat and track != "hull":
        raise RuleError("Only Hull may be advanced for another player.")
    if st["research"][player][track] >= MAX_LEVEL:
        raise RuleError("That track is already at its top level.")
    log: Log = []
    st["research"][player][track] += 1
    whose = "" if player == seat else f" for {seat_ref(player)}"
    say(log, f"{seat_ref(seat)} researches {track}{whose} "
        f"(now {st['research'][player][track]}).")
    research_next(st, log)
    return log


def research_pass(st: dict, seat: int, action: Pass) -> Log:
    """No research this year."""
    log: Log = []
    research_next(st, log)
    return log

"""Phase 5's moves: one research step, or a pass."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.indonesia.actions import Pass, Research
from engines.indonesia.data.components import MAX_LEVEL
from engines.indonesia.flow import progressed, research_next
from engines.indonesia.places import track_term
from engines.indonesia.words import Log


def research(st: dict, seat: int, action: Research) -> Log:
    """One step on one track; Hull may be advanced for another player instead."""
    track, player = action.track, action.player
    if player >= st["players"]:
        raise RuleError("indonesia.err.no_player")
    if player != seat and track != "hull":
        raise RuleError("indonesia.err.hull_only", hull=track_term("hull"))
    if st["research"][player][track] >= MAX_LEVEL:
        raise RuleError("indonesia.err.track_top", track=track_term(track))
    log: Log = []
    st["research"][player][track] += 1
    progressed(st)
    level = st["research"][player][track]
    if player == seat:
        log.append(LogEntry.say("indonesia.log.research", seat=seat_ref(seat),
                                track=track_term(track), level=level))
    else:
        log.append(LogEntry.say("indonesia.log.research_for", seat=seat_ref(seat),
                                track=track_term(track), player=seat_ref(player), level=level))
    research_next(st, log)
    return log


def research_pass(st: dict, seat: int, action: Pass) -> Log:
    """No research this year."""
    log: Log = []
    research_next(st, log)
    return log

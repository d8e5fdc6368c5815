"""Phase 7's move: the first player picks the cities that grow when stones run short."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.indonesia.actions import Grow
from engines.indonesia.flow import grow_city, grow_run
from engines.indonesia.words import Log


def grow(st: dict, seat: int, action: Grow) -> Log:
    """One of the candidates grows; the next size is settled once the stones are used."""
    step = st["step"]
    if action.city not in step["candidates"]:
        raise RuleError("indonesia.err.grow_choice")
    log: Log = []
    grow_city(st, action.city, log)
    step["candidates"].remove(action.city)
    step["left"] -= 1
    if step["left"] == 0:
        grow_run(st, step["pending"], step["size"] - 1, log)
    return log

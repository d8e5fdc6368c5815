"""Phase 4's moves: starting a company from a deed, or passing for the phase (ruling 4)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.indonesia.actions import Acquire, Pass
from engines.indonesia.data.components import DEEDS, SHIPPING
from engines.indonesia.flow import acquire_next, discard_unstartable, progressed
from engines.indonesia.places import area as area_ref
from engines.indonesia.places import company, good_term, sea
from engines.indonesia.rules import after, start_areas
from engines.indonesia.words import Log


def acquire(st: dict, seat: int, action: Acquire) -> Log:
    """Start a company for free in a legal start area."""
    deed, area = action.deed, action.area
    if deed not in st["deeds"]:
        raise RuleError("indonesia.err.no_deed")
    info = DEEDS[deed]
    shipping = info["type"] == SHIPPING
    if area not in start_areas(st, deed):
        if shipping:
            raise RuleError("indonesia.err.start_sea", province=info["province"])
        raise RuleError("indonesia.err.start_land", province=info["province"])
    log: Log = []
    cid = f"C{st['next_id']}"
    st["next_id"] += 1
    st["companies"][cid] = {
        "id": cid, "type": info["type"], "owner": seat, "deeds": [deed],
        "areas": [] if shipping else [area], "ships": {str(area): 1} if shipping else {},
        "operated": False, "merged": False}
    st["deeds"].remove(deed)
    progressed(st)
    if shipping:
        log.append(LogEntry.say("indonesia.log.started_at_sea", seat=seat_ref(seat),
                                province=info["province"], company=company(cid), sea=sea(area),
                                data={"company": cid, "area": area}))
    else:
        log.append(LogEntry.say("indonesia.log.started", seat=seat_ref(seat),
                                good=good_term(info["type"]), company=company(cid),
                                area=area_ref(area), data={"company": cid, "area": area}))
    discard_unstartable(st, log)
    acquire_next(st, after(st, seat), log)
    return log


def acquire_pass(st: dict, seat: int, action: Pass) -> Log:
    """No more acquisitions for this seat this phase."""
    log: Log = []
    st["step"]["passed"].append(seat)
    log.append(LogEntry.say("indonesia.log.acquire_pass", seat=seat_ref(seat)))
    acquire_next(st, after(st, seat), log)
    return log

"""Phase 4's moves: starting a company from a deed, or passing for the phase (ruling 4)."""

from __future__ import annotations

from engines.base import RuleError
from engines.indonesia.actions import Acquire, Pass
from engines.indonesia.data.components import DEEDS, SHIPPING
from engines.indonesia.phases import acquire_next, discard_unstartable
from engines.indonesia.places import land_name, sea_name
from engines.indonesia.rules import after, start_areas
from engines.indonesia.words import Log, deed_name, say, seat_ref


def acquire(st: dict, seat: int, action: Acquire) -> Log:
    """Start a company for free in a legal start area."""
    deed, area = action.deed, action.area
    if deed not in st["deeds"]:
        raise RuleError("That deed is not available.")
    info = DEEDS[deed]
    shipping = info["type"] == SHIPPING
    if area not in start_areas(st, deed):
        what = "sea next to" if shipping else "empty area of"
        raise RuleError(f"The company must start in a {what} {info['province']}"
                        " (goods never next to another company's goods of the same type).")
    log: Log = []
    cid = f"C{st['next_id']}"
    st["next_id"] += 1
    st["companies"][cid] = {
        "id": cid, "type": info["type"], "owner": seat, "deeds": [deed],
        "areas": [] if shipping else [area], "ships": {str(area): 1} if shipping else {},
        "operated": False, "merged": False}
    st["deeds"].remove(deed)
    where = sea_name(area) if shipping else land_name(area)
    say(log, f"{seat_ref(seat)} starts the {deed_name(deed)} company {cid} in {where}.",
        {"company": cid, "area": area})
    discard_unstartable(st, log)
    acquire_next(st, after(st, seat), log)
    return log


def acquire_pass(st: dict, seat: int, action: Pass) -> Log:
    """No more acquisitions for this seat this phase."""
    log: Log = []
    st["step"]["passed"].append(seat)
    say(log, f"{seat_ref(seat)} passes on acquisitions.")
    acquire_next(st, after(st, seat), log)
    return log

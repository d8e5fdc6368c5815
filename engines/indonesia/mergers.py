"""Phase 3's moves: announcing a merger, the auction, and a siap faji company's removals
(spec ruling 3; the settlement is in flow.resolve_merger)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.indonesia.actions import Announce, Pass, Raise, RemoveGood
from engines.indonesia.flow import announce_next, announcements_again, auction_next
from engines.indonesia.places import area, company, good_term
from engines.indonesia.rules import after, free_slots, merger_pairs, removal_choices
from engines.indonesia.words import Log


def multiples(units: int, low: int) -> dict[str, int]:
    """The parameters of a refused merger bid (spec ruling 3 amended: every bid a multiple
    of the units): the units and the first three bids allowed."""
    return {"units": units, "first": low, "second": low + units, "third": low + 2 * units}


def announce(st: dict, seat: int, action: Announce) -> Log:
    """Announce a merger of two companies with an opening bid."""
    a, b, amount = action.a, action.b, action.bid
    pairs = {frozenset((x, y)): (kind, u, low) for x, y, kind, u, low in merger_pairs(st, seat)}
    key = frozenset((a, b))
    if a == b or key not in pairs:
        raise RuleError("indonesia.err.no_such_merger")
    kind, u, low = pairs[key]
    if amount < low or amount % u:
        raise RuleError("indonesia.err.open_multiples", **multiples(u, low))
    if amount > st["cash"][seat]:
        raise RuleError("indonesia.err.too_much")
    owners = {st["companies"][a]["owner"], st["companies"][b]["owner"]}
    bidders = [s for s in st["order"] if free_slots(st, s) > 0 or s in owners]
    log: Log = []
    st["step"] = {"kind": "auction", "seat": None, "a": a, "b": b, "announcer": seat,
                  "units": u, "high": amount, "leader": seat, "bidders": bidders,
                  "siap_faji": kind == "rice+spice"}
    log.append(LogEntry.say(
        "indonesia.log.merger_announced", seat=seat_ref(seat), amount=amount,
        a=company(a), a_good=good_term(st["companies"][a]["type"]),
        b=company(b), b_good=good_term(st["companies"][b]["type"])))
    auction_next(st, seat, log)
    return log


def announce_pass(st: dict, seat: int, action: Pass) -> Log:
    """No merger this round (the seat may announce again after a later merger)."""
    log: Log = []
    st["step"]["passed"].append(seat)
    announce_next(st, after(st, seat), log)
    return log


def raise_bid(st: dict, seat: int, action: Raise) -> Log:
    """Raise by a multiple of the units, never above your cash."""
    step = st["step"]
    u, amount = step["units"], action.amount
    if amount < step["high"] + u or amount % u:
        raise RuleError("indonesia.err.raise_multiples", **multiples(u, step["high"] + u))
    if amount > st["cash"][seat]:
        raise RuleError("indonesia.err.too_much")
    log: Log = []
    step["high"] = amount
    step["leader"] = seat
    log.append(LogEntry.say("indonesia.log.merger_raise", seat=seat_ref(seat), amount=amount))
    auction_next(st, seat, log)
    return log


def auction_pass(st: dict, seat: int, action: Pass) -> Log:
    """Out of this auction for good."""
    log: Log = []
    st["step"]["bidders"].remove(seat)
    log.append(LogEntry.say("indonesia.log.merger_drop", seat=seat_ref(seat)))
    auction_next(st, seat, log)
    return log


def remove_good(st: dict, seat: int, action: RemoveGood) -> Log:
    """The new siap faji company gives up one good (those touching another first)."""
    if action.area not in removal_choices(st):
        raise RuleError("indonesia.err.remove_good")
    log: Log = []
    step = st["step"]
    st["companies"][step["company"]]["areas"].remove(action.area)
    step["left"] -= 1
    log.append(LogEntry.say("indonesia.log.good_removed", seat=seat_ref(seat),
                            area=area(action.area), data={"area": action.area}))
    if step["left"] == 0:
        announcements_again(st, step["announcer"], log)
    return log

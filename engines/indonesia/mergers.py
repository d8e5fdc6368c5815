"""Phase 3's moves: announcing a merger, the auction, and a siap faji company's removals
(spec ruling 3; the settlement is in phases.resolve_merger)."""

from __future__ import annotations

from engines.base import RuleError
from engines.indonesia.actions import Announce, Pass, Raise, RemoveGood
from engines.indonesia.phases import announce_next, announcements_again, auction_next
from engines.indonesia.places import land_name
from engines.indonesia.rules import after, free_slots, merger_pairs, removal_choices
from engines.indonesia.words import Log, company_name, say, seat_ref


def multiples(units: int, low: int, verb: str) -> str:
    """Why a merger bid is refused (spec ruling 3 amended: every bid a multiple of the units)."""
    steps = ", ".join(str(low + k * units) for k in range(3))
    return (f"Merger bids are multiples of the {units} units merged: {verb} at {steps} "
            "and so on.")


def announce(st: dict, seat: int, action: Announce) -> Log:
    """Announce a merger of two companies with an opening bid."""
    a, b, amount = action.a, action.b, action.bid
    pairs = {frozenset((x, y)): (kind, u, low) for x, y, kind, u, low in merger_pairs(st, seat)}
    key = frozenset((a, b))
    if a == b or key not in pairs:
        raise RuleError("You may not announce a merger of those two companies.")
    kind, u, low = pairs[key]
    if amount < low or amount % u:
        raise RuleError(multiples(u, low, "open"))
    if amount > st["cash"][seat]:
        raise RuleError("You cannot bid more money than you have.")
    owners = {st["companies"][a]["owner"], st["companies"][b]["owner"]}
    bidders = [s for s in st["order"] if free_slots(st, s) > 0 or s in owners]
    log: Log = []
    st["step"] = {"kind": "auction", "seat": None, "a": a, "b": b, "announcer": seat,
                  "units": u, "high": amount, "leader": seat, "bidders": bidders,
                  "siap_faji": kind == "rice+spice"}
    say(log, f"{seat_ref(seat)} announces a merger of {company_name(st, a)} and "
        f"{company_name(st, b)}, opening at {amount}.")
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
        raise RuleError(multiples(u, step["high"] + u, "raise"))
    if amount > st["cash"][seat]:
        raise RuleError("You cannot bid more money than you have.")
    log: Log = []
    step["high"] = amount
    step["leader"] = seat
    say(log, f"{seat_ref(seat)} bids {amount}.")
    auction_next(st, seat, log)
    return log


def auction_pass(st: dict, seat: int, action: Pass) -> Log:
    """Out of this auction for good."""
    log: Log = []
    st["step"]["bidders"].remove(seat)
    say(log, f"{seat_ref(seat)} drops out of the bidding.")
    auction_next(st, seat, log)
    return log


def remove_good(st: dict, seat: int, action: RemoveGood) -> Log:
    """The new siap faji company gives up one good (those touching another first)."""
    if action.area not in removal_choices(st):
        raise RuleError("Remove a good of the new company (first those touching another "
                        "siap faji company).")
    log: Log = []
    step = st["step"]
    st["companies"][step["company"]]["areas"].remove(action.area)
    step["left"] -= 1
    say(log, f"{seat_ref(seat)} removes the good in {land_name(action.area)}.",
        {"area": action.area})
    if step["left"] == 0:
        announcements_again(st, step["announcer"], log)
    return log

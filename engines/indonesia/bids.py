"""Phase 2's move: an open turn-order bid (spec ruling 2)."""

from __future__ import annotations

from engines.base import RuleError
from engines.indonesia.actions import Bid
from engines.indonesia.data.components import BID_MULTIPLIER
from engines.indonesia.phases import bid_next
from engines.indonesia.words import Log, say, seat_ref


def bid(st: dict, seat: int, action: Bid) -> Log:
    """Pay 0..cash into your bank; it counts times your Turn Order Bid multiplier."""
    amount = action.amount
    if amount > max(0, st["cash"][seat]):
        raise RuleError("You cannot bid more money than you have.")
    log: Log = []
    st["cash"][seat] -= amount
    st["bank"][seat] += amount
    counts = amount * BID_MULTIPLIER[st["research"][seat]["bid"]]
    st["bids"].append({"seat": seat, "bid": amount, "counts": counts})
    say(log, f"{seat_ref(seat)} bids {amount} for turn order (counts {counts}).")
    bid_next(st, log)
    return log

"""Phase 2's move: an open turn-order bid (spec ruling 2)."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.indonesia.actions import Bid
from engines.indonesia.data.components import BID_MULTIPLIER
from engines.indonesia.flow import bid_next
from engines.indonesia.words import Log


def bid(st: dict, seat: int, action: Bid) -> Log:
    """Pay 0..cash into your bank; it counts times your Turn Order Bid multiplier."""
    amount = action.amount
    if amount > max(0, st["cash"][seat]):
        raise RuleError("indonesia.err.too_much")
    log: Log = []
    st["cash"][seat] -= amount
    st["bank"][seat] += amount
    counts = amount * BID_MULTIPLIER[st["research"][seat]["bid"]]
    st["bids"].append({"seat": seat, "bid": amount, "counts": counts})
    log.append(LogEntry.say("indonesia.log.turn_bid", seat=seat_ref(seat), amount=amount,
                            counts=counts))
    bid_next(st, log)
    return log

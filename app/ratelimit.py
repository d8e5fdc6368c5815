"""Per-IP request limits (token buckets kept in memory, one set per server process)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class RateLimiter:
    """``per_minute`` requests of one kind per client address, in bursts of up to that many.

    A limit of 0 means no limit. Buckets are forgotten once they are full again, so the
    memory held is bounded by the clients seen in the last minute.
    """

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def take(self, address: str) -> float:
        """Spend one request of ``address``; 0 if allowed, else the seconds to wait."""
        if self.capacity <= 0:
            return 0.0
        now = self.clock()
        if len(self.buckets) > 10_000:
            self._forget_full(now)
        tokens, when = self.buckets.get(address, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - when) * self.rate)
        if tokens < 1.0:
            self.buckets[address] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self.buckets[address] = (tokens - 1.0, now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        self.buckets = {a: (t, w) for a, (t, w) in self.buckets.items()
                        if t + (now - w) * self.rate < self.capacity}


def retry_after(seconds: float) -> str:
    """The Retry-After header value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))

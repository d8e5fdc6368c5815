"""Rate limits kept in memory, one set per server process.

* :class:`RateLimiter`: per-IP REST limits (lobby creation, joins, claims), answered with 429.
* :class:`TokenBucket`: one bucket per WebSocket connection and kind of frame (actions; other
  frames; chat when it exists), answered with a ``rate_limited`` rejection.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field


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




@dataclass
class TokenBucket:
    """``take()`` is True while the caller stays within its rate."""

    rate: float
    burst: int
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = float(self.burst)

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else float("inf")

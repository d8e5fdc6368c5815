"""A token bucket: at most ``rate`` events per second on average, ``burst`` at once.

One bucket per connection and kind of frame (actions; other frames; chat when it exists).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


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

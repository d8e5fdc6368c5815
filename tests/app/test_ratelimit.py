"""The per-address token buckets behind the 429 answers."""

from __future__ import annotations

from app.core.ratelimit import RateLimiter, retry_after


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_of_the_limit_then_one_request_per_refill() -> None:
    clock = Clock()
    limiter = RateLimiter(per_minute=6, clock=clock)  # one more every 10 s
    assert [limiter.take("a") for _ in range(6)] == [0.0] * 6
    wait = limiter.take("a")
    assert 9.9 < wait <= 10.0 and retry_after(wait) == "10"
    assert limiter.take("b") == 0.0  # another address has its own bucket
    clock.now += 10
    assert limiter.take("a") == 0.0 and limiter.take("a") > 0


def test_a_limit_of_zero_is_no_limit() -> None:
    limiter = RateLimiter(per_minute=0)
    assert all(limiter.take("a") == 0.0 for _ in range(10_000))


def test_addresses_whose_buckets_are_full_again_are_forgotten() -> None:
    clock = Clock()
    limiter = RateLimiter(per_minute=60, clock=clock)
    for i in range(10_001):
        limiter.take(f"10.0.{i // 256}.{i % 256}")
    clock.now += 120
    limiter.take("late")
    assert len(limiter.buckets) == 1

"""The seeded generator whose whole position lives in the state (``state["rng"]``)."""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1


class Rng:
    """A tiny seeded generator (SplitMix64) whose whole position is one int in the state.

    Python's ``random.Random`` keeps ~2.5 kB of state; this keeps 64 bits, so it can live in
    ``state["rng"]`` and be restored exactly on replay.

    Usage inside ``apply``::

        rng = Rng(state["rng"])
        roll = rng.randint(1, 6)
        state["rng"] = rng.position
    """

    __slots__ = ("position",)

    def __init__(self, position: int) -> None:
        self.position = position & MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator whose position is derived from a game's seed."""
        return cls((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.position = (self.position + 0x9E3779B97F4A7C15) & MASK64
        z = self.position
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]`` inclusive, like ``random.randint``."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: list[Any]) -> Any:
        """One element of a non-empty list."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

"""How a finished game ends: every seat's score and rank, and ranks from tie-breaker keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Outcome:
    """The result of a finished game.

    ``ranks[seat]`` is 1 for the winner(s); seats tied after every tie-breaker share a rank.
    ``scores[seat]`` is the game's own score; ``detail`` is an optional per-seat breakdown
    (e.g. ``{"stars": [...], "orders": [...]}``) for the game-over panel.
    """

    scores: list[float | int]
    ranks: list[int]
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """JSON form sent to clients."""
        return {"scores": list(self.scores), "ranks": list(self.ranks), "detail": self.detail}


def competition_ranks(keys: Sequence[Any], *, higher_wins: bool = True) -> list[int]:
    """Competition ranks ("1, 1, 3") from one comparable key per seat.

    Put every tie-breaker in the key, best first, e.g. ``(total, passengers, energy)``;
    seats whose keys are equal after all of them share a rank. ``higher_wins=False`` for
    games where the smaller key wins (fewer turns, an earlier position in turn order).
    """
    if higher_wins:
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]

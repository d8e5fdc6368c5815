"""The race's state: every key the engine stores (plain JSON)."""

from __future__ import annotations

from typing import TypedDict


class RaceState(TypedDict):
    """Positions of the runners, whose turn it is, the goal and the winner (once there)."""

    positions: list[int]
    current: int
    goal: int
    winner: int | None

"""Who leads, when nobody can catch up (spec ruling 9), and the final ranks."""

from __future__ import annotations

from engines.core.outcome import Outcome
from engines.tuk_tuk_taxi.state import TukTukState


def rank_key(s: TukTukState, seat: int) -> tuple[int, float]:
    """More passengers first; among equals, whoever delivered their last one earlier."""
    last = s["last_drop"][seat]
    return (-s["delivered"][seat], float("inf") if last is None else float(last))


def leader(s: TukTukState) -> int:
    """The seat ranked first (the earliest to reach the top count)."""
    return min(range(s["players"]), key=lambda p: rank_key(s, p))


def nobody_can_overtake(s: TukTukState) -> bool:
    """Ruling 9: every other player's delivered + undelivered passengers <= the leader's."""
    remaining = len(s["passengers"]) + sum(1 for c in s["carrying"] if c)
    top = leader(s)
    best = s["delivered"][top]
    return all(s["delivered"][p] + remaining <= best for p in range(s["players"]) if p != top)


def outcome(s: TukTukState) -> Outcome:
    """Scores are passengers delivered; ties broken by the earlier last drop-off."""
    n = s["players"]
    keys = [rank_key(s, p) for p in range(n)]
    ranks = [1 + sum(1 for k in keys if k < keys[p]) for p in range(n)]
    return Outcome(scores=list(s["delivered"]), ranks=ranks,
                   detail={"delivered": list(s["delivered"]),
                           "last_drop": list(s["last_drop"])})

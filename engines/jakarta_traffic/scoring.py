"""Final scoring and tie-breaks (rulebook "Game End and Victory", spec ruling 6)."""

from __future__ import annotations

from typing import Any

from engines.core.outcome import competition_ranks
from engines.jakarta_traffic.data import BUBBLE_BONUS, PASSENGERS
from engines.jakarta_traffic.state import JakartaState


def breakdown(state: JakartaState, seat: int) -> dict[str, Any]:
    """One player's score: star values + 1 per energy left + the speech bubble bonus."""
    stars = list(state["stars"][seat])
    energy = state["energy"][seat]
    bubbles = state["bubbles"][seat]
    star_points = sum(stars)
    bubble_points = BUBBLE_BONUS[bubbles]
    return {
        "stars": stars,
        "star_points": star_points,
        "energy": energy,
        "bubbles": bubbles,
        "bubble_points": bubble_points,
        "passengers": sum(1 for o in state["delivered"][seat] if o in PASSENGERS),
        "star_tokens": len(stars),
        "total": star_points + energy + bubble_points,
    }


def ranks(parts: list[dict[str, Any]]) -> list[int]:
    """Ranks by total, then passengers delivered, star tokens, energy; equal keys share."""
    return competition_ranks(
        [(p["total"], p["passengers"], p["star_tokens"], p["energy"]) for p in parts])


def final_detail(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The per-seat breakdown for the game-over panel (one list per line of the panel)."""
    fields = ["stars", "star_points", "energy", "bubbles", "bubble_points", "passengers",
              "star_tokens", "total"]
    return {f: [p[f] for p in parts] for f in fields}

"""What a viewer sees: everything on the table (only the generator's position is hidden),
with the roads of every tile, the order board and the scores worked out for the client."""

from __future__ import annotations

from typing import Any

from engines.jakarta_traffic import orderboard, scoring
from engines.jakarta_traffic.data import PATTERNS
from engines.jakarta_traffic.roads import reachable, tile_roads
from engines.jakarta_traffic.rules import parked_at
from engines.jakarta_traffic.state import JakartaState, Tile


def view(state: JakartaState, seat: int | None) -> dict[str, Any]:
    """The same document for every seat and spectator (nothing else is hidden)."""
    doc: dict[str, Any] = {k: v for k, v in state.items() if k != "rng"}
    doc["roads"] = [tile_road_lists(t) for t in state["tiles"]]
    doc["hand_roads"] = [tile_road_lists(t) for t in state["hand"]]
    doc["patterns"] = {k: {"spurs": p["spurs"], "links": p["links"]}
                       for k, p in PATTERNS.items()}
    doc["orderboard"] = orderboard.describe(state["board"])
    doc["scores"] = [scoring.breakdown(state, s) for s in range(state["players"])]
    doc["routes"] = {}
    if state["phase"] in ("honk", "drive"):
        found = reachable(state["tiles"], parked_at(state, state["current"]))
        doc["routes"] = {str(c): r for c, r in sorted(found.items())}
    return doc


def tile_road_lists(tile: Tile) -> dict[str, Any]:
    """A tile's roads at its rotation (spurs and links as JSON lists)."""
    spurs, links = tile_roads(tile["pattern"], tile["rot"])
    return {"spurs": list(spurs), "links": [list(link) for link in links]}

"""What a viewer sees: everything on the table (only the generator's position is hidden),
with the order board and the scores worked out for the client. The tiles' road patterns are
static: the browser has them once per game from ``client_data.py`` and turns them itself."""

from __future__ import annotations

from typing import Any

from engines.jakarta_traffic import orderboard, scoring
from engines.jakarta_traffic.roads import reachable
from engines.jakarta_traffic.rules import parked_at
from engines.jakarta_traffic.state import JakartaState


def view(state: JakartaState, seat: int | None) -> dict[str, Any]:
    """The same document for every seat and spectator (nothing else is hidden)."""
    doc: dict[str, Any] = {k: v for k, v in state.items() if k != "rng"}
    doc["orderboard"] = orderboard.describe(state["board"])
    doc["scores"] = [scoring.breakdown(state, s) for s in range(state["players"])]
    doc["routes"] = {}
    if state["phase"] in ("honk", "drive"):
        found = reachable(state["tiles"], parked_at(state, state["current"]))
        doc["routes"] = {str(c): r for c, r in sorted(found.items())}
    return doc


"""Determinization: a full Jakarta Traffic state consistent with one seat's view.

Everything on the table is public; only the dice to come (the generator's position) are
secret. A view is the state without ``rng`` plus worked-out extras, so the determinization
drops the extras and draws a fresh generator position.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core.types import State

#: Keys the view adds for the client (derived from the state, never part of it).
DERIVED = frozenset({"orderboard", "scores", "routes"})


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """The viewed table with a random generator position (the dice's future)."""
    # No copy: every move copies what it changes first (Engine.copy_state) and the bots
    # only read, so the search's many determinizations share the view's parts.
    state: State = {k: v for k, v in view.items() if k not in DERIVED}
    state["rng"] = rng.getrandbits(64)
    return state

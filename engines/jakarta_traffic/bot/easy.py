"""The easy Jakarta Traffic bot: a driver who plays like normal most of the time, and now and
then rides to a spot that is good but not the best (issue 40: a level a new player beats
about half the time).

Every decision it makes as the normal bot does (the planning heuristic), except that at some
of its turns (:data:`NEXT_BEST_RIDE`) it takes the second or third best first action by
normal's own values: a ride to a worse spot, the detour, or a honk that opens a worse ride.
That is a mistake a player can see on the board, and the rest of its play is sound. Before
2026-12-07 easy was a beginner's one-turn picture on every move with a random move every third
one; the ladder's model of a new player (one of normal's three best moves) beat it in 75% of
2-player games. Mixing that one-turn picture into normal's play barely weakened it (the model
won 28-30%); the next best rides did (docs/bots.md, "Round easy").
"""

from __future__ import annotations

import random
from typing import Any, cast

from engines.core.types import State
from engines.jakarta_traffic.bot import heuristic
from engines.jakarta_traffic.state import JakartaState

#: How often a turn's first action is the second or third best by normal's values.
NEXT_BEST_RIDE = 0.25
#: How many of normal's ranked first actions such a turn is drawn from (the best one
#: included, so the second and third).
NEXT_BEST_OF = 3


def easy_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The easy driver's move (see the module docstring); from the seat's (determinized)
    state and the decision's generator only."""
    s = cast(JakartaState, state)
    if s["phase"] in ("honk", "drive") and rng.random() < NEXT_BEST_RIDE:
        ranked = heuristic.ranked_turns(s, seat, heuristic.spot_values(heuristic.planner(s, seat)))
        others = [a for _, a in ranked[1:NEXT_BEST_OF]]
        if others:
            return rng.choice(others)
    return heuristic.heuristic_action(state, seat, rng, 0.0)

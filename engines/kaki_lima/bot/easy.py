"""The easy Kaki Lima bot: a pedestrian who plays like normal most of the time, and now and
then like someone new to the streets (issue 40: a level a new player beats about half the
time).

Most decisions it makes as the normal bot does. At some of them (:data:`SHORT_SIGHTED`) it
sees only the beginner's picture of the heuristic (heuristic.py, ``noise > 0``): its own
tasks, tokens and obvious gatherings, no turn ahead, no collaborative clearings, a Jom! token
on the card closest to being claimed, blurred walk values and now and then any legal move.
At some of its other walks (:data:`NEXT_BEST_WALK`) it takes the second or third best walk by
normal's own values: a plausible walk, just not the best one. Both are mistakes a player can
see on the board, and the rest of its play is sound, so it is neither random nor a pushover:
the beginner's picture on every move (the easy bot before 2026-12-07) lost 94% of its games
against the ladder's model of a new player (docs/bots.md, "Round easy").
"""

from __future__ import annotations

import random
from typing import Any

from engines.core.types import State
from engines.kaki_lima.bot import heuristic

#: How often a decision is made with the beginner's picture (per decision).
SHORT_SIGHTED = 0.2
#: The beginner's picture's own noise: its walk values blurred by up to 10x this, and any
#: legal move half this often.
BEGINNER_BLUR = 0.35
#: How often one of its other walks is the second or third best by normal's values.
NEXT_BEST_WALK = 0.15
#: How many of normal's ranked walks such a walk is drawn from (the best one included).
NEXT_BEST_OF = 3


def easy_action(state: State, seat: int, rng: random.Random,
                templates: list[dict[str, Any]]) -> dict[str, Any]:
    """The easy pedestrian's move (see the module docstring); from the seat's
    (determinized) state and the decision's generator only."""
    if rng.random() < SHORT_SIGHTED:
        return heuristic.heuristic_action(state, seat, rng, BEGINNER_BLUR, templates)
    best = heuristic.heuristic_action(state, seat, rng, 0.0, templates)
    if best["type"] in ("walk", "no_walk") and rng.random() < NEXT_BEST_WALK:
        others = [a for a in heuristic.ranked_walks(state, seat, templates, NEXT_BEST_OF)
                  if a != best]
        if others:
            return rng.choice(others)
    return best

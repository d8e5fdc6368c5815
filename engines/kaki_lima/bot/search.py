"""The hard bot's hooks into the shared search (engines.bots.Search): which moves to search,
how playouts move, and what a position is worth.

Only the walk decides much in a turn (where to land, with which cards): the path, the Jom!
tokens and the answers follow from it, so every other decision has the heuristic's move as
its single candidate and the search spends its iterations on the walks. Playouts use the
heuristic without its turn-ahead planning (a few times cheaper), and a position is worth the
seat's points plus what its held tokens will clear (for the searching seat also its turn
ahead), against the best of the others. A playout runs on to the searching seat's next turn
(``playout_to_turn``), so every walk searched is judged at the same point of the round.
"""

from __future__ import annotations

import math
import random
from typing import Any

import orjson

from engines.bots.memo import decision_memo
from engines.bots.protocol import SearchTuning
from engines.kaki_lima.bot import heuristic as bot_heuristic
from engines.kaki_lima.bot.heuristic import worth

State = dict[str, Any]

TUNING = SearchTuning(
    playout_depth=60,  # the most moves to the searching seat's next turn (a round: 15-30)
    playout_to_turn=True,
    max_candidates=3,
    inner_candidates=1,
    min_visits=4,
    exploration=0.5,
    keep_margin=0.03,
    iterations=100,
)

#: Points of lead that make a position nearly won (the tanh's scale).
LEAD_SCALE = 10.0
#: The table sizes at which the search chooses the walk (at the others hard plays the
#: normal bot's move). Round 5 searched at 2-3 players only: six-move playouts reached one
#: or two of five others' moves, so a playout's end said more about where it stopped than
#: about the walk, and every variant lost deals the heuristic won at 4-6 players. With
#: playouts on to the searching seat's next turn (``playout_to_turn``, at most 60 moves),
#: 100 iterations and 3 root candidates, hard won at least as many of the same 40 deals as
#: normal at 2, 3, 4 and 6 players against random and easy, but at 5 players 65 and 56 of
#: 80 where normal won 67 and 60 (round 7, docs/bots.md): not switched on there.
SEARCH_TABLES = frozenset({2, 3, 4, 6})

def candidates(state: State, seat: int, rng: random.Random, limit: int,
               templates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At the root, the heuristic's move first and at a walk the next best walks by its
    value; below the root the playout move alone (the search branches on this seat's walk,
    the rest of the game is played out)."""
    if limit <= TUNING.inner_candidates:
        return [playout_action(state, seat, rng, templates)]
    if state["n"] not in SEARCH_TABLES:
        return [bot_heuristic.heuristic_action(state, seat, rng, 0.0, templates)]
    walking = state["turn"]["stage"] in ("walk", "committed") and seat == state["current"]
    memo = decision_memo()
    key = _public_key(state, seat, limit) if walking else b""
    found = memo.get(key) if walking else None
    if found is not None:
        return [dict(a) for a in found]
    best = bot_heuristic.heuristic_action(state, seat, rng, 0.0, templates)
    out = [best]
    if best["type"] in ("walk", "no_walk", "propose_clearing", "swap"):
        for action in bot_heuristic.ranked_walks(state, seat, templates, limit):
            if action != best and len(out) < limit:
                out.append(action)
    if walking:
        memo[key] = out
    return [dict(a) for a in out]


def _public_key(state: State, seat: int, limit: int) -> bytes:
    """Everything the seat's walk values may depend on: the whole of its view (board, task
    cards, hand, piles' sizes, every pedestrian and token). The search asks again every
    iteration with other hidden cards; within one decision the first answer stands."""
    from engines.kaki_lima.engine import ENGINE

    return orjson.dumps(["kaki-lima-root", seat, limit, ENGINE.view(state, seat)],
                        option=orjson.OPT_SORT_KEYS)


def playout_action(state: State, seat: int, rng: random.Random,
                   templates: list[dict[str, Any]]) -> dict[str, Any]:
    """The heuristic without the turn-ahead planning (cheap, still sensible)."""
    return bot_heuristic.heuristic_action(state, seat, rng, 0.0, templates, lookahead=False)


def evaluate(state: State, seat: int, root: int | None = None) -> float:
    """The seat's worth (points, tokens held at their likely value) against the best other
    seat's, squashed into [0, 1]; for the searching seat (``root``: below the root every
    seat has one candidate, so only its values are compared) also its turn ahead."""
    mine = worth(state, seat)
    if seat == root:
        # The searching seat's turn ahead (the normal bot's potential): six playout moves
        # rarely reach its next walk.
        mine += ahead(state, seat)
    rest = max(worth(state, o) for o in range(state["n"]) if o != seat)
    return 0.5 + 0.5 * math.tanh((mine - rest) / LEAD_SCALE)


def ahead(state: State, seat: int) -> float:
    """What the seat's next walk from where it stands, with its hand, is likely worth (the
    normal bot's turn ahead); nothing once it has no turn left."""
    if state["phase"] != "play" or state["pos"][seat] is None:
        return 0.0
    plan = bot_heuristic.Planner(state, seat, False)
    if plan.last_turn() or (state["end_queue"] is not None and seat == state["current"]):
        return 0.0
    value = plan.potential(state["pos"][seat], list(state["hands"][seat]))
    return value * (bot_heuristic.CLOSING if plan.closing else 1.0)

"""What the hard bot searches: the heuristic's move first, and only the turns it values
within a point of it (bot.CANDIDATE_SPAN); a clear decision is not searched at all."""

from __future__ import annotations

import random
from typing import Any

from engines import bots
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.bot import heuristic as jt_bot

State = dict[str, Any]


def positions(count: int) -> list[tuple[State, int]]:
    """Turn starts of games of normal bots (three seats), one every few turns."""
    out: list[tuple[State, int]] = []
    for g in range(6):
        rng = random.Random(g)
        state = ENGINE.setup(3, {}, 500 + g)
        steps = 0
        while ENGINE.outcome(state) is None and len(out) < count * (g + 1) // 6:
            seat = (ENGINE.awaited(state) or ENGINE.to_act(state))[0]
            if state["phase"] == "honk" and steps % 5 == 0:
                out.append((state, seat))
            action = jt_bot.heuristic_action(state, seat, rng, 0.0)
            state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
            steps += 1
    return out


def test_the_search_weighs_only_turns_close_to_the_heuristics_best() -> None:
    singles = 0
    found = positions(30)
    for state, seat in found:
        values = jt_bot.spot_values(jt_bot.planner(state, seat))
        ranked = jt_bot.ranked_turns(state, seat, values)
        worth = {bots.action_key(a): v for v, a in ranked}
        moves = jt_bot.bot_candidates(state, seat, random.Random(0), 4)
        assert moves
        assert worth[bots.action_key(moves[0])] == ranked[0][0]
        for move in moves:
            assert worth[bots.action_key(move)] >= ranked[0][0] - jt_bot.CANDIDATE_SPAN
        if len(moves) == 1:
            singles += 1
            # One candidate: the hard bot plays the heuristic's move without searching.
            hard = bots.decide(ENGINE, ENGINE.view(state, seat), seat, "hard",
                               random.Random(1), float("inf"), iterations=120)
            assert hard == moves[0]
    assert 0 < singles < len(found)

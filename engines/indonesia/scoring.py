"""Indonesia's end: the final scores (money, counted at the game's end by flow.end_game)
ranked, ties going to the earlier seat in turn order."""

from __future__ import annotations

from engines.core.outcome import Outcome
from engines.core.types import State


def outcome(state: State) -> Outcome:
    """The finished game's scores, ranks and per-seat money."""
    final = state["final"]
    scores = [f["score"] for f in final]
    order = state["order"]
    ranking = sorted(range(len(scores)), key=lambda s: (-scores[s], order.index(s)))
    ranks = [0] * len(scores)
    for r, s in enumerate(ranking):
        ranks[s] = r + 1
    return Outcome(scores=scores, ranks=ranks, detail={
        "cash": [f["cash"] for f in final], "bank": [f["bank"] for f in final],
        "doubled": [f["bonus"] for f in final], "end": state.get("end")})

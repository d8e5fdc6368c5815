"""Indonesia's bot (the protocol :class:`engines.bots.protocol.GameBot`), handed the engine:
spec 10's test bot and the heuristic (heuristic.py, plan.py, value.py), the hard bot's
candidates and values (search.py), others' city cards and secret money sampled
(sampling.py)."""

from __future__ import annotations

import random
from typing import Any

from engines.bots.protocol import GameBot, SearchTuning
from engines.core.types import State
from engines.indonesia.bot import heuristic, sampling, search, why

#: The hard bot's iteration cap (measured at this cap: bench/results/bots-indonesia.txt).
HARD_ITERATIONS = 40
#: Playout moves of the hard bot's search before search.evaluate judges the position.
PLAYOUT_DEPTH = 4
#: How much better (mean value) a searched move must be than the heuristic's to be played.
KEEP_MARGIN = 0.05
#: Mergers a playout's announcer weighs (the dearest; the heuristic weighs them all).
PLAYOUT_PAIRS = 3


class IndonesiaBot(GameBot):
    """The bots of Indonesia."""

    #: Few candidates (search.py), playouts long enough to reach the next sale. The keep
    #: margin is 0.05: at 0.01 the search overruled a third of the heuristic's deeds,
    #: cities and mergers on noise and lost 9 of 40 four-player deals to easy (normal
    #: lost 4); at 0.05 it lost 3 of the same deals (round 6, docs/bots.md).
    search_tuning = SearchTuning(playout_depth=PLAYOUT_DEPTH, max_candidates=5,
                                 inner_candidates=2, min_visits=3, exploration=0.5,
                                 keep_margin=KEEP_MARGIN, iterations=HARD_ITERATIONS)

    def test_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The spec-10 test bot (random legal otherwise), so bot games finish."""
        return heuristic.choose(state, seat, self.engine.legal_actions(state, seat), rng)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state behind ``view``: others' city cards and secret money sampled."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """The easy/normal bots' move: deeds, research, mergers, operations."""
        return heuristic.heuristic(state, seat, self.engine.legal_actions(state, seat), rng,
                                   noise)

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's lead in money and income over the operations left, in [0, 1]."""
        return search.evaluate(state, seat)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The heuristic, weighing only the dearest mergers (playouts must be cheap)."""
        return heuristic.heuristic(state, seat, self.engine.legal_actions(state, seat), rng,
                                   0.0, pairs=PLAYOUT_PAIRS)

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """The heuristic's move, then the few others a good player would weigh."""
        return search.candidates(state, seat, self.engine.legal_actions(state, seat), rng,
                                 limit)

    def explain(self, view: dict[str, Any], seat: int,
                action: dict[str, Any]) -> dict[str, Any]:
        """The move's main reason in the game's own words, from the view alone (why.py)."""
        return why.explain(view, seat, action)

"""Tuk-Tuk Taxi's bot (the protocol :class:`engines.bots.protocol.GameBot`), handed the
engine: the open table with the sign stack shuffled (sampling.py), the heuristic's driving
and sign play (heuristic.py), the beginner for the easy bot (easy.py)."""

from __future__ import annotations

import random
from typing import Any, cast

from engines.bots.protocol import GameBot, SearchTuning
from engines.core.types import State
from engines.tuk_tuk_taxi.bot import easy, heuristic, sampling, why
from engines.tuk_tuk_taxi.state import TukTukState

#: The hard bot's rollouts stop after this many actions (two to five rounds) and judge the
#: position by ``evaluate`` (projected passengers at the end of the stack): a whole game
#: of four costs about 0.2 s of CPU to play out, too much for a budget of 0.8 s.
ROLLOUT_DEPTH = 30


class TukTukBot(GameBot):
    """The bots of Tuk-Tuk Taxi."""

    #: The hard bot: few candidates (the heuristic ranks them), playouts of about a round
    #: of turns at four players (12 actions), and the heuristic's move kept unless another
    #: is better by 0.04: the determinizations share 4 worlds (sampling.py), so the die's
    #: noise no longer drowns the moves' differences. The iteration cap is what the bench
    #: measured (128: ~0.4 s of CPU a decision at four players).
    search_tuning = SearchTuning(playout_depth=12, max_candidates=heuristic.ROOT_CANDIDATES,
                                 inner_candidates=heuristic.INNER_CANDIDATES, min_visits=6,
                                 exploration=0.5, keep_margin=0.04, iterations=128,
                                 rollout_depth=ROLLOUT_DEPTH)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """The open table with the sign stack in a random order (sampling.py)."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """Shortest way to the passenger and home, signs against the others (heuristic.py);
        with ``noise`` > 0 the easy bot's beginner play instead (easy.py)."""
        if noise > 0:
            return easy.beginner_action(cast(TukTukState, state), seat, rng, noise)
        return heuristic.heuristic_action(state, seat, rng, noise)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The heuristic's driving, any sign play (heuristic.py)."""
        return heuristic.playout_action(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """Deliveries and steps to go against the best other seat (heuristic.py)."""
        return heuristic.evaluate(state, seat)

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """The best few routes and sign plays by the heuristic's measure (heuristic.py)."""
        return heuristic.search_candidates(state, seat, rng, limit)

    def explain(self, view: dict[str, Any], seat: int,
                action: dict[str, Any]) -> dict[str, Any]:
        """The move's main reason in the game's own words, from the view alone (why.py)."""
        return why.explain(view, seat, action)

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

#: The hard bot's rollouts play the game to its end (the win, not a guess of it) with the
#: playout move (the heuristic's driving without the look-ahead, a sign on one of its own
#: kind else anywhere): 5 ms of CPU a 2-player rollout where normal's own moves cost 17 ms
#: for 30 actions, so 0.8 s buys ~160 rollouts (~40 worlds for 4 candidates), not ~45
#: (~12), and normal's move is replaced only when another beats it by one standard error
#: of the paired difference (round "hardbot", docs/bots.md).
ROLLOUT_DEPTH = 400
SWITCH_Z = 1.0


class TukTukBot(GameBot):
    """The bots of Tuk-Tuk Taxi."""

    #: The hard bot: rollouts (engines/bots/rollout.py) over the heuristic's 4 best moves,
    #: played to the end (see ``ROLLOUT_DEPTH``); the ISMCTS fields (playout depth,
    #: visits, exploration, iterations) are kept for ``method="ismcts"``.
    search_tuning = SearchTuning(playout_depth=12, max_candidates=heuristic.ROOT_CANDIDATES,
                                 inner_candidates=heuristic.INNER_CANDIDATES, min_visits=6,
                                 exploration=0.5, keep_margin=0.04, iterations=128,
                                 rollout_depth=ROLLOUT_DEPTH, rollout_policy="playout",
                                 switch_z=SWITCH_Z)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """The open table with the sign stack in a random order (sampling.py)."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """Shortest way to the passenger and home, signs against the others (heuristic.py);
        with ``noise`` > 0 the easy bot's beginner play instead, as careless as easy.py's
        ``CARELESS`` says."""
        if noise > 0:
            return easy.easy_action(cast(TukTukState, state), seat, rng)
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

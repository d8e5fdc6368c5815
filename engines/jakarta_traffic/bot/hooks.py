"""Jakarta Traffic's bot (the protocol :class:`engines.bots.protocol.GameBot`), handed the
engine: spec ruling 7's test bot and the planning heuristic (heuristic.py, plan.py,
layout.py), the open table with the dice's future drawn at random (sampling.py)."""

from __future__ import annotations

import random
from typing import Any

from engines.bots.protocol import GameBot, SearchTuning
from engines.core.errors import RuleError
from engines.core.types import State
from engines.jakarta_traffic.bot import easy, heuristic, sampling, why


class JakartaBot(GameBot):
    """The bots of Jakarta Traffic."""

    #: The hard bot searches the heuristic's few best turns (bot_candidates ranks them) and
    #: keeps the heuristic's move unless another is clearly better: the planner already
    #: sees what a ride opens, the search adds what the others do meanwhile.
    search_tuning = SearchTuning(playout_depth=4, max_candidates=4, inner_candidates=3,
                                 min_visits=5, exploration=0.5, keep_margin=0.05,
                                 iterations=120)

    def test_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """Spec ruling 7's bot: random, but it always accepts and delivers when it can."""
        templates = self.engine.legal_actions(state, seat)
        if not templates:
            raise RuleError("jakarta-traffic.err.nothing_to_do")
        return heuristic.choose_bot_action(templates, rng)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """The open table with the dice's future drawn at random (sampling.py)."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """Deliver, take what you can afford, charge in time, honk when it pays; with
        ``noise`` > 0 the easy bot's move, normal's with a beginner's mistakes (easy.py)."""
        if noise > 0:
            return easy.easy_action(state, seat, rng)
        return heuristic.heuristic_action(state, seat, rng, noise)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The heuristic, minus the costly search over honks."""
        return heuristic.playout_action(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """Points and the plans still open, against the best other seat."""
        return heuristic.evaluate(state, seat)

    def restless_action(self, state: State, seat: int,
                        rng: random.Random) -> dict[str, Any] | None:
        """Past 40 turns a player, a growing share of random rides (bot tables end)."""
        return heuristic.restless_action(state, seat, rng)

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """The heuristic's move, then the next best rides and honks by its values."""
        return heuristic.bot_candidates(state, seat, rng, limit)

    def explain(self, view: dict[str, Any], seat: int,
                action: dict[str, Any]) -> dict[str, Any]:
        """The move's main reason in the game's own words, from the view alone (why.py)."""
        return why.explain(view, seat, action)

"""The Jakarta Traffic engine: the game's identity, set-up, its step table, view and outcome.

The flow is ``steps.py``; the moves are ``moves.py``; pure queries are ``rules.py``.
"""

from __future__ import annotations

import random
from typing import Any, cast

from engines.bots.protocol import SearchTuning
from engines.core.errors import RuleError
from engines.core.outcome import Outcome
from engines.core.steps import Step, StepEngine
from engines.core.types import State
from engines.jakarta_traffic import bot, sampling, scoring
from engines.jakarta_traffic.actions import ACTION_ADAPTER
from engines.jakarta_traffic.bot import choose_bot_action
from engines.jakarta_traffic.setup import initial_state
from engines.jakarta_traffic.state import JakartaState
from engines.jakarta_traffic.steps import STEPS
from engines.jakarta_traffic.view import view

__all__ = ["ENGINE", "JakartaTrafficEngine", "choose_bot_action"]


class JakartaTrafficEngine(StepEngine):
    """Jakarta Traffic: honk, drive the roads of Jakarta, take orders and deliver them."""

    id = "jakarta-traffic"
    name = "Jakarta Traffic"
    # Solo play is one human with a bot in a seat, so a game always has 2 to 4 seats.
    min_players = 2
    max_players = 4
    rules_version = "1"
    action_adapter = ACTION_ADAPTER
    state_type = JakartaState
    #: An arrival's offer may be declined: a player out of time declines it. Driving
    #: itself has no pass (the bot plays it).
    timeout_passes = ("decline",)
    blurb = ("Ride an ojek through Jakarta's maze of roads: honk to turn the traffic, "
             "take food and passengers, deliver them for stars.")

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        """Deal the board, place the order stacks; the mopeds are placed by the players."""
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"Jakarta Traffic seats 2 to 4 players, not {player_count}.")
        return initial_state(player_count, seed)

    def current_step(self, state: State) -> Step:
        """The step of the phase the game is in."""
        return STEPS[state["phase"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table is public; only the generator's position is hidden."""
        return view(cast(JakartaState, state), seat)

    def outcome(self, state: State) -> Outcome | None:
        """Scores (stars + energy + speech bubbles) and ranks with the rulebook's tie-breaks."""
        if state["phase"] != "over":
            return None
        game = cast(JakartaState, state)
        parts = [scoring.breakdown(game, s) for s in range(game["players"])]
        return Outcome(scores=[p["total"] for p in parts], ranks=scoring.ranks(parts),
                       detail=scoring.final_detail(parts))

    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """Spec ruling 7's bot: random, but it always accepts and delivers when it can."""
        templates = self.legal_actions(state, seat)
        if not templates:
            raise RuleError("jakarta-traffic.err.nothing_to_do")
        return choose_bot_action(templates, rng)

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """The dice are the only reveal."""
        return "jakarta-traffic.reveal.die"

    def turn_of(self, state: State) -> Any:
        """Take-backs: the seat and the turn counter (the dice, the rng, are the game's only
        secret)."""
        return [state["current"], state["turn"]]
    # -- bots (engines/bots.py) --------------------------------------------------------------
    #: The hard bot searches the heuristic's few best turns (bot_candidates ranks them) and
    #: keeps the heuristic's move unless another is clearly better: the planner already
    #: sees what a ride opens, the search adds what the others do meanwhile.
    search_tuning = SearchTuning(playout_depth=4, max_candidates=4, inner_candidates=3,
                                 min_visits=5, exploration=0.5, keep_margin=0.05,
                                 iterations=120)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """The open table with the dice's future drawn at random (sampling.py)."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """Deliver, take what you can afford, charge in time, honk when it pays (bot.py)."""
        return bot.heuristic_action(state, seat, rng, noise)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The heuristic, minus the costly search over honks (bot.py)."""
        return bot.playout_action(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """Points and the plans still open, against the best other seat (bot.py)."""
        return bot.evaluate(state, seat)

    def restless_action(self, state: State, seat: int,
                        rng: random.Random) -> dict[str, Any] | None:
        """Past 40 turns a player, a growing share of random rides (bot tables end)."""
        return bot.restless_action(state, seat, rng)

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """The heuristic's move, then the next best rides and honks by its values (bot.py)."""
        return bot.bot_candidates(state, seat, rng, limit)


ENGINE = JakartaTrafficEngine()

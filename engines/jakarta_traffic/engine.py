"""The Jakarta Traffic engine: the game's identity, set-up, its step table, view and outcome.

The flow is ``steps.py``; the moves are ``moves.py``; pure queries are ``rules.py``.
"""

from __future__ import annotations

from typing import Any, cast

from engines.core.outcome import Outcome
from engines.core.steps import Step, StepEngine
from engines.core.types import State
from engines.jakarta_traffic import scoring
from engines.jakarta_traffic.actions import ACTION_ADAPTER
from engines.jakarta_traffic.setup import initial_state
from engines.jakarta_traffic.state import JakartaState
from engines.jakarta_traffic.steps import STEPS
from engines.jakarta_traffic.view import view

__all__ = ["ENGINE", "JakartaTrafficEngine"]


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

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """The dice are the only reveal."""
        return "jakarta-traffic.reveal.die"

    def turn_of(self, state: State) -> Any:
        """Take-backs: the seat and the turn counter (the dice, the rng, are the game's only
        secret)."""
        return [state["current"], state["turn"]]


ENGINE = JakartaTrafficEngine()

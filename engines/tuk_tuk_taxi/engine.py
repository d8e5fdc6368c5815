"""Tuk-Tuk Taxi on the step table: ids, options, set-up, the current step, the outcome.

The rules live in the package's modules by role (docs/architecture.md, "File roles"):
``state.py`` the state's shape, ``steps.py`` the turn's steps, ``moves.py`` the handlers,
``flow.py`` the flow between them, ``routes.py`` and ``rules.py`` pure queries (where a taxi
may end a leg), ``signs.py`` sign placement, ``scoring.py`` the end, ``view.py``.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from engines.core.errors import RuleError
from engines.core.outcome import Outcome
from engines.core.steps import Step, StepEngine
from engines.core.types import State
from engines.tuk_tuk_taxi import scoring
from engines.tuk_tuk_taxi.actions import ACTION_ADAPTER
from engines.tuk_tuk_taxi.setup import build_stack, initial_state
from engines.tuk_tuk_taxi.state import TukTukState
from engines.tuk_tuk_taxi.steps import STEPS
from engines.tuk_tuk_taxi.view import view

__all__ = ["ENGINE", "TukTukOptions", "TukTukTaxiEngine", "build_stack"]


class TukTukOptions(BaseModel):
    """Lobby options."""

    model_config = ConfigDict(extra="forbid")
    simplified: bool = Field(
        False, description="Simplified variant: play without the starred signs "
                           "(No entry, One-way traffic)")
    side: Literal["european", "asian"] = Field(
        "european", description="Board side (street art only; the layout is the same)")


class TukTukTaxiEngine(StepEngine):
    """Tuk-Tuk Taxi for 2 to 4 players."""

    id = "tuk-tuk-taxi"
    name = "Tuk-Tuk Taxi"
    min_players = 2
    max_players = 4
    rules_version = "3"
    options_model = TukTukOptions
    action_adapter = ACTION_ADAPTER
    state_type = TukTukState
    #: On a no-parking space the rules let you roll again or stay: a player out of
    #: time stays. The rest of a turn has no pass (the bot plays it).
    timeout_passes = ("stay",)
    blurb = ("Drive passengers to your taxi stop, and put up road signs that speed you up "
             "and hold the other drivers back.")

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        """The shuffled stack, the passengers, and the first seat's draw."""
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("tuk-tuk-taxi.err.players", low=self.min_players,
                            high=self.max_players)
        opts = TukTukOptions.model_validate(options or {})
        return cast(State, initial_state(player_count, opts.simplified, opts.side, seed))

    def current_step(self, state: State) -> Step:
        """The step of the turn's phase."""
        return STEPS[state["phase"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table; of the stack only how many tiles remain."""
        return view(cast(TukTukState, state), seat)

    def outcome(self, state: State) -> Outcome | None:
        """Passengers delivered; ties by the earlier last drop-off (ruling 9)."""
        if state["phase"] != "over":
            return None
        return scoring.outcome(cast(TukTukState, state))

    # -- take-backs: the die is the rng; the face-down stack is the secret part ------------
    def secret_part(self, state: State) -> Any:
        """The face-down stack: drawing the next turn's tile from it is a reveal."""
        return state["stack"]

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """The die, or the next turn's tile."""
        rolled = before["rng"] != after["rng"]
        return "tuk-tuk-taxi.reveal.die" if rolled else "tuk-tuk-taxi.reveal.tile"

    def turn_of(self, state: State) -> Any:
        """A turn is one seat's draw: the seat and how many tiles are left to draw."""
        return [state["current"], len(state["stack"])]


ENGINE = TukTukTaxiEngine()

"""Race rules: on your turn advance 1..6; first to the goal wins (never reached in a bench).

The smallest game on the step table (docs/architecture.md, "Steps"): its state is declared in
``state.py``, its action in ``actions.py``, its one step in ``steps.py``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.core.outcome import Outcome, competition_ranks
from engines.core.steps import Step, StepEngine
from engines.core.types import State
from engines.race.actions import ACTION_ADAPTER
from engines.race.state import RaceState
from engines.race.steps import TURN

GOAL = 1_000_000


class RaceOptions(BaseModel):
    """Lobby options: the goal can be lowered so a test game ends quickly."""

    model_config = ConfigDict(extra="forbid")
    goal: int = Field(GOAL, ge=1, le=GOAL, description="Position that wins")


class RaceEngine(StepEngine):
    """Round-robin race used by the peer benchmark."""

    id = "race"
    name = "Race (benchmark)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options_model = RaceOptions
    action_adapter = ACTION_ADAPTER
    state_type = RaceState
    over_message = "race.err.over"
    listed = False
    blurb = "The peer benchmark's game."

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        goal = RaceOptions.model_validate(options or {}).goal
        state: RaceState = {"positions": [0] * player_count, "current": 0, "goal": goal,
                            "winner": None}
        return dict(state)

    def current_step(self, state: State) -> Step:
        return TURN

    def is_over(self, state: State) -> bool:
        return state["winner"] is not None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return state  # nothing is hidden in a race

    def outcome(self, state: State) -> Outcome | None:
        if state["winner"] is None:
            return None
        return Outcome(scores=list(state["positions"]),
                       ranks=competition_ranks(state["positions"]))


ENGINE = RaceEngine()

"""The Indonesia engine: ids, options, the step table's current step and the protocol's
queries; set-up is setup.py, the year's flow flow.py, the final ranking scoring.py."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core.errors import RuleError
from engines.core.outcome import Outcome
from engines.core.steps import Step, StepEngine
from engines.core.types import State
from engines.indonesia import scoring
from engines.indonesia.actions import ACTION_ADAPTER
from engines.indonesia.setup import initial_state
from engines.indonesia.state import IndonesiaState
from engines.indonesia.steps import STEPS
from engines.indonesia.view import build_view


class IndonesiaOptions(BaseModel):
    """Lobby options: money is secret by default (running totals hidden)."""

    model_config = ConfigDict(extra="forbid")
    money: Literal["secret", "open"] = Field(
        "secret", description="Secret: only you see your cash and bank until the end")


class IndonesiaEngine(StepEngine):
    """Indonesia for 2 to 5 players (spec: /work/shared/specs/indonesia.md). The flow is the
    step table of steps.py, keyed by ``state["step"]["kind"]``."""

    id = "indonesia"
    name = "Indonesia"
    min_players = 2
    max_players = 5
    rules_version = "3"
    options_model = IndonesiaOptions
    action_adapter = ACTION_ADAPTER
    state_type = IndonesiaState
    #: Auctions, mergers, deeds and operations all have a pass: a player out of time
    #: passes.
    timeout_passes = ("pass",)
    blurb = "Build rice, spice, rubber, oil and shipping empires across the archipelago."
    over_message = "indonesia.err.over"

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("indonesia.err.players", low=self.min_players,
                            high=self.max_players)
        opts = IndonesiaOptions.model_validate(options or {})
        return initial_state(player_count, opts.money == "secret", seed)

    def current_step(self, state: State) -> Step:
        return STEPS[state["step"]["kind"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        return scoring.outcome(state)

    # -- take-backs -----------------------------------------------------------------------
    def secret_part(self, state: State) -> Any:
        """The city cards in the hands (a card played to found a city is a reveal)."""
        return state["hands"]

    def reveals(self, before: State, after: State, seat: int, action: Any) -> bool:
        """With secret money, a bid (turn order or merger) tells everyone that the bidder has
        at least that much: it is a sealed fact once said, so no take-back crosses it."""
        return bool(before["secret"]) and action.type in ("bid", "raise")

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """A bid under secret money, or a city card played."""
        if self.reveals(before, after, seat, action):
            return "indonesia.reveal.secret_bid"
        return "indonesia.reveal.city_card"

    def turn_of(self, state: State) -> Any:
        """The year, the phase and the seats the step awaits."""
        return [state["year"], state["era"], state["phase"], self.awaited(state)]


ENGINE = IndonesiaEngine()

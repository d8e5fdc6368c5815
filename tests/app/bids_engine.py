"""A tiny game of simultaneous sealed bids with a pass, for the clock tests: every seat
answers at once each round (several clocks run together), and ``pass`` is the rules' own
way to give up a round (what a seat out of time plays on a "skip" table)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.core.copying import clone
from engines.core.errors import RuleError
from engines.core.log import LogEntry
from engines.core.outcome import Outcome, competition_ranks
from engines.core.protocol import ApplyResult, Engine
from engines.core.types import State

ROUNDS = 3


class Bid(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["bid"]
    n: int = Field(ge=1, le=9)


class Pass(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pass"]


Action = Annotated[Bid | Pass, Field(discriminator="type")]


class BidsEngine(Engine):
    id = "bids-test"
    name = "Bids (test)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    action_adapter: Any = TypeAdapter(Action)
    listed = False
    timeout_passes = ("pass",)

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        return {"round": 0, "bids": [None] * player_count, "total": [0] * player_count,
                "rng": 0}

    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        if seat not in self.to_act(state):
            raise RuleError("You have answered this round already.")
        s = clone(state)
        s["bids"][seat] = action.n if action.type == "bid" else 0
        log = [LogEntry(text=f"{{seat{seat}}} {'bid' if action.type == 'bid' else 'passed'}.")]
        if all(b is not None for b in s["bids"]):
            s["total"] = [t + b for t, b in zip(s["total"], s["bids"], strict=True)]
            s["bids"] = [None] * len(s["bids"])
            s["round"] += 1
        return ApplyResult(s, log)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "bid", "n": {"$range": [1, 9]}}, {"type": "pass"}]

    def to_act(self, state: State) -> list[int]:
        if state["round"] >= ROUNDS:
            return []
        return [i for i, b in enumerate(state["bids"]) if b is None]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"round": state["round"], "total": state["total"],
                "answered": [b is not None for b in state["bids"]]}

    def outcome(self, state: State) -> Outcome | None:
        if state["round"] < ROUNDS:
            return None
        return Outcome(scores=list(state["total"]), ranks=competition_ranks(state["total"]))


ENGINE = BidsEngine()

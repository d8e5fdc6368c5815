"""Race rules: on your turn advance 1..6; first to the goal wins (never reached in a bench)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.base import ApplyResult, Engine, LogEntry, Outcome, RuleError, State

GOAL = 1_000_000


class RaceOptions(BaseModel):
    """Lobby options: the goal can be lowered so a test game ends quickly."""

    model_config = ConfigDict(extra="forbid")
    goal: int = Field(GOAL, ge=1, le=GOAL, description="Position that wins")


class Advance(BaseModel):
    """Move your runner forward ``n`` steps."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["advance"]
    n: int = Field(ge=1, le=6)


RaceAction = Annotated[Advance, Field(discriminator="type")]


class RaceEngine(Engine):
    """Round-robin race used by the peer benchmark."""

    id = "race"
    name = "Race (benchmark)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options_model = RaceOptions
    action_adapter: Any = TypeAdapter(RaceAction)
    listed = False
    blurb = "The peer benchmark's game."

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        goal = RaceOptions.model_validate(options or {}).goal
        return {"positions": [0] * player_count, "current": 0, "goal": goal, "winner": None}

    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        if state["winner"] is not None:
            raise RuleError("The race is over.")
        if seat != state["current"]:
            raise RuleError("It is not your turn.")
        positions = list(state["positions"])
        positions[seat] += action.n
        winner = seat if positions[seat] >= state["goal"] else None
        new = {
            "positions": positions,
            "current": (seat + 1) % len(positions),
            "goal": state["goal"],
            "winner": winner,
        }
        return ApplyResult(new, [LogEntry(text=f"{{seat{seat}}} advanced {action.n}.")])

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if state["winner"] is not None or seat != state["current"]:
            return []
        return [{"type": "advance", "n": {"$range": [1, 6]}}]

    def to_act(self, state: State) -> list[int]:
        return [] if state["winner"] is not None else [state["current"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return state  # nothing is hidden in a race

    def outcome(self, state: State) -> Outcome | None:
        if state["winner"] is None:
            return None
        pos = state["positions"]
        ranks = [1 + sum(1 for q in pos if q > p) for p in pos]
        return Outcome(scores=list(pos), ranks=ranks)


ENGINE = RaceEngine()

"""A tiny game with hidden information, to prove the service never leaks it.

Each player holds a secret hand of cards drawn from a shuffled deck; on your turn you play a
card face down (the action names it) or draw. Hands, the deck's order, the rng and played
cards are hidden; only counts are public.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.core.copying import clone
from engines.core.errors import RuleError
from engines.core.log import LogEntry
from engines.core.outcome import Outcome
from engines.core.protocol import ApplyResult, Engine
from engines.core.rng import Rng
from engines.core.types import State

SECRET_PREFIX = "SECRET-"


class Play(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["play"]
    card: str = Field(max_length=40)


class Draw(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["draw"]


Action = Annotated[Play | Draw, Field(discriminator="type")]


class SecretEngine(Engine):
    id = "secret-test"
    name = "Secret (test)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    action_adapter: Any = TypeAdapter(Action)
    listed = False

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        rng = Rng.from_seed(seed)
        deck = [f"{SECRET_PREFIX}{i:03d}" for i in range(60)]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(player_count)]
        return {"deck": deck, "hands": hands, "played": [0] * player_count, "current": 0,
                "turns": 0, "rng": rng.position}

    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        s = clone(state)
        if seat != s["current"]:
            raise RuleError("It is not your turn.")
        if action.type == "play":
            if action.card not in s["hands"][seat]:
                raise RuleError("You do not hold that card.")
            s["hands"][seat].remove(action.card)
            s["played"][seat] += 1
            log = [LogEntry(text=f"{{seat{seat}}} played a card face down."),
                   LogEntry(text=f"You played {action.card}.", to=[seat])]
        else:
            if not s["deck"]:
                raise RuleError("The deck is empty.")
            card = s["deck"].pop()
            s["hands"][seat].append(card)
            log = [LogEntry(text=f"{{seat{seat}}} drew a card."),
                   LogEntry(text=f"You drew {card}.", to=[seat])]
        s["current"] = (seat + 1) % len(s["hands"])
        s["turns"] += 1
        return ApplyResult(s, log)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat != state["current"] or state["turns"] >= 12:
            return []
        out: list[dict[str, Any]] = [{"type": "draw"}] if state["deck"] else []
        if state["hands"][seat]:
            out.append({"type": "play", "card": {"$choice": list(state["hands"][seat])}})
        return out

    def to_act(self, state: State) -> list[int]:
        return [] if state["turns"] >= 12 else [state["current"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "deck_size": len(state["deck"]),
            "played": list(state["played"]),
            "current": state["current"],
        }

    def outcome(self, state: State) -> Outcome | None:
        if state["turns"] < 12:
            return None
        played = state["played"]
        return Outcome(scores=list(played), ranks=[1 + sum(q > p for q in played) for p in played])


ENGINE = SecretEngine()

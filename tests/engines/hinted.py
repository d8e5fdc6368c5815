"""Seeded bot games for the hints' reasons (``GameBot.explain``): walk one until the normal
bot's move, from the seat's own view, is the kind a test wants to hear explained."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines import bots
from engines.bots import bot_of
from engines.core.protocol import Engine
from engines.core.types import State


@dataclass
class Hinted:
    """A position, the seat to move, the normal bot's move there and the reason it gives."""

    state: State
    seat: int
    view: dict[str, Any]
    action: dict[str, Any]
    why: dict[str, Any]

    def after(self, engine: Engine) -> State:
        """The state once the hinted move is played."""
        return engine.apply(self.state, self.seat, engine.parse_action(self.action)).state


def first_hint(engine: Engine, players: int, seed: int,
               wanted: Callable[[dict[str, Any], dict[str, Any]], bool],
               max_actions: int = 1500) -> Hinted:
    """The first move of a normal-bot game from ``seed`` for which
    ``wanted(action, why)`` holds (every seat plays the hinted move)."""
    state = engine.setup(players, engine.validate_options({}), seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if engine.outcome(state) is not None:
            break
        seat = (engine.awaited(state) or engine.to_act(state))[0]
        view = engine.view(state, seat)
        action = bots.decide(engine, view, seat, "normal", rng)
        why = bot_of(engine).explain(view, seat, action)
        if wanted(action, why):
            return Hinted(state, seat, view, action, why)
        state = engine.apply(state, seat, engine.parse_action(action)).state
    raise AssertionError(f"no such move in {engine.id}'s game from seed {seed}")

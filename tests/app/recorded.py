"""Whole games for the replay and record tests: the recorded fixtures of every listed game
(tests/fixtures/<game>/) and random games of the test engines, as stored events and as
game records."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from engines.bots import bot_of
from engines.core.protocol import Engine
from engines.core.types import State
from engines.registry import get_engine

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LISTED = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and any(p.glob("*.json")))


@cache
def fixtures(game: str, limit: int = 3) -> list[dict[str, Any]]:
    """The ``limit`` shortest recorded games of a listed game."""
    docs = [json.loads(p.read_text()) for p in sorted((FIXTURES / game).glob("*.json"))]
    return sorted(docs, key=lambda d: len(d["actions"]))[:limit]


def random_game(game: str, players: int, seed: int, options: dict[str, Any] | None = None,
                max_actions: int = 400) -> dict[str, Any]:
    """A random game of an engine, in the fixtures' form (it may end before the cap)."""
    engine = get_engine(game)
    assert engine is not None
    options = engine.validate_options(options or {})
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    actions = []
    for _ in range(max_actions):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(engine.to_act(state))
        raw = bot_of(engine).test_action(state, seat, rng)
        state = engine.apply(state, seat, engine.parse_action(raw)).state
        actions.append([seat, raw])
    return {"game": game, "players": players, "options": options, "seed": seed,
            "rules_version": engine.rules_version, "actions": actions}


def played(engine: Engine, doc: dict[str, Any]) -> tuple[list[State], list[dict[str, Any]]]:
    """Every state of a game (``states[k]`` after ``k`` actions) and its events as the
    service stores them (seq, seat, action, log lines with their ``to``)."""
    state = engine.setup(doc["players"], doc["options"], doc["seed"])
    states, events = [state], []
    for seq, (seat, raw) in enumerate(doc["actions"], start=1):
        result = engine.apply(state, seat, engine.parse_action(raw))
        state = result.state
        states.append(state)
        events.append({"seq": seq, "seat": seat, "action": raw,
                       "log": [{"seq": seq, "seat": seat, "text": e.text, "to": e.to,
                                "data": e.data} for e in result.log]})
    return states, events


def record_of(doc: dict[str, Any], names: list[str] | None = None) -> dict[str, Any]:
    """A finished fixture as a game record (the body of ``POST /api/records``)."""
    engine = get_engine(doc["game"])
    assert engine is not None
    states, _ = played(engine, doc)
    outcome = engine.outcome(states[-1])
    assert outcome is not None, "a record is of a finished game"
    names = names or [f"Player {i + 1}" for i in range(doc["players"])]
    return {"format": "meja-record", "format_version": 1, "game": doc["game"],
            "rules_version": doc["rules_version"], "options": doc["options"], "settings": {},
            "seed": doc["seed"],
            "seats": [{"seat": i, "name": n, "bot": False} for i, n in enumerate(names)],
            "actions": [{"seat": s, "action": a} for s, a in doc["actions"]],
            "outcome": outcome.as_dict()}

"""The initial state from the seed: the shuffled stack, the passengers, the first draw."""

from __future__ import annotations

from engines.core.log import LogEntry
from engines.core.rng import Rng
from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi import flow as turn
from engines.tuk_tuk_taxi.data import cell_key, parse_cell
from engines.tuk_tuk_taxi.state import TukTukState


def build_stack(simplified: bool) -> list[str]:
    """The sign tiles in table order (shuffled by :func:`initial_state`)."""
    stack: list[str] = []
    for kind, (_, count, starred, _group) in data.TILES.items():
        if simplified and starred:
            continue
        stack += [kind] * count
    return stack


def initial_state(players: int, simplified: bool, side: str, seed: int) -> TukTukState:
    """Shuffle the stack, set the passengers out (ruling 2), and let seat 0 draw."""
    rng = Rng.from_seed(seed)
    stack = build_stack(simplified)
    rng.shuffle(stack)
    spots = [cell_key(c) for c in data.PASSENGER_SPOTS]
    rng.shuffle(spots)
    count = data.PASSENGERS_FOR_PLAYERS[players]
    state: TukTukState = {
        "players": players,
        "simplified": simplified,
        "side": side,
        "stack": stack,
        "drawn": None,
        "signs": {},
        "removed": 0,
        "taxis": [cell_key(data.TAXI_STOPS[s]) for s in range(players)],
        "carrying": [False] * players,
        "passengers": sorted(spots[:count], key=parse_cell),
        "delivered": [0] * players,
        "last_drop": [None] * players,
        "drops": 0,
        "skip": [False] * players,
        "current": 0,
        "phase": "sign",
        "die": None,
        "turn": turn.fresh_turn(),
        "moves": [],
        "rng": rng.position,
    }
    log: list[LogEntry] = []
    turn.start_turn(state, 0, log)
    return state

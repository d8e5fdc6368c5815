"""Indonesia's set-up: turn order, the city cards dealt per era, and the first year begun."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.core.types import State
from engines.indonesia.data.components import CITY_STONES, ERAS, STARTING_CASH, TRACKS
from engines.indonesia.flow import start_year


def initial_state(player_count: int, secret: bool, seed: int) -> State:
    """The state before the first action (``secret``: money is hidden until the end)."""
    rng = Rng.from_seed(seed)
    order = list(range(player_count))
    rng.shuffle(order)
    hands: list[list[str]] = [[] for _ in range(player_count)]
    per = 2 if player_count == 2 else 1
    for era in ERAS:
        cards = [f"{era.upper()}{i}" for i in range(1, 6)]
        rng.shuffle(cards)
        for s in range(player_count):
            hands[s].extend(cards[s * per:(s + 1) * per])
    st: State = {
        "rng": rng.position, "players": player_count, "secret": secret,
        "order": order, "cash": [STARTING_CASH] * player_count, "bank": [0] * player_count,
        "earned": [0] * player_count, "bonus": [0] * player_count,
        "research": [dict.fromkeys(TRACKS, 1) for _ in range(player_count)],
        "hands": hands, "era": "a", "year": 0, "phase": "new_era", "deeds": [],
        "discarded": [], "companies": {}, "next_id": 1, "cities": {},
        "stones": {str(k): v for k, v in CITY_STONES.items()},
        "step": {"kind": "cities", "seat": None, "queue": []}, "bids": [],
        "last_sale": None, "final": None, "end": None, "year_start": None,
        "last_progress": 0,
    }
    start_year(st, [])
    return st

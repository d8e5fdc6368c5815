"""The normal bot's eye for the other players: an order another player carries and will
deliver first is worth little (bot.plan.Planner.contested)."""

from __future__ import annotations

import random
from typing import Any

from engines import bots
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.bot.layout import state_layout
from engines.jakarta_traffic.data import PICKUP
from engines.jakarta_traffic.orderboard import order_address
from engines.jakarta_traffic.roads import destinations
from engines.jakarta_traffic.rules import begin_turn

State = dict[str, Any]


def normal(state: State, seat: int) -> dict[str, Any]:
    return bots.decide(ENGINE, ENGINE.view(state, seat), seat, "normal", random.Random(0))


def drive(cell: int) -> dict[str, Any]:
    return {"type": "drive", "x": cell % 5 + 1, "y": cell // 5 + 1}


def race(seed: int) -> tuple[State, int, int] | None:
    """Seat 0 one ride from two stacks: the 7-star order at ``p`` and the 5-star one at
    ``q``, each as far from its address; seat 1 one ride from the 7-star order's address.
    Seat 0 has honked already (the drive phase), so the ride alone decides."""
    state = ENGINE.setup(2, {}, seed)
    state["stacks"] = [None] * 25
    state["mopeds"] = [None, None]
    lay = state_layout(state)
    first, second = state["board"]["rows"][0], state["board"]["rows"][1]
    to = {o: lay.building[order_address(state["board"], o)] for o in (first, second)}
    for start in range(25):
        ends = [c for c in lay.dests[start] if state["tiles"][c]["kind"] == PICKUP]
        for p in ends:
            for q in ends:
                if p == q or lay.dist[p][to[first]] != lay.dist[q][to[second]]:
                    continue
                rivals = [c for c in range(25) if to[first] in destinations(state["tiles"], c)
                          and c not in (start, p, q, to[first])]
                if not rivals:
                    continue
                state["stacks"][p] = {"order": first, "count": 2}
                state["stacks"][q] = {"order": second, "count": 2}
                state["mopeds"] = [start, rivals[0]]
                begin_turn(state, 0)
                state["phase"] = "drive"
                return state, p, q
    return None


def test_it_leaves_the_order_a_rival_carries_and_delivers_first() -> None:
    checked = 0
    for seed in range(200):
        found = race(seed)
        if found is None:
            continue
        state, p, q = found
        if normal(state, 0) != drive(p):
            continue    # it prefers the 5-star order anyway: nothing to show here
        # Seat 1 carries the 7-star order now: it delivers it next turn, the order drops
        # to the bottom row, and seat 0 goes for the 5-star one instead.
        rival = dict(state, phone=[[], [state["board"]["rows"][0]]])
        assert normal(rival, 0) == drive(q)
        checked += 1
        if checked == 4:
            return
    raise AssertionError(f"only {checked} positions")

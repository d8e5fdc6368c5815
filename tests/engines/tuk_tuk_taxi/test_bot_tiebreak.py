"""The Tuk-Tuk Taxi bots and the tie-break (ruling 9: among equal counts, the earlier last
drop-off wins). Every drop-off happens in front of the table, so the view shows the order
of each seat's last one, and the bots play for it (engines/tuk_tuk_taxi/bot/heuristic.py,
sampling.py).
"""

from __future__ import annotations

import random
from typing import Any

from engines.tuk_tuk_taxi import BOT, ENGINE
from tests.engines.tuk_tuk_taxi.helpers import make


def normal(s: Any, seat: int = 0) -> dict[str, Any]:
    return BOT.heuristic_action(s, seat, random.Random(0), 0.0)


def test_the_view_shows_who_delivered_last_when_and_the_bots_keep_it() -> None:
    s = make(3, delivered=[1, 1, 0], last_drop=[2, 1, None])
    view = ENGINE.view(s, 0)
    assert view["last_drop"] == [2, 1, None]
    sampled = BOT.determinize(view, 0, random.Random(5))
    # Not seat order: seat 1 delivered first, and a sampled world knows it.
    assert sampled["last_drop"] == [2, 1, None] and sampled["drops"] == 2
    assert ENGINE.view(sampled, 0) == view


def test_a_tie_is_worth_more_to_whoever_delivered_first() -> None:
    # Both seats delivered one passenger and stand alike; only the order of the drops differs.
    def value(last_drop: list[int | None]) -> float:
        s = make(phase="sign", taxis={0: "6,0", 1: "6,12"}, passengers=["8,6", "4,6"],
                 delivered=[1, 1], last_drop=last_drop, stack=[])
        return BOT.evaluate(s, 0)

    first, second = value([1, 2]), value([2, 1])
    assert first > 0.7 and second < 0.3


def test_a_slowing_sign_goes_against_the_rival_who_would_win_the_tie() -> None:
    # Seats 1 and 2 carry a passenger three cells from home and have delivered one each,
    # as has seat 0: the Stop goes on the way of whichever delivered before seat 0.
    def stop_cell(last_drop: list[int | None]) -> str:
        s = make(3, phase="sign", drawn="stop", taxis={0: "0,8", 1: "4,12", 2: "8,12"},
                 carrying={1: True, 2: True}, passengers=["6,4"], delivered=[1, 1, 1],
                 last_drop=last_drop)
        action = normal(s)
        assert action["type"] == "place"
        return str(action["cell"])

    assert stop_cell([2, 1, 3]) in {"1,12", "2,12"}     # seat 1 delivered first
    assert stop_cell([2, 3, 1]) in {"10,12", "11,12"}   # seat 2 did


def test_each_determinization_is_a_world_of_its_own_and_repeatable() -> None:
    # The hard bot's rollouts pair their candidates inside each world, so 40 draws must
    # be 40 worlds (stack order and die): drawn from a pool of 4, the rollouts repeated
    # 4 outcomes and took their spread for certainty. The same seed draws the same world.
    view = ENGINE.view(make(4, phase="sign", drawn="stop", stack=["slippery"] * 12 +
                            ["stop"] * 12 + ["police"] * 12), 2)
    worlds = [BOT.determinize(view, 2, random.Random(i)) for i in range(40)]
    assert len({(tuple(w["stack"]), w["rng"]) for w in worlds}) == 40
    again = BOT.determinize(view, 2, random.Random(7))
    assert (again["stack"], again["rng"]) == (worlds[7]["stack"], worlds[7]["rng"])
    assert all(ENGINE.view(w, 2) == view for w in worlds)

"""A Kaki Lima hint's reason (issue 41) on seeded games: what the normal bot's move says it
brings (a cleared path, a task's visit, a gathering's points) is what playing it brings
(engines/kaki_lima/bot/why.py)."""

from __future__ import annotations

import random

from engines import bots
from engines.kaki_lima import ENGINE
from engines.messages import render
from tests.engines.hinted import Hinted, first_hint


def test_clearing_a_blocked_path_counts_the_paths_as_the_line_says() -> None:
    found = first_hint(ENGINE, 2, 3, lambda a, w: a["type"] == "clear")
    assert found.why["key"] == "kaki-lima.why.clear"
    n = found.why["params"]["n"]
    assert found.after(ENGINE)["paths"][found.seat] == n
    assert render(found.why["key"], found.why["params"]) == (
        f"It clears a blocked path: 2 points, and your path number {n} toward the task.")


def test_a_walk_to_a_place_on_the_task_card_names_the_place() -> None:
    found = first_hint(ENGINE, 2, 3, lambda a, w: w["key"] == "kaki-lima.why.visit")
    assert found.action["type"] == "walk"
    place = found.why["params"]["place"]["lokasi"]
    mine = found.view["tasks"][found.seat]["items"]
    assert {"kind": "visit", "target": place, "done": False} in mine
    assert found.view["cells"][found.action["end"]] == place
    assert place not in found.view["reached"][found.seat]


def test_a_walk_into_someone_at_a_gathering_spot_scores_the_points_it_names() -> None:
    found = next(f for seed in range(12) for f in [_gathering(seed)] if f is not None)
    vp = found.why["params"]["vp"]
    before = found.state["gather"][found.seat]
    state = found.after(ENGINE)
    # The walk's path is stepped out before it ends: play the seat's next moves (the
    # normal bot's, as hinted) until it arrives.
    rng = random.Random(0)
    for _ in range(20):
        if state["gather"][found.seat] != before or found.seat not in ENGINE.awaited(state):
            break
        view = ENGINE.view(state, found.seat)
        move = bots.decide(ENGINE, view, found.seat, "normal", rng)
        state = ENGINE.apply(state, found.seat, ENGINE.parse_action(move)).state
    assert state["gather"][found.seat] == before + vp


def _gathering(seed: int) -> Hinted | None:
    try:
        return first_hint(ENGINE, 2, seed, lambda a, w: w["key"] == "kaki-lima.why.gather",
                          max_actions=600)
    except AssertionError:
        return None


def test_a_step_of_a_walk_gives_the_reason_of_where_the_walk_ends() -> None:
    found = first_hint(ENGINE, 2, 3, lambda a, w: w["key"] == "kaki-lima.why.step_on")
    assert found.action["type"] == "step"
    walk = found.view["turn"]["walk"]
    reason = found.why["params"]["reason"]
    place = reason["params"]["place"]["lokasi"]
    assert found.view["cells"][walk["end"]] == place
    assert render(found.why["key"], found.why["params"]).startswith(
        f"It walks on toward the end of the walk. It reaches {place}")

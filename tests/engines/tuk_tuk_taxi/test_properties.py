"""Random legal play from many seeds: it ends, never raises, keeps the board sound,
hides the stack order from every viewer, and replays to the same state (the harness)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.tuk_tuk_taxi import ENGINE
from engines.tuk_tuk_taxi.data import TAXI_STOPS, TRAFFIC_LIGHTS, cell_key, parse_cell
from tests.engines.harness import play_random_game

LIGHTS = {cell_key(c) for c in TRAFFIC_LIGHTS}
SEEDS = 520
#: Seeds per test: the 520 seeds are 13 tests, so xdist spreads them over its workers
#: instead of one worker playing all of them while the other waits.
CHUNK = 40


def check(state: dict, events: list) -> None:
    """Invariants after an action."""
    taxis = state["taxis"]
    assert len(set(taxis)) == len(taxis), f"two taxis share a cell: {taxis}"
    assert not set(taxis) & LIGHTS, "a taxi stands on a traffic light"
    for seat, cell in enumerate(taxis):
        others = {cell_key(TAXI_STOPS[s]) for s in range(state["players"]) if s != seat}
        assert cell not in others, "a taxi stands on another player's stop"
    total = 70 if state["simplified"] else 80
    pending = 1 if state["phase"] == "sign" else 0
    assert len(state["stack"]) + len(state["signs"]) + state["removed"] + pending == total
    # No viewer's document depends on the order of the face-down stack.
    if len(state["stack"]) > 1:
        reordered = dict(state, stack=state["stack"][1:] + state["stack"][:1])
        for viewer in (None, state["current"]):
            assert ENGINE.view(state, viewer) == ENGINE.view(reordered, viewer)
    check_offered_moves(state)
    passengers = len(state["passengers"]) + sum(state["carrying"]) + sum(state["delivered"])
    assert passengers == {2: 4, 3: 6, 4: 8}[state["players"]]


def check_offered_moves(state: dict) -> None:
    """Every offered route is a street walk without U-turns or No entry, ending legally."""
    seat = state["current"]
    blocked = LIGHTS | {t for i, t in enumerate(state["taxis"]) if i != seat}
    blocked |= {cell_key(TAXI_STOPS[s]) for s in range(state["players"]) if s != seat}
    for m in state["moves"]:
        path = [parse_cell(c) for c in m["path"]]
        assert m["path"][0] == state["taxis"][seat]
        for a, b in zip(path, path[1:], strict=False):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, m
        for a, c in zip(path, path[2:], strict=False):
            assert a != c, f"U-turn in {m}"
        assert all(state["signs"].get(c, {}).get("kind") != "no_entry" for c in m["path"][1:])
        if m["police"]:
            assert m["to"] == cell_key(TAXI_STOPS[seat])
        else:
            assert m["to"] == m["path"][-1] and m["to"] not in blocked, m


def _play(seed: int) -> None:
    players = 2 + seed % 3
    options = {"simplified": seed % 4 == 3}
    # Every 10th seed checks every action; the rest every 15th action (the suite's budget).
    every = 1 if seed % 10 == 0 else 15
    state, events = play_random_game(ENGINE, players, seed, options=options, check=check,
                                     check_every=every, check_views=every == 1)
    out = ENGINE.outcome(state)
    assert out is not None and len(out.ranks) == players and min(out.ranks) == 1
    assert events


@pytest.mark.parametrize("chunk", range(SEEDS // CHUNK))
def test_random_games_from_520_seeds(chunk: int) -> None:
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        _play(seed)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_random_games_from_any_seed(seed: int) -> None:
    _play(seed)

"""Property tests over many seeds: games end, never raise, hands stay at 5 or fewer, walks
never end on Red cards or gaps, nobody sees another player's hand, replay equals state."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.log import LogEntry
from engines.kaki_lima import ENGINE
from engines.kaki_lima.board import GAP_CELLS, WALKABLE, kinds
from engines.kaki_lima.data import HAND_LIMIT
from tests.engines.harness import play_random_game
from tests.engines.kaki_lima.helpers import said

SEEDS = 520
CAP = 3000  # actions; real games take about 100-250


def allowed_viewers(state: dict[str, Any], card: str, owner: int) -> set[int]:
    """Who may see a card in ``owner``'s hand: the owner, and the recipient of a pending
    trade offer or clearing proposal naming that card."""
    out = {owner}
    ans = state["answer"]
    if ans is not None and ans["from"] == owner and (card in ans.get("cards", [])
                                                     or ans.get("card") == card):
        out.add(ans["to"])
    return out


def check_views(state: dict[str, Any]) -> None:
    """No viewer's document shows a hand card to anyone but those allowed."""
    n = state["n"]
    views = {v: json.dumps(ENGINE.view(state, v)) for v in [None, *range(n)]}
    for owner in range(n):
        for c in state["hands"][owner]:
            ok = allowed_viewers(state, c, owner)
            for v, text in views.items():
                if v not in ok:
                    assert f'"{c}"' not in text, (c, owner, v)


def check_log(state: dict[str, Any], log: list[LogEntry]) -> None:
    """Public log entries never name a hand card; private ones only go to those allowed."""
    for entry in log:
        blob = said(entry) + json.dumps(entry.params or {})
        if "L" not in blob:
            continue
        for owner in range(state["n"]):
            for c in state["hands"][owner]:
                if c in blob:
                    ok = allowed_viewers(state, c, owner)
                    assert entry.to is not None, (c, entry)
                    assert owner in entry.to or set(entry.to) <= ok, (c, owner, entry)
                    assert len(entry.to) <= 2, entry


def play_checked(seed: int, players: int, check_every: int) -> dict[str, Any]:
    """One bot game with every invariant checked on each action (views on some)."""
    replaying = [False]  # the harness replays the game at the end: no need to re-check
    counter = [0]

    def check(state: dict[str, Any], events: list[tuple[int, dict[str, Any]]]) -> None:
        assert all(len(h) <= HAND_LIMIT for h in state["hands"])
        grid = kinds(state)
        for p in state["pos"]:
            if p is None:  # not placed yet
                continue
            assert p not in GAP_CELLS and grid[p] == WALKABLE

    original_apply = ENGINE.apply

    def spying_apply(state: dict[str, Any], seat: int, action: Any) -> Any:
        result = original_apply(state, seat, action)
        if replaying[0]:
            return result
        counter[0] += 1
        check_log(result.state, result.log)
        if counter[0] % check_every == 0:
            check_views(result.state)
        replaying[0] = result.state["phase"] == "over"
        return result

    ENGINE.apply = spying_apply  # type: ignore[method-assign]
    try:
        state, _events = play_random_game(ENGINE, players, seed, max_actions=CAP, check=check,
                                          check_every=check_every, check_views=False)
    finally:
        del ENGINE.apply
    return state


@pytest.mark.parametrize("block", range(10))
def test_many_bot_games_end_cleanly(block: int) -> None:
    for seed in range(block, SEEDS, 10):
        # every view after every action on one seed in 20; every 25th action elsewhere (time)
        state = play_checked(seed, 2 + seed % 5, check_every=1 if seed % 20 == 0 else 25)
        outcome = ENGINE.outcome(state)
        assert outcome is not None and 1 in outcome.ranks


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(2, 6))
def test_any_seed_plays_to_a_scored_end(seed: int, players: int) -> None:
    state = play_checked(seed, players, check_every=5)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    d = outcome.detail
    parts = zip(d["gathering"], d["task VP"], d["Jom! VP"], d["paths VP"], d["CA bonus"],
                strict=True)
    assert outcome.scores == [sum(p) for p in parts]

"""Property tests: many random games with spec ruling 7's bot (the engine's own bot).

Every state is checked against the game's invariants, and every set of destinations the
engine offers is compared with an independent walk of the roads written here from the
spec's text (not the engine's pathing).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.templates import template_matches
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.bot.heuristic import choose_bot_action
from tests.engines.harness import play_random_game

# The spec's pattern table, at rotation 0, as it is printed.
SPEC_PATTERNS = {
    "P1": ("S", ["WE"]), "P2": ("S", ["NE"]), "P3": ("S", ["WN"]),
    "P4": ("S", ["WNE"]), "P5": ("SW", ["NE"]), "P6": ("SN", ["WE"]),
}
COMPASS = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _frame() -> list[tuple[int, int, str]]:
    """The 20 outer ports walking clockwise round the frame from the top-left corner."""
    ports = [(x, 1, "N") for x in range(1, 6)]
    ports += [(5, y, "E") for y in range(1, 6)]
    ports += [(x, 5, "S") for x in range(5, 0, -1)]
    ports += [(1, y, "W") for y in range(5, 0, -1)]
    return ports


FRAME = _frame()


def turned(letter: str, rot: int) -> str:
    return COMPASS[(COMPASS.index(letter) + rot) % 4]


@cache
def turned_roads(pattern: str, rot: int) -> tuple[str, list[str]]:
    """A pattern's spurs and links as compass letters after ``rot`` clockwise turns."""
    spurs, links = SPEC_PATTERNS[pattern]
    return ("".join(turned(s, rot) for s in spurs),
            ["".join(turned(p, rot) for p in link) for link in links])


def walk_destinations(tiles: list[dict[str, Any]], x0: int, y0: int) -> set[tuple[int, int]]:
    """Follow the blue roads by hand: spurs out of the start, links onward, spurs park."""
    def roads(x: int, y: int) -> tuple[str, list[str]]:
        tile = tiles[(y - 1) * 5 + (x - 1)]
        return turned_roads(tile["pattern"], tile["rot"])

    def leave(x: int, y: int, side: str) -> tuple[int, int, str]:
        dx, dy = STEP[side]
        if 1 <= x + dx <= 5 and 1 <= y + dy <= 5:
            return x + dx, y + dy, OPPOSITE[side]
        k = FRAME.index((x, y, side))
        return FRAME[k + 1 if k % 2 == 0 else k - 1]   # alleys join ports 2i and 2i+1

    found: set[tuple[int, int]] = set()
    seen: set[tuple[int, int, str]] = set()
    todo = [leave(x0, y0, s) for s in roads(x0, y0)[0]]
    while todo:
        x, y, side = todo.pop()
        if (x, y, side) in seen:
            continue
        seen.add((x, y, side))
        spurs, links = roads(x, y)
        if side in spurs:
            found.add((x, y))
        for link in links:
            if side in link:
                todo += [leave(x, y, other) for other in link if other != side]
    found.discard((x0, y0))
    return found


def check_state(state: dict[str, Any], counts: bool = True) -> None:
    """The invariants every state of every game keeps (``counts``: also the conservation
    of order tokens, star tokens, board entries and buildings, the slower part)."""
    players = state["players"]
    assert all(0 <= e <= 3 for e in state["energy"]), state["energy"]
    assert all(0 <= b <= 3 for b in state["bubbles"])
    for phone in state["phone"]:
        assert len(phone) <= 2 and len(set(phone)) == len(phone), phone
        assert not ("Ibu" in phone and "Bapak" in phone), phone
    if not counts:
        return
    tokens = Counter()
    for c, stack in enumerate(state["stacks"]):
        if stack is not None:
            assert stack["count"] > 0 and state["tiles"][c]["kind"] == "pickup"
            tokens[stack["order"]] += stack["count"]
    for pile in state["phone"] + state["delivered"]:
        tokens.update(pile)
    assert all(n == players + 1 for n in tokens.values()), tokens
    assert sum(state["supply"].values()) + sum(len(s) for s in state["stars"]) == 25
    board = state["board"]
    assert len(set(board["rows"])) == 5 and len(set(board["slots"] + board["idle"])) == 5
    assert sorted(t["kind"] for t in state["tiles"] + state["hand"]).count("building") == 5


def checking_bot(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The engine's bot, with every state checked and every offer verified by hand."""
    check_state(state, counts=state["turn"] % 4 == 0)
    templates = ENGINE.legal_actions(state, seat)
    if state["phase"] in ("honk", "drive"):
        at = state["mopeds"][seat]
        offered = {(t["x"], t["y"]) for t in templates if t["type"] == "drive"}
        assert offered == walk_destinations(state["tiles"], at % 5 + 1, at // 5 + 1)
    action = choose_bot_action(templates, rng)   # what the test bot does
    assert any(template_matches(t, action) for t in templates
               if t["type"] == action["type"]), (action, templates)
    return action


def play(seed: int, players: int, check_every: int) -> dict[str, Any]:
    state, events = play_random_game(ENGINE, players, seed, bot=checking_bot,
                                     check_every=check_every, max_actions=3000)
    check_state(state)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and 1 in outcome.ranks
    assert max(len(s) for s in state["stars"]) >= 4
    return state


@pytest.mark.parametrize("block", range(10))
def test_five_hundred_random_games_end_and_keep_every_rule(block: int) -> None:
    for seed in range(block * 50, block * 50 + 50):
        play(seed, 2 + seed % 3, check_every=97)


@pytest.mark.parametrize("seed", range(6))
def test_a_few_games_check_every_single_step(seed: int) -> None:
    play(10_000 + seed, 2 + seed % 3, check_every=1)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), players=st.integers(2, 4))
def test_any_seed_plays_to_a_fair_end(seed: int, players: int) -> None:
    state = play(seed, players, check_every=13)
    # The round was completed: every seat had the same number of turns.
    assert state["turn"] % players == 0

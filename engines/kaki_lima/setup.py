"""Game set-up: deal the city grid, the Langkah cards, the Pi Mana? cards."""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng
from engines.kaki_lima.board import BORDER, CELLS, GAP_CELLS, ORTHOGONAL
from engines.kaki_lima.data import (
    CLEARING_TOKENS,
    DECK,
    GAP,
    GREEN,
    GREEN_CARDS,
    HAND_START,
    JOM_CARDS,
    LOKASI,
    RED,
    RED_CARDS,
    TASK_CARDS,
)

State = dict[str, Any]


def city_cards() -> list[str]:
    """The 46 city cards: 17 Lokasi, 12 Red, 17 Green."""
    return list(LOKASI) + [RED] * RED_CARDS + [GREEN] * GREEN_CARDS


def deal_grid(rng: Rng) -> list[str]:
    """Deal the city cards row by row around the gaps; re-deal until every Lokasi can be
    reached from a border Green card through Green and Orange cards (spec: City cards)."""
    while True:
        cards = city_cards()
        rng.shuffle(cards)
        grid = []
        for i in range(CELLS):
            grid.append(GAP if i in GAP_CELLS else cards.pop())
        if all_lokasi_reachable(grid):
            return grid


def all_lokasi_reachable(grid: list[str]) -> bool:
    """Every Lokasi is joined to some border Green card by Green/Orange cards."""
    seen = {i for i in BORDER if grid[i] == GREEN}
    frontier = list(seen)
    while frontier:
        here = frontier.pop()
        for n in ORTHOGONAL[here]:
            if n not in seen and grid[n] not in (GAP, RED):
                seen.add(n)
                frontier.append(n)
    return all(i in seen for i, c in enumerate(grid) if c in LOKASI)


def new_turn(extra: bool = False) -> dict[str, Any]:
    """The per-turn scratch record (which stage, the cards played, the walk in progress)."""
    return {
        "stage": "walk",
        "extra": extra,
        "another": False,
        "played": [],
        "committed": None,
        "commit_kind": None,
        "walk": None,
        "route": [],
        "cands": [],
        "companions": [],
        "invite": None,
        "actions": [],
        "offered": [],
        "active": False,
        "walked": False,
    }


def setup_state(n: int, seed: int) -> State:
    """The initial state: grid, shuffled deck (3 cards each, one face up), task cards."""
    rng = Rng.from_seed(seed)
    grid = deal_grid(rng)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(HAND_START)] for _ in range(n)]
    discard = [deck.pop()]
    tasks = list(range(len(TASK_CARDS)))
    rng.shuffle(tasks)
    return {
        "n": n,
        "cells": grid,
        "cleared": [],
        "pos": [None] * n,
        "hands": hands,
        "draw": deck,
        "discard": discard,
        "pool": CLEARING_TOKENS,
        "held": [0] * n,
        "paths": [0] * n,
        "task_card": tasks[:n],
        "done": [[False] * 5 for _ in range(n)],
        "reached": [[] for _ in range(n)],
        "met": [[] for _ in range(n)],
        "met_at": [[] for _ in range(n)],
        "jom": {name: {"claimed": None, "tokens": [[] for _ in range(n)]} for name in JOM_CARDS},
        "gather": [0] * n,
        "aside": [None] * n,
        "phase": "place",
        "placing": 0,
        "current": 0,
        "turn": new_turn(),
        "answer": None,
        "trigger": None,
        "end_queue": None,
        "stalled": False,
        "quiet": 0,
        "proposed": [],
        "final_queue": [],
        "last_walk": None,
        "rng": rng.position,
    }


def start_cells(state: State) -> list[int]:
    """Green cards on the border of the grid (where pedestrians start)."""
    return sorted(i for i in BORDER if state["cells"][i] == GREEN)

"""Builders for hand-made Indonesia positions (a real set-up, then the board rearranged)."""

from __future__ import annotations

from typing import Any

from engines.core.types import State
from engines.indonesia import ENGINE
from engines.indonesia.data.components import CITY_STONES, DEEDS


def blank(players: int = 3, *, era: str = "a", money: str = "open") -> State:
    """A set-up game with an empty board, turn order 0, 1, 2, ... and no deeds out."""
    st = ENGINE.setup(players, {"money": money}, seed=7)
    st["order"] = list(range(players))
    st["era"] = era
    st["year"] = 2
    st["companies"] = {}
    st["cities"] = {}
    st["deeds"] = []
    st["stones"] = {str(k): v for k, v in CITY_STONES.items()}
    return st


def company(st: State, owner: int, kind: str, *, areas: list[int] | None = None,
            ships: dict[int, int] | None = None, deeds: list[str] | None = None) -> str:
    """Put a company on the board; returns its id."""
    cid = f"C{st['next_id']}"
    st["next_id"] += 1
    if deeds is None:
        deeds = [next(d for d, i in DEEDS.items() if i["type"] == kind)] if kind in (
            "rice", "spice", "rubber", "oil", "shipping") else ["a1", "a3"]
    st["companies"][cid] = {
        "id": cid, "type": kind, "owner": owner, "deeds": deeds, "areas": sorted(areas or []),
        "ships": {str(k): v for k, v in (ships or {}).items()}, "operated": False,
        "merged": False}
    return cid


def city(st: State, area: int, size: int = 1, delivered: dict[str, int] | None = None) -> None:
    """Found a city (taking its stone)."""
    st["cities"][str(area)] = {"size": size, "delivered": dict(delivered or {})}
    st["stones"][str(size)] -= 1


def at(st: State, phase: str, step: dict[str, Any]) -> State:
    """Put the game at a phase step."""
    st["phase"] = phase
    st["step"] = step
    return st


def act(st: State, seat: int, action: dict[str, Any]) -> State:
    """Apply an action and return the new state."""
    return ENGINE.apply(st, seat, ENGINE.parse_action(action)).state


def act_log(st: State, seat: int, action: dict[str, Any]):
    """Apply an action and return the whole result (state and log)."""
    return ENGINE.apply(st, seat, ENGINE.parse_action(action))

"""Kaki Lima's scoring (spec ruling 9): each pedestrian's PA score by its parts, and the
end's ranks (ties broken by tasks done, then steps in hand)."""

from __future__ import annotations

from engines.core.outcome import Outcome
from engines.core.types import State
from engines.kaki_lima.data import CA_STARS, JOM_CARDS, PATH_VP, TASK_VP
from engines.kaki_lima.rules import card_steps


def ca_stars(paths_cleared: int) -> int:
    """Community Achievement stars for the number of Red cards flipped."""
    for lowest, stars in CA_STARS:
        if paths_cleared >= lowest:
            return stars
    return 0


def score_breakdown(state: State, seat: int) -> dict[str, int]:
    """PA score parts (spec ruling 9): gathering + tasks + Jom! + 2 per path + bonus."""
    stars = ca_stars(len(state["cleared"]))
    tasks = sum(state["done"][seat])
    jom = sum(JOM_CARDS[name][1] for name, c in state["jom"].items() if c["claimed"] == seat)
    paths = state["paths"][seat]
    parts = {
        "gathering": state["gather"][seat],
        "tasks": TASK_VP[tasks],
        "jom": jom,
        "paths": PATH_VP * paths,
        "bonus": paths * stars,
    }
    parts["total"] = sum(parts.values())
    return parts


def hand_steps(state: State, seat: int) -> int:
    """Steps on the cards in hand (the second tie-breaker)."""
    return sum(card_steps(c) for c in state["hands"][seat])


def outcome(state: State) -> Outcome:
    """The finished game's scores, ranks and the game-over panel's breakdown."""
    n = state["n"]
    parts = [score_breakdown(state, s) for s in range(n)]
    keys = [(p["total"], sum(state["done"][s]), hand_steps(state, s))
            for s, p in enumerate(parts)]
    ranks = [1 + sum(1 for k in keys if k > mine) for mine in keys]
    detail = {
        "gathering": [p["gathering"] for p in parts],
        "task VP": [p["tasks"] for p in parts],
        "Jom! VP": [p["jom"] for p in parts],
        "paths VP": [p["paths"] for p in parts],
        "CA bonus": [p["bonus"] for p in parts],
        "tasks": [sum(d) for d in state["done"]],
        "hand steps": [hand_steps(state, s) for s in range(n)],
    }
    return Outcome(scores=[p["total"] for p in parts], ranks=ranks, detail=detail)

"""The test bot: random, but leaning towards its own Pi Mana? tasks so games end.

It only ever plays what ``legal_actions`` offers. It walks towards the Lokasi its tasks
need, waits at its meeting place, helps pedestrians waiting at theirs, spends clearing
tokens when it can and answers every invitation, offer and proposal.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core.templates import expand_template
from engines.kaki_lima.board import distances, kinds
from engines.kaki_lima.data import (
    GATHER,
    LOKASI,
    TASK_CARDS,
    TOKEN,
)

State = dict[str, Any]


def bot_action(state: State, seat: int, rng: random.Random,
               templates: list[dict[str, Any]]) -> dict[str, Any]:
    """One of the legal ``templates`` for ``seat``, chosen with light task-seeking
    preferences."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for t in templates:
        by_type.setdefault(t["type"], []).append(t)

    def pick(kind: str) -> dict[str, Any]:
        return expand_template(rng.choice(by_type[kind]), rng)

    if "clear" in by_type and rng.random() < 0.8:
        return pick("clear")
    if "done_clearing" in by_type:
        return pick("done_clearing")
    if "accept_trade" in by_type or "decline_trade" in by_type:
        return pick("accept_trade") if "accept_trade" in by_type and rng.random() < 0.5 \
            else pick("decline_trade")
    if "answer_clearing" in by_type:
        accept = [t for t in by_type["answer_clearing"] if t["accept"]]
        chosen = accept[0] if accept and rng.random() < 0.8 else by_type["answer_clearing"][-1]
        return expand_template(chosen, rng)
    if "walk" in by_type or "no_walk" in by_type:
        if "propose_clearing" in by_type and rng.random() < 0.05:
            return pick("propose_clearing")
        return choose_walk(state, seat, by_type, rng)
    if "offer_trade" in by_type:
        return pick("offer_trade") if rng.random() < 0.3 else pick("end_trade")
    if "place_jom" in by_type:
        return pick("place_jom") if rng.random() < 0.9 else pick("end_jom")
    return expand_template(rng.choice(templates), rng)


def tasks_left(state: State, seat: int) -> tuple[set[str], str | None, bool]:
    """Lokasi still to visit, the meeting place still to meet at, and whether the clearing
    task is still open."""
    visit: set[str] = set()
    meet_at = None
    clear = False
    for (kind, target), done in zip(TASK_CARDS[state["task_card"][seat]], state["done"][seat],
                                    strict=True):
        if done:
            continue
        if kind == "visit":
            visit.add(str(target))
        elif kind == "meet":
            meet_at = str(target)
        else:
            clear = True
    return visit, meet_at, clear


def targets(state: State, seat: int) -> tuple[set[str], str | None]:
    """Lokasi this pedestrian still needs to visit (with the clearing task open and no
    token held, those that give one), and its meeting place if not met yet."""
    visit, meet_at, clear = tasks_left(state, seat)
    if clear and state["held"][seat] == 0:
        visit.update(name for name, acts in LOKASI.items() if TOKEN in acts)
    return visit, meet_at


def choose_walk(state: State, seat: int, by_type: dict[str, list[dict[str, Any]]],
                rng: random.Random) -> dict[str, Any]:
    """Score every end card a walk can reach and mostly take the best."""
    cells = state["cells"]
    pos = state["pos"]
    visit, meet_at = targets(state, seat)
    here = cells[pos[seat]]
    alone = [o for o in range(state["n"]) if o != seat and pos[o] == pos[seat]] == []
    if meet_at is not None and here == meet_at and alone and rng.random() < 0.8:
        if "no_walk" in by_type:
            return {"type": "no_walk"}
    waiting = {pos[o] for o in range(state["n"]) if o != seat
               and targets(state, o)[1] == cells[pos[o]]}
    goal = {i for i, c in enumerate(cells) if c in visit or c == meet_at} | waiting
    dist = _distance_to(state, goal)
    best: list[tuple[float, dict[str, Any]]] = []
    for t in by_type.get("walk", []):
        for end in t["end"]["$choice"]:
            card = cells[end]
            value = rng.random() * 2 - 0.5 * (dist[end] if dist[end] >= 0 else 10)
            if card in visit:
                value += 10
            if end in waiting or (card == meet_at and end in pos):
                value += 12
            if card in LOKASI and GATHER in LOKASI[card] and end in pos:
                value += 3
            best.append((value, {"type": "walk", "cards": t["cards"], "end": end}))
    extras = by_type.get("swap", []) + by_type.get("move_token", [])
    if extras and rng.random() < 0.1:
        return expand_template(rng.choice(extras), rng)
    if not best or rng.random() < 0.03:
        return {"type": "no_walk"}
    best.sort(key=lambda b: -b[0])
    return best[0][1] if rng.random() < 0.85 else rng.choice(best)[1]


def _distance_to(state: State, goal: set[int]) -> list[int]:
    """Orthogonal walking distance from every card to the nearest goal card."""
    return distances(kinds(state), goal)

"""The test bot: random, but leaning towards its own Pi Mana? tasks so games end.

It only ever plays what ``legal_actions`` offers. It walks towards the Lokasi its tasks
need, waits at its meeting place, helps pedestrians waiting at theirs, spends clearing
tokens when it can and answers every invitation, offer and proposal.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engines.base import expand_template
from engines.kaki_lima.board import distances, kinds
from engines.kaki_lima.data import (
    ANOTHER,
    DECK,
    DOUBLE,
    DRAW,
    GATHER,
    HAND_LIMIT,
    JOM_CARDS,
    LOKASI,
    PICKUP,
    TASK_CARDS,
    TOKEN,
)
from engines.kaki_lima.rules import jom_need, score_breakdown

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


def targets(state: State, seat: int) -> tuple[set[str], str | None]:
    """Lokasi this pedestrian still needs to visit, and its meeting place if not met yet."""
    visit: set[str] = set()
    meet_at = None
    for (kind, target), done in zip(TASK_CARDS[state["task_card"][seat]], state["done"][seat],
                                    strict=True):
        if done:
            continue
        if kind == "visit":
            visit.add(str(target))
        elif kind == "meet":
            meet_at = str(target)
        elif state["held"][seat] == 0:
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


# --- the heuristic of the easy and normal bots (engines.bots) ---------------------------------

#: What ending a walk is worth, by what it achieves there.
VISIT_VALUE = 10.0  # a Pi Mana? visit still to do
MEET_VALUE = 12.0  # the meeting task, with someone there
WAIT_VALUE = 5.0  # reaching the meeting place alone (others come, or it is waited at)
NEW_FRIEND = 2.0  # meeting a pedestrian not met yet (Jom Kawan)
TOKEN_VALUE = 7.0  # a clearing token: 2 VP a path plus its CA bonus, the clearing task
ANOTHER_VALUE = 2.0
DRAW_VALUE = 1.0
GATHER_WEIGHT = 2.0  # per step, landing on others at a gathering Lokasi (VP at once)
ASIDE_WEIGHT = 0.7  # per step, landing there alone
JOM_ENTRY = 0.5  # a Lokasi an unclaimed Jom! card lists (a tie-breaker)
STEP_COST = 0.8  # per card of walking distance still left to the nearest goal


def heuristic_action(state: State, seat: int, rng: random.Random, noise: float,
                     templates: list[dict[str, Any]]) -> dict[str, Any]:
    """The obvious good move: clear a path whenever a token allows, walk where the tasks,
    the meeting, gathering and Jom! cards pay most, place Jom! tokens, accept help.
    ``noise`` in [0, 1] sometimes blurs the walk values or picks any legal move."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for t in templates:
        by_type.setdefault(t["type"], []).append(t)
    if noise > 0 and rng.random() < noise * 0.5:
        return expand_template(rng.choice(templates), rng)
    if "clear" in by_type:
        return {"type": "clear", "cell": min(by_type["clear"][0]["cell"]["$choice"])}
    if "done_clearing" in by_type:
        return {"type": "done_clearing"}
    if "place" in by_type:
        return _place(state, seat, by_type["place"][0]["cell"]["$choice"])
    if "answer_clearing" in by_type:
        yes = [t for t in by_type["answer_clearing"] if t["accept"]]
        if not yes:
            return {"type": "answer_clearing", "accept": False, "card": None}
        card = yes[0]["card"]
        give = None if card is None else _cheapest(card["$choice"])
        return {"type": "answer_clearing", "accept": True, "card": give}
    if "decline_trade" in by_type:
        return {"type": "decline_trade"}
    if "step" in by_type:
        clearing = [t for t in by_type["step"] if t["clear"]]
        chosen = (clearing or by_type["step"])[0]
        return {"type": "step", "cell": min(chosen["cell"]["$choice"]), "clear": chosen["clear"]}
    if "walk" in by_type or "no_walk" in by_type:
        return _walk(state, seat, by_type, rng, noise)
    if "end_trade" in by_type:
        return {"type": "end_trade"}
    if "place_jom" in by_type:
        return _jom(state, seat, by_type["place_jom"])
    if "end_jom" in by_type:
        return {"type": "end_jom"}
    if "invite" in by_type:
        other = by_type["invite"][0]["seat"]
        return ({"type": "invite", "seat": other} if other not in state["met"][seat]
                else {"type": "skip_invite"})
    if "answer_pickup" in by_type:
        return {"type": "answer_pickup", "accept": True}
    if "skip_ask" in by_type:
        steps = _come_along(state, seat, by_type["ask_pickup"][0]["steps"]["$choice"]
                            if "ask_pickup" in by_type else [])
        return {"type": "skip_ask"} if steps is None else {"type": "ask_pickup", "steps": steps}
    if "join_walk" in by_type:
        steps = _come_along(state, seat, by_type["join_walk"][0]["steps"]["$choice"])
        return {"type": "decline_walk"} if steps is None else {"type": "join_walk",
                                                                "steps": steps}
    return expand_template(templates[0], rng)


def _cheapest(cards: list[str]) -> str:
    """The card worth least to keep: fewest steps, plain before boosted."""
    return min(cards, key=lambda c: (DECK[c][0], DECK[c][1] is not None, c))


def _goals(state: State, seat: int) -> tuple[set[str], str | None, set[int]]:
    """Lokasi to visit, the meeting place (if not met there yet) and every goal card."""
    visit, meet_at = targets(state, seat)
    cells = state["cells"]
    goal = {i for i, c in enumerate(cells) if c in visit or c == meet_at}
    return visit, meet_at, goal


def _place(state: State, seat: int, cells: list[int]) -> dict[str, Any]:
    """Start on the border Green card nearest to a Lokasi the tasks need."""
    _, _, goal = _goals(state, seat)
    dist = distances(kinds(state), goal) if goal else [0] * len(state["cells"])
    return {"type": "place",
            "cell": min(cells, key=lambda c: (dist[c] if dist[c] >= 0 else 99, c))}


def _end_value(state: State, seat: int, end: int, steps: int, visit: set[str],
               meet_at: str | None, dist: list[int]) -> float:
    """What ending a walk of ``steps`` steps on card ``end`` is worth to ``seat``."""
    card = state["cells"][end]
    others = [o for o in range(state["n"]) if o != seat and state["pos"][o] == end]
    value = 0.0
    if card in visit:
        value += VISIT_VALUE
    if meet_at is not None and card == meet_at:
        value += MEET_VALUE if others else WAIT_VALUE
    value += NEW_FRIEND * sum(1 for o in others if o not in state["met"][seat])
    acts = LOKASI.get(card, ())
    if acts and card not in state["reached"][seat] and _jom_wants(state, card):
        value += JOM_ENTRY
    if GATHER in acts:
        # Gathering scores the walk's steps; alone, the cards wait set aside and score
        # only if someone arrives before the next turn.
        value += (GATHER_WEIGHT if others else ASIDE_WEIGHT) * steps
    if TOKEN in acts and state["pool"] > 0:
        value += TOKEN_VALUE
    if ANOTHER in acts:
        value += ANOTHER_VALUE
    if DRAW in acts and len(state["hands"][seat]) < HAND_LIMIT:
        value += DRAW_VALUE
    d = dist[end]
    value -= STEP_COST * (d if d >= 0 else 12)
    return value


def _jom_wants(state: State, card: str) -> bool:
    """Whether an unclaimed Jom! card lists this Lokasi."""
    return any(card in JOM_CARDS[name][0] and j["claimed"] is None
               for name, j in state["jom"].items())


def _walk(state: State, seat: int, by_type: dict[str, list[dict[str, Any]]],
          rng: random.Random, noise: float) -> dict[str, Any]:
    """The walk whose end card is worth most (ties: fewer cards, fewer steps spent)."""
    visit, meet_at, goal = _goals(state, seat)
    dist = distances(kinds(state), goal) if goal else [0] * len(state["cells"])
    here = state["pos"][seat]
    alone = all(state["pos"][o] != here for o in range(state["n"]) if o != seat)
    best: tuple[float, dict[str, Any]] = (-1e9, {"type": "no_walk"})
    if "no_walk" in by_type:
        stay = WAIT_VALUE + 3 if (meet_at is not None and state["cells"][here] == meet_at
                                  and alone) else -30.0
        best = (stay, {"type": "no_walk"})
    pickup = state["pool"] > 0
    for t in by_type.get("walk", []):
        cards = t["cards"]
        steps = _combo_steps(cards)
        for end in t["end"]["$choice"]:
            value = _end_value(state, seat, end, steps, visit, meet_at, dist)
            value -= 0.6 * (len(cards) - 1) + 0.05 * steps
            if pickup and any(DECK[c][1] == PICKUP for c in cards):
                value += TOKEN_VALUE - 1
            if noise > 0:
                value += rng.random() * 12 * noise
            if value > best[0]:
                best = (value, {"type": "walk", "cards": list(cards), "end": end})
    return best[1]


def _combo_steps(cards: list[str]) -> int:
    """Steps a combination walks (Double doubles its partner, Combine adds)."""
    lead = DECK[cards[0]]
    if len(cards) == 1:
        return lead[0]
    partner = DECK[cards[1]][0]
    return 2 * partner if lead[1] == DOUBLE else lead[0] + partner


def _jom(state: State, seat: int, options: list[dict[str, Any]]) -> dict[str, Any]:
    """A token on the Jom! card closest to being claimed (most VP on ties)."""
    def progress(t: dict[str, Any]) -> tuple[float, int, str]:
        name = t["card"]
        mine = len(state["jom"][name]["tokens"][seat])
        return ((mine + 1) / jom_need(state, name), JOM_CARDS[name][1], name)

    chosen = max(options, key=progress)
    return {"type": "place_jom", "card": chosen["card"], "entry": chosen["entry"]["$choice"][0]}


def _come_along(state: State, seat: int, choices: list[int]) -> int | None:
    """The steps to walk along with the walker that bring this pedestrian nearest to its
    goals (a free move), or ``None`` when none brings it closer."""
    _, _, goal = _goals(state, seat)
    if not goal or not choices:
        return None
    dist = distances(kinds(state), goal)
    path = state["turn"]["walk"]["path"]
    idx = state["turn"]["invite"]["idx"]
    here = state["pos"][seat]
    best_steps, best = None, dist[here] if dist[here] >= 0 else 99
    for steps in choices:
        if idx + steps < len(path):
            d = dist[path[idx + steps]]
            if 0 <= d < best:
                best_steps, best = steps, d
    return best_steps


def evaluate(state: State, seat: int) -> float:
    """The seat's lead in points (plus its tasks' progress) squashed into [0, 1]."""
    def worth(s: int) -> float:
        return score_breakdown(state, s)["total"] + 1.5 * sum(state["done"][s])

    mine = worth(seat)
    rest = max(worth(o) for o in range(state["n"]) if o != seat)
    return 0.5 + 0.5 * math.tanh((mine - rest) / 8)

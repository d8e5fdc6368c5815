"""Why a Kaki Lima move is good, in one line (issue 41's hints), from the seat's view only.

The heuristic (heuristic.py) scores, in this order: blocked paths cleared (2 VP each, and a
task), gatherings (arriving where someone stands at a gathering spot scores the steps
walked), the task card's visits and meetings, then Jom! cards. The reasons name the first of
those a move brings; a walk that brings none sets up the next turn.
"""

from __future__ import annotations

from typing import Any

from engines.kaki_lima.data import GATHER, LOKASI

#: Moves whose reason needs nothing from the view: the action type's own line.
PLAIN = {
    "place": "kaki-lima.why.place",
    "propose_clearing": "kaki-lima.why.propose_clearing",
    "swap": "kaki-lima.why.swap",
    "end_jom": "kaki-lima.why.end_jom",
    "end_trade": "kaki-lima.why.end_trade",
    "decline_trade": "kaki-lima.why.decline_trade",
    "no_walk": "kaki-lima.why.no_walk",
}


def _lokasi(name: str) -> dict[str, str]:
    return {"lokasi": name, "label": name}


def _steps(view: dict[str, Any], cards: list[Any]) -> int:
    hand = {c["id"]: c for c in view.get("hand") or [] if isinstance(c, dict)}
    return sum(int(hand[c]["steps"]) for c in cards if c in hand)


def _open_tasks(view: dict[str, Any], seat: int, kind: str) -> list[Any]:
    tasks = view.get("tasks") or []
    mine = tasks[seat] if seat < len(tasks) and tasks[seat] else {"items": []}
    return [i["target"] for i in mine["items"] if i["kind"] == kind and not i["done"]]


def _arrive(view: dict[str, Any], seat: int, end: int, steps: int) -> dict[str, Any]:
    cells = view["cells"]
    card = cells[end] if 0 <= end < len(cells) else ""
    someone = any(p == end for o, p in enumerate(view["pos"]) if o != seat)
    if card in LOKASI and GATHER in LOKASI[card] and someone and steps:
        return {"key": "kaki-lima.why.gather", "params": {"place": _lokasi(card), "vp": steps}}
    if card in _open_tasks(view, seat, "visit") and card not in view["reached"][seat]:
        return {"key": "kaki-lima.why.visit", "params": {"place": _lokasi(card)}}
    if someone and card in _open_tasks(view, seat, "meet"):
        return {"key": "kaki-lima.why.meet", "params": {"place": _lokasi(card)}}
    for jom in view.get("jom") or []:
        if jom.get("claimed") is None and card in jom.get("needs", []) \
                and card not in view["reached"][seat]:
            return {"key": "kaki-lima.why.jom_place",
                    "params": {"place": _lokasi(card), "jom": jom["name"], "vp": jom["vp"]}}
    return {"key": "kaki-lima.why.walk", "params": {}}


def _step(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A step of a walk already played serves where the walk ends."""
    walk = (view.get("turn") or {}).get("walk") or {}
    end, steps = walk.get("end"), walk.get("steps")
    if isinstance(end, int) and isinstance(steps, int):
        there = _arrive(view, seat, end, steps)
        if there["key"] != "kaki-lima.why.walk":
            return {"key": "kaki-lima.why.step_on",
                    "params": {"reason": {"term": there["key"], "params": there["params"]}}}
    return {"key": "kaki-lima.why.step", "params": {}}


def explain(view: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The main reason ``action`` is good for ``seat``, as a catalogue message
    (``{"key", "params"}``), read from ``view`` (the seat's own) and the action alone."""
    kind = action.get("type")
    if kind == "clear" or (kind == "step" and action.get("clear")):
        return {"key": "kaki-lima.why.clear", "params": {"n": int(view["paths"][seat]) + 1}}
    if kind == "walk" and isinstance(action.get("end"), int):
        return _arrive(view, seat, action["end"], _steps(view, list(action.get("cards") or [])))
    if kind == "step":
        return _step(view, seat)
    if kind == "place_jom":
        for jom in view.get("jom") or []:
            if jom.get("name") == action.get("card"):
                return {"key": "kaki-lima.why.jom", "params": {"jom": jom["name"],
                                                               "vp": jom["vp"]}}
    if kind == "answer_clearing":
        return {"key": "kaki-lima.why.accept_clearing" if action.get("accept")
                else "kaki-lima.why.decline_clearing", "params": {}}
    if kind in ("invite", "ask_pickup", "join_walk") or (
            kind == "answer_pickup" and action.get("accept")):
        return {"key": "kaki-lima.why.together", "params": {}}
    if kind in ("skip_invite", "skip_ask", "decline_walk", "answer_pickup"):
        return {"key": "kaki-lima.why.alone", "params": {}}
    if isinstance(kind, str) and kind in PLAIN:
        return {"key": PLAIN[kind], "params": {}}
    return {"key": "base.why.generic", "params": {}}

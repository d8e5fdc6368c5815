"""Why a Tuk-Tuk Taxi move is good, in one line (issue 41's hints), from the seat's view only.

The heuristic (heuristic.py) drives the shortest way to a waiting passenger, then home to
the seat's own taxi stop, and plays signs where they slow the others and not itself: the
reasons below name that part of its judgement (the delivery, the pick-up, the squares
left to the target, the rival a sign stands in front of).
"""

from __future__ import annotations

from typing import Any

Cell = tuple[int, int]

#: A sign this close to a rival's taxi (squares, as the crow flies) stands in its way.
IN_THE_WAY = 4


#: Moves whose reason needs nothing from the view: the action type's own line.
PLAIN = {
    "roll": "tuk-tuk-taxi.why.roll",
    "roll_again": "tuk-tuk-taxi.why.roll_again",
    "discard": "tuk-tuk-taxi.why.discard",
}


def _cell(key: str) -> Cell:
    r, c = key.split(",")
    return int(r), int(c)


def _apart(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _nearest(cell: Cell, others: list[str]) -> tuple[int, str] | None:
    found = [(_apart(cell, _cell(o)), o) for o in others]
    return min(found) if found else None


def _drive(view: dict[str, Any], seat: int, to: str) -> dict[str, Any]:
    home = view["stops"][seat]
    here = _cell(view["taxis"][seat])
    there = _cell(to)
    if view["carrying"][seat]:
        if to == home:
            return {"key": "tuk-tuk-taxi.why.drop_off",
                    "params": {"n": int(view["delivered"][seat]) + 1}}
        target, goal = "stop", _cell(home)
    else:
        if to in view["passengers"]:
            return {"key": "tuk-tuk-taxi.why.pick_up", "params": {}}
        near = _nearest(here, list(view["passengers"]))
        if near is None:
            return {"key": "tuk-tuk-taxi.why.road", "params": {}}
        target, goal = "passenger", _cell(near[1])
    before, after = _apart(here, goal), _apart(there, goal)
    if after < before:
        return {"key": "tuk-tuk-taxi.why.toward",
                "params": {"target": target, "left": after}}
    return {"key": "tuk-tuk-taxi.why.way_round", "params": {"target": target}}


def _sign(view: dict[str, Any], seat: int, cell: str, kind: str) -> dict[str, Any]:
    rivals = [t for s, t in enumerate(view["taxis"]) if s != seat]
    rival = _nearest(_cell(cell), rivals)
    mine = _apart(_cell(cell), _cell(view["taxis"][seat]))
    sign = {"term": f"tuk-tuk-taxi.term.{kind}"}
    if rival is not None and rival[0] < mine and rival[0] <= IN_THE_WAY:
        return {"key": "tuk-tuk-taxi.why.sign_rival", "params": {"sign": sign, "n": rival[0]}}
    return {"key": "tuk-tuk-taxi.why.sign_away", "params": {"sign": sign, "n": mine}}


def explain(view: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The main reason ``action`` is good for ``seat``, as a catalogue message
    (``{"key", "params"}``), read from ``view`` (the seat's own) and the action alone."""
    kind = action.get("type")
    if kind in ("move", "go_to"):
        to = action.get("to") or action.get("cell")
        if isinstance(to, str) and "," in to:
            return _drive(view, seat, to)
    if kind == "place" and isinstance(action.get("cell"), str):
        drawn = view.get("drawn") or {}
        return _sign(view, seat, action["cell"], str(drawn.get("kind") or "stop"))
    if kind == "remove_sign" and action.get("cell") in view["signs"]:
        sign = view["signs"][action["cell"]]
        return {"key": "tuk-tuk-taxi.why.remove",
                "params": {"sign": {"term": f"tuk-tuk-taxi.term.{sign['kind']}"}}}
    if isinstance(kind, str) and kind in PLAIN:
        return {"key": PLAIN[kind], "params": {}}
    return {"key": "base.why.generic", "params": {}}

"""Why a Jakarta Traffic move is good, in one line (issue 41's hints), from the seat's view.

The planning heuristic (heuristic.py, plan.py) values stars above all: it accepts orders it
can carry to the address the order board wants, delivers whatever is wanted where the moped
stands, and drives or turns tiles to shorten the way there. The reasons name that: the
stars a delivery takes, the order accepted and what it is worth, the squares left to the
address or to the waiting orders.
"""

from __future__ import annotations

from typing import Any

from engines.jakarta_traffic.data import SIZE
from engines.jakarta_traffic.words import address_term, order_term

#: The honks, which change the roads: their reason is where the new way leads, else the
#: move's own line.
WAY_OPENERS = {
    "rotate": "jakarta-traffic.why.rotate",
    "swap": "jakarta-traffic.why.swap",
}

#: Moves whose reason needs nothing from the view: the action type's own line.
PLAIN = {
    "place_stack": "jakarta-traffic.why.place_stack",
    "start": "jakarta-traffic.why.start",
    "arrange": "jakarta-traffic.why.arrange",
    "decline": "jakarta-traffic.why.decline",
}


def _xy(cell: int) -> tuple[int, int]:
    return cell % SIZE + 1, cell // SIZE + 1


def _apart(a: int, b: int) -> int:
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return abs(ax - bx) + abs(ay - by)


def _board(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["order"]: row for row in view.get("orderboard") or []}


def _wanted_here(view: dict[str, Any], seat: int) -> list[str]:
    here = view["mopeds"][seat]
    if here is None:
        return []
    address = view["tiles"][here].get("address")
    board = _board(view)
    return [o for o in view["phone"][seat] if o in board and board[o]["address"] == address]


def _goal(view: dict[str, Any], seat: int) -> tuple[str, dict[str, Any], list[int]] | None:
    """Where the seat is heading: the address of an order it carries, else waiting orders."""
    board = _board(view)
    for order in view["phone"][seat]:
        row = board.get(order)
        if row is None:
            continue
        cells = [i for i, t in enumerate(view["tiles"]) if t and t.get("address") == row["address"]]
        if cells:
            return "address", address_term(row["address"]), cells
    waiting = [i for i, s in enumerate(view["stacks"]) if s and s.get("count")]
    if waiting:
        order = view["stacks"][min(waiting, key=lambda i: _apart(i, view["mopeds"][seat] or 0))]
        return "orders", order_term(order["order"]), waiting
    return None


def _drive(view: dict[str, Any], seat: int, to: int) -> dict[str, Any]:
    here = view["mopeds"][seat]
    goal = _goal(view, seat)
    if goal is None or here is None:
        return {"key": "jakarta-traffic.why.drive", "params": {}}
    target, name, cells = goal
    left = min(_apart(to, c) for c in cells)
    if left < min(_apart(here, c) for c in cells):
        return {"key": "jakarta-traffic.why.toward",
                "params": {"target": target, "name": name, "left": left}}
    return {"key": "jakarta-traffic.why.way_round", "params": {"target": target, "name": name}}


def explain(view: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The main reason ``action`` is good for ``seat``, as a catalogue message
    (``{"key", "params"}``), read from ``view`` (the seat's own) and the action alone."""
    kind = action.get("type")
    board = _board(view)
    if kind == "deliver":
        wanted = _wanted_here(view, seat)
        if wanted:
            stars = sum(int(board[o]["value"]) for o in wanted)
            return {"key": "jakarta-traffic.why.deliver",
                    "params": {"order": order_term(wanted[0]), "stars": stars}}
    if kind == "accept":
        here = view["mopeds"][seat]
        stack = view["stacks"][here] if here is not None else None
        if stack and stack.get("order") in board:
            row = board[stack["order"]]
            return {"key": "jakarta-traffic.why.accept",
                    "params": {"order": order_term(row["order"]), "stars": int(row["value"]),
                               "address": address_term(row["address"])}}
    if kind == "drive" and isinstance(action.get("x"), int) and isinstance(action.get("y"), int):
        to = (action["y"] - 1) * SIZE + (action["x"] - 1)
        if 0 <= to < SIZE * SIZE:
            return _drive(view, seat, to)
    if kind == "detour":
        # The dice park the moped at random: with no ride offered there is nothing else.
        return {"key": "jakarta-traffic.why.detour" if view.get("routes")
                else "jakarta-traffic.why.detour_only", "params": {}}
    if kind in WAY_OPENERS:
        goal = _goal(view, seat)
        if goal is None:
            return {"key": WAY_OPENERS[kind], "params": {}}
        return {"key": "jakarta-traffic.why.opens_way",
                "params": {"how": kind, "target": goal[0], "name": goal[1]}}
    if isinstance(kind, str) and kind in PLAIN:
        return {"key": PLAIN[kind], "params": {}}
    return {"key": "base.why.generic", "params": {}}

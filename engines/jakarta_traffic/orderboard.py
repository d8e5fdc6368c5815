"""The order board, side A (spec "Order board, side A"): rows, address slots, idle queue."""

from __future__ import annotations

from typing import Any

from engines.jakarta_traffic.data import ROW_SLOT, ROW_VALUES
from engines.jakarta_traffic.state import OrderBoard

Board = OrderBoard


def order_row(board: Board, order: str) -> int:
    """The 0-based row (r1 = 0) an order type sits in."""
    return board["rows"].index(order)


def order_address(board: Board, order: str) -> str:
    """The address an order type wants now: that of the slot its row faces."""
    return board["slots"][ROW_SLOT[order_row(board, order)]]


def order_value(board: Board, order: str) -> int:
    """The star value of an order type now (its row's)."""
    return ROW_VALUES[order_row(board, order)]


def wanted_here(board: Board, phone: list[str], address: str | None) -> list[str]:
    """The orders in a phone that want ``address`` now, in board row order."""
    if address is None or address not in board["slots"]:
        return []
    wanted = [o for o in phone if order_address(board, o) == address]
    return sorted(wanted, key=lambda o: order_row(board, o))


def deliver(board: Board, orders: list[str]) -> Board:
    """The board after delivering ``orders`` (one, or two wanting the same address).

    The delivered types drop to the lowest rows (in the given order, the last one in r5)
    and the rows below them move up; the address goes to the back of the idle queue, the
    addresses in the slots above it move down one and the idle queue's front enters A1.
    """
    address = order_address(board, orders[0])
    slot = board["slots"].index(address)
    rows = [o for o in board["rows"] if o not in orders] + list(orders)
    slots = list(board["slots"])
    idle = list(board["idle"])
    del slots[slot]
    slots.insert(0, idle.pop(0))
    idle.append(address)
    return {"rows": rows, "slots": slots, "idle": idle}


def take_star(supply: dict[str, int], value: int) -> int | None:
    """Take a star token of ``value`` from the supply, else the next lower value, else none."""
    for v in sorted((int(k) for k, n in supply.items() if n > 0), reverse=True):
        if v <= value:
            supply[str(v)] -= 1
            return v
    return None


def describe(board: Board) -> list[dict[str, Any]]:
    """Each row with its order, star value and wanted address (for views and logs)."""
    return [
        {"order": o, "value": ROW_VALUES[i], "address": board["slots"][ROW_SLOT[i]]}
        for i, o in enumerate(board["rows"])
    ]

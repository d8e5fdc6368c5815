"""Every key of a Jakarta Traffic state (plain JSON; the copy before an action is derived
from these declarations by ``engines.core.copying.declared_copier``).

Cells are 0..24, row by row from the top-left; players' lists are indexed by seat.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from engines.core.copying import Shared

Phase = Literal["start", "honk", "drive", "pick_spot", "arrival", "place_stack", "arrange",
                "over"]


class Tile(TypedDict):
    """A street tile: its spot's kind, road pattern, quarter turns and (buildings) address."""

    kind: str
    pattern: str
    rot: int
    address: str | None


class Stack(TypedDict):
    """An order stack on a pick-up location: the order type and how many are left."""

    order: str
    count: int


class OrderBoard(TypedDict):
    """Side A of the order board: order types by row (r1 first), the address slots and
    the idle addresses' queue."""

    rows: list[str]
    slots: list[str]
    idle: list[str]


class Pending(TypedDict, total=False):
    """What the mover must decide at an arrival: ``accept`` an ``order``, ``deliver`` or
    ``arrange`` the ``orders``."""

    kind: Literal["accept", "deliver", "arrange"]
    order: str
    orders: list[str]


class Dice(TypedDict):
    """The last detour's rolls (white, black), shown to everyone."""

    seat: int
    rolls: list[list[int]]


class JakartaState(TypedDict):
    """The whole game."""

    players: int
    #: How many deals set-up needed before the order stacks could be placed.
    deals: int
    # Tiles, stacks and the order board are replaced by a move, never changed in place,
    # so the copy before an action shares them (copy-on-write).
    tiles: list[Annotated[Tile, Shared]]
    #: The street tile each player holds for a swap.
    hand: list[Annotated[Tile, Shared]]
    stacks: list[Annotated[Stack | None, Shared]]
    board: Annotated[OrderBoard, Shared]
    #: Star tokens left by value ("1".."4").
    supply: dict[str, int]
    #: The manipulation marker's cell (Ondel-Ondel), if on the board.
    marker: int | None
    mopeds: list[int | None]
    energy: list[int]
    bubbles: list[int]
    phone: list[list[str]]
    stars: list[list[int]]
    delivered: list[list[str]]
    phase: Phase
    current: int
    turn: int
    start_cell: int | None
    #: Replaced whole, never changed in place, so copies share them.
    dice: Annotated[Dice | None, Shared]
    pending: Annotated[Pending | None, Shared]
    end_triggered: bool
    rng: int

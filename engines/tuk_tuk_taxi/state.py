"""The shape of a Tuk-Tuk Taxi state (plain JSON; the copy before an action follows it).

Cells are ``"r,c"`` strings everywhere in the state.
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from engines.core.copying import Shared


class SignOnBoard(TypedDict):
    """A sign standing on a cell: its tile kind and, for some, the way it points."""

    kind: str
    dir: str | None


class Die(TypedDict):
    """The latest roll, with its colour named (spec ruling 10)."""

    value: int
    colour: str


class Turn(TypedDict):
    """What the current turn remembers between its legs."""

    prev: str | None        # the cell left last (no reversal)
    first: bool             # the taxi has not moved yet (Stop, Pedestrian crossing)
    used: list[str]         # sign cells that already acted this turn
    roll: int | None        # the latest roll


class MoveOption(TypedDict):
    """One offered outcome of the current leg (the view shows to, path and note)."""

    to: str
    path: list[str]
    police: bool            # sent home by the Police
    light: bool             # stopped in front of a light it could not pass (ruling 11)
    prev: str | None
    acted: list[str]
    continuation: str | None  # "no_parking" / "no_stopping" on the end cell
    note: str


class TukTukState(TypedDict):
    """The whole game."""

    players: int
    simplified: bool
    side: str
    stack: list[str]                 # face down, top first (never in any view)
    drawn: str | None                # the tile drawn this turn, shown to everyone
    signs: dict[str, Annotated[SignOnBoard, Shared]]  # entries are replaced, never changed
    removed: int                     # tiles that left the game
    taxis: list[str]
    carrying: list[bool]
    passengers: list[str]            # cells where passengers still wait
    delivered: list[int]
    last_drop: list[int | None]      # order of each seat's last drop-off
    drops: int
    skip: list[bool]                 # Mechanic: the next turn is skipped
    current: int
    phase: str                       # "sign" | "roll" | "move" | "no_parking" | "over"
    die: Die | None
    turn: Turn
    moves: Annotated[list[MoveOption], Shared]  # only ever replaced whole
    rng: int

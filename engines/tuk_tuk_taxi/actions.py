"""The actions a Tuk-Tuk Taxi player sends (a pydantic union on ``type``).

Cells are ``"r,c"`` strings (row, column; 0,0 is the top-left corner).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

CellKey = Annotated[str, Field(pattern=r"^\d{1,2},\d{1,2}$")]
Direction = Literal["N", "E", "S", "W"]


class _Action(BaseModel):
    # Strict: a wrong type is an invalid action, never coerced ("1" is not route 1).
    model_config = ConfigDict(extra="forbid", strict=True)


class Place(_Action):
    """Put the drawn road sign (or Police) on a street cell, pointing ``direction`` if it
    has one (mandatory turns: the travel direction of the cars it governs; one-way: the
    arrow's direction along the street)."""

    type: Literal["place"]
    cell: CellKey
    direction: Direction | None = None


class GoTo(_Action):
    """Mechanic or Gas station drawn: drive the taxi to this free space of that kind."""

    type: Literal["go_to"]
    cell: CellKey


class RemoveSign(_Action):
    """Remove a sign drawn: take the sign on this cell off the board."""

    type: Literal["remove_sign"]
    cell: CellKey


class Discard(_Action):
    """Remove a sign drawn: remove nothing (the rulebook says the player *may* remove)."""

    type: Literal["discard"]


class Roll(_Action):
    """Roll the coloured die."""

    type: Literal["roll"]


class Move(_Action):
    """End the taxi's move on ``to``; ``route`` picks one of the offered routes when two
    routes to that cell have different effects (an index into the view's ``moves``)."""

    type: Literal["move"]
    to: CellKey
    route: int | None = Field(default=None, ge=0)


class RollAgain(_Action):
    """Stopped on No parking: roll the die once more and drive on."""

    type: Literal["roll_again"]


class Stay(_Action):
    """Stopped on No parking: stay here and end the move."""

    type: Literal["stay"]


TukTukAction = Annotated[
    Place | GoTo | RemoveSign | Discard | Roll | Move | RollAgain | Stay,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Any] = TypeAdapter(TukTukAction)

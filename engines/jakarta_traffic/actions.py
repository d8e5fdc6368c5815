"""The actions a Jakarta Traffic player sends (a pydantic union keyed by ``type``).

Coordinates are the spec's: column ``x`` and row ``y``, both 1..5 from the top-left.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Coord = Annotated[int, Field(ge=1, le=5)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartSpot(_Action):
    """Set-up: put your moped on a charging station."""

    type: Literal["start"]
    x: Coord
    y: Coord


class Rotate(_Action):
    """Honk: turn a street tile clockwise by 1 to 3 quarter turns."""

    type: Literal["rotate"]
    x: Coord
    y: Coord
    turns: int = Field(ge=1, le=3)


class Swap(_Action):
    """Honk: put the tile in your possession here (at ``rotation``) and take this one."""

    type: Literal["swap"]
    x: Coord
    y: Coord
    rotation: int = Field(ge=0, le=3)


class Drive(_Action):
    """Ride along the roads to a reachable parking spot."""

    type: Literal["drive"]
    x: Coord
    y: Coord


class Detour(_Action):
    """Instead of driving, roll the dice for the parking spot."""

    type: Literal["detour"]


class PickSpot(_Action):
    """After a double 6: choose any parking spot but your own."""

    type: Literal["pick_spot"]
    x: Coord
    y: Coord


class Accept(_Action):
    """Spend 1 energy to take an order from the stack here."""

    type: Literal["accept"]


class Deliver(_Action):
    """Spend 1 energy to deliver every order in your phone wanted at this address."""

    type: Literal["deliver"]


class Decline(_Action):
    """Leave the order stack or the delivery for now."""

    type: Literal["decline"]


class PlaceStack(_Action):
    """Move the rest of the order stack you took from to a vacant pick-up location."""

    type: Literal["place_stack"]
    x: Coord
    y: Coord


class Arrange(_Action):
    """After delivering two orders: the order type that goes to the lowest row (r5)."""

    type: Literal["arrange"]
    bottom: str


JakartaAction = Annotated[
    StartSpot | Rotate | Swap | Drive | Detour | PickSpot | Accept | Deliver | Decline
    | PlaceStack | Arrange,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[JakartaAction] = TypeAdapter(JakartaAction)

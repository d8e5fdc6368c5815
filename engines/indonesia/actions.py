"""The actions a player can send, as a pydantic discriminated union on ``type``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.indonesia.data.components import TRACKS


class _Action(BaseModel):
    # Strict: a boolean or a numeric string where an int belongs is refused, never coerced
    # ({"amount": true} must not bid 1).
    model_config = ConfigDict(extra="forbid", strict=True)


class PlaceCity(_Action):
    """Found a city from one of your city cards of this era."""

    type: Literal["place_city"]
    card: str
    area: int


class Bid(_Action):
    """Bid for turn order (the money goes to your bank)."""

    type: Literal["bid"]
    amount: int = Field(ge=0)


class Announce(_Action):
    """Announce a merger of two companies and open the bidding."""

    type: Literal["announce"]
    a: str
    b: str
    bid: int = Field(ge=0)


class Raise(_Action):
    """Raise the high bid of the merger auction."""

    type: Literal["raise"]
    amount: int = Field(ge=0)


class RemoveGood(_Action):
    """Remove one good of a new siap faji company."""

    type: Literal["remove_good"]
    area: int


class Acquire(_Action):
    """Start a company from an available deed."""

    type: Literal["acquire"]
    deed: str
    area: int


class Research(_Action):
    """Advance one research track (Hull may be another player's)."""

    type: Literal["research"]
    track: Literal[tuple(TRACKS)]  # type: ignore[valid-type]
    player: int = Field(ge=0, le=4)


class Route(_Action):
    """Goods of one zone carried by one shipping company's chain of seas to one city."""

    source: int = Field(alias="from")
    ship: str
    seas: list[int] = Field(min_length=1, max_length=21)
    city: int
    count: int = Field(ge=1, le=200)


class Sell(_Action):
    """Operate a production company: sell along these routes (must be maximal)."""

    type: Literal["sell"]
    company: str
    routes: list[Route] = Field(max_length=200)


class Sail(_Action):
    """Operate a shipping company."""

    type: Literal["sail"]
    company: str


class PlaceShip(_Action):
    """Place one new ship of the operating shipping company."""

    type: Literal["place_ship"]
    sea: int


class Expand(_Action):
    """Expand the operating production company into one more area."""

    type: Literal["expand"]
    area: int


class Grow(_Action):
    """Choose a city to grow when city stones run short."""

    type: Literal["grow"]
    city: int


class Pass(_Action):
    """Decline: no merger this round, out of an auction, no more acquisitions, no research,
    or stop an optional expansion."""

    type: Literal["pass"]


IndonesiaAction = Annotated[
    PlaceCity | Bid | Announce | Raise | RemoveGood | Acquire | Research | Sell | Sail
    | PlaceShip | Expand | Grow | Pass,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter = TypeAdapter(IndonesiaAction)

"""The one action a runner sends."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Advance(BaseModel):
    """Move your runner forward ``n`` steps."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["advance"]
    n: int = Field(ge=1, le=6)


RaceAction = Annotated[Advance, Field(discriminator="type")]
ACTION_ADAPTER: TypeAdapter[Advance] = TypeAdapter(RaceAction)

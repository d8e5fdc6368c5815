"""Lobby options: the model of a game that has none (a game's own is a pydantic model)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class NoOptions(BaseModel):
    """Options model for a game without lobby options."""

    model_config = ConfigDict(extra="forbid")

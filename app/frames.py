"""Pydantic models of every frame a client may send over the WebSocket, and frame encoding."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Frame):
    """First frame: a player's credential or a spectator's watch id."""

    type: Literal["hello"]
    credential: str | None = Field(None, min_length=1, max_length=200)
    watch: str | None = Field(None, min_length=1, max_length=64)
    version: int | None = Field(None, ge=0)


class ActionFrame(_Frame):
    """An action computed against ``version``; ``id`` makes a repeat harmless."""

    type: Literal["action"]
    id: str = Field(min_length=1, max_length=64)
    version: int = Field(ge=0)
    action: dict[str, Any]


class SyncFrame(_Frame):
    """Ask for a fresh snapshot (after a version gap)."""

    type: Literal["sync"]


class PingFrame(_Frame):
    """Keep-alive."""

    type: Literal["ping"]


#: What the server's WebSocket protocol hands the application in place of a frame larger than
#: it reads (app.wsproto discards the payload): answered with an error frame like any other.
OVERSIZED = "\x00meja:oversized"

ClientFrame = Annotated[Hello | ActionFrame | SyncFrame | PingFrame, Field(discriminator="type")]
client_frame = TypeAdapter(ClientFrame)


def encode(frame: dict[str, Any]) -> str:
    """A frame as JSON text (orjson: this runs for every viewer after every move)."""
    return orjson.dumps(frame).decode()


def short_error(exc: Exception) -> str:
    """A pydantic validation error in one line for an error frame."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        parts = []
        for err in errors()[:3]:
            loc = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{loc}: {err['msg']}" if loc else err["msg"])
        return "; ".join(parts)
    return str(exc)

"""How a table is run, chosen by the host at creation (``CreateLobby.settings``).

Engine options change the rules of a game; table settings change how the service runs the
table around it (its clock, its take-back policy, ...). They are stored in ``games.settings``
and shown to every viewer in ``LobbyInfo.settings``, so nothing secret belongs here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class TableSettings(BaseModel):
    """The host's choices for one table. Every field has a default, so ``{}`` is valid."""

    model_config = ConfigDict(extra="forbid")


def settings_of(game: dict[str, Any]) -> TableSettings:
    """The stored settings of a game row (rows from before settings read as the defaults)."""
    return TableSettings.model_validate(game.get("settings") or {})

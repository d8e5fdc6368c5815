"""How a table is run, chosen by the host at creation (``CreateLobby.settings``).

Engine options change the rules of a game; table settings change how the service runs the
table around it (its clock, its take-back policy, ...). They are stored in ``games.settings``
and shown to every viewer in ``LobbyInfo.settings``, so nothing secret belongs here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

#: Who may take back what (app/takeback.py): nobody; a player their own actions of the current
#: turn; or also anything since the last reveal with every other player's consent.
TakebackPolicy = Literal["none", "own_turn", "consent"]


class TableSettings(BaseModel):
    """The host's choices for one table. Every field has a default, so ``{}`` is valid."""

    model_config = ConfigDict(extra="forbid")
    takeback: TakebackPolicy = Field(
        default="own_turn", description="Take-backs: none; your own moves of the current turn "
                                "(until a roll, a draw or a secret is revealed); or also "
                                "earlier moves with every other player's consent")


def settings_of(game: dict[str, Any]) -> TableSettings:
    """The stored settings of a game row (rows from before settings read as the defaults)."""
    return TableSettings.model_validate(game.get("settings") or {})

"""The seam where committed actions, lobby changes and presence reach other processes.

One process (SQLite, ``make run``): :class:`LocalFanout`, which has nobody to tell - the
room has already queued its frames for this process's connections. Several processes on one
PostgreSQL: :class:`app.pgfanout.PgFanout` (LISTEN/NOTIFY).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from app.rooms import Room

#: What other processes do with a relayed message, by topic (``chat``, ``rematch``): each
#: feature registers its own handler, which delivers the message to that process's viewers.
RELAY_HANDLERS: dict[str, Callable[[Room, Any], None]] = {}


class Fanout(Protocol):
    """What the hub tells the other processes on the same database."""

    async def start(self) -> None:
        """Begin listening (if there is anyone to listen to)."""

    async def stop(self) -> None:
        """Stop listening."""

    def committed(self, room: Room, version: int) -> None:
        """This process committed ``version`` of ``room``'s game."""

    def presence_changed(self, room: Room) -> None:
        """Connections of this process to ``room`` came or went."""

    def lobby_changed(self, game_id: str, status: str) -> None:
        """Seats or status of a game changed through this process's REST API."""

    def reseated(self, game_id: str, order: list[int]) -> None:
        """The host reordered a lobby's seats through this process."""

    def evicted(self, game_id: str, seat: int, reason: str) -> None:
        """A seat's connections must close in every process."""

    def relay(self, game_id: str, topic: str, data: Any) -> None:
        """Hand ``data`` to ``RELAY_HANDLERS[topic]`` in every other process holding the
        game (a chat message, a rematch's progress: outside the versioned document)."""

    @property
    def healthy(self) -> bool:
        """Whether every notification since the last catch-up has arrived."""


class LocalFanout:
    """One process: every viewer is local, so there is nobody else to tell."""

    healthy = True

    async def start(self) -> None:
        """Nothing to listen to."""

    async def stop(self) -> None:
        """Nothing to stop."""

    def committed(self, room: Room, version: int) -> None:
        """The room already queued its frames for this process's connections."""

    def presence_changed(self, room: Room) -> None:
        """Presence is this process's own."""

    def lobby_changed(self, game_id: str, status: str) -> None:
        """No other process holds the room."""

    def reseated(self, game_id: str, order: list[int]) -> None:
        """No other process holds the room."""

    def evicted(self, game_id: str, seat: int, reason: str) -> None:
        """No other process holds connections."""

    def relay(self, game_id: str, topic: str, data: Any) -> None:
        """No other process holds the room."""

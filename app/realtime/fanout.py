"""The seam where committed actions, lobby changes and presence reach other processes.

One process (SQLite, ``make run``): :class:`LocalFanout`, which has nobody to tell - the
room has already queued its frames for this process's connections. Several processes on one
PostgreSQL: :class:`app.realtime.pgfanout.PgFanout` (LISTEN/NOTIFY). Which one a process
uses is decided where the service is put together (:mod:`app.main`).
"""

from __future__ import annotations

from typing import Any, Protocol


class Fanout(Protocol):
    """What the hub tells the other processes on the same database."""

    #: Whether this process is the only one (nobody else can hold a connection).
    alone: bool

    async def start(self, hub: Any) -> None:
        """Begin listening (if there is anyone to listen to) on behalf of ``hub``."""

    async def stop(self) -> None:
        """Stop listening."""

    def committed(self, game_id: str, version: int) -> None:
        """This process committed ``version`` of the game."""

    def presence_changed(self, game_id: str, seats: frozenset[int], spectators: int) -> None:
        """Connections of this process to the game came or went: who is connected here."""

    def lobby_changed(self, game_id: str, status: str) -> None:
        """Seats or status of a game changed through this process's REST API."""

    def reseated(self, game_id: str, order: list[int]) -> None:
        """The host reordered a lobby's seats through this process."""

    def evicted(self, game_id: str, seat: int, reason: str) -> None:
        """A seat's connections must close in every process."""

    def relay(self, game_id: str, topic: str, data: Any) -> None:
        """Hand ``data`` to the feature named ``topic`` in every other process holding the
        game (a chat message, a rematch's progress: outside the versioned document)."""

    @property
    def healthy(self) -> bool:
        """Whether every notification since the last catch-up has arrived."""


class LocalFanout:
    """One process: every viewer is local, so there is nobody else to tell."""

    healthy = True
    alone = True

    async def start(self, hub: Any) -> None:
        """Nothing to listen to."""

    async def stop(self) -> None:
        """Nothing to stop."""

    def committed(self, game_id: str, version: int) -> None:
        """The room already queued its frames for this process's connections."""

    def presence_changed(self, game_id: str, seats: frozenset[int], spectators: int) -> None:
        """Presence is this process's own."""

    def lobby_changed(self, game_id: str, status: str) -> None:
        """No other process holds the room."""

    def reseated(self, game_id: str, order: list[int]) -> None:
        """No other process holds the room."""

    def evicted(self, game_id: str, seat: int, reason: str) -> None:
        """No other process holds connections."""

    def relay(self, game_id: str, topic: str, data: Any) -> None:
        """No other process holds the room."""

"""Lobby events: what the HTTP routes say happened to a table, for whichever feature cares.

A route publishes an event and goes on; it does not know who listens (today the notices:
the host's and players' addresses, the table's webhook, the first your-turn notice). A
subscriber of :class:`LobbyOpening` may refuse the lobby before it exists by raising
:class:`~app.core.errors.Invalid` (a webhook whose address is not allowed), and may put
the checked form of what it was offered back into the event.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

E = TypeVar("E")


@dataclass
class LobbyOpening:
    """A lobby is about to be created; ``webhook_url`` as offered (a subscriber checks it)."""

    webhook_url: str | None


@dataclass(frozen=True)
class LobbyOpened:
    """A lobby was created: its host's seat credential and what the host gave."""

    game_id: str
    credential: str
    email: str | None
    webhook_url: str | None
    lang: str | None


@dataclass(frozen=True)
class SeatTaken:
    """A player took a seat (with an address or without: either replaces the seat's)."""

    game_id: str
    credential: str
    email: str | None
    lang: str | None


@dataclass(frozen=True)
class GameStarted:
    """The host started the game."""

    game_id: str


class LobbyEvents:
    """Subscribers by event type; a published event is handed to each, in order."""

    def __init__(self) -> None:
        self._subscribers: dict[type, list[Callable[[Any], Awaitable[None]]]] = {}

    def subscribe(self, kind: type[E], handler: Callable[[E], Awaitable[None]]) -> None:
        """Call ``handler`` with every published event of type ``kind``."""
        self._subscribers.setdefault(kind, []).append(handler)

    async def publish(self, event: object) -> None:
        """Hand ``event`` to its subscribers (a refusal of one of them propagates)."""
        for handler in self._subscribers.get(type(event), ()):
            await handler(event)

"""The notices as a feature: what feeds the dispatcher (:mod:`.dispatcher`) - every commit
of every room, and the lobby events the HTTP routes publish (the host's and the players'
addresses, the table's hook, a game's start)."""

from __future__ import annotations

import asyncio

from app.core.errors import Invalid
from app.core.events import GameStarted, LobbyEvents, LobbyOpened, LobbyOpening, SeatTaken
from app.features.notices import webhooks
from app.features.notices.dispatcher import Dispatcher, log
from app.realtime.port import RoomFeature


class Notices(Dispatcher, RoomFeature):
    """Your-turn mail and webhooks: a feature of every room (its commits) and a subscriber
    of the lobby events."""

    name = "notices"

    def subscribe(self, events: LobbyEvents) -> None:
        """Listen to the lobby events the HTTP routes publish."""
        events.subscribe(LobbyOpening, self._opening)
        events.subscribe(LobbyOpened, self._opened)
        events.subscribe(SeatTaken, self._seat_taken)
        events.subscribe(GameStarted, self._started)

    async def _opening(self, event: LobbyOpening) -> None:
        try:
            event.webhook_url = await self.check_hook(event.webhook_url)
        except webhooks.HookRefused as exc:
            raise Invalid(str(exc)) from None

    async def _opened(self, event: LobbyOpened) -> None:
        await self.lobby_created(event.game_id, event.credential, event.email,
                                 event.webhook_url, event.lang)

    async def _seat_taken(self, event: SeatTaken) -> None:
        await self.joined(event.game_id, event.credential, event.email, event.lang)

    async def _started(self, event: GameStarted) -> None:
        await self.game_started(event.game_id)

    async def game_started(self, game_id: str) -> None:
        """A game was started: its first awaited seats get their notice."""
        try:
            assert self.rooms is not None
            room = await self.rooms.room(game_id)
            if room.state is not None and room.status == "active":
                self._offer(room, room.version, set(), set(room.engine.awaited(room.state)))
        except Exception:
            log.exception("notices: could not read the start of %s", game_id)

    async def lobby_created(self, game_id: str, credential: str, address: str | None,
                            hook: str | None, lang: str | None = None) -> None:
        """The host's address and the table's hook, given at creation (in their language)."""
        if address is not None:
            await asyncio.to_thread(self.db.set_address, credential, address, lang)
        if hook is not None:
            await asyncio.to_thread(self.db.set_hook, game_id, hook, lang)
        self._targets.pop(game_id, None)

    async def joined(self, game_id: str, credential: str, address: str | None,
                     lang: str | None = None) -> None:
        """A player took a seat (with an address or without: either replaces the seat's)."""
        await asyncio.to_thread(self.db.set_address, credential, address, lang)
        await asyncio.to_thread(self.pushes.forget_seat, credential)
        self._targets.pop(game_id, None)

    async def check_hook(self, url: str | None) -> str | None:
        """A hook URL the host gave, checked (``HookRefused`` with a sentence)."""
        url = webhooks.check_syntax(url)
        if url is not None:
            await asyncio.to_thread(webhooks.resolve_checked, url,
                                    self.settings.allow_local_hooks, self._own_hosts())
        return url

"""Following the games of a "My games" page live: which rooms changed, for whom.

A page (its feed socket, app/http/mygames.py) follows the games it lists with a
:class:`Follower`. The :class:`MyGames` feature sits in every room like the others and marks
a game changed for its followers whenever its viewers are told something: a new version
(committed here or by another process), a reload (seats, start, end), a change outside a
move (a clock vote, a holiday, a stand-in). The feed then reads the fresh summaries
(:mod:`.summary`) - one read per burst of changes, never per viewer frame - so a page costs
the rooms it follows one set lookup per version.

A followed room stays loaded (:meth:`MyGames.holds`) although nobody sits at it: a loaded
room is what hears another process's commits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from app.realtime.port import RoomFeature, RoomPort, Rooms


class Follower:
    """One page's interest in some games: the ones that changed since it last looked."""

    def __init__(self) -> None:
        self.games: set[str] = set()
        self.dirty: set[str] = set()
        self.wake = asyncio.Event()

    def touch(self, game_id: str) -> None:
        """``game_id`` changed: the page's summary of it is out of date."""
        self.dirty.add(game_id)
        self.wake.set()

    def take(self) -> set[str]:
        """The games changed since the last call (and forget them)."""
        dirty, self.dirty = self.dirty, set()
        self.wake.clear()
        return dirty


class MyGames(RoomFeature):
    """Tells the followers of a game that it changed (see the module docstring)."""

    name = "mygames"

    def __init__(self) -> None:
        self._followers: dict[str, set[Follower]] = {}
        self.rooms: Rooms | None = None

    async def start(self, rooms: Rooms) -> None:
        self.rooms = rooms

    async def follow(self, follower: Follower, game_ids: Iterable[str]) -> None:
        """``follower`` follows exactly ``game_ids`` from now on (their rooms are loaded,
        so they hear every change, also another process's)."""
        wanted = set(game_ids)
        for gid in follower.games - wanted:
            self._drop(follower, gid)
        for gid in wanted - follower.games:
            self._followers.setdefault(gid, set()).add(follower)
        follower.games = wanted
        if self.rooms is not None:
            for gid in sorted(wanted):
                try:
                    await self.rooms.room(gid)
                except Exception:  # noqa: BLE001 - a game gone meanwhile: its summary says so
                    continue

    def unfollow(self, follower: Follower) -> None:
        """The page went away."""
        for gid in list(follower.games):
            self._drop(follower, gid)
        follower.games = set()

    def _drop(self, follower: Follower, game_id: str) -> None:
        found = self._followers.get(game_id)
        if found is not None:
            found.discard(follower)
            if not found:
                del self._followers[game_id]

    def followers(self, game_id: str) -> int:
        """How many pages follow a game (tests, the docs' figures)."""
        return len(self._followers.get(game_id, ()))

    def _touch(self, room: RoomPort) -> None:
        for follower in self._followers.get(room.id, ()):
            follower.touch(room.id)

    # -- the room's hooks --------------------------------------------------------------------
    def versioned(self, room: RoomPort) -> None:
        # Every move of every room comes here: one lookup when no page follows the game.
        found = self._followers.get(room.game["id"])
        if found:
            for follower in found:
                follower.touch(room.game["id"])

    def reload(self, room: RoomPort, fresh: RoomPort) -> bool:
        self._touch(room)
        return False

    def resent(self, room: RoomPort) -> None:
        self._touch(room)

    def holds(self, room: RoomPort) -> bool:
        return room.id in self._followers

"""The take-back feature as the room sees it: the hooks that keep the line of play in step
with the game, the ``takeback`` part of each seat's document, and the two frames."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core.i18n import say
from app.features.takeback import asking
from app.features.takeback.table import (
    PART,
    context,
    line_of,
    offer_in,
    rebuild,
    table_of,
)
from app.realtime.frames import TakebackAnswerFrame, TakebackFrame, encode
from app.realtime.outbox import Connection
from app.realtime.port import FrameRoute, RoomFeature, RoomPort
from app.store.store import Store
from engines.core.line import TAKEBACK


class Takebacks(RoomFeature):
    """Take-backs of every room (see :mod:`app.features.takeback`)."""

    name = PART
    part = PART

    def __init__(self, store: Store) -> None:
        self.store = store

    def frames(self) -> Mapping[type, FrameRoute]:
        # Both are a seat's acts: the actions rate limit, and spectators are refused.
        return {TakebackFrame: FrameRoute(self._on_request, "move"),
                TakebackAnswerFrame: FrameRoute(self._on_answer, "move", ident="request")}

    async def _on_request(self, room: RoomPort, conn: Connection, frame: Any) -> None:
        assert conn.seat is not None
        room.answer(conn, await asking.request(room, conn.seat, frame, self.store))

    async def _on_answer(self, room: RoomPort, conn: Connection, frame: Any) -> None:
        assert conn.seat is not None
        error = await asking.answer(room, conn.seat, frame, self.store)
        if error:
            conn.send(encode({"type": "error", **say(error)}))

    def load(self, room: RoomPort) -> None:
        """Replay the stored history into the room's line of play (in a worker thread)."""
        rebuild(room, self.store)

    # What every seat's offer of a version reads alike, and one seat's offer (called once
    # per version and per viewer: no wrapper in between).
    shared = staticmethod(context)  # type: ignore[assignment]
    seat_part = staticmethod(offer_in)  # type: ignore[assignment]

    def committed(self, room: RoomPort, seat: int, action: Any, result: Any,
                  version: int) -> None:
        """An action commits (``room.state`` is still the state before it): the line of
        play follows, and an open request is over (the game moved on)."""
        line = line_of(room)
        if line is not None:
            line.record(seat, room.state or {}, action, result)
        asking.cancel(room, "api.takeback.closed_moved_on")

    def adopting(self, room: RoomPort, events: list[dict[str, Any]]) -> None:
        """Before the room takes newer versions committed by another process: the line of
        play follows them (one apply per event, as that process did), and an open request
        here is over - granted, when they hold its take-back (the last answer reached
        another process), else overtaken by a move."""
        table = room.parts.get(PART)
        req = table.request if table is not None else None
        done = next((e for e in events if req is not None and e["seat"] == req.seat
                     and e.get("client_id") == req.client_id
                     and (e["action"] or {}).get("type") == TAKEBACK), None)
        if req is not None and done is not None:
            asking.close(room, req, "granted", "api.takeback.closed_granted")
            asking.tell_asker(room, req.seat, {"type": "accepted", "id": req.client_id,
                                               "version": done["seq"]})
        asking.cancel(room, "api.takeback.closed_moved_on")
        line = line_of(room)
        if line is None:
            return
        try:
            for e in events:
                if e["seq"] != line.version + 1:
                    raise ValueError("a gap in the events")
                line.step(e["seat"], e["action"])
        except Exception:
            table_of(room).line = None  # rebuilt from the database when next needed

    async def welcome(self, room: RoomPort, conn: Connection) -> None:
        await asking.welcome(room, conn, self.store)

    def relayed(self, room: RoomPort, data: Any) -> None:
        asking.relayed(room, data, self.store)

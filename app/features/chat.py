"""Table chat: the players' chat and the spectators' chat of one game, over its WebSocket.

Who reads what (the lichess way, not Board Game Arena's):

* ``table``, the players' chat: every seated player reads and writes it. Spectators never
  receive it - friends talk at their table as at a kitchen table, and a watcher on a public
  link must not read (or relay) what the players tell each other.
* ``spectators``, the watchers' chat: spectators read and write it; a player receives it only
  after opting in on that connection (``chat_follow``), and never writes into it.

Messages are stored (table ``chat``) before anyone sees them, so they are part of the game's
history (``GET /api/games/{id}/history`` returns what the caller may read) and a client that
reconnects - to this process or, after a restart, to a new one - gets the recent ones in a
``chat`` frame with ``history: true``. The text is the speaker's, verbatim (control characters
become spaces); it travels as JSON and every client renders it as text, never as markup. A
bot never chats: only a connection holding a seat credential can speak for a seat, and a
seat played by a bot is refused even then.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from app.core.errors import Invalid
from app.core.i18n import say
from app.core.ratelimit import TokenBucket
from app.core.rtsettings import Realtime
from app.realtime.frames import ChatFollow, ChatSend, encode
from app.realtime.outbox import Connection
from app.realtime.port import FrameRoute, RoomFeature, RoomPort
from app.store.chatlog import CHANNELS, HISTORY, channels_for, readable, recent, save
from app.store.store import clean_name, now

log = logging.getLogger("meja.chat")

#: Characters (code points, as names are counted: static/names.js) in one message.
MAX_TEXT = 500
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: Message ids remembered per connection against a second copy (two histories' worth).
RECEIVED_KEPT = 2 * len(CHANNELS) * HISTORY


@dataclass
class ChatState:
    """What the chat keeps per connection: its own rate limit and the player's opt-in."""

    bucket: TokenBucket
    follows_spectators: bool = False
    #: The ids of the messages this connection received (live or in a history frame), newest
    #: last: each arrives once, whether a history read overlaps its live delivery or its
    #: delivery comes late (its sender's handler, or another process's relay, resumed after
    #: the read). Bounded: an id older than these is no longer on its way anywhere.
    received: dict[int, None] = field(default_factory=dict)

    def first_time(self, message_id: int) -> bool:
        """Whether the message is new to this connection (it is counted as received)."""
        if message_id in self.received:
            return False
        self.received[message_id] = None
        if len(self.received) > RECEIVED_KEPT:
            del self.received[next(iter(self.received))]
        return True


_states: weakref.WeakKeyDictionary[Connection, ChatState] = weakref.WeakKeyDictionary()


@dataclass
class Refusal(Exception):
    """A message that is not posted: a ``rejected`` frame's code and sentence."""

    code: str
    key: str  # a catalogue key (or, from a validation, a sentence)
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The refusal in English."""
        return str(say(self.key, **self.params)["reason"])


def clean_text(raw: str) -> str:
    """The message as stored: control characters become spaces, ends trimmed, nothing else
    changed (markup stays the characters it is)."""
    return _CONTROL.sub(" ", raw).strip()


def compose(room: RoomPort, seat: int | None, frame: ChatSend) -> dict[str, Any]:
    """The row a message becomes, or :class:`Refusal` with a sentence for the sender."""
    if seat is None:
        if frame.channel != "spectators":
            raise Refusal("forbidden", "api.chat.spectators_channel")
        try:
            name = clean_name(frame.name or "Spectator")
        except Invalid as exc:
            raise Refusal("invalid", exc.key or exc.detail, exc.params) from None
    else:
        if frame.channel != "table":
            raise Refusal("forbidden", "api.chat.table_channel")
        info = room.seats[seat] if seat < len(room.seats) else None
        if info is None or info["is_bot"] or info["left"]:
            raise Refusal("forbidden", "api.chat.bot_seat")
        name = info["name"] or f"Seat {seat + 1}"
    text = clean_text(frame.text)
    if not text:
        raise Refusal("invalid", "api.chat.empty")
    if len(text) > MAX_TEXT:
        raise Refusal("invalid", "api.chat.too_long", {"max": MAX_TEXT, "length": len(text)})
    return {"game_id": room.id, "channel": frame.channel, "seat": seat, "name": name,
            "text": text, "created_at": now()}


class Chat(RoomFeature):
    """The table chat of every room: its frames, the history after a hello, and messages
    relayed from the other processes."""

    name = "chat"

    def __init__(self, engine: Engine, rt: Realtime) -> None:
        self.engine = engine
        self.rt = rt

    def frames(self) -> Mapping[type, FrameRoute]:
        # A message has its own rate limit (per connection); the opt-in is a frame like any.
        return {ChatSend: FrameRoute(self.handle, "own"),
                ChatFollow: FrameRoute(self.handle, "other")}

    def state_of(self, conn: Connection) -> ChatState:
        """The chat state of a connection (created with the current limits)."""
        found = _states.get(conn)
        if found is None:
            found = ChatState(TokenBucket(self.rt.chat_per_second, self.rt.chat_burst))
            _states[conn] = found
        return found

    def relayed(self, room: RoomPort, data: Any) -> None:
        """Queue a message for every connection of this process that may read it."""
        line: dict[str, Any] = data
        text = encode({"type": "chat", "messages": [line], "history": False})
        for conn in list(room.conns):
            if conn.closed:
                continue
            st = _states.get(conn)
            if not readable(line["channel"], conn.seat,
                            st.follows_spectators if st else False):
                continue
            if st is None or st.first_time(line["id"]):
                conn.send(text)

    async def handle(self, room: RoomPort, conn: Connection, frame: ChatSend | ChatFollow
                     ) -> None:
        """A chat frame from a connection: post the message, or change the opt-in."""
        st = self.state_of(conn)
        if isinstance(frame, ChatFollow):
            if conn.seat is None or st.follows_spectators == frame.spectators:
                return
            st.follows_spectators = frame.spectators
            if frame.spectators:
                await self._send_history(room, conn, ["spectators"])
            return
        try:
            if not st.bucket.take():
                wait = max(1, round(st.bucket.retry_after()))
                raise Refusal("rate_limited", "api.chat.too_fast", {"seconds": wait})
            row = compose(room, conn.seat, frame)
            try:
                line = await asyncio.to_thread(save, self.engine, row)
            except Exception:
                log.exception("chat message of %s could not be saved", room.id)
                raise Refusal("unavailable", "api.chat.not_saved") from None
        except Refusal as refusal:
            conn.send(encode({"type": "rejected", "id": frame.id, "code": refusal.code,
                              **say(refusal.key, **refusal.params)}))
            return
        self.relayed(room, line)
        room.relay(self.name, line)

    async def _send_history(self, room: RoomPort, conn: Connection, channels: list[str]
                            ) -> None:
        st = self.state_of(conn)
        lines = await asyncio.to_thread(recent, self.engine, room.id, channels)
        # The connection is in its room during the read: what arrived live meanwhile is
        # left out.
        lines = [m for m in lines if st.first_time(m["id"])]
        if lines:
            conn.send(encode({"type": "chat", "messages": lines, "history": True}))

    async def welcome(self, room: RoomPort, conn: Connection) -> None:
        """After a hello: the recent chat this viewer reads (nothing is sent when there is
        none, so a table without chat costs no frame)."""
        try:
            await self._send_history(room, conn, channels_for(conn.seat, False))
        except Exception:  # the game goes on without its chat history
            log.exception("chat history of %s could not be read", room.id)

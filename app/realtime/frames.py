"""Pydantic models of every WebSocket frame, both ways, and frame encoding.

The models are the protocol's definition: docs/protocol.md's frame tables are generated from
them (``python -m app.realtime.protocol_doc``; a test fails when the document drifts), and the test
client validates every frame it receives against :data:`server_frame`. On the hot path the
server still builds plain dicts and encodes them with orjson once per viewer kind: the
models describe that JSON, they are not instantiated per move.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Frame):
    """First frame: a player's credential or a spectator's watch id."""

    type: Literal["hello"]
    credential: str | None = Field(None, min_length=1, max_length=200,
                                   description="a player's seat credential")
    watch: str | None = Field(None, min_length=1, max_length=64,
                              description="a spectator's watch id")
    version: int | None = Field(None, ge=0, description="the last version this client "
                                                        "holds (a reconnect)")


class ActionFrame(_Frame):
    """An action computed against ``version``; ``id`` makes a repeat harmless."""

    type: Literal["action"]
    id: str = Field(min_length=1, max_length=64, description="the client's id of this action")
    version: int = Field(ge=0, description="the version the action was computed against")
    action: dict[str, Any] = Field(description="the game's action (its engine validates it)")


class SyncFrame(_Frame):
    """Ask for a fresh snapshot (after a version gap)."""

    type: Literal["sync"]


class ClockFrame(_Frame):
    """Turn-based tables: ask the others for more time (once per game), or vote on a
    request (``grant`` / ``refuse``); take a ``holiday`` of ``days`` days or come ``back``
    from it. Real-time tables: ask the others for a break (``pause``, voted on alike), and
    ``resume`` it. The answer is the clock in the next snapshot."""

    type: Literal["clock"]
    op: Literal["ask", "grant", "refuse", "holiday", "back", "pause", "resume"]
    days: int | None = Field(None, ge=1, le=30, description="a holiday's length in days")


class PingFrame(_Frame):
    """Keep-alive."""

    type: Literal["ping"]


class ChatSend(_Frame):
    """Say something at the table (players: ``table``; spectators: ``spectators``)."""

    type: Literal["chat"]
    id: str | None = Field(None, min_length=1, max_length=64,
                           description="the client's id (a refusal answers with it)")
    channel: Literal["table", "spectators"] = Field(
        "table", description="`table`: the players' chat; `spectators`: the watchers' chat")
    # No bound of its own: the frame's size bounds it, and the chat answers a text over
    # 500 characters with a refusal that carries the message's id (the page puts it back).
    text: str = Field(description="up to 500 characters (code points, counted after "
                                  "trimming)")
    name: str | None = Field(None, max_length=200, description="a spectator's display name "
                                                               "(players speak as their seat)")


class ChatFollow(_Frame):
    """A player opts in (or out) to reading the spectators' chat on this connection."""

    type: Literal["chat_follow"]
    spectators: bool = Field(description="whether to receive the spectators' chat")
class TakebackFrame(_Frame):
    """Take back the latest ``count`` actions in play (app/features/takeback: at once when they are
    this seat's own of the current turn, else a request the other players answer)."""

    type: Literal["takeback"]
    id: str = Field(min_length=1, max_length=64, description="the client's id of this request")
    version: int = Field(ge=0, description="the version the request was made against")
    count: int = Field(1, ge=1, le=100, description="how many of the latest actions")


class TakebackAnswerFrame(_Frame):
    """Agree to (or refuse) another player's take-back request."""

    type: Literal["takeback_answer"]
    request: str = Field(min_length=1, max_length=64, description="the request's id")
    accept: bool


#: What the server's WebSocket protocol hands the application in place of a frame larger than
#: it reads (app.realtime.wsproto discards the payload): answered with an error frame like any
#: other.
OVERSIZED = "\x00meja:oversized"

ClientFrame = Annotated[Hello | ActionFrame | SyncFrame | PingFrame | ChatSend | ChatFollow
                        | ClockFrame | TakebackFrame | TakebackAnswerFrame,
                        Field(discriminator="type")]
client_frame = TypeAdapter(ClientFrame)


# -- server frames -------------------------------------------------------------------------
RejectCode = Literal["invalid", "rule", "stale", "forbidden", "unavailable", "rate_limited"]
ErrorCode = Literal["seat_lost", "origin", "binary", "too_large", "rate_limited"]


class LogLine(_Frame):
    """One log line a viewer may read: a message ``key`` with ``params`` (worded by the page
    in the viewer's language, see ``engines/messages.py``), or, in games stored before log
    lines had keys, an English ``text`` naming seats as ``{seat0}``..."""

    seq: int = Field(description="the version whose action wrote it")
    seat: int | None = Field(description="who acted (null: the game itself)")
    key: str | None = Field(None, description="the message key (`GET /i18n/<lang>.json`)")
    params: dict[str, Any] | None = Field(None, description="its parameters: numbers, "
                                          "strings, `{seat: n}` players, `{term: key}` game "
                                          "terms, and board references such as `{cell: ...}`")
    text: str | None = Field(None, description="an old line's English text")
    private: bool = Field(description="only this viewer's seat reads it")
    data: Any = Field(None, description="the engine's structured detail, same visibility")


class Snapshot(_Frame):
    """The whole document of this viewer at ``version`` (after a hello, a sync, a stale
    action, or when the viewer missed patches)."""

    type: Literal["snapshot"]
    version: int = Field(ge=0)
    doc: dict[str, Any] = Field(description="`{status, view, legal, to_act, awaited, "
                                            "outcome, last, clock, takeback}` (docs/client.md, "
                                            "docs/clocks.md)")
    log: list[LogLine] = Field(description="the last 200 lines this viewer may read")


class UpToDate(_Frame):
    """Answer to a hello whose ``version`` is current: the client keeps its document."""

    type: Literal["uptodate"]
    version: int = Field(ge=0)


class Patch(_Frame):
    """RFC 6902 operations turning the viewer's document at ``from`` into ``version``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    type: Literal["patch"]
    from_: int = Field(alias="from", ge=0, description="the version the ops apply to")
    version: int = Field(ge=1)
    ops: list[dict[str, Any]] = Field(description="RFC 6902 operations")
    log: list[LogLine] = Field(description="log lines new to this viewer")
    accepted: str | None = Field(None, description="the sender's own action id, when this "
                                                   "patch also answers its action")


class Accepted(_Frame):
    """An action was committed (or had been: a repeated id answers with its version)."""

    type: Literal["accepted"]
    id: str | None
    version: int = Field(ge=1, description="the version the action produced")


class Rejected(_Frame):
    """An action was refused; nothing changed."""

    type: Literal["rejected"]
    id: str | None
    code: RejectCode = Field(description="`invalid` malformed action, `rule` not allowed now, "
                                         "`stale` version mismatch (a snapshot follows), "
                                         "`forbidden` spectator, `unavailable` not saved, "
                                         "try again, `rate_limited` too many at once "
                                         "(a chat message's refusal uses the same codes)")
    reason: str = Field(description="a sentence for the player (English)")
    key: str | None = Field(None, description="the sentence's stable code, a catalogue key "
                                              "(`GET /i18n/<lang>.json`), when it has one")
    params: dict[str, Any] | None = Field(None, description="the parameters of that key")


class SeatPresence(_Frame):
    """One seat's connection state."""

    seat: int
    connected: bool


class Presence(_Frame):
    """Who is connected, in every server process (outside the versioned document)."""

    type: Literal["presence"]
    seats: list[SeatPresence]
    spectators: int = Field(ge=0)


class Lobby(_Frame):
    """Seats or status changed (outside the versioned document)."""

    type: Literal["lobby"]
    lobby: dict[str, Any] = Field(description="LobbyInfo (see REST)")


class ErrorFrame(_Frame):
    """A frame could not be read, or the connection is refused (``fatal``: it closes)."""

    type: Literal["error"]
    reason: str
    key: str | None = Field(None, description="the sentence's stable code, a catalogue key "
                                              "(`GET /i18n/<lang>.json`), when it has one")
    params: dict[str, Any] | None = Field(None, description="the parameters of that key")
    fatal: bool = False
    code: ErrorCode | None = Field(None, description="`seat_lost` (closes 4401), `origin` "
                                   "(closes 4403), `binary`, `too_large`, `rate_limited`")


class ChatLine(_Frame):
    """One chat message (its text is the player's, verbatim: render it as text)."""

    id: int = Field(description="increases with every message of the game")
    channel: Literal["table", "spectators"]
    seat: int | None = Field(description="the speaking seat (null: a spectator)")
    name: str = Field(description="the speaker's display name")
    text: str
    at: str = Field(description="when it was said (ISO 8601, UTC)")


class Chat(_Frame):
    """Chat messages this viewer may read: new ones, or (``history``) the recent ones after a
    hello or an opt-in, to be merged by ``id``."""

    type: Literal["chat"]
    messages: list[ChatLine]
    history: bool = Field(False, description="recent messages, not new ones")


class Rematch(_Frame):
    """The rematch offered after this (finished) game: who accepted, who declined, and
    whether the new table has started (every seat that accepted then opens it)."""

    type: Literal["rematch"]
    game_id: str = Field(description="the new table's game id")
    accepted: list[int] = Field(description="seats of this game that accepted (bots do)")
    declined: list[int] = Field(description="seats of this game that declined (the rematch "
                                            "is then off)")
    started: bool = Field(description="every player accepted and the new table started")
    rev: int = Field(description="changes so far (offers, acceptances, declines): a state "
                                 "with a lower rev than one already received is older")


class TakebackRequest(_Frame):
    """A player asks to take back ``undo`` (the versions of the actions): the seats in
    ``waiting`` answer with ``takeback_answer`` within ``seconds`` (sent again as answers
    come in)."""

    type: Literal["takeback_request"]
    request: str = Field(description="the request's id, for the answers")
    id: str = Field(description="the asking client's own id of it")
    seat: int = Field(description="who asks")
    undo: list[int] = Field(description="the versions of the actions to take back")
    waiting: list[int] = Field(description="seats whose answer is still awaited")
    seconds: float = Field(description="how long the request stays open")
    text: str = Field(description="the request in words")
    key: str | None = Field(None, description="the sentence's stable code, a catalogue key "
                                              "(`GET /i18n/<lang>.json`), when it has one")
    params: dict[str, Any] | None = Field(None, description="the parameters of that key")


class TakebackClosed(_Frame):
    """A take-back request is over: ``granted`` (a patch follows), ``refused``,
    ``timed_out`` or ``cancelled`` (a move was made meanwhile)."""

    type: Literal["takeback_closed"]
    request: str
    id: str
    outcome: Literal["granted", "refused", "timed_out", "cancelled"]
    reason: str = Field(description="a sentence for the players")
    key: str | None = Field(None, description="the sentence's stable code, a catalogue key "
                                              "(`GET /i18n/<lang>.json`), when it has one")
    params: dict[str, Any] | None = Field(None, description="the parameters of that key")


class Pong(_Frame):
    """Answer to a ping."""

    type: Literal["pong"]


ServerFrame = Annotated[Snapshot | UpToDate | Patch | Accepted | Rejected | Presence | Lobby
                        | ErrorFrame | Pong | Chat | Rematch | TakebackRequest | TakebackClosed,
                        Field(discriminator="type")]
server_frame = TypeAdapter(ServerFrame)
CLIENT_FRAMES: tuple[type[BaseModel], ...] = (Hello, ActionFrame, SyncFrame, PingFrame,
                                              ChatSend, ChatFollow, ClockFrame,
                                              TakebackFrame, TakebackAnswerFrame)
SERVER_FRAMES: tuple[type[BaseModel], ...] = (Snapshot, UpToDate, Patch, Accepted, Rejected,
                                              Presence, Lobby, ErrorFrame, Pong, Chat, Rematch,
                                              TakebackRequest, TakebackClosed)


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

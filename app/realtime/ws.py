"""The WebSocket endpoint: hello, snapshot, then actions in and patches out.

A client that goes away at any point (before, during or after its hello) ends its handler
quietly: one log line at most, never a traceback. Every frame the server sends goes through
the connection's own bounded queue (:mod:`app.realtime.outbox`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.routing import compile_path

from app.core.errors import NotFound
from app.core.i18n import say
from app.core.ratelimit import TokenBucket
from app.core.rtsettings import Realtime
from app.realtime.frames import (
    OVERSIZED,
    ActionFrame,
    Hello,
    PingFrame,
    SyncFrame,
    client_frame,
    encode,
    short_error,
)
from app.realtime.hub import Hub
from app.realtime.outbox import Connection
from app.realtime.room import Room

router = APIRouter()
log = logging.getLogger("meja.ws")

#: Game ids are url-safe tokens (app.core.security.new_public_id); anything else is unknown.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: Exceptions that mean "the client went away": never a traceback.
GONE = (WebSocketDisconnect, OSError, RuntimeError, asyncio.CancelledError)


async def _send_now(ws: WebSocket, frame: dict[str, Any]) -> None:
    """Send before the connection has its queue (hello refusals); a timeout bounds it."""
    async with asyncio.timeout(5):
        await ws.send_text(encode(frame))


async def _refuse(ws: WebSocket, code: int, reason: str, kind: str | None = None,
                  **params: Any) -> None:
    frame: dict[str, Any] = {"type": "error", **say(reason, **params), "fatal": True}
    if kind:
        frame["code"] = kind
    try:
        await _send_now(ws, frame)
        async with asyncio.timeout(5):
            await ws.close(code=code)
    except (*GONE, TimeoutError):
        pass


def origin_allowed(ws: WebSocket, rt: Realtime) -> bool:
    """A browser page of another site may not open game connections (cross-site WebSocket
    hijacking). No Origin header (a non-browser client) is allowed."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if "*" in rt.allowed_origins or origin in rt.allowed_origins:
        return True
    host = ws.headers.get("host", "")
    return bool(host) and origin in (f"http://{host}", f"https://{host}")


#: The path of :func:`game_socket`: the route and :class:`SocketFastPath` match the same.
GAME_SOCKET = "/ws/{game_id}"


class SocketFastPath:
    """ASGI middleware that hands ``/ws/{game_id}`` straight to :func:`game_socket`.

    Every open socket keeps the coroutines that called its endpoint suspended for as long
    as it lives; through FastAPI's routing those are a dozen frames, two exit stacks and
    copies of the scope, about 11 KiB of an idle connection's 38.5 (bench/README.md, "Idle
    connections"). The route stays registered, so the OpenAPI document and any path this
    does not match behave as before."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.path = compile_path(GAME_SOCKET)[0]  # Starlette's own regex for the route

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            found = self.path.match(scope["path"])
            if found is not None:
                await game_socket(WebSocket(scope, receive, send), found["game_id"])
                return
        await self.app(scope, receive, send)


@router.websocket(GAME_SOCKET)
async def game_socket(ws: WebSocket, game_id: str) -> None:
    """One player's or spectator's live connection to a game (see docs/protocol.md)."""
    try:
        await ws.accept()
        # The session runs as a task of its own: every frame in and every commit wakes it,
        # and a task resumes through its own coroutines only, not through the twenty-odd
        # layers of ASGI middleware and routing that called this endpoint (each resumed
        # and suspended again on every wake-up). Cancelling this handler cancels the
        # session; the session's exceptions arrive here as before.
        await asyncio.ensure_future(_session(ws, game_id))
    except GONE as exc:
        log.debug("websocket closed early: %s", type(exc).__name__)


async def _session(ws: WebSocket, game_id: str) -> None:
    hub: Hub = ws.app.state.hub
    rt = hub.rt
    max_bytes: int = ws.app.state.settings.max_frame_bytes
    if not origin_allowed(ws, rt):
        await _refuse(ws, 4403, "ws.origin", "origin")
        return
    try:
        message = await asyncio.wait_for(ws.receive(), rt.hello_timeout)
    except TimeoutError:
        await _refuse(ws, 4400, "ws.hello_late", seconds=rt.hello_timeout)
        return
    if message["type"] == "websocket.disconnect":
        return
    text = message.get("text")
    try:
        if text is None:
            raise ValueError("send the hello as a JSON text frame, not binary")
        if text == OVERSIZED or len(text) > max_bytes:
            raise ValueError(f"frame too large (the limit is {max_bytes} bytes)")
        hello = client_frame.validate_json(text)
        if not isinstance(hello, Hello):
            raise ValueError("the first frame must be a hello")
    except (ValidationError, ValueError) as exc:
        await _refuse(ws, 4400, f"Bad hello: {short_error(exc)}")
        return
    if not GAME_ID.fullmatch(game_id):
        await _refuse(ws, 4404, "api.no_such_game")
        return
    try:
        room = await hub.room(game_id)
    except NotFound:
        await _refuse(ws, 4404, "api.no_such_game")
        return
    seat: int | None
    seat_changes = hub.seat_changes
    if hello.credential is not None:
        seat = await _seat_of(hub, hello.credential, game_id)
        if seat is None:
            await _refuse(ws, 4401, "ws.credential_invalid")
            return
    elif hello.watch is not None:
        if not room.game["spectators"] or hello.watch != room.game["watch_id"]:
            await _refuse(ws, 4403, "ws.no_spectators" if not room.game["spectators"]
                          else "api.link_invalid.watch")
            return
        seat = None
    else:
        await _refuse(ws, 4400, "ws.hello_who")
        return

    if not hub.fanout.healthy:
        # Notifications from other processes may have been missed: read the database.
        await hub.catch_up(room)
    # The room may have been unloaded while we awaited the database: take the live one,
    # and join it before anything else can await.
    room = await hub.room(game_id)
    # A claim (or a freed or reordered seat) closes or moves the connections of the seat it
    # changed; this one, checked before it and not in the room yet, would be missed and
    # join with a dead credential (seeing that seat's hand): check again first.
    while hello.credential is not None and hub.seat_changes != seat_changes:
        seat_changes = hub.seat_changes
        seat = await _seat_of(hub, hello.credential, game_id)
        if seat is None:
            await _refuse(ws, 4401, "ws.credential_invalid")
            return
        room = await hub.room(game_id)
    conn = Connection(ws, seat, hub.limits())
    conn.start()
    room.join(conn, hello.version)
    await _presence(hub, room, seat)
    try:
        for feature in hub.features:  # the chat's history, a rematch, an open request
            await feature.welcome(room, conn)
        await _serve(ws, hub, room, conn, max_bytes)
    finally:
        conn.close()
        room.leave(conn)
        await _presence(hub, room, seat)


async def _seat_of(hub: Hub, credential: str, game_id: str) -> int | None:
    """The seat ``credential`` holds in ``game_id`` now, or None."""
    found = await asyncio.to_thread(hub.store.authenticate, credential)
    return found[1] if found is not None and found[0] == game_id else None


async def _presence(hub: Hub, room: Room, seat: int | None) -> None:
    """A connection came or went: everyone is told, and a seat's change is written to the
    database (this process's rows under its lease, app/realtime/lease.py) before a hello
    is answered further."""
    room.presence_changed(seat_changed=seat is not None)
    if seat is not None:
        await hub.lease.sync(room, seat)


async def _serve(ws: WebSocket, hub: Hub, room: Room, conn: Connection, max_bytes: int) -> None:
    rt = hub.rt
    actions = TokenBucket(rt.actions_per_second, rt.action_burst)
    others = TokenBucket(rt.frames_per_second, rt.frame_burst)
    while not conn.closed:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect" or conn.closed:
            return
        text = message.get("text")
        if text is None:
            if not others.take():
                continue
            conn.send(encode({"type": "error", "code": "binary", **say("ws.binary")}))
            continue
        if text == OVERSIZED or len(text) > max_bytes:
            if others.take():
                conn.send(encode({"type": "error", "code": "too_large",
                                  **say("ws.too_large", limit=max_bytes)}))
            continue
        try:
            frame = client_frame.validate_json(text)
        except ValidationError as exc:
            if others.take():
                conn.send(encode(_malformed(text, exc)))
            continue
        route = hub.frame_routes.get(type(frame))
        if isinstance(frame, ActionFrame) or (route is not None and route.limit == "move"):
            fid = getattr(frame, route.ident if route is not None else "id")
            if conn.seat is None:
                conn.send(encode({"type": "rejected", "id": fid, "code": "forbidden",
                                  **say("ws.spectator_act")}))
                continue
            if not actions.take():
                conn.send(encode({"type": "rejected", "id": fid, "code": "rate_limited",
                                  **say("ws.actions_fast")}))
                continue
            if route is not None:
                await route.handler(room, conn, frame)  # a take-back, or an answer to one
            elif isinstance(frame, ActionFrame):
                room.answer(conn, await room.submit(conn.seat, frame.id, frame.version,
                                                    frame.action, conn))
        elif route is not None and route.limit == "own":
            await route.handler(room, conn, frame)  # a chat message: its own rate limit
        elif not others.take():
            conn.send(encode({"type": "error", "code": "rate_limited", **say("ws.frames_fast")}))
        elif isinstance(frame, SyncFrame):
            room.send_snapshot(conn)
        elif isinstance(frame, PingFrame):
            conn.send('{"type":"pong"}')
        elif route is not None:
            await route.handler(room, conn, frame)  # the chat's opt-in, the clock's votes
        else:
            conn.send(encode({"type": "error", **say("ws.hello_twice")}))


#: Frames a client tracks by their ``id``: a malformed one is refused under that id, so
#: the page can settle what it sent (put a chat message back, drop a pending action).
_ANSWERED_BY_ID = frozenset({"action", "chat", "takeback"})


def _malformed(text: str, exc: ValidationError) -> dict[str, Any]:
    """The answer to a frame that failed validation: ``rejected {id, code: invalid}`` for
    a frame the client tracks by an id it gave, an ``error`` frame otherwise."""
    reason = _frame_error(text, exc)
    try:
        raw = orjson.loads(text)
    except orjson.JSONDecodeError:
        return {"type": "error", "reason": reason}
    if isinstance(raw, dict) and raw.get("type") in _ANSWERED_BY_ID:
        fid = raw.get("id")
        if isinstance(fid, str) and 1 <= len(fid) <= 64:
            return {"type": "rejected", "id": fid, "code": "invalid", "reason": reason}
    return {"type": "error", "reason": reason}


def _frame_error(text: str, exc: ValidationError) -> str:
    try:
        orjson.loads(text)
    except orjson.JSONDecodeError:
        return "That frame is not JSON."
    return f"Malformed frame: {short_error(exc)}"

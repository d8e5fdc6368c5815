"""The WebSocket endpoint: hello, snapshot, then actions in and patches out."""

from __future__ import annotations

import asyncio
import logging

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from app.errors import ApiError
from app.frames import ActionFrame, Hello, PingFrame, SyncFrame, client_frame, encode, short_error
from app.rooms import Connection, Hub, Room

router = APIRouter()
log = logging.getLogger("meja.ws")

HELLO_TIMEOUT = 10.0


async def _refuse(ws: WebSocket, code: int, reason: str) -> None:
    await ws.send_text(encode({"type": "error", "reason": reason, "fatal": True}))
    await ws.close(code=code)


@router.websocket("/ws/{game_id}")
async def game_socket(ws: WebSocket, game_id: str) -> None:
    """One player's or spectator's live connection to a game (see docs/protocol.md)."""
    hub: Hub = ws.app.state.hub
    settings = ws.app.state.settings
    await ws.accept()
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
        await ws.close(code=4400)
        return
    try:
        if len(text) > settings.max_frame_bytes:
            raise ValueError("frame too large")
        hello = client_frame.validate_json(text)
        if not isinstance(hello, Hello):
            raise ValueError("the first frame must be a hello")
    except (ValidationError, ValueError) as exc:
        await _refuse(ws, 4400, f"Bad hello: {short_error(exc)}")
        return
    try:
        room = await hub.room(game_id)
    except ApiError:
        await _refuse(ws, 4404, "There is no such game.")
        return
    seat: int | None
    if hello.credential is not None:
        found = await asyncio.to_thread(hub.store.authenticate, hello.credential)
        if found is None or found[0] != game_id:
            await _refuse(ws, 4401, "This seat credential is not valid for this game.")
            return
        seat = found[1]
    elif hello.watch is not None:
        if not room.game["spectators"] or hello.watch != room.game["watch_id"]:
            await _refuse(ws, 4403, "Spectators are not allowed in this game."
                          if not room.game["spectators"] else "This watch link is not valid.")
            return
        seat = None
    else:
        await _refuse(ws, 4400, "Bad hello: send a credential or a watch id.")
        return

    conn = Connection(ws, seat)
    async with room.lock:
        if hello.version is not None and hello.version == room.version and room.docs.get(seat):
            conn.version = room.version
            await conn.send(encode({"type": "uptodate", "version": room.version}))
        else:
            await room.send_snapshot(conn)
        room.conns.add(conn)
    await _presence(hub, room, seat, True)
    try:
        await _serve(ws, room, conn, settings.max_frame_bytes)
    finally:
        conn.closed = True
        room.conns.discard(conn)
        await _presence(hub, room, seat, False)


async def _presence(hub: Hub, room: Room, seat: int | None, joined: bool) -> None:
    await room.broadcast_text(room.presence_frame())
    if seat is None:
        return
    still = any(c.seat == seat and not c.closed for c in room.conns)
    if joined or not still:
        try:
            await asyncio.to_thread(hub.store.set_connected, room.id, seat, joined or still)
        except Exception:  # presence is advisory; never fail a connection over it
            log.exception("presence update failed")


async def _serve(ws: WebSocket, room: Room, conn: Connection, max_bytes: int) -> None:
    while True:
        try:
            message = await ws.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            text = data.decode("utf-8", "replace") if len(data) <= max_bytes else None
        if text is None or len(text) > max_bytes:
            await conn.send(encode({"type": "error", "reason":
                                    f"Frame too large (the limit is {max_bytes} bytes)."}))
            continue
        try:
            frame = client_frame.validate_json(text)
        except ValidationError as exc:
            await conn.send(encode({"type": "error", "reason": _frame_error(text, exc)}))
            continue
        if isinstance(frame, ActionFrame):
            if conn.seat is None:
                await conn.send(encode({"type": "rejected", "id": frame.id, "code": "forbidden",
                                        "reason": "Spectators cannot act."}))
                continue
            reply = await room.submit(conn.seat, frame.id, frame.version, frame.action, conn)
            if not reply.delivered:
                await conn.send(encode(reply.frame))
            if reply.snapshot:
                async with room.lock:
                    await room.send_snapshot(conn)
        elif isinstance(frame, SyncFrame):
            async with room.lock:
                await room.send_snapshot(conn)
        elif isinstance(frame, PingFrame):
            await conn.send('{"type":"pong"}')
        else:
            await conn.send(encode({"type": "error", "reason": "Already said hello."}))


def _frame_error(text: str, exc: ValidationError) -> str:
    try:
        orjson.loads(text)
    except orjson.JSONDecodeError:
        return "That frame is not JSON."
    return f"Malformed frame: {short_error(exc)}"

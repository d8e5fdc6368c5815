"""The floor under ``bench/idle_ws.py``: uvicorn with Meja's WebSocket protocol and settings,
serving a bare ASGI app that accepts a socket and answers each frame with one small frame.

    .venv/bin/python bench/asgi_floor.py PORT

What an idle connection costs here is what the server libraries cost before any of Meja's
routing or objects (``bench/idle_ws.py --floor`` runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.realtime.wsproto import WS_MAX_SIZE, MejaWebSocketProtocol  # noqa: E402

Message = dict[str, Any]


async def app(scope: Message, receive: Any, send: Any) -> None:
    """Accept, then answer every text frame with ``{"type":"snapshot"}``."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            done = "startup" if message["type"] == "lifespan.startup" else "shutdown"
            await send({"type": f"lifespan.{done}.complete"})
            if done == "shutdown":
                return
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})
        return
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        await send({"type": "websocket.send", "text": '{"type":"snapshot"}'})


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), ws=MejaWebSocketProtocol,
                ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False, log_level="warning")

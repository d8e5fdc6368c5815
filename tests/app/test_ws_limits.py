"""Per-connection rate limits and the WebSocket Origin check (issue 17)."""

from __future__ import annotations

import json

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.app.client import Viewer, create
from tests.app.test_realtime import secret_table


def test_actions_beyond_the_rate_limit_are_refused_with_a_sentence(live_server) -> None:
    hub = live_server.app.state.hub
    old = hub.rt.actions_per_second, hub.rt.action_burst
    hub.rt.actions_per_second, hub.rt.action_burst = 1.0, 3
    try:
        lobby, host, guest, spec = secret_table(live_server)
        ids = [guest.act({"type": "draw"}) for _ in range(6)]  # not its turn: cheap refusals
        codes = [guest.answer(i)["code"] for i in ids]
        assert codes[:3] == ["rule"] * 3 and set(codes[3:]) == {"rate_limited"}
        limited = next(f for f in guest.frames if f.get("code") == "rate_limited")
        assert "Too many actions" in limited["reason"]
    finally:
        hub.rt.actions_per_second, hub.rt.action_burst = old


def _hello(server, game_id: str, credential: str, origin: str | None) -> dict:
    headers = {"Origin": origin} if origin else None
    ws = connect(f"{server.ws_url}/ws/{game_id}", additional_headers=headers)
    try:
        ws.send(json.dumps({"type": "hello", "credential": credential}))
    except ConnectionClosed:  # a refused origin is told before its hello
        pass
    return json.loads(ws.recv(timeout=5))


def test_only_the_sites_own_origin_may_open_a_game_socket(live_server) -> None:
    lobby = create(live_server, game="race", seats=2)
    gid, cred = lobby["game_id"], lobby["credential"]
    refused = _hello(live_server, gid, cred, "https://evil.example")
    assert refused["type"] == "error" and refused["code"] == "origin" and refused["fatal"]
    assert _hello(live_server, gid, cred, live_server.url)["type"] == "snapshot"
    assert _hello(live_server, gid, cred, None)["type"] == "snapshot"  # not a browser
    hub = live_server.app.state.hub
    old, hub.rt.allowed_origins = hub.rt.allowed_origins, ("https://meja.example",)
    try:
        assert _hello(live_server, gid, cred, "https://meja.example")["type"] == "snapshot"
    finally:
        hub.rt.allowed_origins = old
    Viewer(live_server.ws_url, gid, credential=cred).wait_for(lambda f: f["type"] == "snapshot")

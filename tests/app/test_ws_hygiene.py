"""What a misbehaving or departing client can no longer do (issue 17): flood the log, hold
a connection without saying hello, crash the socket with a large or binary frame, or grow the
server's memory with hellos and one-off visits."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import pytest
from websockets.asyncio.client import connect as aconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.app.client import Viewer, create, join, start
from tests.app.test_realtime import play, secret_table
from tests.asyncrun import run as run_async


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def server_log():
    """Everything uvicorn and the service log while the test runs."""
    handler = _Records()
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.error", "meja", "")]
    for lg in loggers:
        lg.addHandler(handler)
    yield handler.records
    for lg in loggers:
        lg.removeHandler(handler)


def test_clients_leaving_before_or_during_hello_leave_no_tracebacks(live_server,
                                                                     server_log) -> None:
    lobby = create(live_server, game="race", seats=2)

    async def run() -> None:
        for i in range(200):
            ws = await aconnect(f"{live_server.ws_url}/ws/{lobby['game_id']}")
            if i % 2:
                await ws.send('{"type":"hel')  # half a hello, then gone
            ws.transport.abort()
    run_async(run())
    time.sleep(0.5)
    tracebacks = [r for r in server_log if r.exc_info or "Exception in ASGI" in r.getMessage()]
    assert tracebacks == []
    assert len(server_log) <= 200


def test_a_silent_connection_is_closed_after_the_hello_timeout(live_server) -> None:
    lobby = create(live_server, game="race", seats=2)
    hub = live_server.app.state.hub
    old, hub.rt.hello_timeout = hub.rt.hello_timeout, 0.3
    try:
        ws = connect(f"{live_server.ws_url}/ws/{lobby['game_id']}")
        frame = json.loads(ws.recv(timeout=5))
        assert frame["type"] == "error" and frame["fatal"] and "hello" in frame["reason"]
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.close_code == 4400
    finally:
        hub.rt.hello_timeout = old


def test_an_oversized_frame_of_any_size_gets_an_error_frame(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    for size in (70_000, 2 << 20, 9 << 20):
        host.ws.send("x" * size)
        err = host.wait_for(lambda f: f["type"] == "error")
        assert "too large" in err["reason"]
    host.ws.send(b"\x00" * (3 << 20))
    assert host.wait_for(lambda f: f["type"] == "error")["code"] == "too_large"
    assert play(host)["type"] == "accepted"  # the connection survived every one


def test_binary_frames_get_an_error_frame(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    host.ws.send(b'{"type":"ping"}')
    assert host.wait_for(lambda f: f["type"] == "error")["code"] == "binary"
    assert play(host)["type"] == "accepted"
    ws = connect(f"{live_server.ws_url}/ws/{lobby['game_id']}")
    ws.send(json.dumps({"type": "hello", "credential": lobby["credential"]}).encode())
    frame = json.loads(ws.recv(timeout=5))
    assert frame["type"] == "error" and frame["fatal"] and "text" in frame["reason"]


@pytest.mark.parametrize("path", ["a%00b", "%F0%9F%8E%B2", "x" * 40, "a'b;--"])
def test_bad_game_ids_get_an_error_frame(live_server, path: str) -> None:
    ws = connect(f"{live_server.ws_url}/ws/{path}")
    ws.send(json.dumps({"type": "hello", "credential": "whatever"}))
    frame = json.loads(ws.recv(timeout=5))
    assert frame == {"type": "error", "reason": "There is no such game.", "fatal": True,
                     "key": "api.no_such_game", "params": {}}


# What these two tests look for is a leak in the hub (the process's memory), the same code
# whichever database answers: the full counts run once, on SQLite, and PostgreSQL's
# run, a tenth of them, covers its own lookup and reload path (~3 minutes of workers saved).
def full_count(db_url: str, count: int) -> int:
    """``count`` on SQLite, a tenth of it on PostgreSQL."""
    return count if db_url.startswith("sqlite") else count // 10


# The 10,000 hellos are most of this file's time: they go over bare sockets (the
# upgrade and one masked frame written by hand), so the time is the server's, not a client
# library's. What the server sees is the same as from any client.
async def bare_hello(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str,
                     text: str) -> None:
    """Open a WebSocket on ``path`` and send ``text`` as one (masked) frame."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101"), head
    payload = text.encode()
    assert len(payload) < 126
    # A zero mask: the masked payload is the payload (any mask is valid, RFC 6455 5.3).
    writer.write(bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)


async def bare_text_frame(reader: asyncio.StreamReader) -> str:
    """The next (unmasked, unfragmented) text frame from the server."""
    first, second = await reader.readexactly(2)
    assert first == 0x81, first
    size = second & 0x7F
    if size == 126:
        size = int.from_bytes(await reader.readexactly(2), "big")
    elif size == 127:
        size = int.from_bytes(await reader.readexactly(8), "big")
    return (await reader.readexactly(size)).decode()


def test_hellos_for_unknown_games_leave_nothing_behind(live_server, db_url: str) -> None:
    hub, store = live_server.app.state.hub, live_server.app.state.store

    async def hello(i: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", live_server.port)
        try:
            await bare_hello(reader, writer, f"/ws/nosuchgame{i}",
                             '{"type":"hello","watch":"w"}')
            frame = json.loads(await bare_text_frame(reader))
            assert frame["fatal"] is True and frame["key"] == "api.no_such_game"
        finally:
            writer.close()

    async def run() -> None:
        sem = asyncio.Semaphore(20)

        async def one(i: int) -> None:
            async with sem:
                await hello(i)
        await asyncio.gather(*(one(i) for i in range(full_count(db_url, 10_000))))
    run_async(run())
    # Other tests' games may load meanwhile (a bot's turn, a clock), so the rooms held are
    # compared with the database, not counted: each is a game that exists.
    assert [gid for gid in list(hub.rooms) if store.game_by("id", gid) is None] == []
    assert not any(gid.startswith("nosuchgame") for gid in hub.rooms)
    assert hub._loading == {}


def test_rooms_nobody_visits_are_unloaded_and_reload_from_the_database(live_server,
                                                                     db_url: str) -> None:
    hub, store = live_server.app.state.hub, live_server.app.state.store
    old, hub.rt.room_idle = hub.rt.room_idle, 0.2
    try:
        games = [store.create_lobby("race", {}, 2, "Host", False, False, "1")
                 for _ in range(full_count(db_url, 1000))]

        async def visit(game_id: str, credential: str) -> None:
            async with aconnect(f"{live_server.ws_url}/ws/{game_id}") as ws:
                await ws.send(json.dumps({"type": "hello", "credential": credential}))
                assert json.loads(await ws.recv())["type"] == "snapshot"

        async def run() -> None:
            sem = asyncio.Semaphore(20)

            async def one(game: dict, credential: str) -> None:
                async with sem:
                    await visit(game["id"], credential)
            await asyncio.gather(*(one(g, c) for g, c in games))
        run_async(run())
        deadline = time.monotonic() + 10
        while any(g["id"] in hub.rooms for g, _ in games) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [g["id"] for g, _ in games if g["id"] in hub.rooms] == []
        # An unloaded game comes back from the database as it was.
        game, credential = games[0]
        other = join(live_server, {"invite_url": f"/join/{game['invite_id']}"}, "Budi")
        start(live_server, {"game_id": game["id"], "credential": credential})
        v = Viewer(live_server.ws_url, game["id"], credential=other["credential"])
        snap = v.wait_for(lambda f: f["type"] == "snapshot")
        assert snap["doc"]["status"] == "active" and snap["version"] == 0
    finally:
        hub.rt.room_idle = old


def test_game_sockets_skip_the_router_and_other_socket_paths_still_reach_it(
        monkeypatch) -> None:
    # Every open socket keeps the frames that called its endpoint: skipping FastAPI's
    # routing for /ws/{game_id} took an idle connection from 38.5 to 27.5 KiB
    # (bench/idle_ws.py); any other path goes through the router as before.
    from app.realtime import ws as ws_module

    served: list[str] = []
    routed: list[str] = []

    async def endpoint(socket, game_id: str) -> None:
        served.append(game_id)

    async def router(scope, receive, send) -> None:
        routed.append(scope["path"])

    monkeypatch.setattr(ws_module, "game_socket", endpoint)
    fast = ws_module.SocketFastPath(router)
    for path in ("/ws/abc123", "/ws/a/b", "/ws/", "/ws/abc/", "/api/games"):
        kind = "http" if path.startswith("/api") else "websocket"
        asyncio.run(fast({"type": kind, "path": path, "headers": []}, None, None))
    assert served == ["abc123"]
    assert routed == ["/ws/a/b", "/ws/", "/ws/abc/", "/api/games"]


@pytest.mark.parametrize("path", ["/ws/abc/def", "/ws/"])
def test_sockets_on_paths_that_are_no_game_are_refused_at_the_handshake(live_server,
                                                                        path: str) -> None:
    from websockets.exceptions import InvalidStatus

    with pytest.raises(InvalidStatus) as refused:
        connect(f"{live_server.ws_url}{path}")
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("size", [10, 300, 30_000])
def test_invalid_utf8_text_frames_leave_no_tracebacks(live_server, server_log,
                                                      size: int) -> None:
    """A text frame that is not UTF-8 closes the connection (1007) with one log line at
    most, small (the fast path) or large (the parser), before or after the hello."""
    lobby = create(live_server, game="race", seats=2)
    for hello_first in (True, False):
        ws = connect(f"{live_server.ws_url}/ws/{lobby['game_id']}", max_size=None)
        if hello_first:
            ws.send(json.dumps({"type": "hello", "credential": lobby["credential"]}))
            ws.recv(10)
        ws.send(b'"\xff\xfe' + b"x" * size + b'"', text=True)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    time.sleep(0.3)
    tracebacks = [r for r in server_log if r.exc_info or "Traceback" in r.getMessage()
                  or "Exception in ASGI" in r.getMessage()]
    assert tracebacks == []
    assert len({id(r) for r in server_log}) <= 2  # one line per connection (each logger)

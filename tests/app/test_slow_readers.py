"""A reader that stops reading never slows anyone else (issue 17: one spectator froze games)."""

from __future__ import annotations

import json
import random
import socket
import statistics
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engines.bots import bot_of
from tests.app.client import Viewer, create, join, start, watch_id


def _non_reader(server, game_id: str, watch: str) -> ClientConnection:
    """A spectator whose client keeps at most one frame unread and a tiny socket buffer
    (loopback buffers otherwise grow to tens of MB), then stops reading."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    ws = connect(f"{server.ws_url}/ws/{game_id}", sock=sock, max_queue=1, max_size=None)
    ws.send(json.dumps({"type": "hello", "watch": watch}))
    return ws


def _flood(ws, n: int) -> int:
    """Send ``n`` sync frames (fewer if the server drops the connection first)."""
    for i in range(n):
        try:
            ws.send('{"type":"sync"}')
        except ConnectionClosed:
            return i
    return n


def _move(server, viewer: Viewer, game_id: str, rng: random.Random) -> float:
    """Play a legal move for whoever this viewer is; seconds until it was accepted."""
    room = server.app.state.hub.rooms[game_id]
    seat = room.engine.to_act(room.state)[0]
    action = bot_of(room.engine).test_action(room.state, seat, rng)
    t0 = time.perf_counter()
    answer = viewer[seat].answer(viewer[seat].act(action), timeout=20)
    took = time.perf_counter() - t0
    assert answer["type"] == "accepted", answer
    for v in viewer:
        v.wait_version(answer["version"], timeout=20)
    return took


def test_a_spectator_flooding_syncs_without_reading_never_delays_the_players(
        live_server) -> None:
    # Kaki Lima's snapshots are a few KB: 4,000 of them are far more than any socket buffers.
    lobby = create(live_server, game="kaki-lima", seats=2)
    friend = join(live_server, lobby, "Budi")
    start(live_server, lobby)
    gid = lobby["game_id"]
    players = [Viewer(live_server.ws_url, gid, credential=lobby["credential"]),
               Viewer(live_server.ws_url, gid, credential=friend["credential"])]
    for v in players:
        v.wait_for(lambda f: f["type"] == "snapshot")
    rng = random.Random(7)
    calm = [_move(live_server, players, gid, rng) for _ in range(6)]

    flooder = _non_reader(live_server, gid, watch_id(lobby))
    sent = _flood(flooder, 4000)
    busy = [_move(live_server, players, gid, rng) for _ in range(10)]

    delay = statistics.median(busy) - statistics.median(calm)
    print(f"slow reader: median move {statistics.median(calm) * 1000:.1f} ms calm, "
          f"{statistics.median(busy) * 1000:.1f} ms under the flood (max {max(busy) * 1000:.1f})")
    assert delay < 0.100, (calm, busy)
    # A flooder that goes on without reading falls behind and is dropped (it resyncs when it
    # reconnects); the room then holds only the players. How much of the flood the kernel's
    # socket buffers absorb first depends on the frames' sizes, so flood until the server
    # gives up on it (a bounded number of frames), then wait past the send timeout.
    sent += _flood(flooder, 200_000)
    room = live_server.app.state.hub.rooms[gid]
    deadline = time.monotonic() + live_server.app.state.hub.rt.send_timeout + 10
    while any(c.seat is None for c in room.conns) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [c.seat for c in room.conns if c.seat is None] == []
    assert sent > 0
    flooder.close()


def test_a_connection_whose_sends_stall_is_dropped_after_the_send_timeout(live_server) -> None:
    lobby = create(live_server, game="kaki-lima", seats=2)
    join(live_server, lobby, "Budi")
    start(live_server, lobby)
    gid = lobby["game_id"]
    hub = live_server.app.state.hub
    old = (hub.rt.send_timeout, hub.rt.max_queued_frames, hub.rt.max_queued_bytes,
           hub.rt.frame_burst)
    (hub.rt.send_timeout, hub.rt.max_queued_frames, hub.rt.max_queued_bytes,
     hub.rt.frame_burst) = 0.5, 10**6, 1 << 30, 10**6
    try:
        # The queue may hold everything; only the stalled send can give this one away.
        stalled = _non_reader(live_server, gid, watch_id(lobby))
        _flood(stalled, 3000)
        room = hub.rooms[gid]
        deadline = time.monotonic() + 15
        while any(c.seat is None for c in room.conns) or time.monotonic() < deadline - 14:
            assert time.monotonic() < deadline, "a stalled connection was never dropped"
            time.sleep(0.05)
        stalled.close()
    finally:
        (hub.rt.send_timeout, hub.rt.max_queued_frames, hub.rt.max_queued_bytes,
         hub.rt.frame_burst) = old

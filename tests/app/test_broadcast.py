"""Every viewer's patches turn its document into exactly its own next document, also when a
broadcast shares work between viewers (equal parts diffed once, equal frames encoded once)."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import jsonpatch
import pytest
from websockets.frames import Frame, Opcode

from app.main import assemble
from app.realtime.outbox import Connection
from app.realtime.room import Room
from app.realtime.wsproto import detached_protocol, text_frame
from app.store.db import make_engine, migrate
from app.store.store import CommitItem, Store
from engines.registry import get_engine
from tests.asyncrun import run as run_async


class _Transport:
    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data += data

    def is_closing(self) -> bool:
        return False


class _Socket:
    """A connection's socket whose frames go through the server's WebSocket send path into
    a buffer; :meth:`frames` reads the text frames back from the wire bytes."""

    def __init__(self) -> None:
        self._meja_transport = _Transport()
        self._meja_protocol = detached_protocol(self._meja_transport)
        self.read = 0

    async def send_text(self, data: str) -> None:  # the queue path (not taken here)
        self._meja_transport.write(text_frame(data.encode()))

    def frames(self) -> list[dict[str, Any]]:
        """The frames written since the last call."""
        buf, out = bytes(self._meja_transport.data), []
        while self.read < len(buf):
            head, n = buf[self.read:self.read + 2], buf[self.read + 1] & 0x7F
            assert head[0] == 0x81  # one unmasked text frame, FIN set
            start = self.read + 2
            if n == 126:
                (n,) = struct.unpack("!H", buf[start:start + 2])
                start += 2
            elif n == 127:
                (n,) = struct.unpack("!Q", buf[start:start + 8])
                start += 8
            out.append(json.loads(buf[start:start + n]))
            self.read = start + n
        return out


class _Viewer:
    """What one client holds: its document and the log lines it has been sent."""

    def __init__(self, conn: Connection, socket: _Socket) -> None:
        self.conn, self.socket = conn, socket
        self.doc: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []

    def read(self) -> None:
        for frame in self.socket.frames():
            if frame["type"] == "snapshot":
                self.doc, self.log = frame["doc"], list(frame["log"])
            elif frame["type"] == "patch":
                self.doc = jsonpatch.apply_patch(self.doc, frame["ops"])
                self.log += frame["log"]


async def _play(tmp: Path, kind: str, players: int) -> None:
    url = f"sqlite:///{tmp}/broadcast.db"
    migrate(url)
    store = Store(make_engine(url))
    hub = assemble(store, bot_delay=0.0).hub

    async def committed(item: CommitItem) -> bool:
        return True

    hub.committer.commit = committed  # type: ignore[method-assign]
    engine = get_engine(kind)
    assert engine is not None
    row, _ = store.create_lobby(kind, {}, players, "host", spectators=True, listed=False,
                                rules_version=engine.rules_version)
    for p in range(1, players):
        store.join(row["id"], f"guest{p}")
    store.start(row["id"], engine.setup(players, {}, row["seed"]), engine.rules_version)
    room: Room = await hub.room(row["id"])
    viewers = []
    # Every seat, a second device of seat 0, and two spectators.
    for seat in [*range(players), 0, None, None]:
        socket = _Socket()
        conn = Connection(socket, seat)  # type: ignore[arg-type]
        conn.start()
        room.join(conn, None)
        viewers.append(_Viewer(conn, socket))
    shared_frames = 0
    for move in range(12):
        assert room.state is not None
        seat = engine.to_act(room.state)[0]
        raw = await hub.bot_move(room, seat)
        origin = next(v.conn for v in viewers if v.conn.seat == seat)
        reply = await room.submit(seat, f"m{move}", room.version, raw, origin)
        assert reply.frame["type"] == "accepted", reply.frame
        sent: dict[int | None, bytes] = {}
        for v in viewers:
            before = len(v.socket._meja_transport.data)
            v.read()
            wire = bytes(v.socket._meja_transport.data[before:])
            if v.conn is not origin:
                shared_frames += sent.get(v.conn.seat) == wire
                sent[v.conn.seat] = wire
            # Exactly this viewer's own document, and exactly the lines it may read.
            assert v.doc == json.loads(json.dumps(room.build_doc(v.conn.seat)))
            assert v.log == json.loads(json.dumps(room.visible_log(v.conn.seat,
                                                                   room.log_tail)))
        assert reply.delivered
    # The second device of seat 0 and the second spectator got the same frames as the first.
    assert shared_frames >= 12
    await hub.stop()


@pytest.mark.parametrize("kind,players", [("race", 4), ("secret-test", 4), ("race", 2)])
def test_every_viewer_gets_exactly_its_own_document_and_log(tmp_path: Path, kind: str,
                                                             players: int) -> None:
    run_async(_play(tmp_path, kind, players))


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_frame_on_the_wire_is_what_websockets_would_send(size: int) -> None:
    data = b"x" * size
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])

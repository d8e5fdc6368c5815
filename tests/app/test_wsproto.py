"""The WebSocket protocol's fast receive path hands over exactly what the full parser would:
every message once, in order, however the bytes arrive; anything unusual still goes through
the parser (pings answered, invalid text refused)."""

from __future__ import annotations

from typing import Any

import pytest
from websockets.frames import Frame, Opcode
from websockets.protocol import OPEN

from app.realtime.wsproto import MejaWebSocketProtocol, detached_protocol
from tests.asyncrun import run as run_async


class _Transport:
    def __init__(self) -> None:
        self.written = bytearray()
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def _protocol() -> MejaWebSocketProtocol:
    """A server protocol past its handshake, on a transport that records what it gets."""
    p = detached_protocol(_Transport(), logger="test.wsproto", handshake=True)
    assert p.conn.state is OPEN
    return p


def _frame(opcode: Opcode, data: bytes, fin: bool = True) -> bytes:
    return Frame(opcode, data, fin).serialize(mask=True, extensions=[])


def _texts(p: MejaWebSocketProtocol) -> list[Any]:
    out = []
    while not p.queue.empty():
        message = p.queue.get_nowait()
        out.append(message.get("text", message))
    return out


def _action(i: int) -> bytes:
    return b'{"type":"action","id":"m%d","version":%d,"action":{"type":"advance","n":3}}' % (
        i, i)


@pytest.mark.parametrize("chunk", [None, 1, 5, 7, 64])
def test_messages_arrive_once_and_in_order_however_the_bytes_are_cut(chunk: int | None) -> None:
    async def run() -> None:
        p = _protocol()
        big = b'{"type":"chat","text":"' + b"x" * 300 + b'"}'
        parts = [_frame(Opcode.TEXT, _action(1)), _frame(Opcode.TEXT, big),
                 _frame(Opcode.TEXT, b'{"type":'), _frame(Opcode.TEXT, _action(2)),
                 _frame(Opcode.TEXT, b'{"type":"sync"', fin=False),
                 _frame(Opcode.CONT, b"}"), _frame(Opcode.TEXT, _action(3))]
        if chunk is None:  # one frame per read
            for part in parts:
                p.data_received(part)
        else:
            wire = b"".join(parts)
            for i in range(0, len(wire), chunk):
                p.data_received(wire[i:i + chunk])
        assert _texts(p) == [_action(1).decode(), big.decode(), '{"type":', _action(2).decode(),
                             '{"type":"sync"}', _action(3).decode()]
    run_async(run())


def test_a_ping_between_messages_is_answered() -> None:
    async def run() -> None:
        p = _protocol()
        p.data_received(_frame(Opcode.TEXT, _action(1)))
        p.data_received(_frame(Opcode.PING, b"hi"))
        p.data_received(_frame(Opcode.TEXT, _action(2)))
        assert _texts(p) == [_action(1).decode(), _action(2).decode()]
        assert bytes(p.transport.written) == Frame(Opcode.PONG, b"hi").serialize(  # type: ignore[attr-defined]
            mask=False, extensions=[])
    run_async(run())


def test_invalid_utf8_closes_the_connection_as_the_parser_would() -> None:
    async def run() -> None:
        p = _protocol()
        p.data_received(_frame(Opcode.TEXT, b'{"type":"\xff"}'))
        messages = _texts(p)
        assert messages and messages[-1]["type"] == "websocket.disconnect"
        assert messages[-1]["code"] == 1007
        assert p.transport.closed  # type: ignore[attr-defined]
    run_async(run())


class _CountingTransport(_Transport):
    def __init__(self) -> None:
        super().__init__()
        self.paused = False
        self.pauses = 0

    def pause_reading(self) -> None:
        self.paused = True
        self.pauses += 1

    def resume_reading(self) -> None:
        self.paused = False


def test_reading_pauses_only_when_the_application_falls_behind() -> None:
    """A player's moves, each taken by the application before the next arrives, never pause
    the socket (a pause and a resume per move were pure cost); a flood of frames the
    application does not take stops being read at two queued, and reading resumes once it
    has taken them."""
    async def run() -> None:
        transport = _CountingTransport()
        p = detached_protocol(transport, logger="test.wsproto", handshake=True)
        for i in range(5):
            p.data_received(_frame(Opcode.TEXT, _action(i)))
            assert (await p.receive())["text"] == _action(i).decode()
        assert transport.pauses == 0
        for i in range(5, 8):
            if not transport.paused:
                p.data_received(_frame(Opcode.TEXT, _action(i)))
        assert transport.paused and p.queue.qsize() == 2
        assert (await p.receive())["text"] == _action(5).decode()
        assert transport.paused
        assert (await p.receive())["text"] == _action(6).decode()
        assert not transport.paused
    run_async(run())

"""uvicorn's WebSocket protocol, except that an oversized message is answered, not fatal.

Stock uvicorn (through the ``websockets`` library) closes the connection with 1009 as soon
as a frame larger than ``ws_max_size`` starts, so the client never learns why. Here such a
message is read past without being kept in memory (its payload is discarded as it arrives)
and the application receives :data:`app.realtime.frames.OVERSIZED` in its place, which it answers
with an error frame like any other bad frame. Memory per connection stays bounded by
``ws_max_size`` whatever a client sends.
"""

from __future__ import annotations

import asyncio
import logging
import struct
from collections.abc import Generator
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import PayloadTooBig, ProtocolError
from websockets.frames import Frame, Opcode, apply_mask
from websockets.http11 import Request
from websockets.protocol import OPEN, Protocol
from websockets.server import ServerProtocol

from app.realtime.frames import OVERSIZED
from app.realtime.outbox import Encoded

#: Largest message read into memory: the service's frame limit (app.config.Settings
#: ``max_frame_bytes``); anything larger is skipped and answered.
WS_MAX_SIZE = 64 * 1024
_CHUNK = 1 << 16
_DATA = (Opcode.TEXT, Opcode.BINARY, Opcode.CONT)
log = logging.getLogger("meja.wsproto")


class _SkippingFrameParser(Protocol):
    """The frame parser of :class:`websockets.protocol.Protocol`, skipping oversized data
    frames. ``ServerProtocol.parse`` reads the HTTP request, then hands over to this
    (``super().parse()``, see the class order of :class:`_AnsweringServerProtocol`)."""

    frame_limit = WS_MAX_SIZE
    _skipping = False  # inside a fragmented message that is being skipped

    def _peek(self, n: int) -> Generator[None, None, bytes]:
        while len(self.reader.buffer) < n:
            if self.reader.eof:
                raise EOFError("unexpected end of stream")
            yield
        return bytes(self.reader.buffer[:n])

    def parse(self) -> Generator[None]:
        try:
            while True:
                if (yield from self.reader.at_eof()):
                    raise EOFError("unexpected end of stream")
                head = yield from self._peek(2)
                fin, opcode, length = head[0] & 0x80, head[0] & 0x0F, head[1] & 0x7F
                size = 2
                if length == 126:
                    (length,) = struct.unpack("!H", (yield from self._peek(4))[2:])
                    size = 4
                elif length == 127:
                    (length,) = struct.unpack("!Q", (yield from self._peek(10))[2:])
                    size = 10
                total = length + (self.current_size or 0)
                if opcode in _DATA and (self._skipping or total > self.frame_limit):
                    if opcode == Opcode.CONT and self.current_size is not None:
                        # A message that began small and grew too large: nothing to hand
                        # over in its place (part of it was delivered already).
                        raise PayloadTooBig(total, self.frame_limit)
                    yield from self.reader.read_exact(size + 4)  # header and mask key
                    left = length
                    while left:
                        left -= len((yield from self.reader.read_exact(min(left, _CHUNK))))
                    self._skipping = not fin
                    if fin:
                        self.recv_frame(Frame(Opcode.TEXT, OVERSIZED.encode()))
                    continue
                # A compressed frame (permessage-deflate, off unless MEJA_WS_DEFLATE=1) that
                # inflates past the limit still fails with 1009: skipping it would break
                # the shared compression context of every later message.
                frame = yield from Frame.parse(
                    self.reader.read_exact, mask=True, extensions=self.extensions,
                    max_size=self.frame_limit - (self.current_size or 0))
                self.recv_frame(frame)
        except ProtocolError as exc:
            self.fail(1002, str(exc))
            self.parser_exc = exc
        except EOFError as exc:
            self.fail(1006, str(exc))
            self.parser_exc = exc
        except UnicodeDecodeError as exc:
            self.fail(1007, f"{exc.reason} at position {exc.start}")
            self.parser_exc = exc
        except PayloadTooBig as exc:
            self.fail(1009, str(exc))
            self.parser_exc = exc
        except Exception as exc:
            self.logger.error("parser failed", exc_info=True)
            self.fail(1011)
            self.parser_exc = exc
        yield


class _AnsweringServerProtocol(ServerProtocol, _SkippingFrameParser):
    """``ServerProtocol`` with :class:`_SkippingFrameParser` under its handshake parser."""

    def __init__(self, *args: Any, frame_limit: int, **kwargs: Any) -> None:
        kwargs["max_size"] = None  # the limit is enforced by the frame parser
        super().__init__(*args, **kwargs)
        self.frame_limit = frame_limit


class MejaWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with :class:`_AnsweringServerProtocol`."""

    conn: _AnsweringServerProtocol

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        old = self.conn
        self.conn = _AnsweringServerProtocol(
            extensions=list(old.available_extensions or []),
            frame_limit=self.config.ws_max_size,
            logger=old.logger,
        )

    def send_receive_event_to_app(self) -> None:
        """uvicorn's, except for a text message that is not UTF-8: the connection fails
        (1007) with one log line, where uvicorn logged an ERROR with its traceback for each
        such connection (a client could fill the log at will)."""
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return  # past ``websocket.close``: dropped, as uvicorn does
        if self.curr_msg_data_type == "text":
            try:
                self.queue.put_nowait({"type": "websocket.receive", "text": data.decode()})
            except UnicodeDecodeError as exc:
                log.info("closed a WebSocket whose text frame is not UTF-8 (%s at byte %d)",
                         exc.reason, exc.start)
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        else:
            self.queue.put_nowait({"type": "websocket.receive", "bytes": data})
        if not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()

    def data_received(self, data: bytes) -> None:
        """A client's usual message, one small masked text frame arriving whole on an open
        connection without extensions, is unmasked and handed to the application here;
        anything else (a partial or larger frame, control frames, several frames in one
        read, a closing connection) goes through ``websockets``' parser.

        The parser is left exactly as it would have been: waiting at a frame boundary with
        nothing buffered (that is the condition), no fragmented message open. This spares
        its generators and event objects, most of a move's receive path (13 -> 2.4 us)."""
        n = len(data) - 6
        if 0 <= n < 126 and data[0] == 0x81 and data[1] == 0x80 | n:
            conn = self.conn
            if (conn.state is OPEN and not conn.reader.buffer and conn.current_size is None
                    and not conn.extensions and not conn._skipping and n <= conn.frame_limit
                    and not self.close_sent and self.handshake_complete):
                try:
                    text = apply_mask(data[6:], data[2:6]).decode()
                except UnicodeDecodeError:
                    pass  # the parser's path fails the connection (1007), one log line
                else:
                    queue = self.queue
                    queue.put_nowait({"type": "websocket.receive", "text": text})
                    # Back-pressure only once the application is behind: a frame it has not
                    # taken yet is waiting. (uvicorn pauses after every message, and its
                    # ``receive`` resumes at once: two calls into the loop and an epoll
                    # change per move, for a pause nobody needed.) A flood still stops at
                    # two frames queued; ``receive`` resumes reading when the queue is empty.
                    if not self.read_paused and queue.qsize() > 1:
                        self.read_paused = True
                        self.transport.pause_reading()
                    return
        super().data_received(data)

    def try_send_text(self, frame: str | Encoded) -> bool:
        """Write a text frame now if that cannot wait: the handshake is done, nothing closed,
        and the transport is below its high-water mark (uvicorn's own ``send`` would return
        at once). False otherwise; the caller then queues the frame for its writer task.

        This spares a task wake-up and the ASGI ``send`` chain per frame; a reader that stops
        reading fills the transport past its high-water mark, ``writable`` clears, and its
        frames go back to the bounded queue (:mod:`app.realtime.outbox`).

        On an open connection without extensions (no permessage-deflate) and with nothing
        of the protocol's own waiting to be written, the frame goes out as
        :func:`text_frame` builds it, the bytes ``websockets`` would write; an
        :class:`~app.realtime.outbox.Encoded` frame keeps them, so a broadcast builds them once for
        all its connections."""
        if (not self.writable.is_set() or self.disconnected or self.close_sent
                or not self.handshake_complete or self.initial_response is not None
                or self.transport.is_closing()):
            return False
        conn = self.conn
        if (conn.state is OPEN and not conn.extensions and not conn.writes
                and not conn.expect_continuation_frame):
            if isinstance(frame, str):
                self.transport.write(text_frame(frame.encode()))
                return True
            wire = frame.wire
            if wire is None:
                wire = frame.wire = text_frame(frame.data)
            self.transport.write(wire)
            return True
        try:
            conn.send_text(frame.encode() if isinstance(frame, str) else frame.data)
        except Exception:  # InvalidState: closing; the queue path reports it
            return False
        self.transport.write(b"".join(conn.data_to_send()))
        return True


def text_frame(data: bytes) -> bytes:
    """One unmasked, unfragmented WebSocket text frame (RFC 6455 5.2) carrying ``data``:
    what a server sends when no extension is in use."""
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 0x10000:
        return struct.pack("!BBH", 0x81, 126, n) + data
    return struct.pack("!BBQ", 0x81, 127, n) + data


def detached_protocol(transport: Any, *, logger: str = "meja.wsproto",
                      handshake: bool = False) -> MejaWebSocketProtocol:
    """A :class:`MejaWebSocketProtocol` past its handshake on ``transport``, with no server
    and no socket: benchmarks and tests drive its send path (``handshake=False``: an open
    connection, the state :func:`app.realtime.outbox.find_protocol` relies on) or its receive path
    (``handshake=True``: the opening handshake done as uvicorn does it, so the parser sits
    where a real connection's does). Kept beside the class because it sets the class's own
    attributes: a new one that the paths read is added here once, not in every caller."""
    p = MejaWebSocketProtocol.__new__(MejaWebSocketProtocol)
    p.transport = transport
    p.writable = asyncio.Event()
    p.writable.set()
    p.queue = asyncio.Queue()
    p.disconnected = p.close_sent = p.read_paused = False
    p.handshake_complete = True
    p.initial_response = None
    p.logger = logging.getLogger(logger)
    p.frames = []
    p.curr_msg_data_type = "bytes"
    p.conn = _AnsweringServerProtocol(frame_limit=64 * 1024)
    if not handshake:
        p.conn.state = OPEN
        return p
    p.conn.receive_data(b"GET /ws/g HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        b"Sec-WebSocket-Version: 13\r\n\r\n")
    [request] = p.conn.events_received()
    assert isinstance(request, Request)
    p.conn.send_response(p.conn.accept(request))
    p.conn.data_to_send()
    return p

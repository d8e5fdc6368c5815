"""One WebSocket connection's way out: a bounded queue drained by the connection's own writer.

Nothing else ever awaits a socket. A room hands a frame to :meth:`Connection.send`, which only
appends it to the queue; the connection's writer task sends it. A reader that stops reading
fills its own queue (or stalls its own writer past the send timeout) and is dropped, and its
client resyncs when it reconnects. Everyone else's frames never wait for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

log = logging.getLogger("meja.ws")

#: Close code of a connection dropped for falling behind (not fatal: the client reconnects).
LAGGING = 4408


class Encoded:
    """A server frame encoded once (UTF-8 JSON) for every connection that receives it.

    A broadcast hands the same object to every connection of one kind of viewer, so its
    WebSocket form (header and payload, :func:`app.realtime.wsproto.text_frame`) is built once too
    and each connection only writes it (``wire``, filled by the first writer)."""

    __slots__ = ("data", "wire")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.wire: bytes | None = None

    def text(self) -> str:
        """The frame as text (for a socket that only takes text)."""
        return self.data.decode()


class Socket(Protocol):
    """What a connection needs of its socket (Starlette's WebSocket fits)."""

    async def send_text(self, data: str) -> None: ...


@dataclass
class OutboxLimits:
    """How far one connection may fall behind before it is dropped."""

    max_bytes: int = 1 << 20
    max_frames: int = 512
    send_timeout: float = 10.0


@dataclass(eq=False)
class Connection:
    """One open WebSocket: a seat (int) or a spectator (None), and its outgoing queue.

    A frame is written at once when the socket can take it without waiting (its transport
    below the high-water mark, see :meth:`app.realtime.wsproto.MejaWebSocketProtocol.try_send_text`)
    and nothing is queued before it; otherwise it is queued, and a writer task exists only
    while the queue holds something. So the usual frame costs no task switch, and an idle
    connection holds no task.
    """

    socket: Socket
    seat: int | None
    limits: OutboxLimits = field(default_factory=OutboxLimits)
    version: int = -1
    closed: bool = False
    _queue: deque[str | Encoded] = field(default_factory=deque)
    _queued_bytes: int = 0
    _writer: asyncio.Task[None] | None = None
    _close_code: int | None = None
    _started: bool = False
    _direct: Callable[[str | Encoded], bool] | None = None

    def start(self) -> None:
        """Begin sending (on the running loop); frames queued before are sent now."""
        if self._started:
            return
        self._started = True
        direct = getattr(find_protocol(self.socket), "try_send_text", None)
        self._direct = direct if callable(direct) else None
        if self._queue or self._close_code is not None:
            self._kick()

    def send(self, frame: str | Encoded) -> None:
        """Queue a frame (text, or :class:`Encoded` once for many connections); never waits.
        A connection that has fallen too far behind is dropped."""
        if self.closed or self._close_code is not None:
            return
        if self._writer is None and self._direct is not None and self._direct(frame):
            return
        self._queue.append(frame)
        self._queued_bytes += len(frame) if isinstance(frame, str) else len(frame.data)
        if (self._queued_bytes > self.limits.max_bytes
                or len(self._queue) > self.limits.max_frames):
            self.drop("its outgoing queue is full")
            return
        self._kick()

    def _kick(self) -> None:
        if self._writer is None and self._started:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    def finish(self, code: int) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if self.closed:
            return
        self._close_code = code
        if not self._started:
            self.drop("closed before it started")
            return
        self._kick()

    def drop(self, why: str) -> None:
        """Give up on this connection at once: abort its transport, stop its writer."""
        if self.closed:
            return
        self.closed = True
        self._queue.clear()
        self._queued_bytes = 0
        log.info("dropping a connection: %s", why)
        abort_transport(self.socket)
        writer = self._writer
        if writer is not None and writer is not asyncio.current_task():
            writer.cancel()

    def close(self) -> None:
        """The handler is done with this connection (the client left): stop the writer."""
        self.closed = True
        self._queue.clear()
        if self._writer is not None and self._writer is not asyncio.current_task():
            self._writer.cancel()

    @property
    def queued(self) -> int:
        """Frames waiting to be sent."""
        return len(self._queue)

    async def _write(self) -> None:
        """Drain the queue, then end (the next queued frame starts a new writer)."""
        queue = self._queue
        try:
            try:
                async with asyncio.timeout(self.limits.send_timeout):
                    while queue and not self.closed:
                        frame = queue.popleft()
                        if isinstance(frame, str):
                            self._queued_bytes -= len(frame)
                            await self.socket.send_text(frame)
                        else:
                            self._queued_bytes -= len(frame.data)
                            await self.socket.send_text(frame.text())
            except TimeoutError:
                self.drop(f"a send took longer than {self.limits.send_timeout:g} s")
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                # The client went away; the handler notices on its next receive.
                self.closed = True
                abort_transport(self.socket)
                return
            # Empty, and nothing awaited since the check: a frame queued from now on
            # starts a new writer.
            self._writer = None
            if self._close_code is not None and not self.closed:
                await self._close_socket(self._close_code)
        except asyncio.CancelledError:
            return

    async def _close_socket(self, code: int) -> None:
        self.closed = True
        close = getattr(self.socket, "close", None)
        if close is None:
            return
        try:
            async with asyncio.timeout(self.limits.send_timeout):
                await close(code=code)
        except Exception:
            abort_transport(self.socket)


def abort_transport(socket: Any) -> None:
    """Close a socket's TCP connection now, without waiting for anything.

    uvicorn's send waits, with no timeout, for a paused transport to become writable; the
    only way to drop a client that stopped reading is to abort the transport underneath.
    Sockets may offer ``abort()`` themselves (tests' fakes); a Starlette WebSocket reaches
    the transport through the ASGI ``send`` callable (see :func:`find_transport`).
    """
    abort = getattr(socket, "abort", None)
    if callable(abort):
        abort()
        return
    transport = find_transport(socket)
    if transport is not None and hasattr(transport, "abort"):
        transport.abort()


def find_protocol(socket: Any) -> Any:
    """The server protocol object under a Starlette WebSocket (the holder of its
    transport), or None (see :func:`find_transport`)."""
    transport = find_transport(socket)
    return getattr(socket, "_meja_protocol", None) if transport is not None else None


def find_transport(socket: Any) -> Any:
    """The asyncio transport under a Starlette WebSocket, or None.

    Starlette wraps the server's ``send`` in closures (exception handling, middleware); the
    innermost one is a bound method of uvicorn's protocol object, which holds the transport.
    The walk is bounded and remembered on the socket.
    """
    cached = getattr(socket, "_meja_transport", None)
    if cached is not None:
        return cached
    stack = [getattr(socket, "_send", None)]
    for _ in range(32):
        if not stack:
            break
        fn = stack.pop()
        if fn is None:
            continue
        transport = getattr(getattr(fn, "__self__", None), "transport", None)
        if transport is not None:
            try:
                socket._meja_transport = transport
                socket._meja_protocol = fn.__self__
            except AttributeError:
                pass
            return transport
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if callable(value):
                stack.append(value)
    return None

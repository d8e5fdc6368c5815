"""Real servers for the notice tests: an SMTP server (aiosmtpd), an HTTP receiver for
webhooks (asyncio streams) and a Meja server that mails the first and posts to the second."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from app.features.notices import NoticeSettings
from tests.asyncrun import run as run_async
from tests.conftest import LiveServer, free_port

PUBLIC = "http://meja.test"


def wait_until(pred: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = pred()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(0.02)


class Mailbox:
    """What the SMTP server received (an aiosmtpd handler)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        with self.lock:
            self.messages.append(msg)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        return wait_until(lambda: len(self.to(address)) >= count and self.to(address),
                          timeout, f"{count} mail(s) to {address}")


Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def read_request(reader: asyncio.StreamReader) -> tuple[str, dict[str, str], bytes]:
    """One HTTP/1.1 request off ``reader``: its request line, headers (lower-case names) and
    body."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:] if ln)}
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return lines[0], headers, body


def serve_in_thread(handle: Handler,
                    ready: Callable[[asyncio.AbstractEventLoop, int], None]) -> None:
    """Serve ``handle`` on a free port of 127.0.0.1 from a thread of its own; ``ready`` is
    told the loop and the port (inside the loop) before this returns."""
    up = threading.Event()

    async def main() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        ready(asyncio.get_running_loop(), server.sockets[0].getsockname()[1])
        up.set()
        async with server:
            await server.serve_forever()

    threading.Thread(target=lambda: run_async(main()), daemon=True).start()
    up.wait(10)


@dataclass
class Receiver:
    """A tiny HTTP server: records each POST, answers from ``answers`` (then 200), and
    holds requests open while ``hold`` is set."""

    answers: list[int] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    pending: int = 0
    port: int = 0
    hold: bool = False
    loop: asyncio.AbstractEventLoop | None = None
    release: asyncio.Event | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line, headers, body = await read_request(reader)
            self.requests.append({"line": line, "headers": headers,
                                  "json": json.loads(body) if body else None})
            if self.hold:
                self.pending += 1
                assert self.release is not None
                await self.release.wait()
                self.pending -= 1
            status = self.answers.pop(0) if self.answers else 200
            writer.write(f"HTTP/1.1 {status} X\r\nContent-Length: 0\r\nConnection: close"
                         f"\r\n\r\n".encode())
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    def start(self) -> Receiver:
        def ready(loop: asyncio.AbstractEventLoop, port: int) -> None:
            self.loop, self.release, self.port = loop, asyncio.Event(), port

        serve_in_thread(self._serve, ready)
        return self

    def let_go(self) -> None:
        """Answer every held request (and stop holding)."""
        self.hold = False
        assert self.loop is not None and self.release is not None
        self.loop.call_soon_threadsafe(self.release.set)

    def bodies(self) -> list[dict[str, Any]]:
        return [r["json"] for r in self.requests]


@pytest.fixture(scope="session")
def mailbox() -> Iterator[Mailbox]:
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port  # type: ignore[attr-defined]
    yield box
    controller.stop()


def notice_settings(smtp_port: int, **over: Any) -> NoticeSettings:
    base: dict[str, Any] = dict(smtp_url=f"smtp://127.0.0.1:{smtp_port}", public_url=PUBLIC,
                                allow_local_hooks=True, poll_seconds=0.1, retry_base=0.1,
                                digest_every=3600, send_timeout=3.0)
    return NoticeSettings(**{**base, **over})


@pytest.fixture(scope="session")
def notice_server(own_db_url: Callable[[], str], mailbox: Mailbox) -> Iterator[LiveServer]:
    """A Meja server that mails through ``mailbox`` and may post to loopback receivers (on
    a database of its own: see ``own_db_url``)."""
    server = LiveServer(own_db_url(), notices=notice_settings(mailbox.port)).start()  # type: ignore[attr-defined]
    yield server
    server.stop()

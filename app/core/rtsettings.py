"""Limits and switches of the real-time side (WebSocket connections, rooms, fan-out).

Read from the environment once per process, like :class:`app.config.Settings`; the hub keeps
one instance (``hub.rt``) so a test can tighten a limit on a running server.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return default if raw in (None, "") else float(raw)


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return default if raw in (None, "") else int(raw)


def _origins() -> tuple[str, ...]:
    raw = os.environ.get("MEJA_WS_ORIGINS", "")
    return tuple(o.strip().rstrip("/") for o in raw.split(",") if o.strip())


@dataclass
class Realtime:
    """Everything a connection, a room or the fan-out is bounded by."""

    #: A connection that has not said hello within this many seconds is closed.
    hello_timeout: float = field(default_factory=lambda: _float("MEJA_WS_HELLO_TIMEOUT", 5.0))
    #: A send that does not complete within this many seconds drops the connection.
    send_timeout: float = field(default_factory=lambda: _float("MEJA_WS_SEND_TIMEOUT", 10.0))
    #: Bytes waiting in one connection's outgoing queue before it counts as fallen behind.
    max_queued_bytes: int = field(default_factory=lambda: _int("MEJA_WS_QUEUE_BYTES", 1 << 20))
    #: Frames waiting in one connection's outgoing queue before it counts as fallen behind.
    max_queued_frames: int = field(default_factory=lambda: _int("MEJA_WS_QUEUE_FRAMES", 512))
    #: A room nobody is connected to is unloaded after this many seconds.
    room_idle: float = field(default_factory=lambda: _float("MEJA_ROOM_IDLE_SECONDS", 60.0))
    #: Actions one connection may send per second on average, and in one burst. A person
    #: acts a few times a second at most; the default leaves room for scripted play and
    #: stops a flood of thousands. (The peer benchmark, which drives one game as fast as it
    #: commits, passes 500/s a seat on a fast machine: bench/peer/run.sh lifts the limit.)
    actions_per_second: float = field(
        default_factory=lambda: _float("MEJA_WS_ACTIONS_PER_SECOND", 500.0))
    action_burst: int = field(default_factory=lambda: _int("MEJA_WS_ACTION_BURST", 1000))
    #: Other frames (sync, ping, malformed ones) per second and burst.
    frames_per_second: float = field(
        default_factory=lambda: _float("MEJA_WS_FRAMES_PER_SECOND", 50.0))
    frame_burst: int = field(default_factory=lambda: _int("MEJA_WS_FRAME_BURST", 100))
    #: Chat messages one connection may send per second on average, and in one burst: a
    #: quick exchange ("gg", "wp", "again?") passes, a paste loop does not.
    chat_per_second: float = field(
        default_factory=lambda: _float("MEJA_WS_CHAT_PER_SECOND", 0.5))
    chat_burst: int = field(default_factory=lambda: _int("MEJA_WS_CHAT_BURST", 5))
    #: Browser origins allowed besides the site's own (``MEJA_WS_ORIGINS``, comma separated;
    #: ``*`` allows any). A request without an Origin (not a browser) is always allowed.
    allowed_origins: tuple[str, ...] = field(default_factory=_origins)
    #: ``local`` (one process), ``postgres`` (LISTEN/NOTIFY between processes) or ``auto``
    #: (postgres on PostgreSQL, local on SQLite).
    fanout: str = field(default_factory=lambda: os.environ.get("MEJA_FANOUT", "auto"))

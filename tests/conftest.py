"""Databases and live servers for the service tests.

Every service test runs on both SQLite and PostgreSQL. PostgreSQL comes from
``MEJA_TEST_PG_URL`` (``make test`` starts a throwaway cluster and sets it); without it those
tests fail with a message saying how to run them, they are never skipped.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from app.config import Settings
from app.core.settings import normalize_db_url
from app.main import create_app
from app.realtime.wsproto import WS_MAX_SIZE, MejaWebSocketProtocol
from app.store.db import migrate


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _new_pg_database() -> tuple[str, Callable[[], None]]:
    """A freshly migrated PostgreSQL database of this test worker: its URL and what drops
    it."""
    base = os.environ.get("MEJA_TEST_PG_URL")
    if not base:
        pytest.fail("MEJA_TEST_PG_URL is not set: run the suite with `make test`, which starts "
                    "a throwaway PostgreSQL cluster (or point DATABASE_URL at one).")
    import psycopg

    base = normalize_db_url(base)
    name = f"meja_test_{_worker()}_{uuid.uuid4().hex[:8]}"
    admin = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = base.rsplit("/", 1)[0] + "/" + name
    migrate(url)

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    return url, drop


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A freshly migrated PostgreSQL database of this test worker."""
    url, drop = _new_pg_database()
    yield url
    drop()


#: Where the SQLite test files live: in memory when /dev/shm has room, so a commit (WAL mode,
#: synchronous FULL, as in production) waits for no disk flush; no test crashes the machine, so
#: what they check is the same (a container's default 64 MB /dev/shm is not used).
SHM = Path("/dev/shm")


def _in_memory_dir() -> Path | None:
    try:
        st = os.statvfs(SHM)
    except OSError:
        return None
    return SHM if os.access(SHM, os.W_OK) and st.f_bavail * st.f_frsize > 1 << 30 else None


def _new_sqlite_database(tmp_path_factory: pytest.TempPathFactory
                         ) -> tuple[str, Callable[[], None]]:
    """A freshly migrated SQLite file of this test worker: its URL and what removes it (an
    in-memory folder; pytest's temporary folders remove themselves)."""
    shm = _in_memory_dir()
    folder = Path(tempfile.mkdtemp(prefix=f"meja-test-{_worker()}-", dir=shm)) if shm \
        else tmp_path_factory.mktemp("db")
    url = f"sqlite:///{folder / 'meja.db'}"
    migrate(url)

    def remove() -> None:
        if shm:
            shutil.rmtree(folder, ignore_errors=True)
    return url, remove


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A freshly migrated SQLite file of this test worker."""
    url, remove = _new_sqlite_database(tmp_path_factory)
    yield url
    remove()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """Each service test runs once per supported database."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture(scope="session")
def own_db_url(db_url: str,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[], str]]:
    """Makes databases of ``db_url``'s kind that no other test server uses. Every server
    sends the notices (mail, webhooks) due in its database's outbox, so a server with its
    own notice settings needs a database of its own: on a shared one, another test server
    (no local webhooks allowed) took a retry due and refused it."""
    cleanups: list[Callable[[], None]] = []

    def make() -> str:
        url, cleanup = (_new_sqlite_database(tmp_path_factory) if db_url.startswith("sqlite")
                        else _new_pg_database())
        cleanups.append(cleanup)
        return url

    yield make
    for cleanup in cleanups:
        cleanup()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """A real uvicorn server on a free loopback port, running in a thread."""

    def __init__(self, database_url: str, bot_delay: float = 0.0, **settings: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        # The whole suite comes from one address: no per-IP rate limits unless a test asks.
        limits = {"rate_lobbies": 0, "rate_joins": 0, "rate_claims": 0, "rate_records": 0,
                  "rate_accounts": 0, "rate_signin_mails": 0, "rate_mine": 0, "rate_crews": 0,
                  "rate_push": 0}
        self.app = create_app(Settings(database_url=database_url, bot_delay=bot_delay,
                                       **{**limits, **settings}))
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws=MejaWebSocketProtocol, ws_max_size=WS_MAX_SIZE,
                                ws_per_message_deflate=False, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(db_url: str) -> Iterator[LiveServer]:
    """A running Meja service on each database (shared: tests use their own games)."""
    server = LiveServer(db_url).start()
    yield server
    server.stop()

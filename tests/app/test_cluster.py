"""Several server processes on one PostgreSQL (issue 17): LISTEN/NOTIFY fan-out, presence,
a killed process, a lost listener connection. PostgreSQL only: SQLite is one process."""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time

import psycopg

from app.core.settings import normalize_db_url
from tests.app.client import Viewer, http, open_table, watch_id
from tests.conftest import LiveServer, free_port


def _table(first: LiveServer, second: LiveServer) -> tuple[dict, Viewer, Viewer, Viewer]:
    """Host on the first process, guest and a spectator on the second."""
    return open_table(first, "race", guests_on=second)


def test_players_on_two_processes_see_every_move(pg_url: str) -> None:
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest, spec = _table(first, second)
        # Presence crosses processes too: the host sees the guest connected.
        host.wait_for(lambda f: f["type"] == "presence" and f["seats"][1]["connected"]
                      and f["spectators"] == 1)
        seen_by_other: list[float] = []
        players = (host, guest)
        for v in range(1000):
            mover, other = players[v % 2], players[(v + 1) % 2]
            t0 = time.perf_counter()
            assert mover.answer(mover.act({"type": "advance", "n": 1 + v % 6}))["type"] == \
                "accepted"
            other.wait_version(v + 1)
            seen_by_other.append(time.perf_counter() - t0)
            spec.wait_version(v + 1)  # a client that stops reading is dropped, by design
        spec.wait_version(1000)
        assert host.doc == guest.doc or host.doc["view"] == guest.doc["view"]
        assert spec.doc["view"] == host.doc["view"]
        assert [f["version"] for f in spec.frames if f["type"] == "patch"] == \
            list(range(1, 1001))
        ms = sorted(t * 1000 for t in seen_by_other)
        print(f"two processes, 1000 moves: move to other process's player p50 "
              f"{statistics.median(ms):.1f} ms, p99 {ms[989]:.1f} ms, max {ms[-1]:.1f} ms")
    finally:
        first.stop()
        second.stop()


def _spawn(db_url: str, **extra: str) -> tuple[subprocess.Popen, str]:
    """A server process of its own (so it can be killed) on ``db_url``; ``extra``: more
    environment (settings such as the presence lease)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": db_url, "MEJA_BOT_DELAY": "0", "LOG_LEVEL": "warning",
           **extra}
    proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if http.get(f"{url}/api/games", timeout=1).status_code == 200:
                return proc, url
        except Exception:
            pass
        assert time.monotonic() < deadline, "the server process did not start"
        time.sleep(0.1)


class _Proc:
    def __init__(self, url: str) -> None:
        self.url, self.ws_url = url, url.replace("http://", "ws://")


def test_a_killed_process_loses_nothing_acknowledged(pg_url: str) -> None:
    (p1, u1), (p2, u2) = _spawn(pg_url), _spawn(pg_url)
    try:
        first, second = _Proc(u1), _Proc(u2)
        lobby, host, guest, spec = _table(first, second)  # type: ignore[arg-type]
        acknowledged: list[int] = []
        for v in range(60):
            mover = (host, guest)[v % 2]
            if v == 30:
                p1.send_signal(signal.SIGKILL)  # the host's process dies mid-game
                p1.wait()
                # The host's client reconnects - to the other process - holding its version.
                host = Viewer(second.ws_url, lobby["game_id"], credential=lobby["credential"],
                              version=host.version)
                host.wait_for(lambda f: f["type"] in ("snapshot", "uptodate"))
                assert host.version == v
                mover = host
            answer = mover.answer(mover.act({"type": "advance", "n": 1}))
            assert answer["type"] == "accepted"
            acknowledged.append(answer["version"])
            for viewer in (host, guest):
                viewer.wait_version(answer["version"])
        hist = http.get(f"{second.url}/api/games/{lobby['game_id']}/history").json()
        assert [e["seq"] for e in hist["events"]] == acknowledged == list(range(1, 61))
        spec.wait_version(60)
        assert spec.doc["view"]["positions"] == [30, 30]
    finally:
        for p in (p1, p2):
            if p.poll() is None:
                p.terminate()
                p.wait(10)


def test_a_lost_listener_never_serves_a_stale_game(pg_url: str) -> None:
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest, spec = _table(first, second)
        fanout = second.app.state.hub.fanout
        good_dsn = fanout.dsn
        fanout.dsn = good_dsn.rsplit("/", 1)[0] + "/no_such_database"  # reconnects fail
        pid = fanout.listener.info.backend_pid
        admin = normalize_db_url(pg_url).replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
        deadline = time.monotonic() + 10
        while fanout.healthy:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        # A move on the first process while the second hears nothing.
        assert host.answer(host.act({"type": "advance", "n": 2}))["type"] == "accepted"
        time.sleep(0.3)
        assert guest.version == 0  # nobody told the second process
        # A newcomer on the deaf process is served the database's game, not its memory's.
        late = Viewer(second.ws_url, lobby["game_id"], watch=watch_id(lobby))
        snap = late.wait_for(lambda f: f["type"] == "snapshot")
        assert snap["version"] == 1 and snap["doc"]["view"]["positions"] == [2, 0]
        # The listener comes back and everyone on the second process catches up.
        fanout.dsn = good_dsn
        for v in (guest, spec):
            v.wait_version(1, timeout=20)
            assert v.doc["view"]["positions"] == [2, 0]
        assert guest.answer(guest.act({"type": "advance", "n": 1}))["version"] == 2
        host.wait_version(2)
    finally:
        first.stop()
        second.stop()

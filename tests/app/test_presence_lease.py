"""Presence across server processes has an owner and a lease (issue 43, items 1 and 2): a
killed process's players become free within a bound, and a hello on one process is told
at once who is connected to another. PostgreSQL only: SQLite is one process."""

from __future__ import annotations

import signal
import subprocess
import time
from typing import Any

from tests.app.client import Viewer, auth, create, http, join, start, watch_id
from tests.app.test_cluster import _Proc
from tests.app.test_cluster import _spawn as spawn
from tests.conftest import LiveServer

#: Short enough for a test, long enough for a loaded machine's heartbeats to keep it.
LEASE, HEARTBEAT = 4.0, 1.0
#: How long after a kill the seat must be free: the lease, one heartbeat of the survivor
#: (which drops the dead process from its rooms), and slack for a busy machine.
BOUND = LEASE + HEARTBEAT + 3.0


def _spawn(db_url: str) -> tuple[subprocess.Popen[bytes], str]:
    """A server process of its own (so it can be killed) with the test's lease."""
    return spawn(db_url, MEJA_PRESENCE_LEASE=str(LEASE), MEJA_PRESENCE_HEARTBEAT=str(HEARTBEAT))


def _seat_online(frame: dict[str, Any], seat: int) -> bool:
    return bool(frame["seats"][seat]["connected"])


def _settled(viewer: Viewer) -> None:
    """Wait until the server finished the hello (it answers frames only after it)."""
    viewer.ws.send('{"type":"ping"}')
    viewer.wait_for(lambda f: f["type"] == "pong")


def _hand_to_bot(server: _Proc, lobby: dict[str, Any], seat: int) -> Any:
    return http.post(f"{server.url}/api/games/{lobby['game_id']}/seats/{seat}/bot",
                     headers=auth(lobby["credential"]))


def test_a_killed_process_players_can_be_handed_to_a_bot(pg_url: str) -> None:
    (pa, ua), (pb, ub) = _spawn(pg_url), _spawn(pg_url)
    procs = [pa, pb]
    try:
        a, b = _Proc(ua), _Proc(ub)
        lobby = create(b, game="race", seats=2)
        friend = join(b, lobby, "Budi")
        start(b, lobby)
        # Budi plays on A only; the host's spectators are on B.
        budi = Viewer(a.ws_url, lobby["game_id"], credential=friend["credential"])
        budi.wait_for(lambda f: f["type"] == "snapshot")
        _settled(budi)
        spec = Viewer(b.ws_url, lobby["game_id"], watch=watch_id(lobby))
        spec.wait_for(lambda f: f["type"] == "presence" and _seat_online(f, 1))
        # While A lives, Budi is here: nobody may take his seat, through either process.
        assert _hand_to_bot(b, lobby, 1).status_code == 409

        pa.send_signal(signal.SIGKILL)
        pa.wait()
        killed = time.monotonic()
        # A restarts at once, on the same database: its former self's presence stays dead.
        pa2, ua2 = _spawn(pg_url)
        procs.append(pa2)
        a2 = _Proc(ua2)
        # B's spectator is told Budi is gone within the bound (it heard no goodbye).
        spec.wait_for(lambda f: f["type"] == "presence" and not _seat_online(f, 1),
                      timeout=25)
        seen_offline = time.monotonic() - killed
        # The database agrees at once: the restarted A (which never held Budi) reads it so.
        info = http.get(f"{a2.url}/api/games/{lobby['game_id']}",
                        headers=auth(lobby["credential"])).json()
        assert info["seats"][1]["connected"] is False
        # ...and the host hands the seat to a bot, through B.
        answer = _hand_to_bot(b, lobby, 1)
        freed = time.monotonic() - killed
        print(f"kill -9: seat offline for B's spectator after {seen_offline:.1f} s, "
              f"handed to a bot after {freed:.1f} s (lease {LEASE} s, heartbeat {HEARTBEAT} s)")
        assert answer.status_code == 200, answer.text
        assert answer.json()["seats"][1]["bot"] is True
        assert freed < BOUND
        # The bot plays Budi's turn (the host moves first), on whichever process it is held.
        host = Viewer(b.ws_url, lobby["game_id"], credential=lobby["credential"])
        host.wait_for(lambda f: f["type"] in ("snapshot", "uptodate"))
        assert host.answer(host.act({"type": "advance", "n": 1}))["type"] == "accepted"
        host.wait_version(2, timeout=15)
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(10)


def test_a_hello_on_another_process_sees_who_is_connected_at_once(pg_url: str) -> None:
    a, b = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby = create(a, game="race", seats=2)
        friend = join(a, lobby, "Budi")
        start(a, lobby)
        budi = Viewer(a.ws_url, lobby["game_id"], credential=friend["credential"])
        budi.wait_for(lambda f: f["type"] == "snapshot")
        _settled(budi)
        # B never held this game: its first presence frame is the truth, not an empty room
        # waiting for A's next re-announcement.
        t0 = time.monotonic()
        spec = Viewer(b.ws_url, lobby["game_id"], watch=watch_id(lobby))
        first = spec.wait_for(lambda f: f["type"] == "presence")
        assert _seat_online(first, 1), first
        assert not _seat_online(first, 0)  # the host connected nowhere
        assert time.monotonic() - t0 < 2.0
        # The lobby B serves says so too.
        info = http.get(f"{b.url}/api/games/{lobby['game_id']}",
                        headers=auth(lobby["credential"])).json()
        assert [s["connected"] for s in info["seats"]] == [False, True]
        # And when Budi leaves, B hears of it.
        budi.close()
        spec.wait_for(lambda f: f["type"] == "presence" and not _seat_online(f, 1))
    finally:
        a.stop()
        b.stop()

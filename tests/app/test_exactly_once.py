"""An action id is applied once, at any distance and across restarts (issue 17)."""

from __future__ import annotations

from tests.app.client import Viewer, create, http, join, start
from tests.conftest import LiveServer


def _race(server) -> tuple[dict, list[Viewer]]:
    lobby = create(server, game="race", seats=2)
    friend = join(server, lobby, "Budi")
    start(server, lobby)
    players = [Viewer(server.ws_url, lobby["game_id"], credential=c)
               for c in (lobby["credential"], friend["credential"])]
    for v in players:
        v.wait_for(lambda f: f["type"] == "snapshot")
    return lobby, players


def _events(server, game_id: str) -> list[dict]:
    return http.get(f"{server.url}/api/games/{game_id}/history").json()["events"]


def test_a_repeat_2000_moves_later_and_after_a_restart_is_not_reapplied(db_url: str) -> None:
    server = LiveServer(db_url).start()
    try:
        lobby, players = _race(server)
        first = players[0].answer(players[0].act({"type": "advance", "n": 1},
                                                 client_id="first-move"))
        assert first == {"type": "accepted", "id": "first-move", "version": 1}
        for v in range(1, 2001):
            mover = players[v % 2]
            mover.wait_version(v)
            assert mover.answer(mover.act({"type": "advance", "n": 1}))["type"] == "accepted"
        host = players[0]
        host.wait_version(2001)
        # Long out of every in-memory window; at the current version and legal again.
        again = host.answer(host.act({"type": "advance", "n": 6}, client_id="first-move"))
        assert again == {"type": "accepted", "id": "first-move", "version": 1}
        events = _events(server, lobby["game_id"])
        assert len(events) == 2001
    finally:
        server.stop()

    restarted = LiveServer(db_url).start()
    try:
        back = Viewer(restarted.ws_url, lobby["game_id"], credential=lobby["credential"])
        back.wait_for(lambda f: f["type"] == "snapshot")
        for version in (back.version, 0):  # current or ancient version: still the original
            cid = back.act({"type": "advance", "n": 6}, version=version, client_id="first-move")
            assert back.answer(cid) == {"type": "accepted", "id": "first-move", "version": 1}
        assert len(_events(restarted, lobby["game_id"])) == 2001
        # A fresh id is still applied (it is the guest's turn).
        guest = Viewer(restarted.ws_url, lobby["game_id"], credential=players[1].credential)
        guest.wait_for(lambda f: f["type"] == "snapshot")
        assert guest.answer(guest.act({"type": "advance", "n": 2}))["version"] == 2002
    finally:
        restarted.stop()


def test_the_database_refuses_a_second_event_with_the_same_seat_and_id(db_url: str) -> None:
    """Even a writer that skips every check (another process, a bug) cannot store a repeat."""
    import pytest
    from sqlalchemy import create_engine, insert
    from sqlalchemy.exc import IntegrityError

    from app.core.settings import normalize_db_url
    from app.store.store import now
    from app.store.tables import events

    server = LiveServer(db_url).start()
    try:
        lobby, players = _race(server)
        players[0].answer(players[0].act({"type": "advance", "n": 1}, client_id="only-once"))
    finally:
        server.stop()
    engine = create_engine(normalize_db_url(db_url))
    try:
        with pytest.raises(IntegrityError), engine.begin() as conn:
            conn.execute(insert(events).values(
                game_id=lobby["game_id"], seq=99, seat=0, client_id="only-once",
                action={"type": "advance", "n": 1}, log=[], created_at=now()))
    finally:
        engine.dispose()

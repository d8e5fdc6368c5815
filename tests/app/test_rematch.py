"""Rematch after a finished game (issue 13): one click per player, one new table."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import pytest
from sqlalchemy import func, select

from app.features import rematch as rematch_module
from app.store.tables import games
from tests.app.client import (
    Viewer,
    auth,
    create,
    hold,
    http,
    join,
    race,
    seated_lobby,
    start,
)
from tests.conftest import LiveServer


def finished_game(server: LiveServer, seats: int = 2, bots: tuple[int, ...] = (),
                  names: tuple[str, ...] = ("Budi",)) -> tuple[dict, dict[int, str], Viewer]:
    """A finished race (the host reached the goal in one move) and every human's credential;
    the host's viewer stays connected."""
    lobby, creds = seated_lobby(server, seats=seats, options={"goal": 1}, bots=bots,
                                names=names)
    start(server, lobby)
    host = Viewer(server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    assert host.answer(host.act({"type": "advance", "n": 1}))["type"] == "accepted"
    assert host.doc is not None and host.doc["outcome"] is not None
    return lobby, creds, host


def count_games(store: Any) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(games)).scalar_one())


def rematch(server: LiveServer, game_id: str, credential: str) -> Any:
    return http.post(f"{server.url}/api/games/{game_id}/rematch", headers=auth(credential))


def rematch_frame(v: Viewer, pred: Any = lambda f: True) -> dict[str, Any]:
    return v.wait_for(lambda f: f["type"] == "rematch" and pred(f))


def test_both_accept_and_the_new_table_starts_rotated(live_server: LiveServer) -> None:
    store = live_server.app.state.store
    lobby, creds, host = finished_game(live_server)
    gid = lobby["game_id"]
    guest = Viewer(live_server.ws_url, gid, credential=creds[1])
    guest.wait_for(lambda f: f["type"] == "snapshot")
    first = rematch(live_server, gid, creds[0])
    assert first.status_code == 200, first.text
    offer = first.json()
    assert offer["accepted"] == [0] and not offer["started"] and offer["seat"] == 1
    new_id = offer["game_id"]
    # Every player sees the offer live, and who accepted.
    seen = rematch_frame(guest)
    assert (seen["game_id"], seen["accepted"], seen["started"]) == (new_id, [0], False)
    second = rematch(live_server, gid, creds[1])
    assert second.status_code == 200, second.text
    assert second.json()["started"] and second.json()["seat"] == 0
    for v in (host, guest):
        done = rematch_frame(v, lambda f: f["started"])
        assert done["accepted"] == [0, 1] and done["game_id"] == new_id
    old, new = store.game(gid), store.game(new_id)
    assert old["rematch_id"] == new_id
    assert new["status"] == "active" and new["version"] == 0
    assert (new["kind"], new["options"], new["settings"], new["player_count"],
            new["spectators"], new["listed"]) == (
        old["kind"], old["options"], old["settings"], old["player_count"],
        old["spectators"], old["listed"])
    assert new["seed"] != old["seed"]
    assert new["watch_id"] != old["watch_id"] and new["invite_id"] != old["invite_id"]
    # The seat order rotated by one: Budi (seat 1) plays first now, Ana (the host) second.
    new_seats = store.seats(new_id)
    assert [(s["name"], s["is_host"], s["is_bot"]) for s in new_seats] == [
        ("Budi", False, False), ("Ana", True, False)]
    # Each new credential opens its new seat, and the old ones still open the old game only.
    for answer in (first.json(), second.json()):
        me = http.get(f"{live_server.url}/api/me", headers=auth(answer["credential"])).json()
        assert me == {"game_id": new_id, "seat": answer["seat"]}
    budi = Viewer(live_server.ws_url, new_id, credential=second.json()["credential"])
    snap = budi.wait_for(lambda f: f["type"] == "snapshot")
    assert snap["doc"]["status"] == "active" and snap["doc"]["to_act"] == [0]
    # A player who reconnects to the old game is told about the rematch again.
    again = Viewer(live_server.ws_url, gid, credential=creds[1])
    assert rematch_frame(again)["started"]
    for v in (host, guest, budi, again):
        v.close()


def test_a_rematch_accepted_while_a_reconnect_reads_the_offer_is_not_undone(
        live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby, creds, host = finished_game(live_server)
    gid = lobby["game_id"]
    assert rematch(live_server, gid, creds[0]).status_code == 200
    # The welcome's read returns the offer as it stood (Ana's acceptance only), then waits.
    read, release = hold(monkeypatch, rematch_module, "current")
    guest = Viewer(live_server.ws_url, gid, credential=creds[1])
    guest.wait_for(lambda f: f["type"] == "snapshot")
    assert read.wait(10)
    # Budi accepts from another tab while this one's welcome still holds the older offer.
    assert rematch(live_server, gid, creds[1]).json()["started"]
    assert rematch_frame(guest)["started"]
    release.set()
    guest.ws.send('{"type":"ping"}')
    after = guest.wait_for(lambda f: f["type"] in ("rematch", "pong"))
    # Nothing took the started rematch back to a waiting offer.
    assert after["type"] == "pong"
    for v in (host, guest):
        v.close()


def test_an_offer_delivered_after_the_acceptance_that_started_it_is_not_sent(
        live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby, creds, host = finished_game(live_server)
    gid = lobby["game_id"]
    guest = Viewer(live_server.ws_url, gid, credential=creds[1])
    guest.wait_for(lambda f: f["type"] == "snapshot")
    # Ana's offer is committed, and its handler waits before telling anyone.
    committed, release = hold(monkeypatch, rematch_module, "accept", first_only=True)
    with ThreadPoolExecutor(1) as pool:
        offer = pool.submit(rematch, live_server, gid, creds[0])
        assert committed.wait(10)
        second = rematch(live_server, gid, creds[1]).json()
        assert second["started"] and second["rev"] == 2
        # The offer (rev 1) may reach the guest first (another process's relay, a resend):
        # it was committed first. What must never come is rev 1 after rev 2 (checked below).
        started = rematch_frame(guest, lambda f: f["started"])
        assert started["rev"] == 2
        release.set()
        first = offer.result(10).json()
    # Ana's own answer says what her click did (the offer, the first change) ...
    assert (first["accepted"], first["started"], first["rev"]) == ([0], False, 1)
    # ... but no viewer is sent that older state after the newer one.
    assert rematch_frame(host, lambda f: f["started"])["rev"] == 2
    for v in (host, guest):
        v.ws.send('{"type":"ping"}')
        assert v.wait_for(lambda f: f["type"] in ("rematch", "pong"))["type"] == "pong"
        revs = [f["rev"] for f in v.frames if f["type"] == "rematch"]
        assert revs == sorted(revs), f"an older rematch state after a newer one: {revs}"
        v.close()


def test_bots_come_along_and_a_lone_human_starts_at_once(live_server: LiveServer) -> None:
    store = live_server.app.state.store
    lobby, creds, host = finished_game(live_server, seats=3, bots=(1, 2), names=())
    r = rematch(live_server, lobby["game_id"], creds[0])
    assert r.status_code == 200, r.text
    assert r.json()["started"] and r.json()["accepted"] == [0, 1, 2]
    seats = store.seats(r.json()["game_id"])
    assert [(s["name"], s["is_bot"]) for s in seats] == [
        ("Bayu", True), ("Dewi", True), ("Ana", False)]
    assert r.json()["seat"] == 2
    host.close()


def test_a_decline_calls_the_rematch_off_and_it_can_be_offered_again(
        live_server: LiveServer) -> None:
    store = live_server.app.state.store
    lobby, creds, host = finished_game(live_server)
    gid = lobby["game_id"]
    guest = Viewer(live_server.ws_url, gid, credential=creds[1])
    guest.wait_for(lambda f: f["type"] == "snapshot")
    no_offer = http.post(f"{live_server.url}/api/games/{gid}/rematch/decline",
                         headers=auth(creds[1]))
    assert no_offer.status_code == 409 and "Nobody" in no_offer.json()["detail"]
    first = rematch(live_server, gid, creds[0])
    assert first.status_code == 200
    declined = http.post(f"{live_server.url}/api/games/{gid}/rematch/decline",
                         headers=auth(creds[1]))
    assert declined.status_code == 200, declined.text
    assert declined.json()["declined"] == [1] and not declined.json()["started"]
    assert rematch_frame(host, lambda f: f["declined"] == [1])["accepted"] == [0]
    off_id = declined.json()["game_id"]
    assert store.game(off_id)["status"] == "abandoned"
    again = http.post(f"{live_server.url}/api/games/{gid}/rematch/decline",
                      headers=auth(creds[0]))
    assert again.status_code == 409 and "already off" in again.json()["detail"]
    # Budi changes his mind and offers the rematch himself: a new table, offered afresh.
    offer = rematch(live_server, gid, creds[1])
    assert offer.status_code == 200, offer.text
    new_id = offer.json()["game_id"]
    assert new_id != off_id
    assert (offer.json()["accepted"], offer.json()["declined"]) == ([1], [])
    for v in (host, guest):
        seen = rematch_frame(v, lambda f: f["game_id"] == new_id)
        assert (seen["accepted"], seen["declined"], seen["started"]) == ([1], [], False)
    # Ana accepts: the new table starts, rotated as ever; the declined one stays off.
    accepted = rematch(live_server, gid, creds[0])
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["started"] and accepted.json()["game_id"] == new_id
    assert rematch_frame(host, lambda f: f["started"])["accepted"] == [0, 1]
    assert store.game(new_id)["status"] == "active"
    assert store.game(gid)["rematch_id"] == new_id
    assert store.game(off_id)["status"] == "abandoned"
    assert [s["name"] for s in store.seats(new_id)] == ["Budi", "Ana"]
    ana = Viewer(live_server.ws_url, new_id, credential=accepted.json()["credential"])
    assert ana.wait_for(lambda f: f["type"] == "snapshot")["doc"]["status"] == "active"
    # Once started it cannot be called off, nor offered once more.
    late = http.post(f"{live_server.url}/api/games/{gid}/rematch/decline",
                     headers=auth(creds[1]))
    assert late.status_code == 409 and "started" in late.json()["detail"]
    for v in (host, guest, ana):
        v.close()


def test_rematch_needs_a_finished_game_and_a_seat(live_server: LiveServer) -> None:
    lobby = create(live_server, seats=2)
    friend = join(live_server, lobby, "Budi")
    start(live_server, lobby)
    live = rematch(live_server, lobby["game_id"], friend["credential"])
    assert live.status_code == 409 and "over" in live.json()["detail"]
    anon = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/rematch")
    assert anon.status_code == 401
    done, creds, host = finished_game(live_server)
    elsewhere = rematch(live_server, done["game_id"], friend["credential"])
    assert elsewhere.status_code == 403
    assert rematch(live_server, done["game_id"], creds[0]).status_code == 200
    twice = rematch(live_server, done["game_id"], creds[0])
    assert twice.status_code == 409 and "already accepted" in twice.json()["detail"]
    host.close()


def test_two_clicks_at_once_create_one_table(servers: tuple[LiveServer, LiveServer]) -> None:
    a, b = servers
    store = a.app.state.store
    for _ in range(5):
        lobby, creds, host = finished_game(a)
        gid = lobby["game_id"]
        before = count_games(store)
        first, second = race(partial(rematch, a, gid, creds[0]),
                             partial(rematch, b, gid, creds[1]))
        assert (first.status_code, second.status_code) == (200, 200), (first.text, second.text)
        assert first.json()["game_id"] == second.json()["game_id"] == store.game(gid)["rematch_id"]
        assert first.json()["started"] or second.json()["started"]
        new = store.game(first.json()["game_id"])
        assert new["status"] == "active"
        assert count_games(store) == before + 1  # one new table, not two
        assert {first.json()["seat"], second.json()["seat"]} == {0, 1}
        # The host's viewer (on the first process) hears it started, wherever it happened
        # (two processes tell each other on PostgreSQL; SQLite serves one process).
        if a is b or store.engine.dialect.name == "postgresql":
            rematch_frame(host, lambda f: f["started"])
        host.close()

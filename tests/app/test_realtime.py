"""Real HTTP + WebSocket play: sync, hidden information, reconnects, races, bad frames."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.app.client import Viewer, auth, create, http, join, open_table, start
from tests.conftest import LiveServer

SECRET = re.compile(r"SECRET-\d{3}")


def secret_table(server):
    """A started 2-player game of the hidden-information engine, with a spectator."""
    return open_table(server, "secret-test")


def play(viewer: Viewer) -> dict:
    """Play the first legal action this viewer's document offers; returns the answer."""
    template = viewer.doc["legal"][-1]
    action = {k: (v["$choice"][0] if isinstance(v, dict) else v) for k, v in template.items()}
    return viewer.answer(viewer.act(action))


def test_players_and_spectator_see_the_same_public_changes(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    for turn in range(6):
        mover = host if turn % 2 == 0 else guest
        assert play(mover)["type"] == "accepted"
        for v in (host, guest, spec):
            v.wait_version(turn + 1)
    public = {k: host.doc["view"][k] for k in ("hand_sizes", "deck_size", "played", "current")}
    for v in (guest, spec):
        assert {k: v.doc["view"][k] for k in public} == public
        assert v.doc["to_act"] == host.doc["to_act"]
    public_log = [ln["text"] for ln in host.log if not ln["private"]]
    assert public_log == [ln["text"] for ln in spec.log]
    assert len(public_log) == 6


def test_hidden_information_never_reaches_spectators_or_opponents(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    for turn in range(10):  # the 12th turn ends the game, which reveals the seed
        mover = host if turn % 2 == 0 else guest
        play(mover)
        for v in (host, guest, spec):
            v.wait_version(turn + 1)
    seen_own: dict[str, set[str]] = {"host": set(), "guest": set()}
    for name, v in (("host", host), ("guest", guest)):
        for text in v.raw:
            frame = json.loads(text)
            if frame["type"] == "snapshot":
                seen_own[name] |= set(frame["doc"]["view"]["hand"] or [])
            for op in frame.get("ops", []):
                if op["path"].startswith("/view/hand"):
                    seen_own[name] |= set(SECRET.findall(json.dumps(op)))
    # A spectator never receives a single card; each player only the cards that were theirs.
    assert not any(SECRET.search(t) for t in spec.raw)
    for name, v in (("host", host), ("guest", guest)):
        leaked = {c for t in v.raw for c in SECRET.findall(t)} - seen_own[name]
        private = {c for ln in v.log if ln["private"] for c in SECRET.findall(ln["text"])}
        assert leaked <= private, f"{name} saw cards that were never theirs: {leaked - private}"
        assert seen_own["host"].isdisjoint(seen_own["guest"])
    # The seed stays on the server while the game runs.
    game = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/history").json()
    assert game["seed"] is None
    assert all('"seed"' not in t and '"rng"' not in t for v in (host, guest, spec) for t in v.raw)


def test_seed_is_revealed_only_after_the_end(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    for turn in range(12):
        play(host if turn % 2 == 0 else guest)
        for v in (host, guest, spec):
            v.wait_version(turn + 1)
    assert spec.doc["outcome"] is not None and spec.doc["status"] == "finished"
    hist = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/history").json()
    assert isinstance(hist["seed"], int) and len(hist["actions"]) == 12


def test_a_dropped_connection_resumes_without_losing_or_repeating(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    play(host)
    guest.wait_version(1)
    guest.close()
    # The guest comes back holding version 1: nothing was missed, so nothing is resent.
    back = Viewer(live_server.ws_url, lobby["game_id"], credential=guest.credential, version=1)
    assert back.wait_for(lambda f: f["type"] in ("snapshot", "uptodate"))["version"] == 1
    back.close()
    # The host acts twice... it is the guest's turn, so the guest (on a new connection that
    # missed nothing) plays, then drops again while the host plays.
    again = Viewer(live_server.ws_url, lobby["game_id"], credential=guest.credential)
    again.wait_for(lambda f: f["type"] == "snapshot")
    assert play(again)["type"] == "accepted"
    again.close()
    host.wait_version(2)
    assert play(host)["type"] == "accepted"
    # Reconnecting with an old version brings a snapshot at the current version.
    late = Viewer(live_server.ws_url, lobby["game_id"], credential=guest.credential, version=2)
    snap = late.wait_for(lambda f: f["type"] in ("snapshot", "uptodate"))
    assert snap["type"] == "snapshot" and snap["version"] == 3
    assert late.doc["to_act"] == [1] and late.doc["legal"]
    # Every version arrived exactly once at the spectator, in order.
    spec.wait_version(3)
    versions = [f["version"] for f in spec.frames if f["type"] == "patch"]
    assert versions == [1, 2, 3]


def test_a_repeated_action_id_is_applied_once(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    cid = host.act({"type": "draw"}, version=0, client_id="same-id")
    first = host.answer(cid)
    host.act({"type": "draw"}, version=0, client_id="same-id")
    second = host.answer("same-id")
    assert first == second and first["version"] == 1
    spec.wait_version(1)
    time.sleep(0.2)
    hist = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/history").json()
    assert len(hist["events"]) == 1


def test_two_racing_actions_at_one_version_yield_exactly_one_accepted(live_server) -> None:
    lobby = create(live_server, game="race", seats=2)
    friend = join(live_server, lobby, "Budi")
    start(live_server, lobby)
    a = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    b = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    for v in (a, b):
        v.wait_for(lambda f: f["type"] == "snapshot")
    ca = a.act({"type": "advance", "n": 3}, version=0)
    cb = b.act({"type": "advance", "n": 5}, version=0)
    answers = [a.answer(ca)["type"], b.answer(cb)["type"]]
    assert sorted(answers) == ["accepted", "rejected"]
    loser = b if answers[1] == "rejected" else a
    assert any(f.get("code") == "stale" for f in loser.frames)
    # The loser is handed a fresh snapshot and the state holds exactly one advance.
    loser.wait_for(lambda f: f["type"] == "snapshot" and f["version"] == 1)
    assert sum(loser.doc["view"]["positions"]) in (3, 5)
    del friend


def test_racing_writers_in_two_server_processes(db_url: str) -> None:
    """Two servers (separate rooms, separate pools) on one database: one wins, one is stale."""
    first, second = LiveServer(db_url).start(), LiveServer(db_url).start()
    try:
        lobby = create(first, game="race", seats=2)
        join(first, lobby, "Budi")
        start(first, lobby)
        a = Viewer(first.ws_url, lobby["game_id"], credential=lobby["credential"])
        b = Viewer(second.ws_url, lobby["game_id"], credential=lobby["credential"])
        for v in (a, b):
            v.wait_for(lambda f: f["type"] == "snapshot")
        ca, cb = a.act({"type": "advance", "n": 2}), b.act({"type": "advance", "n": 4})
        answers = sorted([a.answer(ca)["type"], b.answer(cb)["type"]])
        assert answers == ["accepted", "rejected"]
        hist = http.get(f"{first.url}/api/games/{lobby['game_id']}/history").json()
        assert [e["seq"] for e in hist["events"]] == [1]
    finally:
        first.stop()
        second.stop()


def test_rule_and_malformed_actions_are_refused_with_reasons(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    answer = guest.answer(guest.act({"type": "draw"}))
    assert answer["code"] == "rule" and "not your turn" in answer["reason"]
    answer = host.answer(host.act({"type": "play", "card": "SECRET-999"}))
    assert answer["code"] == "rule" and "do not hold" in answer["reason"]
    answer = host.answer(host.act({"type": "fly"}))
    assert answer["code"] == "invalid"
    answer = host.answer(host.act({"type": "draw"}, version=7))
    assert answer["code"] == "stale"
    host.wait_for(lambda f: f["type"] == "snapshot")
    spec.ws.send(json.dumps({"type": "action", "id": "s1", "version": 0,
                             "action": {"type": "draw"}}))
    assert spec.answer("s1")["code"] == "forbidden"


@pytest.mark.parametrize("frame", ["not json", "{}", '{"type":"action"}', "[1,2]",
                                   '{"type":"hello","credential":"x"}', "x" * 70_000,
                                   '{"type":"action","id":"' + "i" * 100 + '","version":0,'
                                   '"action":{}}'])
def test_malformed_and_oversized_frames_get_an_error_frame(live_server, frame: str) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    host.ws.send(frame)
    err = host.wait_for(lambda f: f["type"] == "error")
    assert err["reason"]
    # The connection survives and still plays.
    assert play(host)["type"] == "accepted"


def test_bad_hellos_are_refused(live_server) -> None:
    lobby = create(live_server, game="race", seats=2, spectators=False)
    v = Viewer(live_server.ws_url, lobby["game_id"], watch="anything")
    assert v.wait_for(lambda f: f["type"] == "error")["fatal"] is True
    v = Viewer(live_server.ws_url, lobby["game_id"], credential="wrong")
    assert "not valid" in v.wait_for(lambda f: f["type"] == "error")["reason"]
    v = Viewer(live_server.ws_url, "no-such-game", credential="wrong")
    assert v.wait_for(lambda f: f["type"] == "error")["fatal"] is True
    other = create(live_server, game="race", seats=2)
    v = Viewer(live_server.ws_url, lobby["game_id"], credential=other["credential"])
    assert v.wait_for(lambda f: f["type"] == "error")["fatal"] is True


def test_presence_travels_outside_the_document(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    guest.close()
    host.wait_for(lambda f: f["type"] == "presence" and f["spectators"] == 1
                  and f["seats"][1]["connected"])
    frame = host.wait_for(lambda f: f["type"] == "presence")
    assert frame["seats"][1]["connected"] is False
    assert frame["seats"][0]["connected"] is True and frame["spectators"] == 1
    assert host.version == 0  # presence did not touch the versioned document


def test_lobby_changes_reach_the_lobby_page_live(live_server) -> None:
    lobby = create(live_server, game="race", seats=2)
    host = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    join(live_server, lobby, "Budi")
    frame = host.wait_for(lambda f: f["type"] == "lobby")
    assert frame["lobby"]["seats"][1]["name"] == "Budi"
    start(live_server, lobby)
    host.wait_for(lambda f: f["type"] == "snapshot" and f["doc"]["status"] == "active")
    assert host.doc["legal"] == [{"type": "advance", "n": {"$range": [1, 6]}}]
    assert host.doc["to_act"] == [0]


def test_a_claimed_seat_closes_the_old_devices_connection(live_server) -> None:
    lobby, host, guest, spec = secret_table(live_server)
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/1/reissue",
                  headers=auth(lobby["credential"]))
    claim_id = r.json()["claim_url"].rsplit("/", 1)[1]
    http.post(f"{live_server.url}/api/claims/{claim_id}")
    frame = guest.wait_for(lambda f: f["type"] == "error")
    assert frame["fatal"] is True and frame["code"] == "seat_lost"
    assert "another device" in frame["reason"]


def test_reordered_seats_keep_their_connections_straight(live_server) -> None:
    lobby = create(live_server, game="race", seats=2)
    friend = join(live_server, lobby, "Budi")
    host = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    guest = Viewer(live_server.ws_url, lobby["game_id"], credential=friend["credential"])
    for v in (host, guest):
        v.wait_for(lambda f: f["type"] == "snapshot")
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/order",
                  json={"order": [1, 0]}, headers=auth(lobby["credential"]))
    assert [s["name"] for s in r.json()["seats"]] == ["Budi", "Host"]
    # Re-issuing Budi's seat (now seat 0) must close Budi's connection, not the host's.
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/0/reissue",
                  headers=auth(lobby["credential"]))
    http.post(f"{live_server.url}/api/claims/{r.json()['claim_url'].rsplit('/', 1)[1]}")
    assert guest.wait_for(lambda f: f["type"] == "error")["code"] == "seat_lost"
    start(live_server, lobby)
    host.wait_for(lambda f: f["type"] == "snapshot" and f["doc"]["status"] == "active")
    assert host.doc["to_act"] == [0] and host.doc["legal"] == []  # the host is seat 1 now

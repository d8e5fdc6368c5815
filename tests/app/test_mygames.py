"""My games: the summary of every seat a browser holds (``POST /api/mine``) and the feed
that keeps it live (``/ws/mine/feed``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.sync.client import connect

from engines.registry import register
from tests.app.client import Viewer, auth, http, join, seated_lobby, start
from tests.app.clock_support import T0, FakeTime
from tests.app.secret_engine import ENGINE as SECRET_ENGINE
from tests.app.secret_engine import SECRET_PREFIX
from tests.app.test_clocks import TURN
from tests.conftest import LiveServer

register(SECRET_ENGINE)
ADVANCE = {"type": "advance", "n": 1}



def mine(server: LiveServer, seats: dict[str, str]) -> dict[str, Any]:
    r = http.post(f"{server.url}/api/mine",
                  json={"seats": [{"game_id": g, "credential": c} for g, c in seats.items()]})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def game(server: LiveServer, settings: dict[str, Any] | None = None, kind: str = "race",
         options: dict[str, Any] | None = None) -> tuple[str, dict[int, str]]:
    """A started two-seat table of Ana (seat 0) and Budi: its id and their credentials."""
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": kind, "seats": 2, "host_name": "Ana", "options": options or {},
        "settings": settings or {}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    budi = join(server, lobby, "Budi")
    start(server, lobby)
    return lobby["game_id"], {0: lobby["credential"], 1: budi["credential"]}


def play(server: LiveServer, game_id: str, cred: str, action: dict[str, Any]) -> None:
    v = Viewer(server.ws_url, game_id, credential=cred)
    v.wait_for(lambda f: f["type"] == "snapshot")
    assert v.answer(v.act(action))["type"] == "accepted"
    v.close()


def test_games_are_grouped_with_clock_opponents_and_last_move(
        server: LiveServer, fake: FakeTime) -> None:
    """Your turn / waiting / finished, each with the opponents, the clock left on a timed
    table and the last move; a lobby not started yet waits too."""
    turn, turn_creds = game(server, {"time_control": TURN})
    waiting, waiting_creds = game(server)
    play(server, waiting, waiting_creds[0], ADVANCE)
    over, over_creds = game(server, options={"goal": 1})
    play(server, over, over_creds[0], ADVANCE)
    lobby, lobby_creds = seated_lobby(server)
    fake.t += 600  # ten minutes of Ana's hour spent
    answer = mine(server, {turn: turn_creds[0], waiting: waiting_creds[0],
                           over: over_creds[0], lobby["game_id"]: lobby_creds[0]})
    assert answer["stale"] == []
    by_id = {g["game_id"]: g for g in answer["games"]}
    assert by_id[turn]["group"] == "your_turn"
    assert by_id[turn]["clock"]["kind"] == "turn"
    assert by_id[turn]["clock"]["left"] == 3_000_000
    assert by_id[turn]["clock"]["deadline"] == round((fake.t + 3000) * 1000)
    assert by_id[waiting]["group"] == "waiting" and by_id[waiting]["clock"] is None
    assert [p["name"] for p in by_id[waiting]["players"]] == ["Ana", "Budi"]
    assert [p["to_act"] for p in by_id[waiting]["players"]] == [False, True]
    last = by_id[waiting]["last"]
    assert last["key"] == "race.log.advanced" and last["params"]["seat"] == {"seat": 0}
    assert by_id[over]["group"] == "finished" and by_id[over]["rank"] == 1
    assert by_id[lobby["game_id"]]["group"] == "waiting"
    assert by_id[lobby["game_id"]]["status"] == "lobby"
    # Budi's seat of the same table: it is his turn there, and Ana's game waits.
    assert mine(server, {waiting: waiting_creds[1]})["games"][0]["group"] == "your_turn"
    assert mine(server, {turn: turn_creds[1]})["games"][0]["group"] == "waiting"
    fake.t = T0


def test_nothing_hidden_is_told(server: LiveServer) -> None:
    """The opponent's private line (the card Ana drew) never reaches Budi's summary; the
    state and the seed never reach anybody's."""
    gid, creds = game(server, kind="secret-test")
    play(server, gid, creds[0], {"type": "draw"})
    budi = mine(server, {gid: creds[1]})
    text = json.dumps(budi)
    assert SECRET_PREFIX not in text
    assert budi["games"][0]["last"]["text"] == "{seat0} drew a card."
    ana = mine(server, {gid: creds[0]})
    assert ana["games"][0]["last"]["text"].startswith("You drew ")  # her own line
    for answer in (budi, ana):
        assert "state" not in answer["games"][0] and "seed" not in answer["games"][0]
        assert "credential" not in json.dumps(answer)


def test_stale_credentials_are_reported_not_refused(server: LiveServer) -> None:
    """A forgotten seat, a credential of another game and a made-up one are listed as
    stale beside the games that are fine."""
    gid, creds = game(server)
    other, other_creds = game(server)
    lobby, lobby_creds = seated_lobby(server, names=("Budi",))
    left = http.post(f"{server.url}/api/games/{lobby['game_id']}/leave",
                     headers=auth(lobby_creds[1]))
    assert left.status_code == 200, left.text
    answer = mine(server, {gid: creds[0], other: creds[1], "nosuchgame1": "made-up",
                           lobby["game_id"]: lobby_creds[1]})
    assert [g["game_id"] for g in answer["games"]] == [gid]
    assert sorted(answer["stale"]) == sorted([other, "nosuchgame1", lobby["game_id"]])
    assert other_creds  # the other table is untouched


@pytest.mark.parametrize(("body", "status"), [
    ({"seats": [{"game_id": f"g{i}", "credential": "x"} for i in range(101)]}, 422),
    ({"seats": [{"game_id": "g1"}]}, 422),
    ({"seats": [{"game_id": "bad id!", "credential": "x"}]}, 422),
    ({"seats": [], "extra": 1}, 422),
    ("not json", 400),
])
def test_bad_requests_are_refused_with_a_sentence(server: LiveServer, body: Any,
                                                   status: int) -> None:
    if isinstance(body, str):
        r = http.post(f"{server.url}/api/mine", content=body,
                      headers={"Content-Type": "application/json"})
    else:
        r = http.post(f"{server.url}/api/mine", json=body)
    assert r.status_code == status, r.text
    assert r.json()["detail"]


def test_the_list_is_rate_limited(db_url: str) -> None:
    srv = LiveServer(db_url, rate_mine=2).start()
    try:
        codes = [http.post(f"{srv.url}/api/mine", json={"seats": []}) for _ in range(3)]
        assert [r.status_code for r in codes] == [200, 200, 429]
        assert codes[2].headers["Retry-After"]
        body = codes[2].json()
        assert body["detail"].startswith("Too many")
        assert body["params"]["what"] == {"term": "api.limited.mine"}
    finally:
        srv.stop()


def test_the_feed_tells_a_move_at_a_table(server: LiveServer) -> None:
    """A page following its games hears at once when the opponent moved: the game moves
    from "waiting" to "your turn", with the opponent's move as the last line."""
    gid, creds = game(server)
    quiet, quiet_creds = game(server)
    feed = connect(f"{server.ws_url}/ws/mine/feed", open_timeout=10)
    try:
        feed.send(json.dumps({"type": "follow", "seats": [
            {"game_id": gid, "credential": creds[1]},
            {"game_id": quiet, "credential": quiet_creds[1]},
            {"game_id": "nosuchgame2", "credential": "nope"}]}))
        first = json.loads(feed.recv(timeout=10))
        assert first["type"] == "mine" and first["all"] is True
        assert {g["game_id"]: g["group"] for g in first["games"]} == {
            gid: "waiting", quiet: "waiting"}
        assert first["stale"] == ["nosuchgame2"]
        assert server.app.state.mygames.followers(gid) == 1
        play(server, gid, creds[0], ADVANCE)
        frame = json.loads(feed.recv(timeout=10))
        assert frame["type"] == "mine" and "all" not in frame
        assert [g["game_id"] for g in frame["games"]] == [gid]  # only what changed
        assert frame["games"][0]["group"] == "your_turn"
        assert frame["games"][0]["last"]["params"]["seat"] == {"seat": 0}
        feed.send(json.dumps({"type": "follow", "seats": "nope"}))
        assert "Malformed frame" in json.loads(feed.recv(timeout=10))["reason"]
    finally:
        feed.close()


def test_the_feed_hears_a_move_made_in_another_process(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes on one PostgreSQL database: the page's feed is served by one, the
    opponent plays through the other, and the feed still tells the move (the followed
    room stays loaded, though idle rooms are unloaded at once, so it hears the other
    process's commit)."""
    first = LiveServer(pg_url).start()
    monkeypatch.setenv("MEJA_ROOM_IDLE_SECONDS", "0")
    second = LiveServer(pg_url).start()
    try:
        gid, creds = game(first)
        feed = connect(f"{second.ws_url}/ws/mine/feed", open_timeout=10)
        try:
            feed.send(json.dumps({"type": "follow", "seats": [
                {"game_id": gid, "credential": creds[1]}]}))
            assert json.loads(feed.recv(timeout=10))["games"][0]["group"] == "waiting"
            hub = second.app.state.hub
            assert hub.rt.room_idle == 0
            hub.unload_idle()  # a followed room is never unloaded
            assert hub.loaded(gid) is not None
            play(first, gid, creds[0], ADVANCE)
            frame = json.loads(feed.recv(timeout=10))
            assert frame["games"][0]["group"] == "your_turn"
        finally:
            feed.close()
    finally:
        first.stop()
        second.stop()

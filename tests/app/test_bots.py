"""Bots fill seats, take over seats whose player left, and carry on after a restart."""

from __future__ import annotations

import random
import time

import pytest

from app.store.replaycheck import ReplayCheck, replay_check
from engines.core.templates import expand_template
from engines.registry import all_engines
from tests.app.client import Viewer, auth, create, http, join, start, watch_id
from tests.conftest import LiveServer


def add_bot(server, lobby, seat: int) -> dict:
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/seats/{seat}/bot",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    return r.json()


def test_a_bot_answers_the_human_move(live_server) -> None:
    lobby = create(live_server, game="race", seats=3, options={"goal": 1000})
    add_bot(live_server, lobby, 1)
    add_bot(live_server, lobby, 2)
    start(live_server, lobby)
    me = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    me.wait_for(lambda f: f["type"] == "snapshot")
    assert me.answer(me.act({"type": "advance", "n": 6}))["type"] == "accepted"
    me.wait_version(3)  # both bots moved after the commit that made it their turn
    assert me.doc["to_act"] == [0]
    assert all(p > 0 for p in me.doc["view"]["positions"])


def test_host_hands_a_left_players_seat_to_a_bot(live_server) -> None:
    lobby = create(live_server, game="race", seats=2, options={"goal": 1000})
    friend = join(live_server, lobby, "Budi")
    start(live_server, lobby)
    me = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    me.wait_for(lambda f: f["type"] == "snapshot")
    me.answer(me.act({"type": "advance", "n": 1}))
    me.wait_version(1)
    # Budi is connected: the host cannot take the seat from under them.
    budi = Viewer(live_server.ws_url, lobby["game_id"], credential=friend["credential"])
    budi.wait_for(lambda f: f["type"] == "snapshot")
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/1/bot",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 409
    budi.close()
    http.post(f"{live_server.url}/api/games/{lobby['game_id']}/leave",
              headers=auth(friend["credential"]))
    info = add_bot(live_server, lobby, 1)
    assert info["seats"][1]["bot"] is True and info["seats"][1]["name"] == "Budi (bot)"
    me.wait_version(2)  # the bot took the waiting turn at once
    assert me.doc["to_act"] == [0]


def test_bots_carry_on_after_a_server_restart(db_url: str) -> None:
    slow = LiveServer(db_url, bot_delay=120).start()
    lobby = create(slow, game="race", seats=2, options={"goal": 1000})
    add_bot(slow, lobby, 1)
    r = http.post(f"{slow.url}/api/games/{lobby['game_id']}/seats/order", json={"order": [1, 0]},
                  headers=auth(lobby["credential"]))
    assert r.json()["seats"][0]["bot"] is True
    start(slow, lobby)  # the bot moves first, but this server makes it wait two minutes
    slow.stop()
    fresh = LiveServer(db_url, bot_delay=0).start()
    try:
        spec = Viewer(fresh.ws_url, lobby["game_id"], watch=watch_id(lobby))
        spec.wait_version(1, timeout=15)
        assert spec.doc["to_act"] == [1] and spec.doc["view"]["positions"][0] > 0
    finally:
        fresh.stop()


GAMES = sorted(all_engines())


@pytest.mark.parametrize("game", GAMES)
def test_stored_state_equals_replay_of_the_stored_history(pg_url: str, game: str) -> None:
    """For every game: play through the service, then replay the database's event history
    from the seed; the result must be the stored snapshot, byte for byte."""
    engine = all_engines()[game]
    server = LiveServer(pg_url).start()
    try:
        lobby = create(server, game=game, seats=engine.min_players,
                       options={"goal": 60} if game == "race" else {})
        for seat in range(1, engine.min_players):
            add_bot(server, lobby, seat)
        start(server, lobby)
        me = Viewer(server.ws_url, lobby["game_id"], credential=lobby["credential"])
        me.wait_for(lambda f: f["type"] == "snapshot")
        rng = random.Random(7)
        while me.version < 40 and me.doc["outcome"] is None:
            if me.doc["legal"] and 0 in me.doc["to_act"]:
                before = me.version
                action = expand_template(rng.choice(me.doc["legal"]), rng)
                answer = me.answer(me.act(action))
                if answer["type"] == "rejected" and answer["code"] == "stale":
                    # Another seat (a bot) acted at the same time: take the fresh state.
                    me.wait_for(lambda f: f["type"] == "snapshot")
                    continue
                assert answer["type"] == "accepted", (action, answer)
                me.wait_version(before + 1)
            else:
                me.wait_for(lambda f: f["type"] in ("patch", "snapshot"), timeout=30)
        server.stop()  # bots stop too, so the row and the history are read at one moment
        store = server.app.state.store
        row = store.game(lobby["game_id"])
        assert row["version"] >= 1 and row["rules_version"] == engine.rules_version
        assert replay_check(store, lobby["game_id"]) is ReplayCheck.SAME
    finally:
        server.stop()


def test_a_bot_does_not_race_a_human_listed_before_it(live_server) -> None:
    """An engine whose to_act names the awaited human first and a bot that may optionally
    act after it: the bot waits instead of turning the human's move stale."""
    from engines.registry import register
    from tests.app.secret_engine import SecretEngine

    class Optional(SecretEngine):
        id = "optional-test"

        def to_act(self, state):  # the current seat is awaited; seat 1 may always act
            base = super().to_act(state)
            return base + [1] if base and base[0] != 1 else base

        def awaited(self, state):  # the game waits for the current seat only
            return super().to_act(state)

        def legal_actions(self, state, seat):
            if seat == 1 and state["current"] != 1 and state["deck"] and state["turns"] < 12:
                return [{"type": "draw"}]
            return super().legal_actions(state, seat)

        def apply(self, state, seat, action):
            if seat == 1 and state["current"] != 1:
                state = {**state, "current": 1}
            return super().apply(state, seat, action)

    register(Optional())
    lobby = create(live_server, game="optional-test", seats=2)
    add_bot(live_server, lobby, 1)
    start(live_server, lobby)
    me = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    me.wait_for(lambda f: f["type"] == "snapshot")
    assert me.doc["to_act"] == [0, 1] and me.doc["awaited"] == [0]
    time.sleep(0.5)  # a bot that raced would have moved by now (no bot delay in tests)
    assert me.answer(me.act({"type": "draw"}))["type"] == "accepted"
    me.wait_version(2)  # after the human, the bot (now awaited) moves at once
    assert me.doc["to_act"][0] == 0

"""A game keeps the rules version it started with.

After the server's rules change (the engine's ``rules_version`` is bumped and its rules
differ), a game stored under the older version continues from its stored snapshot, never
from a replay under the new rules; its page says which rules it is played by; and the
replay-equality check compares only games of the current version.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from app.store.replaycheck import ReplayCheck, replay_check
from engines.core.line import replay
from engines.race import ENGINE as RACE
from engines.race.engine import RaceEngine
from tests.app.client import Viewer, auth, create, http, join, start
from tests.conftest import LiveServer

GOAL = {"goal": 1000}


def new_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules version 2 of the race: every runner starts ten steps ahead."""
    old_setup = RaceEngine.setup

    def setup(self: RaceEngine, player_count: int, options: dict[str, Any],
              seed: int) -> dict[str, Any]:
        state = old_setup(self, player_count, options, seed)
        state["positions"] = [10] * player_count
        return state

    monkeypatch.setattr(RaceEngine, "setup", setup)
    monkeypatch.setattr(RaceEngine, "rules_version", "2")


@pytest.fixture
def server(db_url: str) -> Iterator[LiveServer]:
    """A fresh server per test: the rules change between two of them, as on an upgrade."""
    live = LiveServer(db_url).start()
    yield live
    live.stop()


def info(server: LiveServer, lobby: dict[str, Any]) -> dict[str, Any]:
    r = http.get(f"{server.url}/api/games/{lobby['game_id']}", headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    return r.json()


def move(server: LiveServer, credential: str, game_id: str, n: int) -> dict[str, Any]:
    """One advance over the WebSocket; returns the document after it."""
    me = Viewer(server.ws_url, game_id, credential=credential)
    try:
        me.wait_for(lambda f: f["type"] == "snapshot")
        before = me.version
        answer = me.answer(me.act({"type": "advance", "n": n}))
        assert answer["type"] == "accepted", answer
        me.wait_version(before + 1)
        return me.doc
    finally:
        me.close()


def test_an_older_game_continues_from_its_stored_state_under_its_own_version(
        db_url: str, server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = create(server, game="race", seats=2, options=GOAL)
    friend = join(server, lobby, "Budi")
    start(server, lobby)
    assert info(server, lobby)["rules_version"] == "1"
    assert move(server, lobby["credential"], lobby["game_id"], 3)["view"]["positions"] == [3, 0]
    store = server.app.state.store
    assert replay_check(store, lobby["game_id"]) is ReplayCheck.SAME
    server.stop()

    new_rules(monkeypatch)   # the server is upgraded: the race's rules are now version 2
    upgraded = LiveServer(db_url).start()
    try:
        # The page of the old game still says rules version 1 ...
        assert info(upgraded, lobby)["rules_version"] == "1"
        # ... and the game goes on from its snapshot (a replay under the new rules would
        # have put both runners ten steps ahead).
        doc = move(upgraded, friend["credential"], lobby["game_id"], 2)
        assert doc["view"]["positions"] == [3, 2]
        store = upgraded.app.state.store
        row = store.game(lobby["game_id"])
        assert row["rules_version"] == "1" and row["version"] == 2
        assert row["state"]["positions"] == [3, 2]
        events = [(e["seat"], e["action"]) for e in store.events(lobby["game_id"])]
        rebuilt = replay(RACE, 2, row["options"], row["seed"], events)
        assert rebuilt["positions"] == [13, 12]   # why the check must not compare it
        assert replay_check(store, lobby["game_id"]) is ReplayCheck.OTHER_RULES_VERSION

        # A game started after the upgrade is stored, shown and checked as version 2.
        fresh = create(upgraded, game="race", seats=2, options=GOAL)
        join(upgraded, fresh, "Sari")
        start(upgraded, fresh)
        assert info(upgraded, fresh)["rules_version"] == "2"
        doc = move(upgraded, fresh["credential"], fresh["game_id"], 4)
        assert doc["view"]["positions"] == [14, 10]
        assert replay_check(store, fresh["game_id"]) is ReplayCheck.SAME
    finally:
        upgraded.stop()


def test_a_lobby_opened_before_an_upgrade_starts_under_the_new_rules_version(
        db_url: str, server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = create(server, game="race", seats=2, options=GOAL)
    join(server, lobby, "Budi")
    assert info(server, lobby)["rules_version"] == "1"
    server.stop()
    new_rules(monkeypatch)
    upgraded = LiveServer(db_url).start()
    try:
        started = start(upgraded, lobby)
        # The deal was made by version 2's rules, so the game is a version 2 game.
        assert started["rules_version"] == "2"
        assert upgraded.app.state.store.game(lobby["game_id"])["rules_version"] == "2"
        doc = move(upgraded, lobby["credential"], lobby["game_id"], 1)
        assert doc["view"]["positions"] == [11, 10]
        assert replay_check(upgraded.app.state.store, lobby["game_id"]) is ReplayCheck.SAME
    finally:
        upgraded.stop()


def test_the_replay_check_finds_a_snapshot_that_differs_from_its_history(
        server: LiveServer) -> None:
    lobby = create(server, game="race", seats=2, options=GOAL)
    join(server, lobby, "Budi")
    start(server, lobby)
    move(server, lobby["credential"], lobby["game_id"], 5)
    store = server.app.state.store
    row = store.game(lobby["game_id"])
    from sqlalchemy import update

    from app.store.tables import games
    with store.engine.begin() as conn:   # the snapshot no longer matches its events
        conn.execute(update(games).where(games.c.id == row["id"])
                     .values(state={**row["state"], "positions": [6, 0]}))
    assert replay_check(store, lobby["game_id"]) is ReplayCheck.DIFFERS

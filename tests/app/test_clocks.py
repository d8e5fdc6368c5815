"""Clocks with a controllable server clock: both time controls, every out-of-time policy,
several awaited seats at once, the extension vote, a stale timeout, a restart mid-clock.

The server's clock is a :class:`FakeTime` the test moves on (``app.features.clock.scheduler.
wall_time`` is replaced before the server starts); after moving it the test pokes the
scheduler, so nothing here sleeps for the time it checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest

from app.features.clock import scheduler as clock_scheduler
from engines.registry import register
from tests.app.bids_engine import ENGINE as BIDS_ENGINE
from tests.app.client import Viewer, auth, hold, http, join, start, watch_id
from tests.app.clock_support import FakeTime
from tests.conftest import LiveServer

register(BIDS_ENGINE)

REALTIME = {"kind": "realtime", "bank_seconds": 600, "increment_seconds": 10}
TURN = {"kind": "turn", "turn_seconds": 3600}



def hub(server: LiveServer) -> Any:
    return server.app.state.hub


def clocks(server: LiveServer) -> Any:
    """The server's clock scheduler."""
    return server.app.state.clocks.scheduler


def tick(server: LiveServer, fake: FakeTime, seconds: float) -> None:
    """Move the server's clock on and let the scheduler look at its deadlines."""
    fake.t += seconds
    clocks(server).poke()


def on_server(server: LiveServer, coro: Any) -> Any:
    """Run a coroutine on the server's event loop (for racing it against a move)."""
    return asyncio.run_coroutine_threadsafe(coro, clocks(server)._loop).result(10)


def table(server: LiveServer, tc: dict[str, Any], policy: str = "bot", game: str = "race",
          seats: int = 2) -> tuple[dict[str, Any], list[Viewer], Viewer]:
    """A started timed table: its lobby, a viewer per seat, and a spectator."""
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": game, "seats": seats, "host_name": "Ana", "spectators": True,
        "settings": {"time_control": tc, "out_of_time": policy}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    creds = [lobby["credential"]] + [join(server, lobby, f"P{i}")["credential"]
                                     for i in range(1, seats)]
    start(server, lobby)
    players = [Viewer(server.ws_url, lobby["game_id"], credential=c) for c in creds]
    spec = Viewer(server.ws_url, lobby["game_id"], watch=watch_id(lobby))
    for v in [*players, spec]:
        v.wait_for(lambda f: f["type"] == "snapshot")
    return lobby, players, spec


def clock_of(v: Viewer) -> dict[str, Any]:
    assert v.doc is not None
    return v.doc["clock"]  # type: ignore[no-any-return]


def until(v: Viewer, pred: Any) -> None:
    """Read frames until the viewer's document satisfies ``pred``."""
    if v.doc is not None and pred(v.doc):
        return
    v.wait_for(lambda f: f["type"] in ("snapshot", "patch") and pred(v.doc))


def move(v: Viewer, action: dict[str, Any], at: int | None = None) -> dict[str, Any]:
    """Send an action once the viewer holds version ``at``; return its answer."""
    if at is not None:
        v.wait_version(at)
    return v.answer(v.act(action))


ADVANCE = {"type": "advance", "n": 1}


def test_settings_are_checked_and_shown_in_words(server: LiveServer) -> None:
    """A host who asks for a silly clock hears why; the lobby shows the chosen one."""
    base = {"game": "race", "seats": 2, "host_name": "Ana"}
    for tc, words in ((dict(REALTIME, bank_seconds=5), "The time bank must be between 1 "
                       "minute and 3 hours (it was 5 seconds)."),
                      (dict(TURN, turn_seconds=60), "The time per turn must be between 5 "
                       "minutes and 14 days"),
                      (dict(REALTIME, increment_seconds=-1), "The increment per move must be "
                       "between no time and 10 minutes")):
        r = http.post(f"{server.url}/api/lobbies", json={**base, "settings": {
            "time_control": tc}})
        assert r.status_code == 422
        assert words in r.json()["detail"]
    r = http.post(f"{server.url}/api/lobbies", json={**base, "settings": {
        "time_control": {"kind": "hourglass"}}})
    assert r.status_code == 422
    lobby, _, _ = table(server, TURN, "end")
    info = http.get(f"{server.url}/api/games/{lobby['game_id']}",
                    headers=auth(lobby["credential"])).json()
    assert info["settings"]["time_control"]["kind"] == "turn"
    assert info["settings"]["out_of_time"] == "end"


def test_realtime_bank_runs_for_the_awaited_seat_and_stops_on_its_move(
        server: LiveServer, fake: FakeTime) -> None:
    """Real time: only the awaited seat's bank runs; its move stops it and adds the
    increment; players and spectators get the same clock."""
    _, (ana, budi), spec = table(server, REALTIME)
    c = clock_of(ana)
    assert c["kind"] == "realtime" and c["running"] == [0]
    assert c["remaining"] == [600_000, 600_000]
    assert c["deadlines"][0] == c["since"] + 600_000 and c["deadlines"][1] is None
    tick(server, fake, 100)
    assert move(ana, ADVANCE)["type"] == "accepted"
    for v in (ana, budi, spec):
        until(v, lambda d: d["clock"]["running"] == [1])
        assert clock_of(v)["remaining"] == [510_000, 600_000]  # 600 - 100 + 10
        assert clock_of(v)["since"] == round(fake.t * 1000)
    tick(server, fake, 42)
    move(budi, ADVANCE, at=1)
    until(spec, lambda d: d["clock"]["running"] == [0])
    assert clock_of(spec)["remaining"] == [510_000, 568_000]


def test_turn_based_gives_each_turn_its_limit_as_a_deadline(
        server: LiveServer, fake: FakeTime) -> None:
    """Turn-based: each new turn has the full limit, shown as a deadline."""
    _, (ana, budi), spec = table(server, TURN)
    assert clock_of(ana)["deadlines"][0] == round(fake.t * 1000) + 3_600_000
    tick(server, fake, 3000)
    move(ana, ADVANCE)
    until(spec, lambda d: d["clock"]["running"] == [1])
    assert clock_of(spec)["deadlines"][1] == round(fake.t * 1000) + 3_600_000
    tick(server, fake, 10)
    move(budi, ADVANCE, at=1)
    until(spec, lambda d: d["clock"]["running"] == [0])
    assert clock_of(spec)["deadlines"][0] == round(fake.t * 1000) + 3_600_000


def test_several_awaited_seats_run_at_once(server: LiveServer, fake: FakeTime) -> None:
    """Simultaneous bids: every awaited seat's clock runs; one answering stops only its
    own."""
    _, (ana, budi, citra), spec = table(server, REALTIME, game="bids-test", seats=3)
    assert clock_of(spec)["running"] == [0, 1, 2]
    tick(server, fake, 50)
    move(budi, {"type": "bid", "n": 3})
    until(spec, lambda d: d["clock"]["running"] == [0, 2])
    assert clock_of(spec)["remaining"] == [550_000, 560_000, 550_000]
    tick(server, fake, 5)
    move(citra, {"type": "bid", "n": 2}, at=1)
    until(spec, lambda d: d["clock"]["running"] == [0])
    assert clock_of(spec)["remaining"] == [545_000, 560_000, 555_000]


def test_out_of_time_bot_stands_in_until_the_player_takes_the_seat_back(
        server: LiveServer, fake: FakeTime) -> None:
    """Policy "bot": a bot plays the seat whose bank ran out and keeps playing it; the
    player's own moves are refused until they take it back, with a little time."""
    lobby, (ana, budi), spec = table(server, dict(REALTIME, bank_seconds=60))
    tick(server, fake, 61)
    ana.wait_for(lambda f: f["type"] == "lobby" and f["lobby"]["seats"][0]["stand_in"])
    until(spec, lambda d: spec.version == 1)  # the stand-in moved for Ana
    assert spec.log[-1]["seat"] == 0
    until(ana, lambda d: d["clock"]["running"] == [1] and d["clock"]["stand_ins"] == [0])
    move(budi, ADVANCE, at=1)
    until(spec, lambda d: spec.version == 3)  # ... and keeps playing the seat
    until(ana, lambda d: ana.version == 3)
    move(budi, ADVANCE, at=3)
    refused = move(ana, ADVANCE, at=4)
    assert refused["type"] == "rejected" and "Take my seat back" in refused["reason"]
    until(ana, lambda d: ana.version == 5)  # the stand-in played Ana's turn meanwhile
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/take-back",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    assert not r.json()["seats"][0]["bot"] and not r.json()["seats"][0]["stand_in"]
    until(ana, lambda d: d["clock"]["stand_ins"] == [])
    move(budi, ADVANCE, at=5)
    until(ana, lambda d: ana.version == 6 and d["clock"]["running"] == [0])
    assert clock_of(ana)["remaining"][0] == 30_000  # max(30 s, a tenth of the bank)
    assert move(ana, ADVANCE)["type"] == "accepted"
    again = http.post(f"{server.url}/api/games/{lobby['game_id']}/take-back",
                      headers=auth(lobby["credential"]))
    assert again.status_code == 409


def test_a_stand_in_during_a_lobby_reload_keeps_playing_the_seat(
        server: LiveServer, fake: FakeTime, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana's time runs out while the room reloads its seats (another seat change: held
    here after its read). The reload must not leave the room believing Ana's seat is
    human again: her stand-in keeps playing it, turn after turn."""
    lobby, (ana, budi), spec = table(server, dict(REALTIME, bank_seconds=60))
    gid = lobby["game_id"]
    read, release = hold(monkeypatch, hub(server), "_load", first_only=True)
    reload = asyncio.run_coroutine_threadsafe(hub(server).lobby_changed(gid, "active"),
                                              clocks(server)._loop)
    assert read.wait(10)  # the room's seats were read: Ana is still a person there
    tick(server, fake, 61)
    with contextlib.suppress(TimeoutError):  # without the room's lock the stand-in is
        ana.wait_for(lambda f: f["type"] == "lobby"  # stored and shown meanwhile
                     and f["lobby"]["seats"][0]["stand_in"], timeout=1)
    release.set()
    reload.result(10)
    until(spec, lambda d: spec.version == 1)  # the stand-in moved for Ana
    move(budi, ADVANCE, at=1)
    until(spec, lambda d: spec.version == 3)  # ... and moves for her again
    assert [line["seat"] for line in spec.log[-3:]] == [0, 1, 0]
    ana.wait_version(3)  # her page read everything up to there
    last = [f for f in ana.frames if f["type"] == "lobby"][-1]
    assert last["lobby"]["seats"][0]["stand_in"]


def test_out_of_time_skip_passes_where_the_game_has_a_pass(
        server: LiveServer, fake: FakeTime) -> None:
    """Policy "skip": a seat out of time passes (the engine's own pass), both seats
    that ran out at once; the game goes on and nobody becomes a bot."""
    _, (ana, budi, citra), spec = table(server, dict(REALTIME, bank_seconds=60),
                                        "skip", game="bids-test", seats=3)
    move(citra, {"type": "bid", "n": 4})
    tick(server, fake, 60)
    until(spec, lambda d: d["view"]["round"] == 1)
    passed = [line["text"] for line in spec.log if "passed" in line["text"]]
    assert passed == ["{seat0} passed.", "{seat1} passed."]
    assert spec.doc is not None and spec.doc["view"]["total"] == [0, 0, 4]
    assert clock_of(spec)["stand_ins"] == []
    # Out of bank, they now have the increment per answer, and bid in time:
    until(ana, lambda d: ana.version == 3)
    assert clock_of(ana)["remaining"][:2] == [10_000, 10_000]
    assert clock_of(ana)["running"] == [0, 1, 2]
    assert move(ana, {"type": "bid", "n": 1})["type"] == "accepted"


def test_out_of_time_skip_falls_back_to_the_bot_where_there_is_no_pass(
        server: LiveServer, fake: FakeTime) -> None:
    """The race has no pass: a "skip" table lets the bot play the seat instead."""
    _, (ana, budi), spec = table(server, dict(REALTIME, bank_seconds=60), "skip")
    tick(server, fake, 61)
    ana.wait_for(lambda f: f["type"] == "lobby" and f["lobby"]["seats"][0]["stand_in"])
    until(spec, lambda d: spec.version == 1)


def test_out_of_time_end_ranks_the_player_last(server: LiveServer, fake: FakeTime) -> None:
    """Policy "end": the game is over, the timed-out player last, the others first; a
    move after it is refused."""
    _, (ana, budi, citra), spec = table(server, dict(REALTIME, bank_seconds=60), "end",
                                        seats=3)
    move(ana, ADVANCE)
    until(budi, lambda d: d["clock"]["running"] == [1])
    tick(server, fake, 61)
    until(spec, lambda d: d["status"] == "finished")
    assert spec.doc is not None
    assert spec.doc["outcome"]["ranks"] == [1, 3, 1]
    assert spec.doc["outcome"]["detail"]["timed_out"] == [1]
    assert clock_of(spec)["running"] == []
    until(budi, lambda d: d["status"] == "finished")
    refused = move(budi, ADVANCE, at=1)
    assert refused["type"] == "rejected"


def test_a_timeout_that_lost_the_race_to_a_move_changes_nothing(
        server: LiveServer, fake: FakeTime) -> None:
    """The deadline passed, but the move was committed first: the timeout (acting on the
    version it belonged to) is stale and loses, whatever the policy."""
    lobby, (ana, budi), spec = table(server, dict(REALTIME, bank_seconds=60), "end")
    fake.t += 61  # past the deadline, but the scheduler has not looked yet ...
    assert move(ana, ADVANCE)["type"] == "accepted"  # ... and the move commits first
    room = hub(server).rooms[lobby["game_id"]]
    on_server(server, clock_scheduler.out_of_time(clocks(server), room, [0], 0))
    on_server(server, clock_scheduler.stand_in(clocks(server), room, 0, 0))
    clocks(server).poke()
    assert move(budi, ADVANCE, at=1)["type"] == "accepted"
    until(spec, lambda d: spec.version == 2)
    assert spec.doc is not None and spec.doc["status"] == "active"
    info = http.get(f"{server.url}/api/games/{lobby['game_id']}",
                    headers=auth(lobby["credential"])).json()
    assert info["status"] == "active" and not info["seats"][0]["bot"]


def test_more_time_once_per_game_by_the_others_vote(server: LiveServer, fake: FakeTime
                                                   ) -> None:
    """Turn-based: asking for more time waits for the others' vote; granted, the turn is
    longer by one limit; refused, nothing changes; a player asks once per game."""
    _, (ana, budi, citra), spec = table(server, TURN, seats=3)
    deadline = clock_of(ana)["deadlines"][0]
    budi.ws.send(json.dumps({"type": "clock", "op": "ask"}))
    err = budi.wait_for(lambda f: f["type"] == "error")
    assert "while the game waits for you" in err["reason"]
    assert err["key"] == "api.clock.err_not_waiting"  # the page words it in its language
    ana.ws.send(json.dumps({"type": "clock", "op": "ask"}))
    until(spec, lambda d: d["clock"]["extension"]["ask"] is not None)
    ana.ws.send(json.dumps({"type": "clock", "op": "grant"}))
    assert "other players vote" in ana.wait_for(lambda f: f["type"] == "error")["reason"]
    budi.ws.send(json.dumps({"type": "clock", "op": "grant"}))
    until(spec, lambda d: d["clock"]["extension"]["ask"]["votes"] == {"1": True})
    assert clock_of(spec)["deadlines"][0] == deadline
    tick(server, fake, 100)
    citra.ws.send(json.dumps({"type": "clock", "op": "grant"}))
    until(spec, lambda d: d["clock"]["extension"]["ask"] is None)
    assert clock_of(spec)["extension"]["last"] == {"seat": 0, "granted": True}
    assert clock_of(spec)["deadlines"][0] == deadline + 3_600_000
    ana.ws.send(json.dumps({"type": "clock", "op": "ask"}))
    assert "already asked" in ana.wait_for(lambda f: f["type"] == "error")["reason"]
    move(ana, ADVANCE, at=0)
    until(budi, lambda d: d["clock"]["running"] == [1])
    budi.ws.send(json.dumps({"type": "clock", "op": "ask"}))
    until(citra, lambda d: (d["clock"]["extension"]["ask"] or {}).get("seat") == 1)
    citra.ws.send(json.dumps({"type": "clock", "op": "refuse"}))
    until(spec, lambda d: (d["clock"]["extension"]["last"] or {}).get("seat") == 1)
    assert clock_of(spec)["extension"]["last"] == {"seat": 1, "granted": False}
    assert clock_of(spec)["deadlines"][1] == round(fake.t * 1000) + 3_600_000
    spec.ws.send(json.dumps({"type": "clock", "op": "ask"}))
    assert "Spectators" in spec.wait_for(lambda f: f["type"] == "error")["reason"]


def test_a_game_ended_by_the_clock_is_finished_everywhere(
        server: LiveServer, fake: FakeTime) -> None:
    """Policy "end" reaches every reader: the history and the record give the outcome the
    table saw, and a second tab of a seat (and a second spectator) that held the last
    version before the end and says hello with it gets the finished game, not ``uptodate``."""
    lobby, (ana, budi), spec = table(server, dict(REALTIME, bank_seconds=60), "end")
    budi2 = Viewer(server.ws_url, lobby["game_id"], credential=budi.credential)
    spec2 = Viewer(server.ws_url, lobby["game_id"], watch=watch_id(lobby))
    move(ana, ADVANCE)
    for v in (budi2, spec2):
        v.wait_version(1)
        assert v.doc is not None and v.doc["status"] == "active"
        v.close()
    until(budi, lambda d: d["clock"]["running"] == [1])
    tick(server, fake, 61)
    until(spec, lambda d: d["status"] == "finished")
    assert spec.doc is not None and spec.version == 1
    ended = spec.doc["outcome"]
    assert ended["ranks"] == [1, 2]
    for back in (Viewer(server.ws_url, lobby["game_id"], credential=budi.credential,
                        version=1),
                 Viewer(server.ws_url, lobby["game_id"], watch=watch_id(lobby), version=1)):
        hello = back.wait_for(lambda f: f["type"] in ("snapshot", "uptodate"))
        assert hello["type"] == "snapshot"
        assert back.doc is not None and back.doc["status"] == "finished"
        assert back.doc["outcome"] == ended
        back.close()
    gid = lobby["game_id"]
    history = http.get(f"{server.url}/api/games/{gid}/history",
                       headers=auth(lobby["credential"]))
    assert history.status_code == 200, history.text
    assert history.json()["outcome"] == ended
    record = http.get(f"{server.url}/api/games/{gid}/record", headers=auth(lobby["credential"]))
    assert record.status_code == 200, record.text
    assert record.json()["outcome"]["ranks"] == [1, 2]

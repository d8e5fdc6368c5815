"""Holidays on turn-based tables and breaks on real-time ones (issue 38), with the server's
clock under the test's control (as in test_clocks.py): the clock stops and starts again,
the others see it, the allowance is kept, a break needs everyone and refuses moves, and
both survive a restart."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.features.clock import scheduler as clock_scheduler
from tests.app.client import Viewer, http, join, start
from tests.app.clock_support import FakeTime
from tests.app.test_clocks import REALTIME, clock_of, move, until
from tests.conftest import LiveServer

DAY = 86400
TURN = {"kind": "turn", "turn_seconds": 3600}
ADVANCE = {"type": "advance", "n": 1}



def tick(server: LiveServer, fake: FakeTime, seconds: float) -> None:
    fake.t += seconds
    server.app.state.clocks.scheduler.poke()


def table(server: LiveServer, tc: dict[str, Any], holiday_days: int | None = None
          ) -> tuple[dict[str, Any], list[Viewer], Viewer, list[str]]:
    """A started two-seat timed table: its lobby, Ana's and Budi's viewers, Budi's
    credential kept for My games, and a spectator."""
    settings: dict[str, Any] = {"time_control": tc}
    if holiday_days is not None:
        settings["holiday_days"] = holiday_days
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ana", "spectators": True,
        "settings": settings})
    assert r.status_code == 201, r.text
    lobby = r.json()
    creds = [lobby["credential"], join(server, lobby, "Budi")["credential"]]
    start(server, lobby)
    players = [Viewer(server.ws_url, lobby["game_id"], credential=c) for c in creds]
    spec = Viewer(server.ws_url, lobby["game_id"],
                  watch=lobby["watch_url"].rsplit("/", 1)[1])
    for v in [*players, spec]:
        v.wait_for(lambda f: f["type"] == "snapshot")
    return lobby, players, spec, creds


def clock_op(v: Viewer, op: str, **extra: Any) -> None:
    v.ws.send(json.dumps({"type": "clock", "op": op, **extra}))


def refused(v: Viewer) -> dict[str, Any]:
    return v.wait_for(lambda f: f["type"] == "error")


def test_a_holiday_stops_the_clock_shows_it_and_ending_early_restarts_it(
        server: LiveServer, fake: FakeTime) -> None:
    """Ana, on turn with 50 of her 60 minutes left, takes two days: her clock stops, Budi
    and the spectators see until when, a day passes without a timeout; she comes back
    early and has her 50 minutes again; one day counts against her allowance."""
    lobby, (ana, budi), spec, creds = table(server, TURN)
    tick(server, fake, 600)
    clock_op(ana, "holiday", days=2)
    until_ms = round((fake.t + 2 * DAY) * 1000)
    for v in (budi, spec):
        until(v, lambda d: d["clock"]["holiday"] == {"0": until_ms})
        assert clock_of(v)["running"] == [] and clock_of(v)["deadlines"] == [None, None]
    mine = http.post(f"{server.url}/api/mine", json={"seats": [
        {"game_id": lobby["game_id"], "credential": creds[0]}]}).json()
    assert mine["games"][0]["clock"]["holiday_until"] == until_ms
    theirs = http.post(f"{server.url}/api/mine", json={"seats": [
        {"game_id": lobby["game_id"], "credential": creds[1]}]}).json()
    assert [p["holiday_until"] for p in theirs["games"][0]["players"]] == [until_ms, None]
    tick(server, fake, DAY)  # a whole day: far past her hour, and nothing happens
    assert not clock_of(spec)["stand_ins"]
    clock_op(ana, "back")
    until(spec, lambda d: d["clock"]["holiday"] == {} and d["clock"]["running"] == [0])
    c = clock_of(spec)
    assert c["remaining"][0] == 3_000_000
    assert c["deadlines"][0] == round(fake.t * 1000) + 3_000_000
    assert c["holiday_used"] == {"0": DAY}
    clock_op(ana, "back")
    assert refused(ana)["key"] == "api.clock.err_not_on_holiday"


def test_the_allowance_is_kept_and_a_holiday_past_it_is_refused(
        server: LiveServer, fake: FakeTime) -> None:
    """Three days a game: four are refused with the days left; after a day and a half on
    holiday, one more day is the most there is."""
    _, (ana, _), spec, _ = table(server, TURN, holiday_days=3)
    clock_op(ana, "holiday", days=4)
    no = refused(ana)
    assert no["key"] == "api.clock.err_holiday_allowance"
    assert no["reason"] == "You have 3 days of holiday left in this game (of 3), not 4."
    clock_op(ana, "holiday", days=3)
    until(spec, lambda d: "0" in d["clock"]["holiday"])
    tick(server, fake, 1.5 * DAY)
    clock_op(ana, "back")
    until(spec, lambda d: d["clock"]["holiday"] == {})
    clock_op(ana, "holiday", days=2)
    assert refused(ana)["reason"] == (
        "You have 1 day of holiday left in this game (of 3), not 2.")
    clock_op(ana, "holiday", days=1)
    until(spec, lambda d: "0" in d["clock"]["holiday"])


def test_a_holiday_ends_by_itself_and_a_turn_that_came_meanwhile_is_fresh(
        server: LiveServer, fake: FakeTime) -> None:
    """Budi goes on holiday for a day while Ana thinks; her move gives him the turn but his
    clock stays stopped; at the holiday's end it starts with a full turn."""
    _, (ana, budi), spec, _ = table(server, TURN)
    clock_op(budi, "holiday", days=1)
    until(spec, lambda d: "1" in d["clock"]["holiday"])
    tick(server, fake, 1800)
    move(ana, ADVANCE)
    until(spec, lambda d: spec.version == 1)
    assert clock_of(spec)["running"] == []  # his turn, but he is away
    tick(server, fake, DAY)
    until(spec, lambda d: d["clock"]["running"] == [1])
    c = clock_of(spec)
    assert c["holiday"] == {} and c["deadlines"][1] == round(fake.t * 1000) + 3_600_000
    assert c["holiday_used"] == {"1": DAY}
    assert not c["stand_ins"]


def test_holidays_and_breaks_fit_their_tables(server: LiveServer) -> None:
    """A real-time table has breaks, not holidays; a turn-based one the other way round."""
    _, (ana, _), _, _ = table(server, REALTIME)
    clock_op(ana, "holiday", days=1)
    assert refused(ana)["key"] == "api.clock.err_holiday_turn_based"
    _, (ana2, _), _, _ = table(server, TURN)
    clock_op(ana2, "pause")
    assert refused(ana2)["key"] == "api.clock.err_pause_realtime"
    ana2.ws.send(json.dumps({"type": "clock", "op": "holiday", "days": 0}))
    assert "Malformed frame" in ana2.wait_for(lambda f: f["type"] == "error")["reason"]


def test_a_break_needs_everyone_stops_the_clocks_refuses_moves_and_anyone_resumes(
        server: LiveServer, fake: FakeTime) -> None:
    """Ana asks for a break: Budi's refusal keeps the clock going; his yes stops every
    clock, Ana's move is refused with a sentence and no time passes; Budi resumes."""
    _, (ana, budi), spec, _ = table(server, REALTIME)
    clock_op(ana, "pause")
    budi.wait_for(lambda f: f["type"] == "snapshot"
                  and f["doc"]["clock"]["extension"]["ask"] is not None)
    assert budi.doc is not None and budi.doc["clock"]["extension"]["ask"]["what"] == "pause"
    clock_op(budi, "refuse")
    until(spec, lambda d: d["clock"]["extension"]["last"] == {
        "seat": 0, "granted": False, "what": "pause"})
    assert clock_of(spec)["running"] == [0] and clock_of(spec)["paused"] is None
    tick(server, fake, 20)
    clock_op(ana, "pause")
    until(budi, lambda d: d["clock"]["extension"]["ask"] is not None)
    clock_op(budi, "grant")
    until(spec, lambda d: d["clock"]["paused"] is not None)
    c = clock_of(spec)
    assert c["running"] == [] and c["paused"]["by"] == 0
    assert c["remaining"][0] == 580_000
    no = ana.answer(ana.act(ADVANCE))
    assert no["type"] == "rejected"
    assert no["reason"] == "The game is paused for a break; any player can resume it."
    tick(server, fake, 3600)  # an hour's break: longer than her bank
    assert not clock_of(spec)["stand_ins"]
    clock_op(budi, "resume")
    until(spec, lambda d: d["clock"]["paused"] is None and d["clock"]["running"] == [0])
    c = clock_of(spec)
    assert c["remaining"][0] == 580_000 and c["since"] == round(fake.t * 1000)
    assert move(ana, ADVANCE)["type"] == "accepted"


def test_a_holiday_and_a_break_survive_a_restart(db_url: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Both are stored with the clock: after a restart the holiday still stops Ana's clock
    (and still ends when it should), and the paused table still refuses moves."""
    fake = FakeTime()
    monkeypatch.setattr(clock_scheduler, "wall_time", fake)
    first = LiveServer(db_url).start()
    lobby, (ana, budi), _, creds = table(first, TURN)
    rt_lobby, (rt_ana, rt_budi), _, rt_creds = table(first, REALTIME)
    clock_op(ana, "holiday", days=1)
    until(budi, lambda d: "0" in d["clock"]["holiday"])
    clock_op(rt_ana, "pause")
    until(rt_budi, lambda d: d["clock"]["extension"]["ask"] is not None)
    clock_op(rt_budi, "grant")
    until(rt_budi, lambda d: d["clock"]["paused"] is not None)
    for v in (ana, budi, rt_ana, rt_budi):
        v.close()
    first.stop()
    fake.t += 10
    second = LiveServer(db_url).start()
    try:
        spec = Viewer(second.ws_url, lobby["game_id"], credential=creds[1])
        spec.wait_for(lambda f: f["type"] == "snapshot")
        assert spec.doc is not None and "0" in spec.doc["clock"]["holiday"]
        assert spec.doc["clock"]["running"] == []
        rt = Viewer(second.ws_url, rt_lobby["game_id"], credential=rt_creds[0])
        rt.wait_for(lambda f: f["type"] == "snapshot")
        assert rt.doc is not None and rt.doc["clock"]["paused"] is not None
        assert rt.answer(rt.act(ADVANCE))["key"] == "ws.paused"
        fake.t += DAY
        second.app.state.clocks.scheduler.poke()
        until(spec, lambda d: d["clock"]["holiday"] == {} and d["clock"]["running"] == [0])
        spec.close()
        rt.close()
    finally:
        second.stop()


def test_bots_wait_for_the_end_of_a_break(db_url: str) -> None:
    """A bot whose turn came just before the break was agreed does not move during it (its
    move would be refused like anyone's); resuming wakes it and it plays."""
    srv = LiveServer(db_url, bot_delay=1.5).start()
    try:
        r = http.post(f"{srv.url}/api/lobbies", json={
            "game": "race", "seats": 3, "host_name": "Ana",
            "settings": {"time_control": REALTIME}})
        lobby = r.json()
        budi_cred = join(srv, lobby, "Budi")["credential"]
        bot = http.post(f"{srv.url}/api/games/{lobby['game_id']}/seats/2/bot",
                        headers={"Authorization": f"Bearer {lobby['credential']}"})
        assert bot.status_code == 200, bot.text
        start(srv, lobby)
        ana = Viewer(srv.ws_url, lobby["game_id"], credential=lobby["credential"])
        budi = Viewer(srv.ws_url, lobby["game_id"], credential=budi_cred)
        for v in (ana, budi):
            v.wait_for(lambda f: f["type"] == "snapshot")
        move(ana, ADVANCE)
        move(budi, ADVANCE, at=1)  # the bot's turn: it waits 1.5 s before it plays
        clock_op(ana, "pause")
        until(budi, lambda d: d["clock"]["extension"]["ask"] is not None)
        clock_op(budi, "grant")
        until(ana, lambda d: d["clock"]["paused"] is not None)
        with pytest.raises(TimeoutError):  # the bot's moment comes and goes: no move
            ana.wait_for(lambda f: f["type"] == "patch", timeout=2.5)
        assert ana.version == 2
        clock_op(budi, "resume")
        ana.wait_version(3, timeout=10)
        assert ana.log[-1]["seat"] == 2
        for v in (ana, budi):
            v.close()
    finally:
        srv.stop()

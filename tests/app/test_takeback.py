"""Take-backs at the table: the policy, the refusals, consent, and what the history keeps."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from typing import Any

import pytest

from app.features import takeback
from app.features.takeback import requests as stored_requests
from app.store.replaycheck import ReplayCheck, replay_check
from engines.core.line import TAKEBACK
from engines.core.templates import expand_template
from tests.app.client import Viewer, auth, hold, http, join, start, watch_id
from tests.conftest import LiveServer

_ids = itertools.count(1)


def table(server: Any, game: str, *, policy: str | None = None, seats: int = 2,
          options: dict[str, Any] | None = None, bot_guest: bool = False,
          ) -> tuple[dict, list[Viewer], Viewer]:
    """A started table: its lobby, the players' viewers (seat order) and a spectator."""
    body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {},
                            "host_name": "Ana", "spectators": True, "listed": True}
    if policy is not None:
        body["settings"] = {"takeback": policy}
    r = http.post(f"{server.url}/api/lobbies", json=body)
    assert r.status_code == 201, r.text
    lobby = r.json()
    creds = [lobby["credential"]]
    if bot_guest:
        r = http.post(f"{server.url}/api/games/{lobby['game_id']}/seats/1/bot",
                      headers=auth(lobby["credential"]))
        assert r.status_code == 200, r.text
    else:
        creds.append(join(server, lobby, "Budi")["credential"])
    start(server, lobby)
    players = [Viewer(server.ws_url, lobby["game_id"], credential=c) for c in creds]
    spec = Viewer(server.ws_url, lobby["game_id"], watch=watch_id(lobby))
    for v in [*players, spec]:
        v.wait_for(lambda f: f["type"] == "snapshot")
    return lobby, players, spec


def take_back(viewer: Viewer, count: int = 1, client_id: str | None = None,
              version: int | None = None) -> str:
    cid = client_id or f"tb{next(_ids)}"
    viewer.ws.send(json.dumps({"type": "takeback", "id": cid, "count": count,
                               "version": viewer.version if version is None else version}))
    return cid


def answer_request(viewer: Viewer, request: str, accept: bool) -> None:
    viewer.ws.send(json.dumps({"type": "takeback_answer", "request": request,
                               "accept": accept}))


def play_legal(viewer: Viewer, pick: Any = None) -> dict[str, Any]:
    """Play one of the viewer's legal actions (the first, or the first ``pick`` accepts)."""
    assert viewer.doc is not None
    templates = viewer.doc["legal"]
    chosen = next(t for t in templates if pick is None or pick(t))
    import random

    action = expand_template(chosen, random.Random(0))
    reply = viewer.answer(viewer.act(action))
    assert reply["type"] == "accepted", reply
    viewer.wait_version(reply["version"])
    return action


def history(server: Any, game_id: str) -> list[dict[str, Any]]:
    r = http.get(f"{server.url}/api/games/{game_id}/history")
    assert r.status_code == 200
    return r.json()["events"]  # type: ignore[no-any-return]


def store_of(server: Any) -> Any:
    return server.app.state.store


def tuk_tuk_with_a_sign_to_place(server: Any, **kw: Any) -> tuple[dict, list[Viewer], Viewer]:
    """A Tuk-Tuk table whose first drawn tile is placed on the board (seeds are random)."""
    for _ in range(30):
        lobby, players, spec = table(server, "tuk-tuk-taxi", **kw)
        assert players[0].doc is not None
        if players[0].doc["legal"][0]["type"] == "place":
            return lobby, players, spec
        for v in [*players, spec]:
            v.close()
    raise AssertionError("no placeable first tile in 30 deals")


def everyone(players: list[Viewer], spec: Viewer) -> list[Viewer]:
    return [*players, spec]


# -- own turn --------------------------------------------------------------------------------
def test_own_move_of_the_turn_is_taken_back_and_every_view_is_as_before(
        live_server: Any) -> None:
    lobby, players, spec = tuk_tuk_with_a_sign_to_place(live_server)
    host = players[0]
    before = {id(v): (v.doc["view"], v.doc["legal"]) for v in everyone(players, spec)}
    play_legal(host)
    assert host.doc["takeback"] == {"own": 1, "ask": 0}
    assert players[1].doc["takeback"] is None and spec.doc["takeback"] is None
    reply = host.answer(take_back(host))
    assert reply["type"] == "accepted" and reply["version"] == 2
    for v in everyone(players, spec):
        v.wait_version(2)
        assert (v.doc["view"], v.doc["legal"]) == before[id(v)]
        assert v.doc["last"]["type"] == TAKEBACK
    # Everyone was told in the log, with the taken-back version named for the renderer.
    line = next(ln for ln in players[1].log if ln["seq"] == 2)
    assert line["key"] == "api.takeback.log_own" and line["data"] == {"takeback": [1]}
    assert line["params"] == {"seat": {"seat": 0}, "count": 1}
    # The history keeps the taken-back action, marked.
    events = history(live_server, lobby["game_id"])
    assert [(e["seq"], e["type"], e["taken_back"]) for e in events] == [
        (1, "place", 2), (2, TAKEBACK, None)]
    assert replay_check(store_of(live_server), lobby["game_id"]) == ReplayCheck.SAME


def test_after_a_die_roll_the_move_cannot_be_taken_back(live_server: Any) -> None:
    lobby, players, spec = tuk_tuk_with_a_sign_to_place(live_server)
    host = players[0]
    play_legal(host)
    play_legal(host, lambda t: t["type"] == "roll")
    assert host.doc["takeback"] is None
    reply = host.answer(take_back(host))
    assert reply == {"type": "rejected", "id": reply["id"], "code": "rule",
                     "reason": "You cannot take back a move after a die roll.",
                     "key": "api.takeback.err_after",
                     "params": {"why": {"term": "tuk-tuk-taxi.reveal.die"}}}
    assert host.version == 2


def test_after_the_next_tile_is_drawn_the_turn_cannot_be_taken_back(live_server: Any) -> None:
    lobby, players, spec = tuk_tuk_with_a_sign_to_place(live_server, policy="consent")
    host = players[0]
    while host.doc["view"]["current"] == 0 and host.doc["legal"]:
        play_legal(host, lambda t: t["type"] != "roll_again")  # the turn ends with a draw
    reply = host.answer(take_back(host))
    assert reply["type"] == "rejected"
    assert reply["reason"] == "You cannot take back a move after the next tile was drawn."


def test_a_secret_bid_cannot_be_taken_back(live_server: Any) -> None:
    lobby, players, spec = table(live_server, "indonesia", policy="consent",
                                 options={"money": "secret"})
    host = players[0]
    for _ in range(200):
        mover = next(v for v in players if v.doc["legal"])
        if mover is host and any(t["type"] == "bid" for t in host.doc["legal"]):
            break
        play_legal(mover)
        for v in players:
            v.wait_version(mover.version)
    bid = host.answer(host.act({"type": "bid", "amount": 0}))
    assert bid["type"] == "accepted"
    host.wait_version(bid["version"])
    reply = host.answer(take_back(host))
    assert reply["type"] == "rejected"
    assert reply["reason"] == "You cannot take back a move after a bid with secret money."


# -- policies ----------------------------------------------------------------------------------
def test_take_backs_off_at_this_table(live_server: Any) -> None:
    lobby, players, spec = tuk_tuk_with_a_sign_to_place(live_server, policy="none")
    host = players[0]
    play_legal(host)
    assert host.doc["takeback"] is None
    reply = host.answer(take_back(host))
    assert reply["reason"] == "Take-backs are off at this table."


def test_own_turn_policy_refuses_to_take_back_the_other_players_move(live_server: Any) -> None:
    lobby, (host, guest), spec = table(live_server, "race")
    host.answer(host.act({"type": "advance", "n": 3}))
    guest.wait_version(1)
    reply = guest.answer(take_back(guest))
    assert reply["type"] == "rejected"
    assert reply["reason"].startswith("At this table you can only take back your own moves")
    reply = host.answer(take_back(host, version=1))
    assert reply["type"] == "rejected"  # passed the turn on: no longer the current turn


def test_a_spectator_cannot_take_back(live_server: Any) -> None:
    lobby, players, spec = tuk_tuk_with_a_sign_to_place(live_server)
    cid = take_back(spec, version=0)
    frame = spec.wait_for(lambda f: f.get("id") == cid)
    assert frame["code"] == "forbidden"


# -- consent -----------------------------------------------------------------------------------
def _request(host: Viewer, guest: Viewer, cid: str) -> dict[str, Any]:
    req = guest.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
    host.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
    return req


def test_with_consent_the_other_players_move_is_taken_back(live_server: Any) -> None:
    lobby, (host, guest), spec = table(live_server, "race", policy="consent")
    start_view = spec.doc["view"]
    host.answer(host.act({"type": "advance", "n": 3}))
    for v in (host, guest, spec):
        v.wait_version(1)
    assert host.doc["takeback"] == {"own": 0, "ask": 1}
    cid = take_back(host)
    req = _request(host, guest, cid)
    assert req["waiting"] == [1] and req["undo"] == [1] and req["text"] == \
        "Ana asks to take back 1 move."
    answer_request(guest, req["request"], True)
    assert host.answer(cid)["version"] == 2
    for v in (host, guest, spec):
        v.wait_version(2)
    assert spec.doc["view"] == start_view
    assert host.doc["to_act"] == [0]
    events = history(live_server, lobby["game_id"])
    assert events[0]["taken_back"] == 2 and events[1]["log"] == [
        "{seat0} takes back 1 move (everyone agreed)."]
    assert replay_check(store_of(live_server), lobby["game_id"]) == ReplayCheck.SAME


def test_a_refused_request_changes_nothing(live_server: Any) -> None:
    lobby, (host, guest), spec = table(live_server, "race", policy="consent")
    host.answer(host.act({"type": "advance", "n": 3}))
    host.wait_version(1)
    cid = take_back(host)
    req = _request(host, guest, cid)
    answer_request(guest, req["request"], False)
    closed = host.wait_for(lambda f: f["type"] == "takeback_closed")
    assert closed["outcome"] == "refused"
    assert closed["reason"] == "Budi did not agree to the take-back; the game goes on."
    # Answering a closed request is an error sentence, and the game is where it was.
    answer_request(guest, req["request"], True)
    err = guest.wait_for(lambda f: f["type"] == "error")
    assert err["reason"] == "That take-back request is no longer open."
    assert len(history(live_server, lobby["game_id"])) == 1


def test_an_unanswered_request_times_out(live_server: Any,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(takeback.asking, "REQUEST_SECONDS", 0.3)
    lobby, (host, guest), spec = table(live_server, "race", policy="consent")
    host.answer(host.act({"type": "advance", "n": 3}))
    host.wait_version(1)
    cid = take_back(host)
    _request(host, guest, cid)
    closed = guest.wait_for(lambda f: f["type"] == "takeback_closed", timeout=5)
    assert closed["outcome"] == "timed_out"
    assert len(history(live_server, lobby["game_id"])) == 1


def test_a_move_made_while_a_request_waits_cancels_it(live_server: Any) -> None:
    lobby, (host, guest), spec = table(live_server, "race", policy="consent")
    host.answer(host.act({"type": "advance", "n": 3}))
    guest.wait_version(1)
    cid = take_back(host)
    _request(host, guest, cid)
    guest.answer(guest.act({"type": "advance", "n": 2}))
    closed = host.wait_for(lambda f: f["type"] == "takeback_closed")
    assert closed["outcome"] == "cancelled"


# -- history, restart and exactly-once -----------------------------------------------------------
def test_take_backs_survive_a_restart_and_are_applied_once(db_url: str) -> None:
    server = LiveServer(db_url).start()
    try:
        lobby, players, spec = tuk_tuk_with_a_sign_to_place(server)
        host = players[0]
        play_legal(host)
        first = host.answer(take_back(host, client_id="undo-once"))
        assert first["version"] == 2
        host.wait_version(2)
        play_legal(host)  # the sign again, at version 3
        credential = lobby["credential"]
    finally:
        server.stop()
    restarted = LiveServer(db_url).start()
    try:
        back = Viewer(restarted.ws_url, lobby["game_id"], credential=credential)
        back.wait_for(lambda f: f["type"] == "snapshot")
        assert back.version == 3
        # The line of play was rebuilt from the history: the sign can still be taken back.
        assert back.doc["takeback"] == {"own": 1, "ask": 0}
        # A repeat of the old request id answers with its version and undoes nothing.
        again = back.answer(take_back(back, client_id="undo-once"))
        assert again == {"type": "accepted", "id": "undo-once", "version": 2}
        assert back.answer(take_back(back))["version"] == 4
        events = history(restarted, lobby["game_id"])
        assert [(e["type"], e["taken_back"]) for e in events] == [
            ("place", 2), (TAKEBACK, None), ("place", 4), (TAKEBACK, None)]
        assert replay_check(restarted.app.state.store, lobby["game_id"]) == ReplayCheck.SAME
    finally:
        restarted.stop()


def test_a_malformed_take_back_is_an_error_sentence(live_server: Any) -> None:
    lobby, players, spec = tuk_tuk_with_a_sign_to_place(live_server)
    host = players[0]
    host.ws.send(json.dumps({"type": "takeback", "id": "x", "version": 0, "count": 0}))
    # Refused under its id (issue 43), so the page can settle the request it sent.
    err = host.wait_for(lambda f: f["type"] == "rejected" and f["id"] == "x")
    assert err["code"] == "invalid" and "count" in err["reason"]
    reply = host.answer(take_back(host))
    assert reply["reason"] == "There is no move to take back yet."


def test_bots_agree_at_once(live_server: Any) -> None:
    """A bot only stands in for a seat: a take-back that needs only bots' consent is applied
    without a request."""
    lobby, (host,), spec = table(live_server, "race", policy="consent", bot_guest=True)
    host.answer(host.act({"type": "advance", "n": 3}))
    host.wait_version(2)  # the bot has answered with its own move
    assert host.doc["takeback"] == {"own": 0, "ask": 2}
    reply = host.answer(take_back(host, count=2))
    assert reply["type"] == "accepted" and reply["version"] == 3
    assert not any(f["type"] == "takeback_request" for f in host.frames)
    host.wait_version(3)
    assert host.doc["view"]["positions"] == [0, 0]


def test_a_take_back_on_another_process_follows_the_line_of_play(pg_url: str) -> None:
    """Two server processes: the host's second device, on the other process, is offered the
    Undo of a move made through the first, and its take-back reaches everyone."""
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, players, spec = tuk_tuk_with_a_sign_to_place(first)
        host = players[0]
        other = Viewer(second.ws_url, lobby["game_id"], credential=lobby["credential"])
        watcher = Viewer(second.ws_url, lobby["game_id"], watch=watch_id(lobby))
        for v in (other, watcher):
            v.wait_for(lambda f: f["type"] == "snapshot")
        start_view = watcher.doc["view"]
        play_legal(host)
        other.wait_version(1)
        watcher.wait_version(1)
        assert other.doc["takeback"] == {"own": 1, "ask": 0}
        assert other.answer(take_back(other))["version"] == 2
        for v in (host, players[1], spec, watcher):
            v.wait_version(2)
        assert watcher.doc["view"] == start_view and host.doc["view"] == \
            other.doc["view"]
    finally:
        first.stop()
        second.stop()


def test_a_take_back_repeated_long_after_and_after_a_restart_is_not_reapplied(
        db_url: str) -> None:
    server = LiveServer(db_url).start()
    try:
        lobby, (host, guest), spec = table(server, "race", policy="consent")
        host.answer(host.act({"type": "advance", "n": 3}))
        guest.wait_version(1)
        cid = take_back(host, client_id="old-undo")
        answer_request(guest, _request(host, guest, cid)["request"], True)
        assert host.answer(cid)["version"] == 2
        players = (host, guest)
        for v in range(2, 2 + 210):  # beyond the 200 events a reloaded room remembers
            mover = players[v % 2]
            mover.wait_version(v)
            assert mover.answer(mover.act({"type": "advance", "n": 1}))["type"] == "accepted"
    finally:
        server.stop()
    restarted = LiveServer(db_url).start()
    try:
        back = Viewer(restarted.ws_url, lobby["game_id"], credential=lobby["credential"])
        back.wait_for(lambda f: f["type"] == "snapshot")
        assert back.version == 212
        again = back.answer(take_back(back, client_id="old-undo"))
        assert again == {"type": "accepted", "id": "old-undo", "version": 2}
        assert len(history(restarted, lobby["game_id"])) == 212
    finally:
        restarted.stop()


# -- consent across server processes ---------------------------------------------------------
def _consent_on_two_processes(first: Any, second: Any,
                              guest_now: bool = True) -> tuple[dict, Viewer, Viewer | str]:
    """A consent race table whose host (on ``first``) moved once; the guest plays on
    ``second`` (or, without ``guest_now``, has not connected yet: their credential)."""
    r = http.post(f"{first.url}/api/lobbies", json={
        "game": "race", "seats": 2, "options": {}, "host_name": "Ana", "spectators": True,
        "listed": True, "settings": {"takeback": "consent"}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    guest_credential = join(first, lobby, "Budi")["credential"]
    start(first, lobby)
    host = Viewer(first.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    if not guest_now:
        host.answer(host.act({"type": "advance", "n": 3}))
        return lobby, host, guest_credential
    guest = Viewer(second.ws_url, lobby["game_id"], credential=guest_credential)
    guest.wait_for(lambda f: f["type"] == "snapshot")
    host.answer(host.act({"type": "advance", "n": 3}))
    for v in (host, guest):
        v.wait_version(1)
    return lobby, host, guest


def _closed(viewer: Viewer) -> dict[str, Any]:
    """The ``takeback_closed`` frame this viewer got (read already, or the next one)."""
    seen = [f for f in viewer.frames if f["type"] == "takeback_closed"]
    if seen:
        return seen[-1]
    return viewer.wait_for(lambda f: f["type"] == "takeback_closed", timeout=5)


def test_consent_asked_on_one_process_is_granted_from_the_other(pg_url: str) -> None:
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest = _consent_on_two_processes(first, second)
        watcher = Viewer(second.ws_url, lobby["game_id"], watch=watch_id(lobby))
        watcher.wait_for(lambda f: f["type"] == "snapshot")
        cid = take_back(host)
        req = guest.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        assert req["waiting"] == [1] and req["undo"] == [1]
        assert req["text"] == "Ana asks to take back 1 move."
        watcher.wait_for(lambda f: f["type"] == "takeback_request")
        answer_request(guest, req["request"], True)
        assert host.answer(cid) == {"type": "accepted", "id": cid, "version": 2}
        for v in (host, guest, watcher):
            assert _closed(v)["outcome"] == "granted"
            v.wait_version(2)
            assert v.doc["view"]["positions"] == [0, 0] and v.doc["to_act"] == [0]
        # Applied once: one take-back event, and a second "yes" finds the request closed.
        events = history(first, lobby["game_id"])
        assert [(e["type"], e["taken_back"]) for e in events] == [
            ("advance", 2), (TAKEBACK, None)]
        answer_request(guest, req["request"], True)
        err = guest.wait_for(lambda f: f["type"] == "error")
        assert err["key"] == "api.takeback.err_closed"
        assert len(history(second, lobby["game_id"])) == 2
        # The game goes on from the restored state, on either process.
        assert host.answer(host.act({"type": "advance", "n": 1}))["version"] == 3
        guest.wait_version(3)
    finally:
        first.stop()
        second.stop()


def test_consent_refused_on_the_other_process_closes_it_on_both(pg_url: str) -> None:
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, credential = _consent_on_two_processes(first, second, guest_now=False)
        assert isinstance(credential, str)
        host.wait_version(1)
        cid = take_back(host)
        host.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        # The guest connects to the other process only after the request was made (that
        # process did not even hold the game): they are shown the open request at once.
        guest = Viewer(second.ws_url, lobby["game_id"], credential=credential)
        req = guest.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        assert req["waiting"] == [1] and 0 < req["seconds"] <= takeback.REQUEST_SECONDS
        assert guest.version == 1
        # A second device of theirs on the same process sees it too, and says no.
        late = Viewer(second.ws_url, lobby["game_id"], credential=credential)
        late.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        answer_request(late, req["request"], False)
        for v in (host, guest, late):
            closed = _closed(v)
            assert closed["outcome"] == "refused"
            assert closed["reason"] == "Budi did not agree to the take-back; the game goes on."
        assert not any(f["type"] == "accepted" and f.get("id") == cid for f in host.frames)
        assert len(history(first, lobby["game_id"])) == 1
        # Closed on both: the host may ask again, and the new request reaches the guest.
        again = take_back(host)
        assert guest.wait_for(lambda f: f["type"] == "takeback_request")["id"] == again
    finally:
        first.stop()
        second.stop()


def test_a_request_refused_while_a_new_connection_reads_it_stays_closed(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, credential = _consent_on_two_processes(first, second, guest_now=False)
        assert isinstance(credential, str)
        host.wait_version(1)
        phone = Viewer(first.ws_url, lobby["game_id"], credential=credential)
        phone.wait_version(1)
        heard: list[str] = []  # what the second process's listener handled
        fanout = second.app.state.hub.fanout
        handle = fanout._handle
        monkeypatch.setattr(fanout, "_handle", lambda p: (heard.append(p), handle(p)))
        cid = take_back(host)
        req = phone.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        # The second process hears of the request while it holds no room of the game (so it
        # keeps nothing of it); only then does Budi open the game there. Heard later, on a
        # busy machine, it would reach the new room before the welcome and be shown from
        # memory, with no read to race.
        deadline = time.monotonic() + 10
        while not any(req["request"] in p for p in heard) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert any(req["request"] in p for p in heard)
        # The welcome's read returns the request still open, then waits.
        read, release = hold(monkeypatch, stored_requests, "current")
        # Budi opens the game on the other process, which does not hold the request yet...
        laptop = Viewer(second.ws_url, lobby["game_id"], credential=credential)
        laptop.wait_for(lambda f: f["type"] == "snapshot")
        assert read.wait(10)
        # ...and says no on his phone while the laptop's welcome still holds the open row.
        room = second.app.state.hub.rooms[lobby["game_id"]]
        changes = takeback.table_of(room).changes
        answer_request(phone, req["request"], False)
        assert _closed(host)["outcome"] == "refused"
        # The refusal reached the laptop's process (through the database) before its read ends.
        deadline = time.monotonic() + 5
        while takeback.table_of(room).changes == changes and time.monotonic() < deadline:
            time.sleep(0.01)
        release.set()
        laptop.ws.send('{"type":"ping"}')
        laptop.wait_for(lambda f: f["type"] == "pong")
        assert not [f for f in laptop.frames if f["type"] == "takeback_request"]
        # The laptop was never shown the refused request; the host may ask again, and it is.
        again = take_back(host)
        assert laptop.wait_for(lambda f: f["type"] == "takeback_request")["id"] == again
    finally:
        first.stop()
        second.stop()


def test_consent_unanswered_times_out_on_both_processes(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(takeback.asking, "REQUEST_SECONDS", 0.5)
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest = _consent_on_two_processes(first, second)
        cid = take_back(host)
        req = guest.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        for v in (host, guest):
            assert _closed(v)["outcome"] == "timed_out"
        answer_request(guest, req["request"], True)
        err = guest.wait_for(lambda f: f["type"] == "error")
        assert err["key"] == "api.takeback.err_closed"
        assert len(history(second, lobby["game_id"])) == 1
    finally:
        first.stop()
        second.stop()


def test_an_answer_relayed_after_the_refusal_does_not_open_the_request_again(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Budi agrees on the first process, Cici refuses on the second: the first process's word
    of Budi's answer reaches the second only after the refusal (held here). The second
    process must not show the refused request again (nor time it out a minute later)."""
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        r = http.post(f"{first.url}/api/lobbies", json={
            "game": "race", "seats": 3, "options": {}, "host_name": "Ana",
            "spectators": True, "listed": True, "settings": {"takeback": "consent"}})
        assert r.status_code == 201, r.text
        lobby = r.json()
        gid = lobby["game_id"]
        budi_cred = join(first, lobby, "Budi")["credential"]
        cici_cred = join(first, lobby, "Cici")["credential"]
        start(first, lobby)
        ana = Viewer(first.ws_url, gid, credential=lobby["credential"])
        budi = Viewer(first.ws_url, gid, credential=budi_cred)
        cici = Viewer(second.ws_url, gid, credential=cici_cred)
        for v in (ana, budi, cici):
            v.wait_for(lambda f: f["type"] == "snapshot")
        ana.answer(ana.act({"type": "advance", "n": 3}))
        for v in (ana, budi, cici):
            v.wait_version(1)
        # The first process's relays of a request's answers wait until the test says.
        fanout = first.app.state.hub.fanout
        relay = fanout.relay
        held: list[tuple[Any, tuple[Any, ...]]] = []

        def holding(game_id: str, topic: str, data: Any) -> None:
            if topic == "takeback" and data.get("k") == "open" and data["waiting"] == [2]:
                held.append((asyncio.get_running_loop(), (game_id, topic, data)))
                return
            relay(game_id, topic, data)

        monkeypatch.setattr(fanout, "relay", holding)
        cid = take_back(ana)
        req = cici.wait_for(lambda f: f["type"] == "takeback_request" and f["id"] == cid)
        assert req["waiting"] == [1, 2]
        answer_request(budi, req["request"], True)
        assert ana.wait_for(lambda f: f["type"] == "takeback_request"
                            and f["waiting"] == [2])["id"] == cid
        deadline = time.monotonic() + 5
        while not held and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(held) == 1
        answer_request(cici, req["request"], False)
        for v in (ana, budi, cici):
            assert _closed(v)["outcome"] == "refused"
        loop, args = held[0]
        loop.call_soon_threadsafe(relay, *args)  # Budi's answer, late
        # Budi then leaves: the first process's word of it follows the late answer, so once
        # Cici sees him gone, her process has handled the answer too.
        budi.close()
        cici.wait_for(lambda f: f["type"] == "presence"
                      and not f["seats"][1]["connected"], timeout=10)
        assert takeback.table_of(second.app.state.hub.rooms[gid]).request is None
        closed_at = max(i for i, f in enumerate(cici.frames) if f["type"] == "takeback_closed")
        assert not [f for f in cici.frames[closed_at:] if f["type"] == "takeback_request"]
        for v in (ana, cici):
            v.close()
    finally:
        first.stop()
        second.stop()

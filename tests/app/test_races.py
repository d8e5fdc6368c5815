"""Seat changes racing each other, with real concurrent requests (issue 17).

Each race is run many times, on one server and on two servers (separate connection pools
and rooms) sharing one database, on SQLite and on PostgreSQL. Whatever order the database
settles them in, a player must never hold a credential that does not work, a one-time link
must work once, and a started game never has an empty seat.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import pytest

from tests.app.client import (
    Viewer,
    auth,
    create,
    hold,
    http,
    invite_of,
    join,
    race,
    seated_lobby,
    start,
)
from tests.conftest import LiveServer

ROUNDS = 20


def seat_of(server: LiveServer, credential: str) -> tuple[int, dict[str, Any]]:
    """The seat a credential really opens (asserting that it opens one)."""
    r = http.get(f"{server.url}/api/me", headers=auth(credential))
    assert r.status_code == 200, f"a credential handed out does not work: {r.text}"
    return r.json()["seat"], r.json()


def lobby_of(server: LiveServer, lobby: dict[str, Any]) -> dict[str, Any]:
    r = http.get(f"{server.url}/api/games/{lobby['game_id']}",
                 headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    return r.json()


def test_join_against_bot_for_the_last_seat(servers: tuple[LiveServer, LiveServer]) -> None:
    a, b = servers
    for _ in range(ROUNDS):
        lobby = create(a, seats=2)
        joined, bot = race(
            partial(http.post, f"{a.url}/api/invites/{invite_of(lobby)}/join",
                              json={"name": "Budi"}),
            partial(http.post, f"{b.url}/api/games/{lobby['game_id']}/seats/1/bot",
                              headers=auth(lobby["credential"])))
        assert sorted([joined.status_code, bot.status_code]) == [200, 409], (
            joined.text, bot.text)
        last = lobby_of(a, lobby)["seats"][1]
        if joined.status_code == 200:
            assert seat_of(b, joined.json()["credential"])[0] == 1
            assert last["name"] == "Budi" and last["bot"] is False
            assert "taken" in bot.json()["detail"]
        else:
            assert last["bot"] is True and "full" in joined.json()["detail"]


def test_a_reissued_seat_link_is_claimed_once(servers: tuple[LiveServer, LiveServer]) -> None:
    a, b = servers
    for _ in range(ROUNDS // 2):
        lobby = create(a, seats=2)
        friend = join(a, lobby, "Budi")
        r = http.post(f"{a.url}/api/games/{lobby['game_id']}/seats/1/reissue",
                      headers=auth(lobby["credential"]))
        claim_id = r.json()["claim_url"].rsplit("/", 1)[1]
        answers = race(*[partial(http.post, f"{s.url}/api/claims/{claim_id}")
                         for s in (a, b, a, b, a)])
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 404, 404, 404, 404], [r.text for r in answers]
        winner = next(r for r in answers if r.status_code == 200).json()
        assert seat_of(b, winner["credential"])[0] == 1
        old = http.get(f"{a.url}/api/me", headers=auth(friend["credential"]))
        assert old.status_code == 401


def test_two_joiners_for_the_last_seat(servers: tuple[LiveServer, LiveServer]) -> None:
    a, b = servers
    for _ in range(ROUNDS):
        lobby = create(a, seats=3)
        join(a, lobby, "Ana")
        first, second = race(
            partial(http.post, f"{a.url}/api/invites/{invite_of(lobby)}/join",
                              json={"name": "Budi"}),
            partial(http.post, f"{b.url}/api/invites/{invite_of(lobby)}/join",
                              json={"name": "Citra"}))
        assert sorted([first.status_code, second.status_code]) == [200, 409]
        won = first if first.status_code == 200 else second
        name = "Budi" if won is first else "Citra"
        assert seat_of(a, won.json()["credential"])[0] == 2
        assert [s["name"] for s in lobby_of(b, lobby)["seats"]] == ["Host", "Ana", name]


def test_leave_against_start(servers: tuple[LiveServer, LiveServer]) -> None:
    a, b = servers
    for _ in range(ROUNDS):
        lobby = create(a, seats=2)
        friend = join(a, lobby, "Budi")
        left, started = race(
            partial(http.post, f"{a.url}/api/games/{lobby['game_id']}/leave",
                              headers=auth(friend["credential"])),
            partial(http.post, f"{b.url}/api/games/{lobby['game_id']}/start",
                              headers=auth(lobby["credential"])))
        assert left.status_code == 200, left.text
        info = lobby_of(a, lobby)
        if started.status_code == 200:
            # The start won: Budi left a game in play, his seat keeps his name.
            assert info["status"] == "active"
            assert info["seats"][1]["name"] == "Budi" and info["seats"][1]["left"] is True
        else:
            assert started.status_code == 409 and "seat" in started.json()["detail"]
            assert info["status"] == "lobby" and info["seats"][1]["name"] is None
        assert all(s["name"] for s in info["seats"]) or info["status"] == "lobby"


def test_two_joins_at_once_leave_every_page_with_both_players(
        live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Budi and Cici join at once; Budi's handler reads the seats before Cici's join and
    tells the lobby after hers (held here). The host's page must not be left with the older
    lobby, in which Cici's seat is still open."""
    lobby = create(live_server, seats=3, host="Ana")
    host = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    store = live_server.app.state.store
    read, release = hold(monkeypatch, store, "seats", first_only=True)
    with ThreadPoolExecutor(1) as pool:
        budi = pool.submit(join, live_server, lobby, "Budi")
        assert read.wait(10)  # Budi's seat is taken; his lobby read waits
        join(live_server, lobby, "Cici")
        host.wait_for(lambda f: f["type"] == "lobby"
                      and [s["name"] for s in f["lobby"]["seats"]] == ["Ana", "Budi", "Cici"])
        release.set()
        budi.result(10)
    host.ws.send('{"type":"ping"}')
    host.wait_for(lambda f: f["type"] == "pong")
    last = [f for f in host.frames if f["type"] == "lobby"][-1]
    assert [s["name"] for s in last["lobby"]["seats"]] == ["Ana", "Budi", "Cici"]
    host.close()


def test_a_hello_checked_just_before_its_seat_was_claimed_is_not_seated(
        live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Budi's old phone says hello; its credential is checked (still good), and before the
    connection joins the table his laptop claims the seat's new link, which closes every
    connection of the old credential. The phone must not join the table as Budi after that
    (it would see his hand and could play his seat)."""
    lobby, creds = seated_lobby(live_server, seats=2, names=("Budi",))
    start(live_server, lobby)
    gid = lobby["game_id"]
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/1/reissue",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    claim_id = r.json()["claim_url"].rsplit("/", 1)[1]
    checked, release = hold(monkeypatch, live_server.app.state.store, "authenticate",
                            first_only=True)
    phone = Viewer(live_server.ws_url, gid, credential=creds[1])
    assert checked.wait(10)
    claimed = http.post(f"{live_server.url}/api/claims/{claim_id}")
    assert claimed.status_code == 200, claimed.text
    release.set()
    first = phone.wait_for(lambda f: f["type"] in ("snapshot", "error"))
    assert first["type"] == "error" and first.get("fatal"), first
    laptop = Viewer(live_server.ws_url, gid, credential=claimed.json()["credential"])
    assert laptop.wait_for(lambda f: f["type"] == "snapshot")["doc"]["status"] == "active"
    for v in (phone, laptop):
        v.close()


def test_a_hello_checked_just_before_its_seat_went_to_a_bot_is_not_seated(
        live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Budi dropped out and the host hands his seat to a bot just as Budi's phone says
    hello again (its credential checked, not in the table yet). The phone must not join and
    play beside the bot: the bot's seat has no credential any more."""
    lobby, creds = seated_lobby(live_server, seats=2, names=("Budi",))
    start(live_server, lobby)
    gid = lobby["game_id"]
    checked, release = hold(monkeypatch, live_server.app.state.store, "authenticate",
                            first_only=True)
    phone = Viewer(live_server.ws_url, gid, credential=creds[1])
    assert checked.wait(10)
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/1/bot",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    release.set()
    first = phone.wait_for(lambda f: f["type"] in ("snapshot", "error"))
    assert first["type"] == "error" and first.get("fatal"), first
    phone.close()

"""The REST API as a host and their friends use it, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.app.client import auth, create, http, invite_of, join, start, watch_id


def test_create_lobby_gives_host_credential_and_distinct_links(live_server) -> None:
    lobby = create(live_server, listed=True)
    other = create(live_server)
    assert lobby["seat"] == 0
    assert len(lobby["credential"]) >= 22  # >= 128 random bits, url-safe
    invite, watch = invite_of(lobby), watch_id(lobby)
    assert len({invite, watch, lobby["game_id"], lobby["credential"]}) == 4
    assert lobby["credential"] not in lobby["invite_url"] + lobby["watch_url"]
    assert lobby["game_id"] != other["game_id"] and invite != other["invite_url"]


def test_join_resume_and_full_lobby(live_server) -> None:
    lobby = create(live_server, seats=2)
    invite = invite_of(lobby)
    info = http.get(f"{live_server.url}/api/invites/{invite}").json()
    assert [s["name"] for s in info["seats"]] == ["Host", None]
    friend = join(live_server, lobby, "Budi")
    assert friend["seat"] == 1
    # Opening your own invite link again resumes your seat instead of taking another.
    again = http.post(f"{live_server.url}/api/invites/{invite}/join", json={"name": "x"},
                       headers=auth(friend["credential"]))
    assert again.json()["seat"] == 1 and again.json()["resumed"] is True
    full = http.post(f"{live_server.url}/api/invites/{invite}/join", json={"name": "Citra"})
    assert full.status_code == 409 and "full" in full.json()["detail"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_bad_display_names_are_refused_in_words(live_server, name: str) -> None:
    lobby = create(live_server)
    invite = invite_of(lobby)
    r = http.post(f"{live_server.url}/api/invites/{invite}/join", json={"name": name})
    assert r.status_code == 422 and "name" in r.json()["detail"]


@pytest.mark.parametrize(("field", "body"), [
    ("hints", {"settings": {"hints": 0.0}}), ("spectators", {"spectators": 1}),
    ("listed", {"listed": "yes"}), ("seats", {"seats": "3"})])
def test_a_lobby_takes_json_types_as_the_document_states_them(live_server, field: str,
                                                               body: dict) -> None:
    """A boolean is true or false and a count a number: ``0.0``, ``1``, ``"yes"`` or
    ``"3"`` is refused with the field's name (it once made a lobby with hints off)."""
    r = http.post(f"{live_server.url}/api/lobbies",
                  json={"game": "race", "seats": 2, "host_name": "Ana", **body})
    assert r.status_code == 422 and field in r.json()["detail"]


def test_names_are_stored_as_typed_not_interpreted(live_server) -> None:
    lobby = create(live_server, host="<img src=x onerror=alert(1)>")
    info = http.get(f"{live_server.url}/api/games/{lobby['game_id']}",
                     headers=auth(lobby["credential"])).json()
    assert info["seats"][0]["name"] == "<img src=x onerror=alert(1)>"


def test_only_the_host_manages_seats_and_starts(live_server) -> None:
    lobby = create(live_server, seats=3)
    friend = join(live_server, lobby, "Budi")
    gid = lobby["game_id"]
    for path in ("start", "seats/2/bot", "seats/1/remove", "seats/1/reissue"):
        r = http.post(f"{live_server.url}/api/games/{gid}/{path}",
                       headers=auth(friend["credential"]))
        assert r.status_code == 403, path
    r = http.post(f"{live_server.url}/api/games/{gid}/start", headers=auth(lobby["credential"]))
    assert r.status_code == 409 and "seat" in r.json()["detail"]
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/2/bot",
                   headers=auth(lobby["credential"]))
    assert r.json()["seats"][2]["bot"] is True
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/order", json={"order": [2, 0, 1]},
                   headers=auth(lobby["credential"]))
    assert [s["name"] for s in r.json()["seats"]] == ["Dewi", "Host", "Budi"]
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/order", json={"order": [0, 0, 1]},
                   headers=auth(lobby["credential"]))
    assert r.status_code == 422
    info = start(live_server, lobby)
    assert info["status"] == "active"
    r = http.post(f"{live_server.url}/api/games/{gid}/start", headers=auth(lobby["credential"]))
    assert r.status_code == 409


def test_remove_and_leave_free_seats(live_server) -> None:
    lobby = create(live_server, seats=3)
    a, b = join(live_server, lobby, "A"), join(live_server, lobby, "B")
    gid = lobby["game_id"]
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/{a['seat']}/remove",
                   headers=auth(lobby["credential"]))
    assert r.json()["seats"][a["seat"]]["name"] is None
    assert http.get(f"{live_server.url}/api/me", headers=auth(a["credential"])).status_code == 401
    r = http.post(f"{live_server.url}/api/games/{gid}/leave", headers=auth(b["credential"]))
    assert r.json()["seats"][b["seat"]]["name"] is None
    r = http.post(f"{live_server.url}/api/games/{gid}/leave", headers=auth(lobby["credential"]))
    assert r.json()["status"] == "abandoned"


def test_reissued_seat_moves_to_the_new_device(live_server) -> None:
    lobby = create(live_server, seats=2)
    friend = join(live_server, lobby, "Budi")
    gid = lobby["game_id"]
    r = http.post(f"{live_server.url}/api/games/{gid}/seats/1/reissue",
                   headers=auth(lobby["credential"]))
    claim_url = r.json()["claim_url"]
    claim_id = claim_url.rsplit("/", 1)[1]
    assert friend["credential"] not in claim_url
    got = http.post(f"{live_server.url}/api/claims/{claim_id}").json()
    assert got["seat"] == 1 and got["credential"] != friend["credential"]
    old = http.get(f"{live_server.url}/api/me", headers=auth(friend["credential"]))
    assert old.status_code == 401
    assert http.post(f"{live_server.url}/api/claims/{claim_id}").status_code == 404


def test_listed_and_unlisted_lobbies(live_server) -> None:
    listed = create(live_server, game="race", listed=True)
    unlisted = create(live_server, game="race", listed=False)
    # The benchmark game is not listed on the home page at all.
    games = {g["id"] for g in http.get(f"{live_server.url}/api/games").json()}
    assert "race" not in games
    open_ids = {g["game_id"] for g in http.get(f"{live_server.url}/api/lobbies").json()}
    assert unlisted["game_id"] not in open_ids and listed["game_id"] not in open_ids
    r = http.get(f"{live_server.url}/api/games/{unlisted['game_id']}/history")
    assert r.status_code == 403
    r = http.get(f"{live_server.url}/api/games/{unlisted['game_id']}/history",
                  params={"watch": watch_id(unlisted)})
    assert r.status_code == 200
    r = http.get(f"{live_server.url}/api/games/{unlisted['game_id']}/history",
                  headers=auth(unlisted["credential"]))
    assert r.status_code == 200
    assert http.get(f"{live_server.url}/api/games/{listed['game_id']}/history").status_code == 200


def test_spectators_off_means_no_watch_link(live_server) -> None:
    lobby = create(live_server, spectators=False)
    assert lobby["watch_url"] is None


@pytest.mark.parametrize("method,path,body", [
    ("post", "/api/lobbies", {"game": "nope", "seats": 2, "host_name": "a"}),
    ("post", "/api/lobbies", {"game": "race", "seats": 9, "host_name": "a"}),
    ("post", "/api/lobbies",
     {"game": "race", "seats": 2, "host_name": "a", "options": {"goal": -1}}),
    ("post", "/api/lobbies", {"game": "race", "seats": 2, "host_name": "a", "evil": 1}),
    ("post", "/api/lobbies", "not json"),
    ("post", "/api/lobbies", [1, 2]),
    ("get", "/api/invites/" + "x" * 500, None),
    ("post", "/api/invites/nope/join", {"name": "a"}),
    ("post", "/api/claims/nope", None),
    ("get", "/api/games/nope", None),
    ("get", "/api/watch/nope", None),
    ("post", "/api/games/nope/start", None),
    ("post", "/api/games/nope/seats/abc/bot", None),
    ("post", "/api/games/nope/seats/order", {"order": "x"}),
    ("get", "/api/games/nope/history", None),
    ("get", "/api/me", None),
])
def test_requests_a_player_cannot_make_get_4xx(live_server, method: str, path: str,
                                               body: object) -> None:
    kwargs = {"content": body} if isinstance(body, str) else {"json": body}
    r = http.request(method, live_server.url + path, **kwargs,
                      headers={"content-type": "application/json",
                               "Authorization": "Bearer not-a-credential"})
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    assert isinstance(r.json()["detail"], str)


def test_pages_and_openapi_are_served(live_server) -> None:
    assert http.get(f"{live_server.url}/docs").status_code == 200
    spec = http.get(f"{live_server.url}/openapi.json").json()
    assert "/api/lobbies" in spec["paths"]

"""Requests meant to break the service get a 4xx with a sentence, never a 500 (issue 17)."""

from __future__ import annotations

import base64
import hashlib
import re
import socket
from collections.abc import Iterator

import pytest

from tests.app.client import auth, create, http, invite_of, join, watch_id
from tests.conftest import LiveServer


def listed_game(server: LiveServer) -> str:
    return http.get(f"{server.url}/api/games").json()[0]["id"]


@pytest.mark.parametrize("action", ["bot", "remove", "reissue"])
@pytest.mark.parametrize("seat", ["99999999999999999999", "-1", "8", "2147483648"])
def test_huge_or_negative_seat_numbers_are_refused(live_server: LiveServer, action: str,
                                                   seat: str) -> None:
    lobby = create(live_server, seats=2)
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/{seat}/{action}",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 422, r.text
    assert "seat" in r.json()["detail"]


@pytest.mark.parametrize("path", ["/api/invites/%00", "/api/watch/%00", "/api/games/%00",
                                  "/api/games/%00/history", "/api/invites/a%00b/join",
                                  "/api/claims/%00", "/api/games/" + "g" * 33,
                                  "/api/games/%C3%A9t%C3%A9"])
def test_ids_with_nul_bytes_or_odd_characters_never_reach_the_database(
        live_server: LiveServer, path: str) -> None:
    method = "post" if path.endswith("join") or "/claims/" in path else "get"
    r = http.request(method, live_server.url + path, json={"name": "Budi"})
    assert r.status_code == 422, r.text
    assert isinstance(r.json()["detail"], str) and r.json()["detail"]


def test_unlisted_lobbies_cannot_crowd_the_open_lobby_list_out(live_server: LiveServer) -> None:
    game = listed_game(live_server)
    mine = create(live_server, game=game, seats=2)
    for _ in range(50):
        create(live_server, game="race", seats=2)  # the benchmark game, never on the list
    lobbies = http.get(f"{live_server.url}/api/lobbies").json()
    assert mine["game_id"] in {g["game_id"] for g in lobbies}
    assert all(g["game"] != "race" for g in lobbies)
    assert next(g for g in lobbies if g["game_id"] == mine["game_id"])["host"] == "Host"


def test_history_of_a_game_without_spectators_needs_a_seat(live_server: LiveServer) -> None:
    lobby = create(live_server, seats=2, listed=True, spectators=False)
    url = f"{live_server.url}/api/games/{lobby['game_id']}/history"
    r = http.get(url)
    assert r.status_code == 403 and "seat" in r.json()["detail"]
    assert http.get(url, params={"watch": "guess"}).status_code == 403
    assert http.get(url, headers=auth(lobby["credential"])).status_code == 200
    open_game = create(live_server, seats=2, listed=True, spectators=True)
    assert http.get(f"{live_server.url}/api/games/{open_game['game_id']}/history"
                    ).status_code == 200
    unlisted = create(live_server, seats=2, listed=False, spectators=True)
    assert http.get(f"{live_server.url}/api/games/{unlisted['game_id']}/history",
                    params={"watch": watch_id(unlisted)}).status_code == 200


def _raw_request(server: LiveServer, head: str, body: bytes = b"") -> tuple[int, bytes]:
    """Send a hand-made HTTP/1.1 request; return the status and what came back."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head.encode() + body)
        data = b""
        while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    return int(data.split(b" ", 2)[1]), data


def test_a_declared_huge_body_is_refused_before_it_is_sent(live_server: LiveServer) -> None:
    # 80 MiB announced, not one byte sent: the answer comes without waiting for it.
    status, data = _raw_request(live_server, (
        "POST /api/lobbies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {80 << 20}\r\n\r\n"))
    assert status == 413 and b"larger than" in data


def test_a_streamed_huge_body_is_refused_once_past_the_limit(live_server: LiveServer) -> None:
    chunk = b"x" * (48 << 10)
    # Two chunks (96 KiB) and no final chunk: the server must answer without the rest.
    body = b"".join(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" for _ in range(2))
    status, data = _raw_request(live_server, (
        "POST /api/lobbies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"), body)
    assert status == 413 and b"larger than" in data


def test_ordinary_bodies_still_pass_the_bound(live_server: LiveServer) -> None:
    lobby = create(live_server, seats=2, host="H" * 40)
    assert join(live_server, lobby, "Budi")["seat"] == 1


def test_wrong_method_says_which_are_allowed(live_server: LiveServer) -> None:
    r = http.delete(f"{live_server.url}/api/lobbies")
    assert r.status_code == 405 and set(r.headers["allow"].split(", ")) == {"GET", "POST"}


def test_validation_errors_are_one_sentence_as_documented(live_server: LiveServer) -> None:
    r = http.post(f"{live_server.url}/api/lobbies", json={"game": "race"})
    assert r.status_code == 422
    assert r.json()["detail"].startswith("Invalid request: ") and "seats" in r.json()["detail"]
    spec = http.get(f"{live_server.url}/openapi.json").json()
    answer = spec["paths"]["/api/lobbies"]["post"]["responses"]["422"]
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    assert spec["components"]["schemas"]["ErrorBody"]["properties"]["detail"]["type"] == "string"


# (A script or stylesheet has a stricter policy of its own: tests/app/test_first_visit.py.)
@pytest.mark.parametrize("path", ["/", "/join/abc", "/static/favicon.svg", "/api/games",
                                  "/api/no-such-thing", "/openapi.json"])
def test_every_answer_carries_the_security_headers(live_server: LiveServer, path: str) -> None:
    r = http.get(live_server.url + path)
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    script_src = next(d for d in csp.split("; ") if d.startswith("script-src"))
    # No inline script, no other origin; a page's inline scripts are its import map
    # (browsers take no other kind), the one that asks for its modules on a first visit
    # (``modules_script``) and the picture of a game page as it was left
    # (static/picture-first.js); both must run before the modules. Each is allowed by the
    # hash of exactly its text.
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", r.text, re.S)
    allowed = [f"'sha256-{base64.b64encode(hashlib.sha256(i.encode()).digest()).decode()}'"
               for i in inline]
    assert script_src == " ".join(["script-src 'self'", *allowed]), path
    html = r.headers["content-type"].startswith("text/html")
    # (The "not found" page carries no picture.)
    assert len(inline) == (0 if not html else 3 if r.status_code == 200 else 2), path
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


@pytest.fixture(scope="module")
def limited_server(db_url: str) -> Iterator[LiveServer]:
    """A server with small per-address limits (the suite's own servers have none)."""
    server = LiveServer(db_url, rate_lobbies=3, rate_joins=2, rate_claims=1).start()
    yield server
    server.stop()


def _assert_limited(r: object, what: str) -> None:
    import httpx

    assert isinstance(r, httpx.Response)
    assert r.status_code == 429, r.text
    # The sentence names what was limited in words, never as a catalogue key.
    assert f"Too many {what} from your address" in r.json()["detail"], r.json()["detail"]
    assert int(r.headers["retry-after"]) >= 1


def test_lobby_creation_joins_and_claims_are_rate_limited(limited_server: LiveServer) -> None:
    s = limited_server
    body = {"game": "race", "seats": 4, "host_name": "Host"}
    made = [http.post(f"{s.url}/api/lobbies", json=body) for _ in range(4)]
    assert [r.status_code for r in made] == [201, 201, 201, 429]
    _assert_limited(made[3], "new lobbies")
    lobby = made[0].json()
    invite = invite_of(lobby)
    joins = [http.post(f"{s.url}/api/invites/{invite}/join", json={"name": f"P{i}"})
             for i in range(3)]
    assert [r.status_code for r in joins] == [200, 200, 429]
    _assert_limited(joins[2], "joins")
    # The refused join took no seat.
    info = http.get(f"{s.url}/api/games/{lobby['game_id']}", headers=auth(lobby["credential"]))
    assert [x["name"] for x in info.json()["seats"]] == ["Host", "P0", "P1", None]
    claims = [http.post(f"{s.url}/api/games/{lobby['game_id']}/seats/{seat}/reissue",
                        headers=auth(lobby["credential"])).json()["claim_url"] for seat in (1, 2)]
    first = http.post(f"{s.url}/api/claims/{claims[0].rsplit('/', 1)[1]}")
    assert first.status_code == 200
    _assert_limited(http.post(f"{s.url}/api/claims/{claims[1].rsplit('/', 1)[1]}"),
                    "seat claims")


def test_a_nul_byte_in_a_websocket_game_id_gets_an_error_frame(live_server: LiveServer) -> None:
    from tests.app.client import Viewer

    v = Viewer(live_server.ws_url, "a%00b", watch="x")
    frame = v.wait_for(lambda f: f["type"] == "error")
    assert frame["fatal"] is True and "no such game" in frame["reason"].lower()
    v.close()

"""Odd input at the edges of the service (issue 43): each is answered with a sentence or
a frame the page can act on, never a 500, a generic error or a traceback in the log."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import pytest

from tests.conftest import LiveServer


@pytest.mark.parametrize("url", ["http://a..b.com/hook", f"https://{'x' * 64}.example/hook",
                                 "http://.example.com/hook"])
def test_a_malformed_webhook_host_is_refused_with_a_sentence(live_server: LiveServer,
                                                             url: str) -> None:
    """The host name's labels are checked before anything resolves it; the kept-alive
    connection is still good afterwards."""
    with httpx.Client(timeout=15) as client:
        r = client.post(f"{live_server.url}/api/lobbies", json={
            "game": "race", "seats": 2, "host_name": "Ayu", "webhook_url": url})
        assert r.status_code == 422, r.text
        assert "host name is not valid" in r.json()["detail"]
        assert client.get(f"{live_server.url}/api/games").status_code == 200


def _from(address: str) -> httpx.Client:
    """A client whose connections come from ``address`` (any of 127/8 is this machine)."""
    return httpx.Client(timeout=15, transport=httpx.HTTPTransport(local_address=address))


def test_a_trusted_proxy_forwards_each_users_address(own_db_url: Callable[[], str]) -> None:
    """Behind the configured proxy (here 127.0.0.2) the per-address limit counts each
    forwarded user; the same header from anyone else (127.0.0.3) changes nothing."""
    server = LiveServer(own_db_url(), rate_lobbies=2, trusted_proxies="127.0.0.2").start()
    body = {"game": "race", "seats": 2, "host_name": "Ayu"}
    try:
        with _from("127.0.0.2") as proxy, _from("127.0.0.3") as forger:
            for user in range(5):
                r = proxy.post(f"{server.url}/api/lobbies", json=body,
                               headers={"X-Forwarded-For": f"203.0.113.{user + 1}"})
                assert r.status_code == 201, (user, r.text)
            codes = [forger.post(f"{server.url}/api/lobbies", json=body,
                                 headers={"X-Forwarded-For": f"198.51.100.{user + 1}"}
                                 ).status_code for user in range(4)]
            assert codes == [201, 201, 429, 429]
            # A user already counted through the proxy is counted as themself.
            for _ in range(2):
                r = proxy.post(f"{server.url}/api/lobbies", json=body,
                               headers={"X-Forwarded-For": "203.0.113.1"})
            assert r.status_code == 429
    finally:
        server.stop()


@pytest.mark.parametrize("path", ["/api/lobbies", "/api/records"])
@pytest.mark.parametrize("body", [b"{", b"\xff\xfe", b"game=race&seats=2"])
def test_a_body_that_is_not_json_is_a_bad_request(live_server: LiveServer, path: str,
                                                  body: bytes) -> None:
    """400, as docs/protocol.md and each operation's document say; not 422."""
    r = httpx.post(f"{live_server.url}{path}", content=body,
                   headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["detail"] == "The request body is not JSON."


def test_the_document_states_the_real_bounds_of_an_address(live_server: LiveServer) -> None:
    """The e-mail fields' schema is the address the service accepts: a 300-digit one is
    outside it (the document no longer promises what the service refuses)."""
    doc = httpx.get(f"{live_server.url}/openapi.json").json()
    email = next(v for v in doc["components"]["schemas"]["CreateLobby"]["properties"].items()
                 if v[0] == "host_email")[1]
    pattern = email["pattern"]  # beside anyOf [string, null]: a pattern binds strings only
    assert not re.fullmatch(pattern, "1" * 300)
    assert re.fullmatch(pattern, " ana@example.com ")
    r = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu", "host_email": " ana@example.com "})
    assert r.status_code == 201, r.text


def _upload(server: LiveServer, size: int, chunk: int = 64 << 10, pause: float = 0.002
            ) -> bytes:
    """POST ``size`` bytes to /api/records over a plain socket, a chunk at a time as a
    slow client does, then read the whole answer (ConnectionResetError if it was reset)."""
    import socket
    import time

    head = ("POST /api/records HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {size}\r\n"
            + "\r\n").encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(head)
        sent = 0
        while sent < size:
            part = b" " * min(chunk, size - sent)
            sock.sendall(part)
            sent += len(part)
            time.sleep(pause)
        answer = b""
        while b"\r\n\r\n" not in answer:
            got = sock.recv(65536)
            if not got:
                return answer
            answer += got
        head_end = answer.index(b"\r\n\r\n") + 4
        length = re.search(rb"(?i)content-length: *(\d+)", answer[:head_end])
        while length and len(answer) < head_end + int(length.group(1)):
            got = sock.recv(65536)
            if not got:
                break
            answer += got
        return answer


def test_an_oversized_upload_is_read_and_answered_413(live_server: LiveServer) -> None:
    """A client still sending an over-2 MiB record gets the 413, not a reset: the server
    reads (and drops) what it declared before answering and closing."""
    for _ in range(3):
        answer = _upload(live_server, 3 << 20)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b"larger than" in answer


def test_the_document_states_each_games_seats_and_rules_version(
        live_server: LiveServer) -> None:
    """A lobby's seat count and a record's rules version are the game's own: the document
    says so per game (``oneOf``), and the service accepts exactly that."""
    doc = httpx.get(f"{live_server.url}/openapi.json").json()
    schemas = doc["components"]["schemas"]
    lobby_games = {b["properties"]["game"]["const"]: b for b in schemas["CreateLobby"]["oneOf"]}
    # A record is read and written: FastAPI names the two schemas apart when they differ.
    record = schemas.get("GameRecord") or schemas["GameRecord-Input"]
    record_games = {b["properties"]["game"]["const"]: b for b in record["oneOf"]}
    games = httpx.get(f"{live_server.url}/api/games").json()
    assert games
    for game in games:
        branch = lobby_games[game["id"]]["properties"]["seats"]
        assert (branch["minimum"], branch["maximum"]) == (game["min_players"],
                                                          game["max_players"])
        branch_of_record = record_games[game["id"]]["properties"]
        assert branch_of_record["rules_version"]["const"] == game["rules_version"]
        assert branch_of_record["seats"]["minItems"] == game["min_players"]
        for seats, status in ((game["min_players"] - 1, 422), (game["min_players"], 201),
                              (game["max_players"], 201), (game["max_players"] + 1, 422)):
            r = httpx.post(f"{live_server.url}/api/lobbies", json={
                "game": game["id"], "seats": seats, "host_name": "Ayu"})
            assert r.status_code == status, (game["id"], seats, r.text)


@pytest.mark.parametrize("name", ["", "   ", "\x00\x1f", "\u3000\xa0\x85", "A", "  Ayu  ",
                                  "\U0001F600" * 40, "\U0001F600" * 41, "A" + " " * 40,
                                  "Budi\u2028Santoso"])
def test_the_document_states_the_real_bounds_of_a_name(live_server: LiveServer,
                                                       name: str) -> None:
    """A display name the document calls valid (1 to 40 characters as sent, counted as code
    points, one of them not a space) is accepted, and one it calls invalid is refused with
    a sentence: the host's name and a joining player's alike."""
    doc = httpx.get(f"{live_server.url}/openapi.json").json()
    schemas = doc["components"]["schemas"]
    verdicts = {spec.get("minLength", 0) <= len(name) <= spec["maxLength"]
                and re.search(spec.get("pattern", ""), name) is not None
                for spec in (schemas["CreateLobby"]["properties"]["host_name"],
                             schemas["JoinBody"]["properties"]["name"])}
    assert len(verdicts) == 1, "the host's and a player's name have the same bounds"
    valid = verdicts.pop()
    r = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": name})
    assert r.status_code == (201 if valid else 422), r.text
    host = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu"}).json()
    invite = host["invite_url"].rsplit("/", 1)[1]
    r2 = httpx.post(f"{live_server.url}/api/invites/{invite}/join", json={"name": name})
    assert r2.status_code == (200 if valid else 422), r2.text
    if not valid:
        assert r.json()["detail"] in ("Please enter a display name.",
                                      "Display names are at most 40 characters.")


@pytest.mark.parametrize(("url", "valid"), [
    ("https://1.1.1.1/api/webhooks/1/x", True), ("HTTPS://1.1.1.1:8443/hook?x=1", True),
    ("  ", True), ("https://1.1.1.1:99999/hook", False), ("http://\u00fc.example/hook", False),
    ("http://1.1.1.1/a\x7fb\x01", False), ("ftp://1.1.1.1/", False)])
def test_the_document_states_the_real_shape_of_a_webhook_url(live_server: LiveServer,
                                                             url: str, valid: bool) -> None:
    """The webhook field's pattern is the URL the service takes: what it matches is
    accepted (the host is an address literal, so nothing is resolved), what it does not
    match is refused with a sentence."""
    doc = httpx.get(f"{live_server.url}/openapi.json").json()
    pattern = doc["components"]["schemas"]["CreateLobby"]["properties"]["webhook_url"]["pattern"]
    assert (re.search(pattern, url) is not None) == valid
    r = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu", "webhook_url": url})
    assert r.status_code == (201 if valid else 422), r.text
    if not valid:
        assert "webhook URL" in r.json()["detail"]


@pytest.mark.parametrize(("seconds", "status"), [(120, 201), (120.0, 201), ("120", 422),
                                                 (True, 422), (120.5, 422), (601, 422)])
def test_a_clock_takes_the_seconds_the_document_describes(live_server: LiveServer,
                                                          seconds: object, status: int) -> None:
    """The increment is a JSON integer within the bounds the document states for a
    real-time clock: ``120.0`` is one (as JSON Schema counts), text and booleans are not."""
    doc = httpx.get(f"{live_server.url}/openapi.json").json()
    kinds = {b["properties"]["kind"]["const"]: b
             for b in doc["components"]["schemas"]["TimeControl"]["oneOf"]}
    assert kinds["realtime"]["properties"]["increment_seconds"]["maximum"] == 600
    r = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu", "settings": {"time_control": {
            "kind": "realtime", "bank_seconds": 600, "increment_seconds": seconds}}})
    assert r.status_code == status, r.text


def test_a_seat_order_that_does_not_fit_the_lobby_is_a_conflict(
        live_server: LiveServer) -> None:
    """A well-formed order (each seat once, as the document asks) for a different number
    of seats conflicts with this lobby (409); a seat listed twice is malformed (422)."""
    lobby = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 3, "host_name": "Ayu"}).json()
    url = f"{live_server.url}/api/games/{lobby['game_id']}/seats/order"
    head = {"Authorization": f"Bearer {lobby['credential']}"}
    for order, status in (([1, 0], 409), ([0, 0, 1], 422), ([2, 0, 1], 200)):
        r = httpx.post(url, json={"order": order}, headers=head)
        assert r.status_code == status, (order, r.text)
    order = httpx.get(f"{live_server.url}/openapi.json").json()[
        "components"]["schemas"]["OrderBody"]["properties"]["order"]
    assert order["uniqueItems"] is True


def test_a_query_parameter_given_twice_is_refused(live_server: LiveServer) -> None:
    """The document declares one watch id; two are refused with a sentence instead of
    the last being read. A parameter the route does not read is still ignored."""
    lobby = httpx.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu"}).json()
    url = f"{live_server.url}/api/games/{lobby['game_id']}/history"
    r = httpx.get(url, params=[("watch", "a"), ("watch", "b")])
    assert r.status_code == 422, r.text
    assert "watch: given 2 times" in r.json()["detail"]
    watch = lobby["watch_url"].rsplit("/", 1)[1]
    r = httpx.get(url, params=[("watch", watch), ("utm", "a"), ("utm", "b")])
    assert r.status_code == 200, r.text


def test_a_watch_link_that_is_not_the_games_is_refused_even_on_a_public_history(
        live_server: LiveServer) -> None:
    """schemathesis sent ``?watch=false`` to a listed game's history and was answered 200: a
    link that is given must be the game's, as a credential that is given must be valid."""
    from tests.app.client import create, watch_id

    lobby = create(live_server, game="race", seats=2, listed=True, spectators=True)
    base = f"{live_server.url}/api/games/{lobby['game_id']}"
    assert httpx.get(f"{base}/history").status_code == 200  # public: no link needed
    assert httpx.get(f"{base}/history", params={"watch": watch_id(lobby)}).status_code == 200
    for wrong in ("false", "x" * 20):
        r = httpx.get(f"{base}/history", params={"watch": wrong})
        assert r.status_code == 403 and r.json()["detail"] == "That watch link is not this game's."

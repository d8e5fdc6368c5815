"""Odd input at the edges of the service (issue 43): each is answered with a sentence or
a frame the page can act on, never a 500, a generic error or a traceback in the log."""

from __future__ import annotations

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

"""Odd input at the edges of the service (issue 43): each is answered with a sentence or
a frame the page can act on, never a 500, a generic error or a traceback in the log."""

from __future__ import annotations

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

"""The clock in the browser: chosen in words at creation, shown in the lobby, drawn and
counting down on the game page for the player to move, another player on a phone, and a
spectator."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.conftest import LiveServer

PHONE = {"width": 375, "height": 740}


def _seconds(text: str) -> int:
    m, s = text.strip().split(":")[-2:]
    return int(m) * 60 + int(s)


def test_clock_is_chosen_shown_and_counts_for_players_and_spectators(
        e2e_server: LiveServer, new_page: Any) -> None:
    base = e2e_server.url
    host = new_page()
    host.goto(base + "/")
    host.get_by_test_id("create-game").select_option("tuk-tuk-taxi")
    host.get_by_test_id("create-name").fill("Siti")
    host.get_by_test_id("create-clock").select_option("realtime")
    host.get_by_test_id("create-bank").fill("3")
    host.get_by_test_id("create-increment").fill("5")
    host.get_by_test_id("create-out-of-time").select_option("skip")
    host.get_by_test_id("create-submit").click()
    host.wait_for_url(re.compile(r".*/lobby/"))
    expect(host.get_by_test_id("lobby-clock")).to_have_text(
        "Real time: 3 minutes + 5 seconds per move; a player out of time passes")
    game_id = host.url.rsplit("/", 1)[1]
    mine = json.loads(host.evaluate("localStorage.getItem('meja.seats')"))[game_id]
    auth = {"Authorization": f"Bearer {mine['credential']}"}
    joined = httpx.post(f"{base}/api/invites/{mine['invite_id']}/join",
                        json={"name": "Budi"}).json()
    httpx.post(f"{base}/api/games/{game_id}/start", headers=auth).raise_for_status()
    host.wait_for_url(f"{base}/game/{game_id}")
    info = httpx.get(f"{base}/api/games/{game_id}", headers=auth).json()

    guest = new_page(PHONE["width"], PHONE["height"])
    guest.goto(base + "/")
    guest.evaluate("s => localStorage.setItem('meja.seats', s)", json.dumps(
        {game_id: {"credential": joined["credential"], "seat": 1, "game": "tuk-tuk-taxi",
                   "name": "Budi"}}))
    guest.goto(f"{base}/game/{game_id}")
    spectator = new_page()
    spectator.goto(base + info["watch_url"])

    mover = 0 if 0 in info["to_act"] else 1
    for page in (host, guest, spectator):
        panel = page.get_by_test_id("clock")
        expect(panel).to_be_visible()
        expect(page.get_by_test_id("clock-words")).to_contain_text("Real time: 3 minutes")
        expect(page.get_by_test_id(f"clock-seat-{mover}")).to_have_attribute("data-running", "1")
        expect(page.get_by_test_id(f"clock-seat-{1 - mover}")).to_have_attribute(
            "data-running", "0")
        expect(page.get_by_test_id(f"clock-time-{1 - mover}")).to_have_text("3:00")
    # The running clock counts down, on every screen (a second or two of real time).
    for page in (host, guest, spectator):
        time_el = page.get_by_test_id(f"clock-time-{mover}")
        first = _seconds(time_el.text_content() or "")
        assert first <= 180
        page.wait_for_function(
            "([id, s]) => { const t = document.querySelector(`[data-testid=${id}]`)"
            ".textContent.split(':'); return (+t[0]) * 60 + (+t[1]) < s; }",
            arg=[f"clock-time-{mover}", first], timeout=5000)
    # On the phone the clock panel fits the screen.
    guest.get_by_test_id("clock").scroll_into_view_if_needed()
    box = guest.get_by_test_id("clock").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

"""Beginners' hints in the browser (issue 41): the host turns them on when opening the table,
the lobby says so (and its "How to play" leads to the title's lessons), and at the table the
player whose turn it is asks "Show me a good move" and reads it, and why it is good, in one
line (a spectator reads that hints are on, and has no button)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from engines.messages import render
from tests.conftest import LiveServer
from tests.e2e.coach import shot_to_docs
from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.e2e


def test_a_host_turns_hints_on_and_a_player_asks_for_a_good_move(
        e2e_server: LiveServer, new_page: Any) -> None:
    base = e2e_server.url
    host = new_page(PHONE["width"], PHONE["height"], touch=True)
    host.goto(base + "/")
    host.get_by_test_id("create-game").select_option("tuk-tuk-taxi")
    host.get_by_test_id("create-name").fill("Siti")
    expect(host.get_by_test_id("create-hints")).not_to_be_checked()  # off by default
    host.get_by_test_id("create-hints").check()
    host.get_by_test_id("create-submit").click()
    host.wait_for_url(re.compile(r".*/lobby/"))
    expect(host.get_by_test_id("lobby-hints")).to_have_text(
        "Hints are on at this table: a player may ask for a good move.")
    game_id = host.url.rsplit("/", 1)[1]
    # The lobby's "How to play" leads to learning by playing: this title's lessons first.
    host.get_by_test_id("how-to-play").click()
    host.get_by_test_id("how-to-play-learn").click()
    host.wait_for_url(f"{base}/learn/tuk-tuk-taxi")
    expect(host.locator(".learn-game").first).to_have_attribute("data-game", "tuk-tuk-taxi")
    host.go_back()
    host.wait_for_url(f"{base}/lobby/{game_id}")
    mine = json.loads(host.evaluate("localStorage.getItem('meja.seats')"))[game_id]
    auth = {"Authorization": f"Bearer {mine['credential']}"}
    httpx.post(f"{base}/api/games/{game_id}/seats/1/bot", headers=auth).raise_for_status()
    httpx.post(f"{base}/api/games/{game_id}/start", headers=auth).raise_for_status()
    host.wait_for_url(f"{base}/game/{game_id}")

    expect(host.get_by_test_id("hints-on")).to_be_visible()
    ask = host.get_by_test_id("hint-button")
    expect(ask).to_have_text("Show me a good move")
    expect(ask).to_be_enabled()  # Siti's turn: she places the first sign
    ask.click()
    # The move and why it is good, in one line: the reason is the one the server gives for
    # this position (the same hint again: it is seeded by the table's version and seat).
    why = httpx.post(f"{base}/api/games/{game_id}/hint", headers=auth).json()["why"]
    reason = render(why["key"], why["params"], "en")
    line = host.get_by_test_id("hint-text")
    expect(line).to_have_text(
        re.compile(r"^A good move from what you can see: .+\. " + re.escape(reason) + "$"))
    expect(line).to_be_in_viewport()
    shot_to_docs(host, "hint-tuk-tuk-taxi-phone.png")
    # In Bahasa Indonesia the same line, reworded, reason included.
    host.get_by_test_id("lang").select_option("id")
    expect(line).to_have_text(re.compile(
        r"^Langkah yang baik dari yang bisa Anda lihat: .+\. "
        + re.escape(render(why["key"], why["params"], "id")) + "$"))
    shot_to_docs(host, "hint-tuk-tuk-taxi-phone-id.png")
    host.get_by_test_id("lang").select_option("en")
    expect(line).to_have_text(re.compile(re.escape(reason) + "$"))

    info = httpx.get(f"{base}/api/games/{game_id}", headers=auth).json()
    spectator = new_page()
    spectator.goto(base + info["watch_url"])
    expect(spectator.get_by_test_id("hints-on")).to_be_visible()
    expect(spectator.get_by_test_id("hint-button")).to_be_hidden()

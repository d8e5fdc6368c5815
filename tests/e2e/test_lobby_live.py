"""Lobby and table pages keep up with seat changes made at once (issue 17: promises kept
under races): an answer that left the server before a newer change never undoes it."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.app.client import Viewer, join
from tests.e2e.conftest import (
    api_lobby,
    hold_first_answer,
    open_seat,
    start_lobby,
    until_held,
)


def test_an_older_lobby_answer_arriving_late_does_not_empty_a_taken_seat(
        e2e_server: Any, new_page: Any) -> None:
    """Budi and Cici join at once. The host's page asks for the lobby after each one's
    frame; the answer to the first question (Budi only) arrives after the second's (held
    here). The page must keep showing Cici in her seat."""
    made = api_lobby(e2e_server, "race", 3)
    lobby = made["lobby"]
    gid = lobby["game_id"]
    page = new_page(390, 844)
    open_seat(page, e2e_server, gid, 0, made["seats"][0], "race")
    page.wait_for_url(re.compile(r"/lobby/[\w-]+$"))
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "live")
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")

    held = hold_first_answer(page, re.compile(r"/api/games/" + re.escape(gid) + r"$"))
    join(e2e_server, lobby, "Budi")
    until_held(page, held, "for the lobby after Budi joined")
    join(e2e_server, lobby, "Cici")
    expect(page.get_by_test_id("seat-2")).to_contain_text("Cici")
    assert len(held) == 1
    route, response = held[0]
    assert [s["name"] for s in response.json()["seats"]] == ["Ana", "Budi", None]
    with page.expect_event("requestfinished", lambda r: r == route.request):
        route.fulfill(response=response)
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")
    # Checked once, not polled: the late answer has been handled by now.
    assert "Cici" in page.get_by_test_id("seat-2").inner_text()
    assert "Budi" in page.get_by_test_id("seat-1").inner_text()


def test_a_seat_handed_to_a_bot_is_not_undone_by_an_older_answer_on_the_game_page(
        e2e_server: Any, new_page: Any) -> None:
    """Budi drops out; the host's page asks for the table (held here) and the host hands
    his seat to a bot meanwhile. The late answer (Budi, no bot) must not undo the bot."""
    made = api_lobby(e2e_server, "race", 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    gid = made["lobby"]["game_id"]
    budi = Viewer(e2e_server.ws_url, gid, credential=made["seats"][1])
    budi.wait_for(lambda f: f["type"] == "snapshot")
    page = new_page(390, 844)
    open_seat(page, e2e_server, gid, 0, made["seats"][0], "race")
    expect(page.get_by_test_id("status")).to_have_text("Connected")

    held = hold_first_answer(page, re.compile(r"/api/games/" + re.escape(gid) + r"$"))
    budi.close()  # his dot goes off: the host's page asks who is still at the table
    until_held(page, held, "for the table after Budi dropped out")
    page.get_by_test_id("hand-bot-1").click()
    expect(page.get_by_test_id("bot-level-1")).to_be_visible()
    page.wait_for_timeout(800)  # the page's own later questions (400 ms after) are answered
    route, response = held[0]
    assert response.json()["seats"][1]["bot"] is False  # the table as it was asked
    with page.expect_event("requestfinished", lambda r: r == route.request):
        route.fulfill(response=response)
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")
    # Checked once, not polled: the late answer has been handled by now.
    assert page.get_by_test_id("bot-level-1").is_visible()
    assert page.get_by_test_id("hand-bot-1").count() == 0

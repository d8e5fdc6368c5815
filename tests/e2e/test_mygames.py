"""My games and Next game on a phone (issue 38): three tables in different states are
grouped, the list follows an opponent's move live, and Next game (the button and the key
N) goes to the table that waits longest for its player, the nearest deadline first."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.app.client import Viewer, http, join, start
from tests.conftest import LiveServer
from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.e2e
SHOTS = os.environ.get("MEJA_SHOTS")
TURN = {"time_control": {"kind": "turn", "turn_seconds": 86400}}


def table(server: LiveServer, settings: dict[str, Any] | None = None,
          goal: int = 50) -> tuple[str, dict[int, str]]:
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ana", "options": {"goal": goal},
        "settings": settings or {}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    budi = join(server, lobby, "Budi")
    start(server, lobby)
    return lobby["game_id"], {0: lobby["credential"], 1: budi["credential"]}


def move(server: LiveServer, game_id: str, cred: str) -> None:
    v = Viewer(server.ws_url, game_id, credential=cred)
    v.wait_for(lambda f: f["type"] == "snapshot")
    assert v.answer(v.act({"type": "advance", "n": 1}))["type"] == "accepted"
    v.close()


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_my_games_groups_follows_and_next_game_goes_to_the_right_table(
        e2e_server: LiveServer, new_page: Any) -> None:
    timed, timed_creds = table(e2e_server, TURN)      # Ana's turn, a deadline tomorrow
    plain, plain_creds = table(e2e_server)            # Ana's turn, no clock
    waiting, waiting_creds = table(e2e_server)        # Budi's turn after Ana's move
    move(e2e_server, waiting, waiting_creds[0])
    over, over_creds = table(e2e_server, goal=1)      # Ana won at once
    move(e2e_server, over, over_creds[0])

    page = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    page.goto(f"{e2e_server.url}/")
    seats = {gid: {"credential": creds[0], "seat": 0, "game": "race", "name": "Ana",
                   "saved_at": i}
             for i, (gid, creds) in enumerate([(over, over_creds), (waiting, waiting_creds),
                                               (plain, plain_creds), (timed, timed_creds)])}
    seats["gone-game-1"] = {"credential": "forgotten", "seat": 0, "game": "race"}
    page.evaluate("(s) => localStorage.setItem('meja.seats', JSON.stringify(s))", seats)
    page.reload()
    page.get_by_test_id("my-games-link").click()
    expect(page).to_have_url(re.compile(r"/my$"))

    yours = page.get_by_test_id("mine-group-your_turn")
    expect(yours.locator(".mine-row")).to_have_count(2)
    # The table with a deadline is the one to play first.
    expect(yours.locator(".mine-row").first).to_have_attribute("data-testid", f"mine-{timed}")
    expect(page.get_by_test_id(f"mine-{timed}").get_by_test_id("mine-clock")).to_contain_text(
        "left")
    expect(page.get_by_test_id("mine-group-waiting").get_by_test_id(f"mine-{waiting}")
           ).to_be_visible()
    row = page.get_by_test_id(f"mine-{waiting}")
    expect(row).to_contain_text("with Budi")
    expect(row.get_by_test_id("mine-last")).to_have_text(re.compile(r"Ana .*1"))
    finished = page.get_by_test_id("mine-group-finished")
    expect(finished.get_by_test_id(f"mine-{over}")).to_contain_text("place 1")
    # The forgotten credential is offered to be forgotten, not listed.
    expect(page.get_by_test_id("mine-forget")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "mygames-phone")

    # Budi moves at the waiting table: it comes to "Your turn" without a reload.
    move(e2e_server, waiting, waiting_creds[1])
    expect(yours.get_by_test_id(f"mine-{waiting}")).to_be_visible()
    expect(page.get_by_test_id("mine-group-waiting").locator(".mine-row")).to_have_count(0)
    expect(page.get_by_test_id(f"mine-{waiting}").get_by_test_id("mine-last")
           ).to_contain_text("Budi")
    page.get_by_test_id("mine-forget").click()
    expect(page.get_by_test_id("mine-forget")).to_have_count(0)
    assert "gone-game-1" not in page.evaluate("localStorage.getItem('meja.seats')")
    shot(page, "mygames-live")

    # Next game: the deadline first, then the table that has waited longest.
    page.get_by_test_id("mine-next").click()
    expect(page).to_have_url(re.compile(f"/game/{timed}$"))
    nxt = page.get_by_test_id("next-game")
    expect(nxt).to_be_enabled()
    expect(nxt).to_have_attribute("data-target", plain)
    shot(page, "nextgame-phone")
    nxt.click()
    expect(page).to_have_url(re.compile(f"/game/{plain}$"))
    expect(page.get_by_test_id("status")).to_have_text("Connected")
    # Typing an "n" into the chat stays in the chat.
    page.get_by_test_id("chat-toggle").click()
    page.get_by_test_id("chat-input").press("n")
    expect(page.get_by_test_id("chat-input")).to_have_value("n")
    expect(page).to_have_url(re.compile(f"/game/{plain}$"))
    expect(page.get_by_test_id("next-game")).to_have_attribute("data-target", timed)
    page.get_by_test_id("chat-input").evaluate("(el) => el.blur()")  # done typing
    page.keyboard.press("n")
    expect(page).to_have_url(re.compile(f"/game/{timed}$"))


def test_next_game_is_disabled_with_a_reason_when_no_other_table_waits(
        e2e_server: LiveServer, new_page: Any) -> None:
    gid, creds = table(e2e_server)
    page = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    page.goto(f"{e2e_server.url}/")
    page.evaluate("(s) => localStorage.setItem('meja.seats', JSON.stringify(s))",
                  {gid: {"credential": creds[0], "seat": 0, "game": "race", "name": "Ana"}})
    page.goto(f"{e2e_server.url}/game/{gid}")
    expect(page.get_by_test_id("status")).to_have_text("Connected")
    nxt = page.get_by_test_id("next-game")
    expect(nxt).to_be_disabled()
    expect(nxt).to_have_attribute("title", "No other table is waiting for you")
    page.keyboard.press("n")
    expect(page).to_have_url(re.compile(f"/game/{gid}$"))
    # The page is served at its own address too (a reload, a bookmark).
    page.goto(f"{e2e_server.url}/my")
    expect(page.get_by_test_id("mine-group-your_turn").locator(".mine-row")).to_have_count(1)

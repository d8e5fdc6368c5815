"""The game page draws its board first and the panels around it after (issue 42): on a
phone, the board of a watch link is drawn while the panels' modules are still on their
way, it does not move when they come, and they work once they are here."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api_lobby, open_watch, start_lobby

pytestmark = pytest.mark.e2e


def test_the_board_is_drawn_before_the_panels_and_stays_put_when_they_come(
        e2e_server: Any, new_page: Any, tmp_path: Any) -> None:
    made = api_lobby(e2e_server, "kaki-lima", 2, bots=(1,))
    start_lobby(e2e_server, made["lobby"])
    page = new_page(390, 844, touch=True)
    held: list[Any] = []  # the chat module's request, answered only when the test says so
    page.route(re.compile(r"/static/chat\.js"), lambda route: held.append(route))
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/static/" in r.url else None)
    open_watch(page, e2e_server, made["lobby"])

    board = page.locator(".board-root svg").first
    expect(board).to_be_visible()
    # The head's button is in its place already, greyed: the panel's module has not come.
    waiting = page.locator(".game-head .chat-jump")
    expect(waiting).to_be_disabled()
    expect(page.get_by_test_id("chat-jump")).to_have_count(0)
    before = board.bounding_box()
    page.screenshot(path=str(tmp_path / "board-first.png"))
    for _ in range(200):  # the page asks for the panels right after the board's first paint
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the panels after drawing the board"

    held[0].continue_()
    expect(page.get_by_test_id("chat-jump")).to_be_enabled()
    assert board.bounding_box() == before  # nothing came in above the board
    page.screenshot(path=str(tmp_path / "panels-after.png"))
    # A table without a clock never fetches the clock; "How to play" works from the first
    # paint and fetches its dialog when tapped.
    page.wait_for_load_state("networkidle")
    on_demand = re.compile(r"/static/(clock|howto)\.(js|css)")
    assert not [url for url in fetched if on_demand.search(url)], fetched
    howto = page.get_by_test_id("how-to-play")
    expect(howto).to_be_enabled()
    howto.click()
    expect(page.locator("dialog[open]")).to_be_visible()
    expect(page.get_by_test_id("how-to-play-body")).not_to_be_empty()
    assert [url for url in fetched if "/static/howto.js" in url]
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.get_by_test_id("how-to-play")).to_be_focused()

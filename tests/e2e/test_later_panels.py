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
    held: list[Any] = []  # the how-to module's request, answered only when the test says so
    page.route(re.compile(r"/static/howto\.js"), lambda route: held.append(route))
    open_watch(page, e2e_server, made["lobby"])

    board = page.locator(".board-root svg").first
    expect(board).to_be_visible()
    # The head's button is in its place already, greyed: the panel's module has not come.
    waiting = page.locator(".game-head .howto-open")
    expect(waiting).to_be_disabled()
    expect(page.get_by_test_id("how-to-play")).to_have_count(0)
    before = board.bounding_box()
    page.screenshot(path=str(tmp_path / "board-first.png"))
    for _ in range(200):  # the page asks for the panels right after the board's first paint
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the panels after drawing the board"

    held[0].continue_()
    howto = page.get_by_test_id("how-to-play")
    expect(howto).to_be_enabled()
    expect(page.get_by_test_id("chat-jump")).to_be_visible()
    assert board.bounding_box() == before  # nothing came in above the board
    page.screenshot(path=str(tmp_path / "panels-after.png"))
    howto.click()
    expect(page.locator("dialog[open]")).to_be_visible()

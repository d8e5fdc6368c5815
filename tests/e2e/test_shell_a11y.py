"""The game page shell by keyboard, screen reader and touch (issue 15): the "How to play"
dialog, one announcement per move, seat shapes beside seat colours, the board never pushed
down by the shell's own controls, and target sizes of every shell control."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.app.client import Viewer
from tests.e2e.conftest import api_lobby, open_seat, start_lobby
from tests.e2e.play import play

pytestmark = pytest.mark.e2e

SHELL_CONTROLS = """(min) => {
    const sel = 'button, a.btn, select, input:not([type=checkbox]):not([type=hidden]), '
        + 'summary, label:has(> input[type=checkbox])';
    const small = [];
    for (const el of document.querySelectorAll(sel)) {
        if (el.closest('.board-root, .skip-link, dialog:not([open])')) continue;
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) continue;  // hidden
        const name = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40);
        if (r.width < min - 0.5 || r.height < min - 0.5) {
            small.push(`${el.tagName} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
    }
    return small;
}"""

INSIDE = "document.querySelector('dialog[open]').contains(document.activeElement)"


def seated_page(e2e_server: Any, page: Page, kind: str = "tuk-tuk-taxi") -> dict[str, Any]:
    made = api_lobby(e2e_server, kind, 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], kind)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "live", timeout=20_000)
    expect(page.locator(".board-root")).not_to_be_empty()
    return made


def test_how_to_play_opens_by_keyboard_keeps_the_focus_and_gives_it_back(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    seated_page(e2e_server, page)
    # The skip link is the page's first Tab stop and takes the focus to the board.
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("skip-to-board")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "board"
    button = page.get_by_test_id("how-to-play")
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_test_id("how-to-play-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-labelledby", "howto-title-tuk-tuk-taxi")
    expect(page.locator("#howto-title-tuk-tuk-taxi")).to_contain_text("Tuk-Tuk")
    expect(page.get_by_test_id("how-to-play-body")).not_to_be_empty()
    expect(page.get_by_test_id("how-to-play-close")).to_be_focused()
    for _ in range(6):  # Tab and Shift+Tab go round inside the dialog
        page.keyboard.press("Tab")
        assert page.evaluate(INSIDE)
    for _ in range(6):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(INSIDE)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


def test_each_move_is_announced_once_and_seats_show_their_shape(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    made = seated_page(e2e_server, page, "jakarta-traffic")
    announcer = page.get_by_test_id("announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    assert page.get_by_test_id("log").get_attribute("aria-live") is None  # no double reading
    expect(announcer.locator("p")).to_have_count(0)  # the first frame is not read out
    # Seat colours come with a shape: a different one per seat, in the players panel and log.
    shapes = [page.get_by_test_id(f"player-{s}").locator(".seat-mark > *")
              .evaluate("(e) => e.outerHTML") for s in (0, 1)]
    assert shapes[0] != shapes[1]
    played = play(e2e_server, made, "jakarta-traffic", moves=2)
    assert played == 2
    # Once both moves are in the log, the region has read exactly the new lines, in order.
    new_lines = """() => [...document.querySelectorAll('[data-testid=log] li.log-line')]
        .filter((l) => Number(l.dataset.seq) > 0).map((l) => l.textContent.trim())"""
    for _ in range(100):  # the page's CSP forbids wait_for_function's eval: poll
        lines = page.evaluate(new_lines)
        if len(lines) >= 2 and announcer.locator("p").count() >= len(lines):
            break
        page.wait_for_timeout(100)
    said = announcer.locator("p").all_inner_texts()
    assert said == page.evaluate(new_lines)
    expect(page.get_by_test_id("log").locator(".log-name .seat-mark").first).to_be_attached()


def test_the_confirm_bar_and_take_back_row_never_push_the_board(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(e2e_server.url + "/")
    page.evaluate("localStorage.setItem('meja.confirmMoves', 'on')")
    made = api_lobby(e2e_server, "tuk-tuk-taxi", 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    v = Viewer(e2e_server.ws_url, made["lobby"]["game_id"], credential=made["seats"][0])
    v.wait_for(lambda f: f["type"] == "snapshot")
    v.close()
    assert v.doc is not None
    seat = v.doc["awaited"][0]  # whoever starts: their page chooses a move
    open_seat(page, e2e_server, made["lobby"]["game_id"], seat, made["seats"][seat], "tuk-tuk-taxi")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn", timeout=20_000)
    board = page.locator("#board")
    expect(board).to_be_visible()
    top = board.bounding_box()["y"]
    # The deal decides the first move: placing the drawn sign or driving to a cell (a board
    # target), or, in about one deal in sixteen, a roll (a button). Each goes through the bar.
    roll = page.locator('button[data-action="roll"]')
    target = page.locator("g.tt-target")
    expect(roll.or_(target).first).to_be_visible()
    if roll.count():
        roll.click()
    else:
        target.first.click()
        # A sign with a direction asks for it first (the deal decides which sign is drawn):
        # wait for the page's answer to the click, that question or the bar, not a fixed time.
        dirs = page.locator("g.tt-dir")
        expect(dirs.or_(page.locator('[data-testid="confirm-bar"]:visible')).first
               ).to_be_visible()
        if dirs.count():
            dirs.first.click()
    expect(page.get_by_test_id("confirm-bar")).to_be_visible()
    assert board.bounding_box()["y"] == top
    below = page.locator(".takeback").bounding_box()["y"]
    page.get_by_test_id("confirm-move").click()
    expect(page.get_by_test_id("confirm-bar")).to_be_hidden()
    expect(page.get_by_test_id("log").locator('li.log-line[data-seq="1"]').first).to_be_attached()
    assert board.bounding_box()["y"] == top
    assert page.locator(".takeback").bounding_box()["y"] == below


def test_every_shell_control_is_44px_on_touch_and_28px_with_a_mouse(
        e2e_server: Any, browser: Any, new_page: Any) -> None:
    desk = new_page()
    seated_page(e2e_server, desk)
    assert desk.evaluate(SHELL_CONTROLS, 28) == []
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    try:
        phone = ctx.new_page()
        seated_page(e2e_server, phone)
        assert phone.evaluate("matchMedia('(pointer: coarse)').matches")
        assert phone.evaluate(SHELL_CONTROLS, 44) == []
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()


def test_a_spectators_chat_name_is_counted_in_characters(e2e_server: Any, new_page: Any) -> None:
    """40 emoji are a whole name (the box no longer cuts at 80 UTF-16 units); a 41st is
    refused in the page, before sending, with the message kept."""
    made = api_lobby(e2e_server, "tuk-tuk-taxi", 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    page = new_page()
    page.goto(e2e_server.url + made["lobby"]["watch_url"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "live", timeout=20_000)
    emoji = "\U0001f600"
    name_box = page.locator("input[data-testid=chat-name]")
    name_box.fill(emoji * 41)
    assert name_box.input_value() == emoji * 41
    page.get_by_test_id("chat-input").fill("halo")
    page.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-status")).to_contain_text("at most 40 characters")
    expect(page.get_by_test_id("chat-input")).to_have_value("halo")
    name_box.fill(emoji * 40)
    page.get_by_test_id("chat-send").click()
    expect(page.locator("[data-testid=chat-msg] [data-testid=chat-name]")).to_have_text(
        f"{emoji * 40} (watching)")

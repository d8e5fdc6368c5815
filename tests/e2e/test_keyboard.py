"""Keyboard play on the boards (issue 37, item 6): one Tab stop, arrow keys, focus kept.

A first evening by keyboard took 23 Tabs for a second move: after every move the focus fell
to <body>, and Tuk-Tuk Taxi's board alone had 81 Tab stops with no arrow keys. For each of
Tuk-Tuk Taxi, Jakarta Traffic and Kaki Lima, seat 0 plays against a bot on a desktop page:

* the board is exactly one Tab stop: Tab from the control before it lands on a target, the
  next Tab leaves the board;
* the arrow keys move the focus from target to target (and the Tab stop with it);
* Enter makes the move, and afterwards the focus is still on the board (never <body>), so the
  next move is made with the arrow keys and Enter alone, without a single Tab.

With "Confirm each move" on, Cancel and Confirm give the focus back to the board; and a
redraw never takes the focus from the chat's text field.

``MEJA_SCREENSHOTS=1`` also saves Tuk-Tuk's page after the sign and the roll, the focus on a
drive target (docs/screenshots/issue37-6-keyboard-after.png).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from engines.tuk_tuk_taxi import ENGINE as TUK_TUK
from tests.e2e.conftest import api_lobby, open_seat, start_lobby

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

#: Per game: the board (the element that must be one Tab stop) and its targets.
BOARDS = {
    "tuk-tuk-taxi": (".tt-viewport svg", "g.tt-target"),
    "jakarta-traffic": ('[data-testid="jt-svg"]', ".jt-target"),
    "kaki-lima": ('[data-testid="kl-grid"]', ".kl-target"),
}

_STOPS = """(board) => [...document.querySelector(board).querySelectorAll('[tabindex]')]
    .filter((el) => Number(el.getAttribute('tabindex')) >= 0).length"""

# The last Tab stop before the board in the page's order (a control of the page or the board's).
_FOCUS_BEFORE = """(board) => {
    const b = document.querySelector(board);
    const stops = [...document.querySelectorAll(
        'a[href], button, input, select, textarea, [tabindex]')].filter((el) =>
        !b.contains(el) && !el.disabled && Number(el.getAttribute('tabindex') ?? 0) >= 0
        && el.getClientRects().length > 0
        && (el.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING));
    const el = stops[stops.length - 1];
    el.focus();
    return el === document.activeElement;
}"""

_FOCUSED = """([board, target]) => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    if (el.closest(board) && el.matches(target)) return 'target:' + el.getAttribute('aria-label');
    const name = el.getAttribute('aria-label') || el.textContent;
    if (el.closest('.board-root')) return 'control:' + name;
    if (el.closest('#board')) return 'board';
    return 'elsewhere:' + el.tagName + ' ' + (el.getAttribute('data-testid') || el.className);
}"""


def _tuk_tuk_places_anywhere(state: dict[str, Any]) -> bool:
    """Whether Tuk-Tuk's first tile goes on one of several cells (not a lone target or a
    discard: the arrows need somewhere to go)."""
    legal = TUK_TUK.legal_actions(state, 0)
    return any(t["type"] == "place" and len(t["cell"].get("$choice", [])) >= 2 for t in legal)


def _table(server: Any, page: Any, game: str) -> str:
    for _ in range(30):
        made = api_lobby(server, game, 2, bots=(1,))
        start_lobby(server, made["lobby"])
        game_id = str(made["lobby"]["game_id"])
        state = server.app.state.store.game(game_id)["state"]
        if game != "tuk-tuk-taxi" or _tuk_tuk_places_anywhere(state):
            break
    open_seat(page, server, game_id, 0, made["seats"][0], game)
    return game_id


def _moves(server: Any, game_id: str) -> int:
    """How many actions seat 0 has made (the server's history)."""
    return sum(1 for e in server.app.state.store.events(game_id) if e["seat"] == 0)


def _focused(page: Any, game: str) -> str:
    return str(page.evaluate(_FOCUSED, list(BOARDS[game])))


def _one_tab_stop_and_arrows(page: Any, game: str) -> None:
    """The board is one Tab stop, and the arrow keys move between its targets."""
    board, target = BOARDS[game]
    page.wait_for_function("(t) => document.querySelectorAll(t).length >= 2", arg=target)
    assert page.evaluate(_STOPS, board) == 1, "the board is one Tab stop"
    assert page.evaluate(_FOCUS_BEFORE, board)
    page.keyboard.press("Tab")
    first = _focused(page, game)
    assert first.startswith("target:"), f"Tab from the control before the board: {first}"
    page.keyboard.press("Tab")
    left = _focused(page, game)
    assert not left.startswith("target:"), "the next Tab leaves the board"
    page.keyboard.press("Shift+Tab")
    assert _focused(page, game) == first, "Shift+Tab comes back to the same target"
    moved = None
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        now = _focused(page, game)
        assert now.startswith("target:"), f"{key} keeps the focus on the board: {now}"
        if now != first:
            moved = now
            break
    assert moved, "an arrow key moves the focus to another target"
    assert page.evaluate(_STOPS, board) == 1, "the Tab stop moved with the focus"


def _enter_until_moved(page: Any, game: str, server: Any, game_id: str, before: int) -> None:
    """Enter on what has the focus (an arrow key first, on a board target) until seat 0 has
    moved; never a Tab, and the focus never falls to <body> on the way."""
    deadline = time.monotonic() + 40
    arrow = True
    while _moves(server, game_id) <= before:
        assert time.monotonic() < deadline, f"no move by keyboard: focus on {_focused(page, game)}"
        try:
            page.wait_for_function(
                """([board, target]) => { const el = document.activeElement;
                    return el && el !== document.body && el.closest('.board-root')
                      && (!el.closest(board) || el.matches(target)); }""",
                arg=list(BOARDS[game]), timeout=15_000)
        except Exception as err:  # noqa: BLE001 - the message says where the focus is
            raise AssertionError(f"the focus left the board: {_focused(page, game)}") from err
        if arrow and _focused(page, game).startswith("target:"):
            arrow = False  # once: a sign's direction arrows come back to the first on a redraw
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        for _ in range(20):
            if _moves(server, game_id) > before:
                break
            page.wait_for_timeout(100)


def _focus_comes_back(page: Any, game: str) -> str:
    """After a move, once the board offers this seat something again: where the focus is."""
    page.wait_for_function(
        "() => document.querySelector('.board-root [data-board-focus], .board-root [data-rove]')",
        timeout=30_000)
    page.wait_for_timeout(300)
    return _focused(page, game)


def _play(page: Any, game: str, server: Any, game_id: str) -> None:
    _one_tab_stop_and_arrows(page, game)
    before = _moves(server, game_id)
    _enter_until_moved(page, game, server, game_id, before)
    where = _focus_comes_back(page, game)
    assert where != "body" and not where.startswith("elsewhere"), f"after the move: {where}"
    # The next move: arrows and Enter only.
    _enter_until_moved(page, game, server, game_id, _moves(server, game_id))
    if game == "tuk-tuk-taxi" and os.environ.get("MEJA_SCREENSHOTS"):
        # Rolled by keyboard: the focus is on a drive target, its route drawn.
        page.wait_for_function("() => document.activeElement?.matches('g.tt-target')")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "issue37-6-keyboard-after.png"))


def test_tuk_tuk_taxi_board_is_one_tab_stop_with_arrows_and_keeps_the_focus(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page(1280, 900)
    game_id = _table(e2e_server, page, "tuk-tuk-taxi")
    expect(page.locator(".tt")).to_have_attribute("data-current", "0")
    _play(page, "tuk-tuk-taxi", e2e_server, game_id)


def test_jakarta_traffic_board_is_one_tab_stop_with_arrows_and_keeps_the_focus(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    game_id = _table(e2e_server, page, "jakarta-traffic")
    expect(page.get_by_test_id("jt-bar")).to_contain_text("Your turn", timeout=20_000)
    _play(page, "jakarta-traffic", e2e_server, game_id)


def test_kaki_lima_board_is_one_tab_stop_with_arrows_and_keeps_the_focus(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    game_id = _table(e2e_server, page, "kaki-lima")
    expect(page.get_by_test_id("kl-status")).to_have_text(re.compile("^Your turn"), timeout=20_000)
    _play(page, "kaki-lima", e2e_server, game_id)


def _tab_to(page: Any, selector: str) -> None:
    """Shift+Tab (a few) or Tab until ``selector`` has the focus."""
    for key in ["Shift+Tab"] * 3 + ["Tab"] * 30:
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {selector}")


def _choose_by_keyboard(page: Any) -> None:
    """Enter on the board's focused target, and on the sign's first direction if it asks."""
    page.keyboard.press("Enter")
    page.wait_for_timeout(200)
    if page.evaluate("() => document.activeElement?.matches('g.tt-dir')"):
        page.keyboard.press("Enter")
    expect(page.get_by_test_id("confirm-bar")).to_be_visible()


def test_with_confirm_on_cancel_and_confirm_give_the_focus_back_to_the_board(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page(1280, 900)
    game_id = _table(e2e_server, page, "tuk-tuk-taxi")
    page.evaluate("localStorage.setItem('meja.confirmMoves', 'on')")
    page.reload()
    board, target = BOARDS["tuk-tuk-taxi"]
    expect(page.locator(".tt")).to_have_attribute("data-current", "0")
    page.wait_for_function("(t) => document.querySelectorAll(t).length >= 2", arg=target)
    assert page.evaluate(_FOCUS_BEFORE, board)
    page.keyboard.press("Tab")
    assert _focused(page, "tuk-tuk-taxi").startswith("target:")

    _choose_by_keyboard(page)
    _tab_to(page, '[data-testid="cancel-move"]')
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("confirm-bar")).to_be_hidden()
    page.wait_for_function("(t) => document.activeElement?.matches(t)", arg=f"{board} {target}")
    assert _moves(e2e_server, game_id) == 0, "Cancel sent nothing"

    _choose_by_keyboard(page)
    _tab_to(page, '[data-testid="confirm-move"]')
    page.keyboard.press("Enter")
    for _ in range(50):
        if _moves(e2e_server, game_id):
            break
        page.wait_for_timeout(100)
    assert _moves(e2e_server, game_id) == 1, "Confirm sent the sign"
    where = _focus_comes_back(page, "tuk-tuk-taxi")
    assert where.startswith(("target:", "control:")), f"after Confirm: {where}"


def test_the_board_never_takes_the_focus_from_the_chat(e2e_server: Any, new_page: Any) -> None:
    # Kaki Lima: seat 0 places by keyboard, then types in the chat while the bot places; the
    # board redraws (and offers seat 0 a walk) under the typing, which keeps its focus.
    page = new_page()
    game_id = _table(e2e_server, page, "kaki-lima")
    board, target = BOARDS["kaki-lima"]
    page.wait_for_function("(t) => document.querySelectorAll(t).length >= 2", arg=target)
    assert page.evaluate(_FOCUS_BEFORE, board)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    chat = page.get_by_test_id("chat-input")
    chat.focus()
    page.keyboard.type("one moment")
    for _ in range(100):
        if len(e2e_server.app.state.store.events(game_id)) >= 2:
            break
        page.wait_for_timeout(100)
    assert _moves(e2e_server, game_id) == 1
    expect(page.get_by_test_id("kl-status")).to_have_text(re.compile("^Your turn"))
    page.wait_for_timeout(500)
    expect(chat).to_be_focused()
    page.keyboard.type(", please")
    expect(chat).to_have_value("one moment, please")

"""Tuk-Tuk Taxi on a phone, by keyboard and in three languages (issues 15 and 16).

Seat 0 is played in the browser against a bot in seat 1: (a) on a 390x844 touch screen the
page never scrolls sideways, every legal target is at least 44x44 px, and a whole turn is
played by tapping; afterwards both players' last moves stay drawn. (b) A whole turn by
keyboard alone (the board is one Tab stop). (c) Switching the language mid-game rewords
the board, the log and a rule error at once, and a reload keeps it; (d) hovering a log line
highlights the cell it names.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api_lobby, open_seat, start_lobby

pytestmark = pytest.mark.e2e
GAME = "tuk-tuk-taxi"


def _table(server: Any, page: Any) -> dict[str, Any]:
    made = api_lobby(server, GAME, 2, bots=(1,))
    start_lobby(server, made["lobby"])
    open_seat(page, server, made["lobby"]["game_id"], 0, made["seats"][0], GAME)
    expect(page.locator(".tt")).to_have_attribute("data-current", "0")
    return made


def _my_turn(page: Any) -> bool:
    return page.locator(".tt").get_attribute("data-current") == "0" and \
        page.locator(".tt").get_attribute("data-phase") != "over"


def _stack(page: Any) -> str:
    """The stack's count from the board's data-sync (one tile is drawn per turn)."""
    return (page.locator(".tt").get_attribute("data-sync") or "").split("|")[2]


def _targets_are_big(page: Any, least: float) -> int:
    """Every legal target and button of the board at least ``least`` px each way."""
    boxes = page.evaluate("""() => [...document.querySelectorAll(
        '.tt g.tt-target, .tt-controls button')].map((el) => {
          const r = el.getBoundingClientRect();
          return [el.getAttribute('aria-label') || el.textContent, r.width, r.height];
        })""")
    small = [b for b in boxes if b[1] < least or b[2] < least]
    assert not small, small
    return len(boxes)


def _board_top(page: Any) -> float:
    """Where the board's window starts on the page (layout shift check)."""
    return float(page.evaluate(
        "document.querySelector('.tt-viewport').getBoundingClientRect().top + window.scrollY"))


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


_MOVED_ON = """(before) => document.querySelector('.tt').dataset.sync !== before
    || document.querySelector('g.tt-dir, button[data-action="route"]')"""
_ASKS = """() => document.querySelector('[data-testid="confirm-move"]')?.offsetParent ?? null"""


def _settle(page: Any, before: str | None) -> None:
    """Wait until the position moves on or a choice appears; Confirm the move where the
    page asks (on by default on touch screens)."""
    page.wait_for_function(f"(before) => ({_MOVED_ON})(before) || ({_ASKS})()", arg=before)
    confirm = page.locator('[data-testid="confirm-move"]')
    if confirm.is_visible():
        confirm.click()
        page.wait_for_function(_MOVED_ON, arg=before)


def _play_my_turn(page: Any, act: Any) -> list[str]:
    """Play seat 0's turn through the board; act(locator) taps, clicks or keys it."""
    done: list[str] = []
    deadline = time.monotonic() + 60
    start = _stack(page)
    # The turn is over when play passed on or the next tile was drawn (a bot is quick).
    while _my_turn(page) and _stack(page) == start and time.monotonic() < deadline:
        before = page.locator(".tt").get_attribute("data-sync")
        dirs = page.locator("g.tt-dir")
        routes = page.locator('button[data-action="route"]')
        cells = page.locator("g.tt-target[data-target]")
        buttons = page.locator('.tt-controls button:not([data-action="cancel"])')
        if dirs.count():
            act(dirs.first)
            done.append("dir")
        elif routes.count():
            act(routes.first)
            done.append("route")
        elif cells.count():
            done.append(cells.first.get_attribute("data-target") or "")
            act(cells.first)
        elif buttons.count():
            done.append(buttons.first.get_attribute("data-action") or "")
            act(buttons.first)
        else:
            page.wait_for_timeout(100)
            continue
        _settle(page, before)
    assert not _my_turn(page) or _stack(page) != start, f"the turn did not end: {done}"
    return done


def test_a_phone_turn_by_tapping_fits_and_keeps_both_last_moves(e2e_server: Any,
                                                                phone: Any) -> None:
    _table(e2e_server, phone)
    _fits(phone)
    assert _targets_are_big(phone, 44) > 0
    done: list[str] = []

    board_at = _board_top(phone)

    def tap(locator: Any) -> None:
        _fits(phone)
        _targets_are_big(phone, 44)
        # Prompts and buttons came and went: the board has not moved.
        assert _board_top(phone) == board_at
        locator.tap()

    done = _play_my_turn(phone, tap)
    assert "roll" in done or "go_to" in done, done
    _fits(phone)
    # Seat 0's drive (or trip) stays drawn, with its die; then the bot moves and both show.
    expect(phone.locator('g.tt-trail[data-seat="0"]')).to_have_count(1)
    expect(phone.locator(".tt")).to_have_attribute("data-current", "0", timeout=30_000)
    expect(phone.locator('g.tt-trail[data-seat="1"]')).to_have_count(1)
    expect(phone.locator('g.tt-trail[data-seat="0"]')).to_have_count(1)
    if phone.locator('[data-testid="log"] li', has_text="rolled a").count():
        # The die stays in sight after the turn passed: the last roll and who rolled it.
        expect(phone.locator(".tt-die-text")).not_to_have_text("Die: not rolled yet this turn")
    # A tap on a sign-free picture (a traffic light) shows its card under the board.
    light = phone.locator("g.tt-light").first
    light.scroll_into_view_if_needed()
    light.tap()
    expect(phone.locator(".tt-tip")).to_contain_text("traffic light")
    # The whole board is a tap away, and still fits.
    phone.locator('button[data-action="zoom"]').tap()
    _fits(phone)


def test_a_whole_turn_by_keyboard_alone(e2e_server: Any, new_page: Any) -> None:
    page = new_page(1280, 900)
    _table(e2e_server, page)
    _targets_are_big(page, 28)

    def keys(locator: Any) -> None:
        # Tab until the target has the focus (visible focus ring), then Enter or Space. The
        # board is one Tab stop: a board target is reached when any target of its kind (a
        # cell, a sign's direction) has the focus, all of them being legal.
        locator.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        kind = locator.evaluate("""(el) => el.matches('g.tt-dir') ? 'g.tt-dir'
            : el.matches('g.tt-target') ? `g.tt-target[data-target="${el.dataset.target}"]`
            : null""")
        for _ in range(60):
            if locator.evaluate("(el, kind) => kind ? document.activeElement?.matches(kind)"
                                " : el === document.activeElement", kind):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached the target")
        assert locator.get_attribute("aria-label") or locator.text_content()
        page.keyboard.press("Enter" if len(done) % 2 == 0 else " ")
        done.append(True)

    done: list[bool] = []
    _play_my_turn(page, keys)
    assert done


def test_log_highlights_and_a_language_switch_rewords_board_log_and_error(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page(1280, 900)
    made = _table(e2e_server, page)
    _play_my_turn(page, lambda locator: locator.click())
    expect(page.locator(".tt")).to_have_attribute("data-current", "0", timeout=30_000)
    expect(page.locator(".tt-turn h2")).to_have_text("Your turn.")
    expect(page.locator('[data-testid="log"]')).to_contain_text(" drew ")
    # (d) A log line names its cell as the board labels it, and hovering it rings that cell.
    line = page.locator('[data-testid="log"] li.has-refs').last
    name = line.locator(".log-ref").first.text_content() or ""
    assert name[:1].isalpha() and name[1:].isdigit(), name  # "I5", not "4,8"
    line.hover()
    expect(page.locator("rect.tt-highlight")).not_to_have_count(0)
    page.mouse.move(1, 1)
    expect(page.locator("rect.tt-highlight")).to_have_count(0)
    page.select_option('select[data-testid="lang"]', "id")
    expect(page.locator(".tt-turn h2")).to_have_text("Giliran Anda.")
    expect(page.locator('[data-testid="log"]')).to_contain_text(" mengambil ")
    expect(page.locator('[data-testid="log"]')).not_to_contain_text(" drew ")
    expect(page.locator("svg .tt-edge text").first).to_have_text("A")
    # A rule error from the server ("stay" off a No parking sign), worded by
    # the page's own errorText in the language now chosen.
    said = page.evaluate("""async ([gameId, credential]) => {
        const { errorText } = await import('/static/i18n.js');
        const ws = new WebSocket(`ws://${location.host}/ws/${gameId}`);
        const frame = await new Promise((resolve, reject) => {
          ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', credential }));
          ws.onmessage = (ev) => {
            const f = JSON.parse(ev.data);
            if (f.type === 'snapshot') ws.send(JSON.stringify(
              { type: 'action', id: 'x1', version: f.version, action: { type: 'stay' } }));
            if (f.type === 'rejected') resolve(f);
          };
          setTimeout(() => reject(new Error('no rejection')), 8000);
        });
        ws.close();
        return [frame.key, errorText(frame)];
    }""", [made["lobby"]["game_id"], made["seats"][0]])
    assert said == ["tuk-tuk-taxi.err.not_no_parking",
                    "Anda tidak sedang berada di rambu Dilarang parkir."]
    page.reload()
    expect(page.locator(".tt-turn h2")).to_have_text("Giliran Anda.")
    page.select_option('select[data-testid="lang"]', "ms")
    expect(page.locator(".tt-turn h2")).to_have_text("Giliran anda.")
    expect(page.locator('[data-testid="log"]')).to_contain_text(" mendapat ")


#: Resolves after two animation frames: whatever the page placed "at the next frame" is done.
_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def test_a_redraw_leaves_the_phones_window_where_the_player_panned_it(e2e_server: Any,
                                                                      phone: Any) -> None:
    """The zoomed window centres on the taxi to move at each new moment of the game; between
    those, a redraw of the same moment (here a language switch) leaves it where the player
    dragged it."""
    _table(e2e_server, phone)
    window = phone.locator(".tt-viewport")
    expect(window).to_have_class("tt-viewport zoomed")
    window.evaluate(_FRAMES)  # centred on seat 0's taxi at the next frame
    centred = window.evaluate("(v) => [v.scrollLeft, v.scrollTop]")
    # The player drags the window to the opposite corner of the board.
    panned = window.evaluate("""(v) => {
        v.scrollLeft = v.scrollLeft > 0 ? 0 : v.scrollWidth;
        v.scrollTop = v.scrollTop > 0 ? 0 : v.scrollHeight;
        return [v.scrollLeft, v.scrollTop]; }""")
    assert panned != centred
    phone.select_option('select[data-testid="lang"]', "ms")
    expect(phone.locator(".tt-zoom")).to_have_text("Seluruh papan")  # the board redrawn
    window.evaluate(_FRAMES)  # a centring would come at the next frame
    assert window.evaluate("(v) => [v.scrollLeft, v.scrollTop]") == panned

"""Jakarta Traffic for phones, keyboards and three languages (issues 15 and 16).

(a) a 390x844 touch phone: the page never scrolls sideways, every target is at least 44x44,
    the board stays put while the honk controls come and go, a whole turn is played by tapping;
(b) a whole turn by keyboard alone (Tab, Enter, Space), the bot's last turn drawn on the board;
(c) switching to Bahasa Indonesia mid-game rewords the board, the log and a rule error at
    once, and a reload keeps the choice;
(d) hovering a log line outlines the place it names on the board;
and the game-over table and the "How to play" panel fit a phone (the engine's own finished
game drawn by the real renderer modules, in Bahasa Melayu).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from engines.bots import bot_of
from engines.jakarta_traffic import ENGINE
from engines.jakarta_traffic.client_data import client_data
from tests.app.client import Viewer
from tests.e2e.conftest import api_lobby, open_seat, start_lobby, started_with_copy

pytestmark = pytest.mark.e2e
GAME = "jakarta-traffic"
TARGET = ".jt-target"
TURN_OVER = re.compile("Waiting for|Your turn")


def bot_table(server: Any) -> dict[str, Any]:
    """Seat 0 for the browser, a bot in seat 1 (it places its moped first)."""
    made = api_lobby(server, GAME, 2, bots=(1,))
    start_lobby(server, made["lobby"])
    return made


def bar(page: Any) -> Any:
    return page.get_by_test_id("jt-bar")


def settled(page: Any) -> None:
    """Wait until it is this seat's move and the board has its targets or buttons."""
    # The first draw waits for the page, the catalogues and the bot: give a loaded machine time.
    expect(bar(page)).to_contain_text("Your turn", timeout=20_000)
    page.wait_for_function(
        "document.querySelectorAll('.jt-target, .jt-controls button').length > 0")


def bot_moves(server: Any, game_id: str) -> int:
    """How many actions the bot in seat 1 has taken (the server's history)."""
    return sum(1 for e in server.app.state.store.events(game_id) if e["seat"] == 1)


def play_turn(page: Any, press: Any, server: Any, game_id: str) -> None:
    """Honk (the first tile, its first change), drive or detour, then answer the arrival;
    ``press(selector)`` is a tap or a keyboard press on the first element matching it.
    The turn has passed once the bot has moved (the server says so: with a fast bot the bar
    can read "Your turn" again before a poll sees "Waiting for")."""
    settled(page)
    before = bot_moves(server, game_id)
    press('[data-action="honk"]')
    press(TARGET)
    press('[data-action^="rotate-"], [data-action="swap"]')
    press('[data-action="confirm-honk"]')
    expect(bar(page)).to_contain_text(re.compile("Drive: choose|must take a detour"))
    press(TARGET if page.locator(TARGET).count() else '[data-action="detour"]')
    # A double 6's pick, accept or decline, the stack's new place: each answer redraws the
    # bar, which a loaded machine can take a while to do, so poll rather than count on it.
    for _ in range(30):
        page.wait_for_timeout(300)
        if bot_moves(server, game_id) > before:
            return
        if "Your turn" not in bar(page).inner_text():
            continue
        if page.locator('[data-action="decline"]').count():
            press('[data-action="decline"]')
        elif page.locator('[data-action^="bottom-"]').count():
            press('[data-action^="bottom-"]')
        elif page.locator(TARGET).count():
            press(TARGET)
        elif page.locator('[data-action="detour"]').count():  # parked where no road leads
            press('[data-action="detour"]')
    assert bot_moves(server, game_id) > before, f"the turn never passed: {bar(page).inner_text()}"


def board_top(page: Any) -> float:
    """The board's top edge in the document: a tap may scroll its target into view, what
    must not happen is the board moving within the page. Read inside the page in one call:
    a patch may be redrawing the board, and between Playwright finding it and measuring it
    the element it found can be gone (``bounding_box()`` then answers None)."""
    handle = page.wait_for_function("""() => {
        const board = document.querySelector('[data-testid="jt-svg"]');
        const box = board && board.getBoundingClientRect();
        return box && box.height > 0 ? {y: box.y + window.scrollY} : null;
    }""")
    return float(handle.json_value()["y"])


def test_a_phone_fits_taps_44px_targets_and_plays_a_whole_turn(
        e2e_server: Any, browser: Any) -> None:
    made = bot_table(e2e_server)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], GAME)

        def tap(selector: str) -> None:
            page.locator(selector).first.tap()
            confirm = page.get_by_test_id("confirm-bar")
            if confirm.is_visible():   # touch screens confirm each move by default
                page.get_by_test_id("confirm-move").tap()

        def check_fit() -> None:
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways: {width} px"
            boxes = page.evaluate("""() => [...document.querySelectorAll(
                '.jt-target, .jt-controls button')].map((e) => e.getBoundingClientRect())
                .map((r) => [r.width, r.height])""")
            assert boxes and all(w >= 44 and h >= 44 for w, h in boxes), boxes

        settled(page)
        check_fit()
        tap(TARGET)                        # set-up: the moped on a charging station
        settled(page)
        check_fit()
        top = board_top(page)
        tap('[data-action="honk"]')
        tap(TARGET)
        expect(page.locator('[data-action="confirm-honk"]')).to_be_visible()
        check_fit()
        assert board_top(page) == top, "the honk controls moved the board"
        tap('[data-action="cancel-honk"]')
        assert board_top(page) == top
        play_turn(page, tap, e2e_server, made["lobby"]["game_id"])
        # The bot moves; then it is seat 0's turn again, with the bot's turn on the board.
        settled(page)
        expect(page.locator('[data-last-park="1"]')).to_have_count(1)
        expect(page.locator('[data-last-park="0"]')).to_have_count(1)
        check_fit()
        # A long press shows what a thing is in a card; the next touch closes it.
        chip = page.locator('[data-testid="jt-orderboard"] .jt-chip').first
        press = {"bubbles": True, "pointerType": "touch", "clientX": 60, "clientY": 300}
        chip.dispatch_event("pointerdown", press)
        card = page.get_by_test_id("jt-tipcard")
        expect(card).to_be_visible()
        expect(card).to_have_text(chip.get_attribute("title") or "?")
        chip.dispatch_event("pointerup", press)
        chip.dispatch_event("pointerdown", press)
        expect(card).to_be_hidden()
        assert not errors, errors
    finally:
        ctx.close()


def test_a_whole_turn_by_keyboard_alone(e2e_server: Any, new_page: Any) -> None:
    made = bot_table(e2e_server)
    page = new_page()
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], GAME)

    def press(selector: str) -> None:
        """Tab forward until the focus is on an element matching, then Enter (the board is
        one Tab stop: any of its targets will do)."""
        page.locator(selector).first.wait_for()
        for _ in range(40):
            if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
                label = page.evaluate("document.activeElement.getAttribute('aria-label') || "
                                      "document.activeElement.textContent")
                assert label.strip(), "every target says what it does"
                page.keyboard.press("Enter" if selector == TARGET else "Space")
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    settled(page)
    press(TARGET)
    play_turn(page, press, e2e_server, made["lobby"]["game_id"])
    settled(page)
    # Seat 0's last turn and the bot's stay drawn on the board, each in its seat's colour.
    expect(page.locator('[data-last-park="0"]')).to_have_count(1)
    expect(page.locator('[data-last-park="1"]')).to_have_count(1)
    # settled waits for targets or buttons: a turn that shows its buttons first (an answer
    # the bot's move asks for) gets tiles to click from Honk.
    try:
        page.locator(TARGET).first.wait_for(timeout=5000)
    except PlaywrightTimeout:
        press('[data-action="honk"]')
        page.locator(TARGET).first.wait_for()
    focus = page.evaluate("""() => { const t = document.querySelector('.jt-target');
        t.focus(); return getComputedStyle(t).strokeWidth; }""")
    assert focus == "7px", "a focused target is drawn thicker"


def test_switching_language_rewords_board_log_and_rule_error_and_a_reload_keeps_it(
        e2e_server: Any, new_page: Any) -> None:
    made, state, _seed = started_with_copy(e2e_server, GAME, ENGINE)
    game_id = made["lobby"]["game_id"]
    page = new_page()
    open_seat(page, e2e_server, game_id, 0, made["seats"][0], GAME)
    # Seat 1 places first; a street that is not a charging station is refused with a key.
    budi = Viewer(e2e_server.ws_url, game_id, credential=made["seats"][1])
    try:
        budi.wait_for(lambda f: f["type"] == "snapshot")
        wrong = next(c for c, t in enumerate(state["tiles"]) if t["kind"] != "charging")
        refused = budi.answer(budi.act({"type": "start", "x": wrong % 5 + 1, "y": wrong // 5 + 1}))
        assert refused["type"] == "rejected"
        assert refused["key"] == "jakarta-traffic.err.start_charging"
        spot = next(t for t in ENGINE.legal_actions(state, 1) if t["type"] == "start")
        budi.answer(budi.act(spot))
    finally:
        budi.close()
    settled(page)
    log = page.get_by_test_id("log")
    expect(log).to_contain_text(f"put their moped on the charging station at column {spot['x']}, "
                                f"row {spot['y']}")
    page.locator('select[data-testid="lang"]').select_option("id")
    expect(bar(page)).to_contain_text("Giliran Anda.")
    expect(bar(page)).to_contain_text("Letakkan motor Anda di stasiun pengisian daya")
    expect(log).to_contain_text("meletakkan motornya di stasiun pengisian daya di "
                                f"kolom {spot['x']}, baris {spot['y']}")
    expect(page.get_by_test_id("jt-orderboard")).to_contain_text("Papan pesanan")
    said = page.evaluate("(f) => import('/static/i18n.js').then((m) => m.errorText(f))", refused)
    assert said == "Motor mulai dari stasiun pengisian daya (segitiga)."
    page.reload()
    expect(bar(page)).to_contain_text("Giliran Anda.")
    expect(page.locator('select[data-testid="lang"]')).to_have_value("id")
    expect(page.locator(f"{TARGET}").first).to_have_attribute(
        "aria-label", re.compile(r"^Mulai di stasiun pengisian daya di kolom \d, baris \d$"))


def test_hovering_a_log_line_outlines_the_place_it_names(e2e_server: Any, new_page: Any) -> None:
    made = bot_table(e2e_server)
    page = new_page()
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], GAME)
    settled(page)
    # "Since your last turn" outlines what it lists until dismissed: dismiss it first.
    if page.get_by_test_id("since").is_visible():
        page.get_by_test_id("since-dismiss").click()
    expect(page.locator("[data-highlight]")).to_have_count(0)
    line = page.locator(".log-line.has-refs").first
    expect(line).to_contain_text(re.compile(r"column \d, row \d"))
    x, y = map(int, re.search(r"column (\d), row (\d)", line.inner_text()).groups())
    line.hover()
    expect(page.locator(f'[data-highlight="{(y - 1) * 5 + x - 1}"]')).to_have_count(1)
    page.locator('[data-testid="jt-orderboard"]').hover()
    expect(page.locator("[data-highlight]")).to_have_count(0)


def test_since_your_last_turn_is_outlined_on_the_board_until_dismissed(
        e2e_server: Any, new_page: Any) -> None:
    # Issue 12: the bot moved before this seat ever acted; coming to the table lists its
    # moves in words and outlines on the board the cells they name, until "Got it".
    made = bot_table(e2e_server)
    page = new_page()
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], GAME)
    settled(page)
    since = page.get_by_test_id("since")
    expect(since).to_be_visible()
    named = since.locator(".log-ref")
    expect(named.first).to_contain_text(re.compile(r"column \d, row \d"))
    cells = {(int(x), int(y)) for x, y in re.findall(r"column (\d), row (\d)",
                                                     since.inner_text())}
    for x, y in cells:
        expect(page.locator(f'[data-highlight="{(y - 1) * 5 + x - 1}"]')).to_have_count(1)
    page.get_by_test_id("since-dismiss").click()
    expect(since).to_be_hidden()
    expect(page.locator("[data-highlight]")).to_have_count(0)


def finished_doc(seed: int = 3) -> dict[str, Any]:
    """The document of a 3-player game the engine's own bot played to the end."""
    rng = random.Random(seed)
    state = ENGINE.setup(3, {}, seed)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.parse_action(
            bot_of(ENGINE).test_action(state, seat, rng))).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return {"version": 1, "view": ENGINE.view(state, 0), "legal": [], "to_act": [],
            "awaited": [], "outcome": outcome.as_dict(), "last": None, "takeback": None}


HARNESS = """async ({doc, data, lang}) => {
    const dom = await import('/static/dom.js');
    const i18n = await import('/static/i18n.js');
    await i18n.setLang(lang);
    const mod = await import('/static/games/jakarta-traffic/index.js');
    const link = Object.assign(document.createElement('link'),
      {rel: 'stylesheet', href: mod.stylesheet});
    await new Promise((ok) => { link.onload = ok; document.head.append(link); });
    const root = Object.assign(document.createElement('div'), {className: 'board-root'});
    document.querySelector('main').replaceChildren(root);
    const ctx = {t: i18n.t, lang: i18n.currentLang, lines: () => [], seat: 0, players: [],
      options: {}, send: async () => {}, svg: dom.svg, h: dom.h, playerColor: dom.playerColor,
      playerName: (s) => ['Ana', 'Budi', 'Citra'][s], data};
    mod.createRenderer(root, ctx).update(doc, null);
    root.append(await mod.howToPlay(ctx));
}"""


def test_the_game_over_table_and_the_rules_help_fit_a_phone(
        e2e_server: Any, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    try:
        page = ctx.new_page()
        page.goto(f"{e2e_server.url}/")
        args = {"doc": finished_doc(), "data": client_data(), "lang": "ms"}
        page.evaluate(HARNESS, args)
        final = page.get_by_test_id("jt-final")
        expect(final).to_contain_text("Mata akhir")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # Every column of the score table is inside the card: nothing is cut off.
        card = final.bounding_box()
        for cell in final.locator("th, td").all():
            box = cell.bounding_box()
            assert box["x"] + box["width"] <= card["x"] + card["width"] + 0.5, cell.inner_text()
        expect(final.locator("thead th")).to_have_count(4)   # a column per player
        help_panel = page.get_by_test_id("jt-help")
        expect(help_panel).to_contain_text("Matlamat")  # the dialog's title names the game
        expect(help_panel).to_contain_text("Ondel-Ondel")
    finally:
        ctx.close()

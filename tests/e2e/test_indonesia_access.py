"""Indonesia on a phone, by keyboard alone, and in three languages (issues 15 and 16).

Each test plays against a bot (seat 1) from seat 0's page: the bot answers at once, so the
page reaches this seat's decisions by itself. A phone is a 390 x 844 touch screen; a target
is anything the board offers to choose (a ring on the map, a deed, a control button).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from engines.indonesia import ENGINE
from tests.e2e.conftest import PHONE, api_lobby, corrupt_first_action, open_seat, start_lobby

pytestmark = pytest.mark.e2e
GAME = "indonesia"

# every legal target of the board: map rings and deeds, and the controls of the decision
TARGETS = ('.ind-mapwrap [data-target], .ind-controls button, .ind-controls input, '
           '.ind-controls select, .ind-zoom button, .ind-side button')
BOXES = f"""() => [...document.querySelectorAll({TARGETS!r})].map((el) => {{
    const r = el.getBoundingClientRect();
    const what = el.dataset.target || el.dataset.testid || el.textContent;
    return {{what, w: r.width, h: r.height, ring: Boolean(el.dataset.target)}};
}})"""
NEWER = "v => Number(document.querySelector('.ind').dataset.version) > v"


def table_with_bot(server: Any) -> tuple[str, str]:
    """A started two-seat table, seat 1 a bot; seat 0's game id and credential."""
    made = api_lobby(server, GAME, 2, bots=(1,))
    start_lobby(server, made["lobby"])
    return made["lobby"]["game_id"], made["seats"][0]


def version(page: Any) -> int:
    return int(page.locator(".ind").get_attribute("data-version") or "0")


def wait_for_my(page: Any, selector: str) -> None:
    """Wait until this seat's decision offers ``selector`` (the bot plays in between)."""
    page.wait_for_selector(selector, timeout=20_000)


def assert_fits_and_finger_sized(phone: Any, width: int = PHONE["width"]) -> None:
    """No sideways scrolling; every target of the decision at least 44 x 44 px, but the
    map's rings (areas, seas, deeds): the map shows all of them at once (issue 37), so
    crowded ones are smaller than a finger until a tap zooms in on them (tap_centred_ring
    checks that the ring a move is chosen with is finger-sized; deeds are buttons too)."""
    got = phone.evaluate("() => document.documentElement.scrollWidth")
    assert got <= width, f"the page scrolls sideways: {got} px wide"
    small = [b for b in phone.evaluate(BOXES) if (b["w"] < 44 or b["h"] < 44) and not b["ring"]]
    assert not small, f"targets under 44 x 44 px: {small[:8]}"


# the offered ring nearest the middle of the map that a finger there would hit (not one
# under the zoom buttons or a card): its key and centre
CENTRED_RING = """(selector) => {
    const box = document.querySelector('.ind-mapwrap').getBoundingClientRect();
    const mid = [box.left + box.width / 2, box.top + box.height / 2];
    const hits = [...document.querySelectorAll(selector)].map((el) => {
        const r = el.getBoundingClientRect();
        const c = [r.left + r.width / 2, r.top + r.height / 2];
        const top = document.elementFromPoint(c[0], c[1]);
        return {key: el.dataset.target, c, d: Math.hypot(c[0] - mid[0], c[1] - mid[1]),
                w: Math.min(r.width, r.height),
                ok: Boolean(top && top.closest('[data-target]') === el)};
    }).filter((x) => x.ok).sort((a, b) => a.d - b.d);
    return hits[0] || null;
}"""


def tap_centred_ring(phone: Any, selector: str) -> str:
    """Tap the ring the map centred on, then Confirm; its key. A ring smaller than a finger
    (the map shows every ring of the decision) zooms in on its crowd first: the ring that
    chooses the move is finger-sized."""
    before = version(phone)
    ring = phone.evaluate(CENTRED_RING, selector)
    assert ring, "no legal ring on screen after the map framed the decision"
    if ring["w"] < 44:
        phone.touchscreen.tap(*ring["c"])
        phone.wait_for_timeout(100)
        expect(phone.locator(".ind-mapwrap .meja-preview")).to_have_count(0)
        ring = phone.evaluate(CENTRED_RING, selector)
        assert ring and ring["w"] >= 44, f"a tap did not bring a finger-sized ring: {ring}"
    phone.touchscreen.tap(*ring["c"])
    expect(phone.locator(".ind-mapwrap .meja-preview")).not_to_have_count(0)
    phone.get_by_test_id("confirm-move").tap()
    phone.wait_for_function(NEWER, arg=before)
    # the move is made: its Confirm preview is no longer marked on the map
    expect(phone.locator(".ind-mapwrap .meja-preview")).to_have_count(0)
    return str(ring["key"])


def test_on_a_phone_the_board_fits_targets_are_finger_sized_and_turns_are_tapped(
        e2e_server: Any, phone: Any) -> None:
    game_id, credential = table_with_bot(e2e_server)
    open_seat(phone, e2e_server, game_id, 0, credential, GAME)
    ring = '.ind-mapwrap g.ind-target[data-target^="a"]'
    wait_for_my(phone, ring)
    assert_fits_and_finger_sized(phone)

    # found a city by tapping its ring (and Confirm: on by default on a touch screen)
    tapped = tap_centred_ring(phone, ring)
    expect(phone.locator(f'g[data-city="{tapped[1:]}"]')).to_have_count(1)
    # the move is drawn as this player's last move, in their letter
    expect(phone.locator('[data-last="0"]')).not_to_have_count(0)
    # a long press on a piece opens its card
    phone.locator(f'g[data-city="{tapped[1:]}"]').dispatch_event("pointerdown")
    expect(phone.get_by_test_id("ind-tipcard")).to_contain_text("City of size 1")

    # the second city, then the bid, by tapping
    phone.wait_for_selector(f'{ring}, [data-testid="ind-bid-input"]', timeout=20_000)
    if phone.locator(ring).count():
        tap_centred_ring(phone, ring)
    wait_for_my(phone, '[data-testid="ind-bid-input"]')
    assert_fits_and_finger_sized(phone)
    phone.get_by_test_id("ind-bid-input").tap()
    phone.get_by_test_id("ind-bid-input").fill("4")
    phone.get_by_test_id("ind-bid-send").tap()
    phone.get_by_test_id("confirm-move").tap()
    expect(phone.get_by_test_id("ind-order")).to_contain_text("bid 4")

    # acquisitions: deeds on the map and as buttons, all finger-sized; tap one, then its ring
    wait_for_my(phone, '[data-testid^="ind-deed-"]')
    assert_fits_and_finger_sized(phone)
    pieces = phone.locator("g[data-good], g[data-ship]").count()
    phone.locator('[data-testid^="ind-deed-"]').first.tap()
    assert_fits_and_finger_sized(phone)
    tap_centred_ring(phone, '.ind-mapwrap g.ind-target:not([data-target^="deed:"])')
    expect(phone.locator("g[data-good], g[data-ship]")).to_have_count(pieces + 1)

    phone.set_viewport_size({"width": 360, "height": 740})
    phone.wait_for_timeout(200)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"at 360 px the page scrolls sideways: {width} px wide"


def map_offset(page: Any) -> float:
    """Where the map sits inside the board (what comes and goes above the board is the shell's)."""
    return float(page.evaluate(
        "() => document.querySelector('.ind-mapwrap').getBoundingClientRect().top"
        " - document.querySelector('.board-root').getBoundingClientRect().top"))


def press_until(page: Any, predicate: str, limit: int = 250) -> None:
    """Press Tab until the focused element matches the JS predicate (el => bool)."""
    for _ in range(limit):
        focused = f"() => Boolean(document.activeElement && ({predicate})(document.activeElement))"
        if page.evaluate(focused):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {predicate}")


def test_a_whole_turn_by_keyboard_alone(e2e_server: Any, new_page: Any) -> None:
    game_id, credential = table_with_bot(e2e_server)
    page = new_page(1280, 900)
    open_seat(page, e2e_server, game_id, 0, credential, GAME)

    # found a city: Tab to a ring on the map (labelled in words), Enter
    wait_for_my(page, '.ind-mapwrap g.ind-target[data-target^="a"]')
    map_top = map_offset(page)
    while page.locator('.ind-mapwrap g.ind-target[data-target^="a"]').count():
        before = version(page)
        press_until(page, "el => el.matches('g.ind-target[role=button]')")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label.startswith("Found a city in "), label
        page.keyboard.press("Enter")
        page.wait_for_function(NEWER, arg=before)
        page.wait_for_function("() => document.querySelector("
                               "'.ind-mapwrap g.ind-target, [data-testid=ind-bid-input]')")
    # bid: Tab to the amount, type it, Enter
    wait_for_my(page, '[data-testid="ind-bid-input"]')
    press_until(page, "el => el.dataset.testid === 'ind-bid-input'")
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    expect(page.get_by_test_id("ind-bid-note")).to_have_text("counts as 7")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("ind-order")).to_contain_text("bid 7")
    # acquire: Tab to a deed, Space chooses it and puts the focus on its first ring, Enter
    wait_for_my(page, '[data-testid^="ind-deed-"]')
    # the deed buttons appeared below the map: it has not moved
    assert map_offset(page) == map_top
    goods = page.locator("g[data-good]").count() + page.locator("g[data-ship]").count()
    press_until(page, "el => (el.dataset.testid || '').startsWith('ind-deed-')")
    page.keyboard.press("Space")
    focused = page.evaluate("() => document.activeElement.dataset.target || ''")
    assert focused and not focused.startswith("deed:"), f"focus moved to the map: {focused!r}"
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Start the company in "), label
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => document.querySelectorAll('g[data-good], g[data-ship]').length > n", arg=goods)


def found_a_city(page: Any) -> str:
    """Found a city by clicking the first ring; the area id."""
    ring = page.locator('.ind-mapwrap g.ind-target[data-target^="a"]').first
    key = ring.get_attribute("data-target")
    before = version(page)
    ring.focus()
    ring.click()
    page.wait_for_function(NEWER, arg=before)
    return key[1:]


def settle_until_mine(server: Any, page: Any, game_id: str) -> None:
    """Wait until the bot has handed the decision back to seat 0 and the page shows that
    version: a log redrawn under a resting pointer fires no mouseenter, so a hover must not
    race the bot's move."""
    for _ in range(400):
        row = server.app.state.store.game(game_id)
        if 0 in ENGINE.awaited(row["state"]):
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the bot never handed the decision back")
    expect(page.locator(".ind")).to_have_attribute("data-version", str(row["version"]))


def test_a_log_line_outlines_its_area_and_a_language_switch_rewords_board_and_log(
        e2e_server: Any, new_page: Any) -> None:
    game_id, credential = table_with_bot(e2e_server)
    page = new_page(1280, 900)
    open_seat(page, e2e_server, game_id, 0, credential, GAME)
    rings = '.ind-mapwrap g.ind-target[data-target^="a"]'
    wait_for_my(page, rings)
    status = page.get_by_test_id("ind-status")
    expect(status).to_contain_text("Place a city from card")
    expect(page.locator(".ind-mapwrap svg")).to_have_attribute("aria-label", "Map of Indonesia")

    # the log names the area as the board does, and hovering the line outlines it
    area = found_a_city(page)
    settle_until_mine(e2e_server, page, game_id)
    tip = page.locator(f'g[data-city="{area}"] title').text_content()
    name = tip.split(" in ", 1)[1].split(":")[0]
    log = page.get_by_test_id("log")
    line = log.locator(".log-line.has-refs", has_text=f"founds a city in {name}")
    expect(line).to_have_count(1)
    expect(page.locator(".ind-refs [data-hl]")).to_have_count(0)
    line.hover()
    expect(page.locator(f'.ind-refs [data-hl="a{area}"]')).to_have_count(1)
    page.mouse.move(5, 5)
    expect(page.locator(".ind-refs [data-hl]")).to_have_count(0)

    # Bahasa Indonesia mid-game: the board's words and the log at once
    wait_for_my(page, rings)
    page.select_option("select[data-testid=lang]", "id")
    expect(status).to_contain_text("Dirikan kota dari kartu")
    expect(status).to_contain_text("Tahun 1")
    expect(page.locator(".ind-mapwrap svg")).to_have_attribute("aria-label", "Peta Indonesia")
    expect(page.get_by_test_id("ind-supply")).to_contain_text("Persediaan")
    expect(page.get_by_test_id("ind-zoom-in")).to_have_attribute("aria-label", "Perbesar")
    ring = page.locator(rings).first
    place = ring.get_attribute("aria-label").split(" di ", 1)[1]
    expect(ring).to_have_attribute("aria-label", f"Dirikan kota di {place}")
    expect(page.locator(".ind-mapwrap text", has_text="Selat Sunda")).to_have_count(1)
    expect(log).to_contain_text(f"mendirikan kota di {name}")

    # Bahasa Melayu, and a reload keeps it
    page.select_option("select[data-testid=lang]", "ms")
    expect(status).to_contain_text("Bina bandar daripada kad")
    expect(page.locator(".ind-mapwrap text", has_text="Selat Melaka")).to_have_count(1)
    expect(log).to_contain_text(f"membina bandar di {name}")
    page.reload()
    expect(page.get_by_test_id("ind-status")).to_contain_text("Bina bandar daripada kad")
    expect(page.get_by_test_id("ind-supply")).to_contain_text("Bekalan")
    expect(page.get_by_test_id("log")).to_contain_text(f"membina bandar di {name}")


def test_a_rule_error_is_worded_again_when_the_language_switches(e2e_server: Any,
                                                                 new_page: Any) -> None:
    # The first city the player founds reaches the server for a wrong area (as a stale board
    # would send it): the rules refuse it, and the refusal follows the language switch.
    game_id, credential = table_with_bot(e2e_server)
    page = new_page(1280, 900)
    # not one of the card's areas
    corrupt_first_action(page, lambda action: dict(action, area=0))
    open_seat(page, e2e_server, game_id, 0, credential, GAME)
    rings = '.ind-mapwrap g.ind-target[data-target^="a"]'
    wait_for_my(page, rings)
    ring = page.locator(rings).first
    ring.focus()  # as found_a_city does: the focus brings the ring into the map's view
    page.keyboard.press("Enter")
    error = page.get_by_test_id("error")
    expect(error).to_have_text("A city must go in an empty coastal area of one of the card's "
                               "provinces, one city per province.")
    page.select_option("select[data-testid=lang]", "id")
    expect(error).to_have_text("Kota harus didirikan di daerah pesisir yang kosong di salah satu "
                               "provinsi pada kartu, satu kota per provinsi.")
    page.select_option("select[data-testid=lang]", "ms")
    expect(error).not_to_contain_text("Kota harus")
    expect(error).not_to_contain_text("A city must")

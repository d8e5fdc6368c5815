"""The table as a first evening finds it (issue 37): the rough edges a new player trips over,
each driven in a real browser the way that player met it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.app.client import create, invite_of
from tests.e2e.conftest import PHONE, open_host_seat, open_seat

pytestmark = pytest.mark.e2e


def _box(page: Page, testid: str) -> dict[str, float]:
    box = page.get_by_test_id(testid).bounding_box()
    assert box is not None, f"{testid} is not drawn"
    return box


def test_the_e_mail_field_is_a_full_width_touch_sized_box_on_join_and_create(
        e2e_server: Any, new_page: Any) -> None:
    """Item 10: the e-mail field looked like a bare 20 px browser box beside styled fields."""
    phone = new_page(PHONE["width"], PHONE["height"], touch=True)
    lobby = create(e2e_server, game="kaki-lima", seats=3, host="Ana")
    phone.goto(f"{e2e_server.url}/join/{invite_of(lobby)}")
    expect(phone.get_by_test_id("join-email")).to_be_visible()
    name, email = _box(phone, "join-name"), _box(phone, "join-email")
    assert email["height"] >= 44, f"a {email['height']} px tall e-mail box on a phone"
    assert email["width"] == pytest.approx(name["width"], abs=1)
    style = phone.get_by_test_id("join-email").evaluate(
        "(el) => { const s = getComputedStyle(el);"
        " return [s.borderTopLeftRadius, s.paddingLeft]; }")
    named = phone.get_by_test_id("join-name").evaluate(
        "(el) => { const s = getComputedStyle(el);"
        " return [s.borderTopLeftRadius, s.paddingLeft]; }")
    assert style == named, "the e-mail box is drawn unlike the name box above it"

    desktop = new_page()
    desktop.goto(e2e_server.url + "/")
    desktop.locator("details.notices-options summary").click()
    expect(desktop.get_by_test_id("create-email")).to_be_visible()
    email, name = _box(desktop, "create-email"), _box(desktop, "create-name")
    assert email["height"] >= 40 and email["width"] == pytest.approx(name["width"], abs=1)
    webhook = _box(desktop, "create-webhook")
    assert webhook["height"] >= 40 and webhook["width"] == pytest.approx(name["width"], abs=1)


def _drop(page: Page, text: str, name: str = "file.json") -> None:
    """Drop a file of ``text`` on the home page's "Watch a game record" zone."""
    expect(page.get_by_test_id("record-drop")).to_be_attached()
    page.evaluate(
        """([text, name]) => {
            const zone = document.querySelector('[data-testid=record-drop]');
            const dt = new DataTransfer();
            dt.items.add(new File([text], name, {type: 'application/json'}));
            zone.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true,
                                                      cancelable: true}));
        }""", [text, name])


@pytest.mark.parametrize("text", ['{"name": "my settings", "volume": 3}', "[1, 2, 3]",
                                  '{"format": "other-app", "game": "chess"}'])
def test_a_file_that_is_no_record_is_refused_in_words(
        e2e_server: Any, new_page: Any, text: str) -> None:
    """Item 9: any other JSON got "Invalid request: rules_version: Field required; ..."."""
    page = new_page()
    page.goto(e2e_server.url + "/")
    _drop(page, text)
    toast = page.locator(".toast").first
    expect(toast).to_contain_text("This file is not a Meja game record")
    expect(toast).not_to_contain_text("Field required")
    expect(toast).not_to_contain_text("Invalid request")
    assert page.url.rstrip("/") == e2e_server.url


def test_a_cut_record_says_it_is_incomplete_in_the_pages_language(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(e2e_server.url + "/")
    page.evaluate("localStorage.setItem('meja.lang', 'id')")
    page.goto(e2e_server.url + "/")
    _drop(page, '{"format": "meja-record", "game": "kaki-lima", "actions": []}')
    toast = page.locator(".toast").first
    expect(toast).to_contain_text("tidak lengkap")
    expect(toast).not_to_contain_text("Field required")


def test_take_back_messages_name_the_players_and_you(e2e_server: Any, new_page: Any) -> None:
    """Item 3: the request and its refusal said "Player 1" / "Player 2", even to yourself."""
    from tests.app.test_takeback import table, take_back

    lobby, (host, guest), spec = table(e2e_server, "race", policy="consent")
    game_id = lobby["game_id"]
    ana, budi = new_page(), new_page()
    open_seat(ana, e2e_server, game_id, 0, str(host.credential), "race")
    open_seat(budi, e2e_server, game_id, 1, str(guest.credential), "race")
    host.answer(host.act({"type": "advance", "n": 3}))
    host.wait_version(1)
    take_back(host)

    asked = budi.get_by_test_id("takeback-request")
    expect(asked).to_contain_text("Ana asks to take back 1 move.")
    expect(ana.get_by_test_id("takeback-request")).to_contain_text(
        "Ana (you) asks to take back 1 move.")
    expect(ana.get_by_test_id("takeback-request")).to_contain_text("Waiting for Budi")
    budi.get_by_test_id("takeback-refuse").click()
    expect(budi.locator(".toast").first).to_contain_text(
        "Budi (you) did not agree to the take-back")
    expect(ana.locator(".toast").first).to_contain_text("Budi did not agree to the take-back")
    for page in (ana, budi):
        expect(page.locator("body")).not_to_contain_text("Player 1")
        expect(page.locator("body")).not_to_contain_text("Player 2")


@pytest.mark.parametrize("lang", ["id", "ms"])
def test_indonesias_goods_are_named_in_the_pages_language(
        e2e_server: Any, new_page: Any, lang: str) -> None:
    """Item 7: "Operasikan C1 (rice, 1 barang)", "butuh 1 spice" and an English supply table."""
    from tests.e2e.conftest import api_lobby, start_lobby

    made = api_lobby(e2e_server, "indonesia", 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    page = new_page()
    open_host_seat(page, e2e_server, made, "indonesia", lang)
    expect(page.locator("svg").first).to_be_visible()
    expect(page.locator("body")).to_contain_text("beras")
    words = page.evaluate("document.body.innerText + ' ' + [...document.querySelectorAll("
                          "'svg title, svg text, [aria-label]')].map((e) => e.textContent + ' '"
                          " + (e.getAttribute('aria-label') || '')).join(' ')")
    import re

    english = re.findall(r"\b(rice|spice|rubber|oil)\b", words, re.IGNORECASE)
    assert not english, f"English goods on a page in {lang}: {sorted(set(english))}"


@pytest.mark.parametrize("game", ["tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia"])
def test_how_to_play_shows_its_heading_once(e2e_server: Any, new_page: Any, game: str) -> None:
    """Smaller item: the dialog said "How to play Tuk-Tuk Taxi" twice, one under the other."""
    from tests.e2e.conftest import api_lobby

    made = api_lobby(e2e_server, game, 2, names=("Budi",))
    page = new_page()
    open_host_seat(page, e2e_server, made, game)
    page.get_by_test_id("how-to-play").click()
    dialog = page.get_by_test_id("how-to-play-dialog")
    expect(page.get_by_test_id("how-to-play-body")).not_to_be_empty()
    expect(dialog.get_by_text("How to play", exact=False)).to_have_count(1)
    levels = dialog.evaluate(
        "(d) => [...d.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((e) => Number(e.tagName[1]))")
    assert levels[0] == 2 and levels.count(2) == 1, levels
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False)), levels


def test_a_replay_speaks_of_the_move_it_shows_with_plain_controls(
        e2e_server: Any, new_page: Any) -> None:
    """Smaller items: in replay the head said "Waiting for Budi" while the board at move 0
    waited for Ana; "Back to the end" showed at the end; ▶▶ meant play and ▶ next."""
    from tests.e2e.test_replay import at, imported

    record, made = imported(e2e_server, "tuk-tuk-taxi")
    first, n = record["seats"][0]["name"], len(record["actions"])
    page = new_page()
    page.goto(e2e_server.url + made["watch_url"])
    expect(page.get_by_test_id("replay-bar")).to_be_visible()
    expect(page.get_by_test_id("replay-exit")).to_be_hidden()  # already at the end
    words = {t: page.get_by_test_id(t).inner_text().split("\n")[-1]
             for t in ("replay-first", "replay-prev", "replay-play", "replay-next",
                       "replay-last")}
    assert words == {"replay-first": "First", "replay-prev": "Back", "replay-play": "Play",
                     "replay-next": "Next", "replay-last": "Last"}, words
    icons = [page.get_by_test_id(t).inner_text().split("\n")[0]
             for t in ("replay-play", "replay-next")]
    assert icons[0] != icons[1], "play and next look alike"
    page.get_by_test_id("replay-first").click()
    at(page, 0, n)
    expect(page.get_by_test_id("turn")).to_have_text(
        f"Replay, move 0 of {n}: waiting for {first}")
    expect(page.get_by_test_id("replay-exit")).to_be_visible()
    expect(page.get_by_test_id("replay-exit")).to_have_text("Back to the end")
    page.get_by_test_id("replay-last").click()
    at(page, n, n)
    expect(page.get_by_test_id("replay-exit")).to_be_hidden()
    page.get_by_test_id("replay-prev").click()
    page.get_by_test_id("replay-exit").click()
    expect(page.get_by_test_id("turn")).to_have_text("Game over")


def test_a_hard_bot_is_still_hard_in_the_watch_view_of_its_record(
        e2e_server: Any, new_page: Any) -> None:
    """Item 5: a HARD bot came back as NORMAL in an imported record's watch view."""
    from tests.app.client import auth, http
    from tests.app.test_bot_levels_kept import finished_with_bots

    lobby = finished_with_bots(e2e_server)
    record = http.get(f"{e2e_server.url}/api/games/{lobby['game_id']}/record",
                      headers=auth(lobby["credential"])).json()
    made = http.post(f"{e2e_server.url}/api/records", json=record).json()
    page = new_page(PHONE["width"], PHONE["height"], touch=True)
    page.goto(e2e_server.url + made["watch_url"])
    expect(page.get_by_test_id("player-1")).to_contain_text("Bayu")
    expect(page.get_by_test_id("player-1")).to_contain_text("hard")
    expect(page.get_by_test_id("player-2")).to_contain_text("easy")

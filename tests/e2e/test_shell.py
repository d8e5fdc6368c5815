"""The browser shell as a player notices it: the not-found page, tables that stay unlisted
unless the host lists them, options in words, names counted in characters, leaving a game
(and watching it instead), and a score table that fits a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.app.client import create, http, invite_of
from tests.e2e.conftest import api_lobby, open_seat, start_lobby
from tests.e2e.play import play

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
EMOJI = "\U0001f600"  # one character, two UTF-16 units


@pytest.fixture
def base(e2e_server: Any) -> str:
    return e2e_server.url


def fill_create_form(page: Page, base: str, kind: str, name: str) -> None:
    page.goto(base + "/")
    expect(page.get_by_test_id("create-game").locator(f"option[value='{kind}']")).to_be_attached()
    page.get_by_test_id("create-game").select_option(kind)
    page.get_by_test_id("create-name").fill(name)


def test_an_address_that_is_no_page_shows_the_apps_not_found_page(base: str, new_page: Any) -> None:
    page = new_page()
    for path in ("/nonsense", "/game/unknownid", "/join/no-such-invite", "/watch/no-such-link"):
        response = page.goto(base + path)
        assert response is not None and response.status == 404, path
        expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
        expect(page.locator("body")).not_to_contain_text("detail")
    page.get_by_test_id("home-link").click()
    page.wait_for_url(base + "/")
    expect(page.get_by_test_id("create-submit")).to_be_visible()


def test_a_new_table_is_unlisted_unless_the_host_lists_it(base: str, new_page: Any) -> None:
    host = new_page()
    fill_create_form(host, base, "tuk-tuk-taxi", "Ana")
    listed = host.get_by_test_id("create-listed")
    expect(listed).not_to_be_checked()
    # The checkbox says what listing means before anyone ticks it.
    expect(host.locator("#create-listed-help")).to_contain_text("take a free seat")
    host.get_by_test_id("create-submit").click()
    host.wait_for_url(re.compile(r"/lobby/[\w-]+$"))
    quiet = host.url.rsplit("/", 1)[1]

    fill_create_form(host, base, "tuk-tuk-taxi", "Ana")
    host.get_by_test_id("create-listed").check()
    host.get_by_test_id("create-submit").click()
    host.wait_for_url(re.compile(r"/lobby/[\w-]+$"))
    shown = host.url.rsplit("/", 1)[1]

    stranger = new_page()
    stranger.goto(base + "/")
    expect(stranger.get_by_test_id(f"join-{shown}")).to_be_visible()
    expect(stranger.get_by_test_id(f"join-{quiet}")).to_have_count(0)


def test_options_show_in_words_in_the_lobby_and_the_game(base: str, new_page: Any) -> None:
    made = api_lobby(_server(base), "tuk-tuk-taxi", 2,
                     options={"simplified": False, "side": "asian"}, bots=(1,))
    lobby = made["lobby"]
    page = new_page()
    open_seat(page, _server(base), lobby["game_id"], 0, made["seats"][0], "tuk-tuk-taxi")
    page.wait_for_url(re.compile(r"/lobby/"))
    options = page.get_by_test_id("options")
    expect(options.get_by_test_id("option-simplified")).to_contain_text("Simplified: off")
    expect(options.get_by_test_id("option-side")).to_contain_text("Side: Asian")
    # The schema's description explains each option.
    expect(options.get_by_test_id("option-simplified")).to_contain_text("starred signs")
    expect(page.locator("body")).not_to_contain_text("false")
    start_lobby(_server(base), lobby)
    page.wait_for_url(re.compile(r"/game/"))
    options = page.get_by_test_id("options")
    expect(options.get_by_test_id("option-simplified")).to_contain_text("Simplified: off")
    expect(options.get_by_test_id("option-side")).to_contain_text("Side: Asian")
    expect(page.locator(".side-col")).not_to_contain_text("simplified: false")


def test_a_name_of_forty_emoji_is_kept_whole_and_a_41st_is_refused(
        base: str, new_page: Any) -> None:
    page = new_page()
    fill_create_form(page, base, "tuk-tuk-taxi", EMOJI * 41)
    box = page.get_by_test_id("create-name")
    # Nothing is cut in half: the box holds all 41 characters and says why it is too long.
    assert page.evaluate("[...document.getElementById('create-name').value].length") == 41
    expect(page.get_by_test_id("create-name-error")).to_have_text(
        "Names are at most 40 characters; this one has 41.")
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("create-name-error")).to_be_visible()
    assert page.url == base + "/"  # nothing was sent

    box.fill(EMOJI * 40)
    expect(page.get_by_test_id("create-name-error")).to_be_hidden()
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/lobby/[\w-]+$"))
    expect(page.get_by_test_id("seat-0").locator(".name")).to_have_text(EMOJI * 40)
    invite = page.get_by_test_id("invite-link").text_content()

    friend = new_page()
    friend.goto(invite)
    friend.get_by_test_id("join-name").fill("\U0001f680" * 41)
    expect(friend.get_by_test_id("join-name-error")).to_contain_text("at most 40 characters")
    friend.get_by_test_id("join-submit").click()
    assert friend.url == invite
    friend.get_by_test_id("join-name").fill("\U0001f680" * 40)
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(re.compile(r"/lobby/[\w-]+$"))
    expect(friend.get_by_test_id("seat-1").locator(".name")).to_have_text("\U0001f680" * 40)


def leave_game(base: str, new_page: Any, spectators: bool) -> Page:
    server = _server(base)
    lobby = create(server, game="tuk-tuk-taxi", seats=2, host="Ana", spectators=spectators)
    invite = invite_of(lobby)
    budi = http.post(f"{base}/api/invites/{invite}/join", json={"name": "Budi"}).json()
    start_lobby(server, lobby)
    page = new_page()
    open_seat(page, server, lobby["game_id"], 1, budi["credential"], "tuk-tuk-taxi")
    expect(page.get_by_test_id("player-1")).to_contain_text("(you)")
    page.get_by_test_id("leave").click()
    page.get_by_test_id("leave").click()  # "Really leave? Click again"
    notice = page.get_by_test_id("left-notice")
    expect(notice).to_contain_text("You left the table")
    expect(page.get_by_test_id("turn")).to_have_text("You left the table.")
    expect(page.get_by_test_id("player-1")).not_to_contain_text("(you)")
    expect(page.locator("body")).not_to_contain_text("no longer valid")
    return page


def test_a_player_who_leaves_is_told_so_and_may_watch_instead(base: str, new_page: Any) -> None:
    page = leave_game(base, new_page, spectators=True)
    watch = page.get_by_test_id("watch-instead")
    expect(watch).to_have_text("Watch this table")
    watch.click()
    page.wait_for_url(re.compile(r"/watch/[\w-]+$"))
    expect(page.get_by_test_id("spectator-banner")).to_be_visible()
    expect(page.get_by_test_id("player-1")).to_contain_text("left")


def test_leaving_a_table_without_spectators_offers_the_home_page(
        base: str, new_page: Any) -> None:
    page = leave_game(base, new_page, spectators=False)
    expect(page.get_by_test_id("watch-instead")).to_have_count(0)
    page.get_by_test_id("left-notice").get_by_role("link", name="Go to the home page").click()
    page.wait_for_url(base + "/")


def test_the_score_table_shows_every_column_whole_on_a_phone(base: str, new_page: Any) -> None:
    server = _server(base)
    made = api_lobby(server, "jakarta-traffic", 2, names=("Budi",))
    start_lobby(server, made["lobby"])
    play(server, made, "jakarta-traffic")  # to its end, with the engine's bot
    page = new_page(PHONE["width"], PHONE["height"])
    open_seat(page, server, made["lobby"]["game_id"], 0, made["seats"][0], "jakarta-traffic")
    table = page.get_by_test_id("gameover").locator("table.results")
    expect(table).to_be_visible()
    columns = [t.strip() for t in table.locator("thead th").all_text_contents()][2:]
    assert len(columns) >= 9 and "Passengers" in columns and "Star points" in columns, columns
    # No sideways scroll of the page, and no cell reaches past the phone's edge or is clipped.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for row in table.locator("tbody tr").all():
        # A rank reads as people say it ("1st", "2nd"), also alone on a row card.
        expect(row.locator(".rank-cell")).to_have_text(re.compile(r"^\d+(st|nd|rd|th)$"))
        # Every column of every row is labelled in words and visible whole.
        assert [t.strip() for t in row.locator(".cell-label").all_inner_texts()] == columns
        for cell in row.locator("td, th").all():
            expect(cell).to_be_visible()
            box = cell.bounding_box()
            assert box is not None and box["x"] >= 0, cell.inner_text()
            assert box["x"] + box["width"] <= PHONE["width"], cell.inner_text()
            assert cell.evaluate("(c) => c.scrollWidth <= c.clientWidth + 1"), cell.inner_text()
    page.get_by_test_id("gameover").screenshot(path="/tmp/shell-gameover.png")


_servers: dict[str, Any] = {}


def _server(base: str) -> Any:
    return _servers[base]


@pytest.fixture(autouse=True)
def _remember_server(e2e_server: Any) -> None:
    _servers[e2e_server.url] = e2e_server

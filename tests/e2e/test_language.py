"""Three languages in the browser (issue 16): the switch in the top bar rewords the page at
once, without a reload and without losing what the user typed; a reload keeps the choice;
a server refusal is shown in the chosen language when it carries a key (and in its English
sentence when it does not); mid-game the shell's turn line and panel titles follow."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.app.client import create, invite_of, join, start
from tests.e2e.conftest import open_seat


def test_switching_on_home_rewords_at_once_and_keeps_the_half_filled_form(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(e2e_server.url + "/")
    expect(page.get_by_test_id("create-submit")).to_have_text("Open the table")
    page.get_by_test_id("create-game").select_option("tuk-tuk-taxi")
    page.get_by_test_id("create-seats").select_option("3")
    page.get_by_test_id("create-name").fill("Siti Nurhaliza")
    page.get_by_test_id("create-listed").check()
    page.evaluate("window.__sameDocument = 'kept'")

    page.get_by_test_id("lang").select_option("id")
    expect(page.get_by_test_id("create-submit")).to_have_text("Buka meja")
    expect(page.locator("#your-h")).to_have_text("Permainan Anda")
    expect(page.get_by_test_id("create-seats").locator("option:checked")).to_have_text("3 pemain")
    expect(page.locator("html")).to_have_attribute("lang", "id")
    assert re.search("bersama teman", page.title())
    # The same document (no reload), with everything the user chose still there.
    assert page.evaluate("window.__sameDocument") == "kept"
    expect(page.get_by_test_id("create-name")).to_have_value("Siti Nurhaliza")
    expect(page.get_by_test_id("create-game")).to_have_value("tuk-tuk-taxi")
    expect(page.get_by_test_id("create-seats")).to_have_value("3")
    expect(page.get_by_test_id("create-listed")).to_be_checked()

    page.reload()
    expect(page.get_by_test_id("create-submit")).to_have_text("Buka meja")
    expect(page.get_by_test_id("lang")).to_have_value("id")
    assert page.evaluate("localStorage.getItem('meja.lang')") == "id"
    # The server's not-found page speaks the chosen language too, with the same switch.
    page.goto(e2e_server.url + "/no/such/page")
    expect(page.get_by_test_id("not-found").locator("h1")).to_have_text("Halaman tidak ditemukan")
    page.get_by_test_id("lang").select_option("ms")
    expect(page.get_by_test_id("not-found").locator("h1")).to_have_text("Halaman tidak dijumpai")
    expect(page.get_by_test_id("home-link")).to_have_text("Ke halaman utama")


def test_the_browser_language_picks_the_first_visits_language(e2e_server: Any,
                                                                browser: Any) -> None:
    ctx = browser.new_context(locale="ms-MY")
    try:
        page = ctx.new_page()
        page.goto(e2e_server.url + "/")
        expect(page.get_by_test_id("create-submit")).to_have_text("Buka meja")
        expect(page.locator("#your-h")).to_have_text("Permainan anda")
        expect(page.get_by_test_id("lang")).to_have_value("ms")
    finally:
        ctx.close()


def _join_refused(e2e_server: Any, new_page: Any, *, keyed: bool) -> Any:
    """A join page opened while a seat was free, the seat taken by someone else meanwhile:
    the server refuses the join (409 ``api.lobby_full``). Unkeyed: the refusal as an older
    server sent it, its English detail alone."""
    lobby = create(e2e_server, "race", 2, host="Ana")
    page = new_page()
    if not keyed:
        def strip_key(route: Any) -> None:
            resp = route.fetch()
            body = resp.json()
            body.pop("key", None)
            body.pop("params", None)
            route.fulfill(response=resp, body=json.dumps(body))

        page.route(re.compile(r".*/api/invites/[^/]+/join$"), strip_key)
    page.goto(e2e_server.url + "/")
    page.get_by_test_id("lang").select_option("ms")
    expect(page.get_by_test_id("create-submit")).to_have_text("Buka meja")
    page.goto(f"{e2e_server.url}/join/{invite_of(lobby)}")
    page.get_by_test_id("join-name").fill("Citra")
    join(e2e_server, lobby, "Budi")  # the last seat goes to Budi first
    page.get_by_test_id("join-submit").click()
    return page


def test_a_server_refusal_without_a_key_shows_its_english_sentence(e2e_server: Any,
                                                                   new_page: Any) -> None:
    page = _join_refused(e2e_server, new_page, keyed=False)
    expect(page.get_by_test_id("error")).to_have_text("This lobby is full.")
    expect(page.get_by_test_id("join-submit")).to_have_text("Ambil kerusi")


def test_a_server_refusal_with_a_key_is_shown_in_malay(e2e_server: Any, new_page: Any) -> None:
    page = _join_refused(e2e_server, new_page, keyed=True)
    expect(page.get_by_test_id("error")).to_have_text("Lobi ini sudah penuh.")
    expect(page.get_by_test_id("join-name")).to_have_value("Citra")  # nothing typed is lost


GAMES = ["tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia"]
TURN = {"en": r"^(Your turn|Waiting for Budi)$", "id": r"^(Giliran Anda|Menunggu Budi)$",
        "ms": r"^(Giliran anda|Menunggu Budi)$"}
PANELS = {"en": ("Players", "Table chat", "Log (replay)"),
          "id": ("Pemain", "Obrolan meja", "Log (putar ulang)"),
          "ms": ("Pemain", "Sembang meja", "Log (ulang tayang)")}


@pytest.mark.parametrize("game", GAMES)
def test_mid_game_the_shell_switches_language_at_once(e2e_server: Any, new_page: Any,
                                                      game: str) -> None:
    lobby = create(e2e_server, game, 2, host="Ana")
    join(e2e_server, lobby, "Budi")
    start(e2e_server, lobby)
    page = new_page()
    open_seat(page, e2e_server, lobby["game_id"], 0, lobby["credential"], game)
    expect(page.get_by_test_id("status")).to_have_text("Connected")
    page.evaluate("window.__sameDocument = 'kept'")
    for lang in ("id", "ms", "en"):
        page.get_by_test_id("lang").select_option(lang)
        expect(page.get_by_test_id("turn")).to_have_text(re.compile(TURN[lang]))
        players, chat, log = PANELS[lang]
        expect(page.locator("#players-h")).to_have_text(players)
        expect(page.get_by_test_id("chat-toggle").locator(".panel-title")).to_have_text(chat)
        expect(page.locator(".replay-log .panel-title")).to_have_text(log)
        expect(page.get_by_test_id("status")).to_have_text(
            {"en": "Connected", "id": "Tersambung", "ms": "Bersambung"}[lang])
    assert page.evaluate("window.__sameDocument") == "kept"
    assert page.evaluate("localStorage.getItem('meja.lang')") == "en"


def test_the_lobby_rewords_and_keeps_the_hosts_pick(e2e_server: Any, new_page: Any) -> None:
    lobby = create(e2e_server, "race", 2, host="Ana")
    page = new_page()
    page.goto(e2e_server.url + "/")
    page.evaluate("""(l) => localStorage.setItem('meja.seats', JSON.stringify({[l.game_id]:
        {credential: l.credential, seat: 0, game: 'race', name: 'Ana'}}))""", lobby)
    page.goto(f"{e2e_server.url}/lobby/{lobby['game_id']}")
    expect(page.get_by_test_id("start")).to_have_text("Start the game")
    page.get_by_test_id("bot-level-pick-1").select_option("hard")
    page.get_by_test_id("lang").select_option("ms")
    expect(page.get_by_test_id("start")).to_have_text("Mulakan permainan")
    expect(page.get_by_test_id("add-bot-1")).to_have_text("Tambah bot")
    expect(page.get_by_test_id("bot-level-pick-1")).to_have_value("hard")
    expect(page.get_by_test_id("bot-level-pick-1").locator("option:checked")).to_have_text("sukar")
    assert "Lobi" in page.title()

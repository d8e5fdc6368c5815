"""Crews in the browser, on a phone (390 x 844): "Keep this crew" on a finished table's
game-over panel, the crew page (members, invite link, history, head-to-head), the owner
switching the league on and its table after rated games, "New table with the crew" opening
the new lobby, and a member's history page."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.app.client import auth, http
from tests.app.crews_support import COOKIE, Player, play_race, with_account
from tests.e2e.conftest import PHONE

#: Where the screenshots go (looked at after a run).
SHOTS = Path(os.environ.get("MEJA_SHOTS", "/tmp/crews-shots"))


def signed_in_phone(new_page: Any, server: Any, who: Player) -> Any:
    """A phone page whose browser is signed in to ``who``'s account (its session cookie)."""
    page = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    page.context.add_cookies([{"name": COOKIE, "value": who.token, "url": server.url}])
    # On a file of the origin, not a page: no script of the app races these writes.
    page.goto(f"{server.url}/static/favicon.svg")
    page.evaluate("() => localStorage.setItem('meja.account', '1')")
    return page


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_crew_kept_from_the_table_then_its_league_and_a_new_table_on_a_phone(
        e2e_server: Any, new_page: Any) -> None:
    server = e2e_server
    ana, budi = with_account(server, "Ana"), with_account(server, "Budi")
    game = play_race(server, [ana, budi], [1, 6])  # Budi wins
    page = signed_in_phone(new_page, server, ana)
    # Ana's seat of the finished table, as her browser keeps it (her account holds it too).
    page.evaluate("""([game, credential]) => localStorage.setItem('meja.seats', JSON.stringify(
        {[game]: {credential, seat: 0, game: 'race', name: 'Ana'}}))""", [game, ana.seats[game]])
    page.goto(f"{server.url}/game/{game}")
    expect(page.get_by_test_id("gameover")).to_be_visible()
    page.get_by_test_id("keep-crew-button").click()
    page.get_by_test_id("keep-crew-open").click()
    expect(page.get_by_test_id("crew-members")).to_contain_text("Ana")
    expect(page.get_by_test_id("crew-members")).to_contain_text("Budi")
    expect(page.get_by_test_id("crew-invite-link")).to_have_value(
        re.compile(r"^http://127\.0\.0\.1:\d+/crew-invite/[A-Za-z0-9_-]+$"))
    expect(page.get_by_test_id("crew-history")).to_contain_text("Race (benchmark)")
    expect(page.get_by_test_id("pair")).to_contain_text("Ana – Budi")
    expect(page.get_by_test_id("pair")).to_contain_text("0 – 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "crew-page-phone")

    # The owner switches the league on; games finished since are rated.
    expect(page.get_by_test_id("league-off")).to_be_visible()
    page.get_by_test_id("league-on").check()
    page.get_by_test_id("league-rule").select_option("skip")
    page.get_by_test_id("league-save").click()
    expect(page.get_by_test_id("league-empty")).to_be_visible()
    play_race(server, [ana, budi], [6])
    play_race(server, [budi, ana], [1, 6])
    page.reload()
    rows = page.get_by_test_id("league-race").get_by_test_id("league-row")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Ana")  # two wins to none
    expect(page.get_by_test_id("crew-league")).to_contain_text("are not counted")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_test_id("crew-league").scroll_into_view_if_needed()
    shot(page, "crew-league-phone")

    # A member's history, with links to the replays.
    page.get_by_test_id("crew-members").get_by_text("Budi").click()
    expect(page.get_by_test_id("player-totals")).to_have_text("3 games, 1 win")
    expect(page.get_by_test_id("last-results").get_by_test_id("replay-link")).to_have_count(3)
    shot(page, "player-history-phone")
    # Its replay links open the game's replay (the watch link: the table had spectators).
    page.get_by_test_id("last-results").get_by_test_id("replay-link").first.click()
    expect(page.get_by_test_id("replay-bar")).to_be_visible()
    page.go_back()
    page.go_back()

    # New table with the crew: a lobby with Ana as its host; Budi's crew page lists it.
    page.get_by_test_id("crew-new-table").click()
    page.wait_for_url(re.compile(r".*/lobby/[A-Za-z0-9_-]+$"))
    lobby_id = page.url.rsplit("/", 1)[1]
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    crews = budi.get(server, "/api/crews").json()
    crew = budi.get(server, f"/api/crews/{crews[0]['crew_id']}").json()
    assert [t["game_id"] for t in crew["tables"]] == [lobby_id]
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('meja.seats'))['{lobby_id}']")
    info = http.get(f"{server.url}/api/games/{lobby_id}", headers=auth(stored["credential"]))
    assert info.json()["seats"][0]["name"] == "Ana" and info.json()["you"] == 0


def test_a_stranger_reads_why_a_crew_and_a_history_are_closed_to_them(
        e2e_server: Any, new_page: Any) -> None:
    server = e2e_server
    ana, budi, eko = (with_account(server, n) for n in ("Ana", "Budi", "Eko"))
    game = play_race(server, [ana, budi], [6])
    crew = ana.send(server, "POST", f"/api/crews/from-table/{game}", {"name": "Kamis"}).json()
    page = signed_in_phone(new_page, server, eko)
    page.goto(f"{server.url}/crew/{crew['crew_id']}")
    expect(page.get_by_test_id("crew-error")).to_have_text("Only the crew's members can see this.")
    page.goto(f"{server.url}/player/{ana.account_id}")
    expect(page.get_by_test_id("player-error")).to_have_text(
        "This player shows their history only to members of their crews.")
    # The crew's own link lets him in.
    page.goto(f"{server.url}{crew['invite_url']}")
    expect(page.get_by_test_id("crew-invite-name")).to_contain_text("Kamis")
    page.get_by_test_id("crew-join").click()
    expect(page.get_by_test_id("crew-members")).to_contain_text("Eko")
    page.goto(f"{server.url}/player/{ana.account_id}")
    expect(page.get_by_test_id("player-totals")).to_have_text("1 game, 1 win")
    shot(page, "crew-invite-joined-phone")
    # Ana keeps her history to herself, on her account page.
    mine = signed_in_phone(new_page, server, ana)
    mine.goto(f"{server.url}/account")
    expect(mine.get_by_test_id("privacy-crew")).to_be_checked()
    mine.get_by_test_id("privacy-nobody").check()
    expect(mine.get_by_text("Saved.")).to_be_visible()
    shot(mine, "account-privacy-phone")
    page.reload()
    expect(page.get_by_test_id("player-error")).to_have_text(
        "This player keeps their history to themselves.")
    mine.get_by_test_id("my-history").click()
    expect(mine.get_by_test_id("player-totals")).to_have_text("1 game, 1 win")

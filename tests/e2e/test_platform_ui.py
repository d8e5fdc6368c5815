"""Browser e2e tests of the platform pages: home, join, claim, lobby, game shell and watch page.

They drive the real client (static/*.js) in headless Chromium against a live server: what a
player sees and clicks, through the stable ``data-testid`` hooks of the pages.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import jsonpatch
import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 740}


@pytest.fixture
def base(e2e_server: Any) -> str:
    """The live server's address."""
    return e2e_server.url


def stored_seats(page: Page) -> dict[str, Any]:
    """This browser's seats (localStorage "meja.seats")."""
    return json.loads(page.evaluate("localStorage.getItem('meja.seats') || '{}'"))


def create_from_home(page: Page, base: str, host_name: str, seats: int = 2,
                     listed: bool = False) -> tuple[str, str]:
    """Open a table with the home page's form (listed on the home page only when asked,
    as the form's checkbox is off by default); returns (game_id, game kind)."""
    page.goto(base + "/")
    game = page.get_by_test_id("create-game")
    expect(game.locator("option").first).to_be_attached()
    kind = game.locator("option").first.get_attribute("value")
    game.select_option(kind)
    page.get_by_test_id("create-seats").select_option(str(seats))
    page.get_by_test_id("create-name").fill(host_name)
    if listed:
        page.get_by_test_id("create-listed").check()
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/lobby/[\w-]+$"))
    return page.url.rsplit("/", 1)[1], kind


def started_race(base: str, page: Page, goal: int) -> str:
    """A started race (host + bot, host to move) whose host seat is stored in page's browser."""
    created = httpx.post(base + "/api/lobbies", json={
        "game": "race", "options": {"goal": goal}, "seats": 2, "host_name": "Ayu",
        "listed": False}).json()
    gid, auth = created["game_id"], {"Authorization": f"Bearer {created['credential']}"}
    httpx.post(f"{base}/api/games/{gid}/seats/1/bot", headers=auth).raise_for_status()
    httpx.post(f"{base}/api/games/{gid}/start", headers=auth).raise_for_status()
    if not page.url.startswith(base):
        page.goto(base + "/")
    seats = {**stored_seats(page),
             gid: {"credential": created["credential"], "seat": 0, "game": "race", "name": "Ayu"}}
    page.evaluate("s => localStorage.setItem('meja.seats', s)", json.dumps(seats))
    return gid


def test_create_join_resume_start_and_watch(base: str, new_page: Any) -> None:
    host = new_page()
    game_id, _ = create_from_home(host, base, "Siti <b>&</b>")
    # The typed name is shown as text, never parsed as HTML.
    expect(host.get_by_test_id("seat-0")).to_contain_text("Siti <b>&</b>")
    assert host.get_by_test_id("seat-0").locator("b").count() == 0
    invite = host.get_by_test_id("invite-link").text_content()
    watch = host.get_by_test_id("watch-link").text_content()
    assert invite.startswith(base + "/join/") and watch.startswith(base + "/watch/")
    expect(host.get_by_test_id("start")).to_be_disabled()

    guest = new_page(PHONE["width"], PHONE["height"])
    guest.goto(invite)
    guest.get_by_test_id("join-name").fill("Budi")
    guest.get_by_test_id("join-submit").click()
    guest.wait_for_url(f"{base}/lobby/{game_id}")
    first = stored_seats(guest)[game_id]
    assert first["seat"] == 1
    # The host's lobby updates live, and the start button unlocks with every seat taken.
    expect(host.get_by_test_id("seat-1")).to_contain_text("Budi")
    expect(host.get_by_test_id("start")).to_be_enabled()

    # Opening the invite again in the same browser resumes the seat: no name form, no new seat.
    guest.goto(invite)
    guest.wait_for_url(f"{base}/lobby/{game_id}")
    expect(guest.get_by_test_id("seat-1")).to_contain_text("(you)")
    assert stored_seats(guest)[game_id]["credential"] == first["credential"]
    info = httpx.get(f"{base}/api/games/{game_id}",
                     headers={"Authorization": f"Bearer {first['credential']}"}).json()
    assert [s["name"] for s in info["seats"]] == ["Siti <b>&</b>", "Budi"]

    host.get_by_test_id("start").click()
    host.wait_for_url(f"{base}/game/{game_id}")
    guest.wait_for_url(f"{base}/game/{game_id}")
    expect(host.get_by_test_id("status")).to_have_text("Connected")
    doc_to_act = httpx.get(f"{base}/api/games/{game_id}",
                           headers={"Authorization": f"Bearer {first['credential']}"}
                           ).json()["to_act"]
    mover, waiter = (host, guest) if 0 in doc_to_act else (guest, host)
    expect(mover.get_by_test_id("turn")).to_have_text(re.compile("^Your turn"))
    expect(mover).to_have_title(re.compile(r"^\(Your turn\)"))
    expect(waiter.get_by_test_id("turn")).to_have_text(re.compile("^Waiting for"))

    spectator = new_page()
    spectator.goto(watch)
    expect(spectator.get_by_test_id("spectator-banner")).to_contain_text("You are watching")
    expect(spectator.get_by_test_id("turn")).to_have_text(re.compile("^Waiting for"))
    expect(spectator.get_by_test_id("player-1")).to_contain_text("Budi")
    assert spectator.get_by_test_id("fallback-actions").is_hidden()


def test_rejected_action_shows_the_reason_and_the_game_goes_on(base: str, new_page: Any) -> None:
    page = new_page()
    game_id = started_race(base, page, goal=3)
    page.goto(f"{base}/game/{game_id}")
    actions = page.get_by_test_id("fallback-actions")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    actions.locator("input[type=number]").fill("9")
    actions.locator("button[type=submit]").click()
    # The server refuses a 9 (a race moves 1 to 6) and the player reads why.
    expect(page.get_by_test_id("error")).to_contain_text("6")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")

    actions.locator("input[type=number]").fill("3")
    actions.locator("button[type=submit]").click()
    expect(page.get_by_test_id("log")).to_contain_text("Ayu advanced 3.")
    over = page.get_by_test_id("gameover")
    expect(over).to_be_visible()
    expect(over).to_contain_text("You win!")
    expect(page.get_by_test_id("result-0")).to_contain_text("Ayu")
    expect(page.get_by_test_id("turn")).to_have_text("Game over")
    expect(actions).to_be_hidden()


def test_host_controls_bot_remove_reorder_and_reissue(base: str, new_page: Any) -> None:
    host = new_page()
    game_id, _ = create_from_home(host, base, "Host", seats=3)
    guest = new_page()
    guest.goto(host.get_by_test_id("invite-link").text_content())
    guest.get_by_test_id("join-name").fill("Guest")
    guest.get_by_test_id("join-submit").click()
    guest.wait_for_url(f"{base}/lobby/{game_id}")
    expect(host.get_by_test_id("seat-1")).to_contain_text("Guest")

    host.get_by_test_id("add-bot-2").click()
    expect(host.get_by_test_id("seat-2")).to_contain_text("Bot (normal)")
    expect(guest.get_by_test_id("seat-2")).to_contain_text("Bot (normal)")
    host.get_by_test_id("remove-2").click()
    expect(host.get_by_test_id("seat-2")).to_contain_text("Open seat")

    # Moving the guest up makes them seat 0: their own page follows and says so.
    host.get_by_test_id("up-1").click()
    expect(host.get_by_test_id("seat-0")).to_contain_text("Guest")
    expect(guest.get_by_test_id("seat-0")).to_contain_text("(you)")

    # Re-issuing the guest's seat gives a one-time claim link for a new device.
    host.get_by_test_id("reissue-0").click()
    claim = host.get_by_test_id("claim-link").input_value()
    assert claim.startswith(base + "/claim/")
    old = stored_seats(guest)[game_id]["credential"]
    device = new_page()
    device.goto(claim)
    device.get_by_test_id("claim-submit").click()
    device.wait_for_url(f"{base}/lobby/{game_id}")
    expect(device.get_by_test_id("seat-0")).to_contain_text("(you)")
    # The old device's credential stops working, and its page says it is out.
    assert httpx.get(f"{base}/api/games/{game_id}",
                     headers={"Authorization": f"Bearer {old}"}).status_code in (401, 403)
    host.get_by_test_id("add-bot-2").click()  # any lobby change reaches the old device
    expect(guest.get_by_role("heading")).to_have_text("You are no longer at this table")


def test_home_lists_open_tables_and_your_games_waiting_first(base: str, new_page: Any) -> None:
    page = new_page()
    lobby_id, _ = create_from_home(page, base, "Lister", listed=True)
    race_id = started_race(base, page, goal=50)
    page.goto(base + "/")
    # The race waits for this browser's move, so it comes before the lobby.
    mine = page.get_by_test_id("your-games")
    expect(mine.locator("li").first).to_have_attribute("data-testid", f"your-{race_id}")
    expect(page.get_by_test_id(f"your-{race_id}")).to_contain_text("Your turn")
    expect(page.get_by_test_id(f"your-{lobby_id}")).to_contain_text("In the lobby")

    # A friend on a phone finds the open table, joins it, and no page is wider than the phone.
    phone = new_page(PHONE["width"], PHONE["height"])
    phone.goto(base + "/")
    join = phone.get_by_test_id(f"join-{lobby_id}")
    expect(join).to_be_visible()
    widths = {"home": phone.evaluate("document.documentElement.scrollWidth")}
    join.click()
    phone.get_by_test_id("join-name").fill("Friend with a rather long display name")
    phone.get_by_test_id("join-submit").click()
    phone.wait_for_url(f"{base}/lobby/{lobby_id}")
    expect(phone.get_by_test_id("seat-1")).to_contain_text("(you)")
    widths["lobby"] = phone.evaluate("document.documentElement.scrollWidth")
    seats = stored_seats(page)
    phone.evaluate("s => localStorage.setItem('meja.seats', s)", json.dumps(
        {**stored_seats(phone), race_id: seats[race_id]}))
    phone.goto(f"{base}/game/{race_id}")
    expect(phone.get_by_test_id("turn")).to_have_text("Your turn")
    widths["game"] = phone.evaluate("document.documentElement.scrollWidth")
    assert all(w <= PHONE["width"] for w in widths.values()), widths


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.4:
        return rng.choice([0, 1, 2.5, "a", "b/c", "~x", None, True, False])
    if roll < 0.7:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    keys = ["k", "a/b", "m~n", "x", "y", ""]
    return {rng.choice(keys): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_client_json_patch_matches_the_servers_patches(base: str, new_page: Any) -> None:
    """static/jsonpatch.js turns a document into the next one exactly as the server's
    jsonpatch diff says, without touching the document it was given."""
    rng = random.Random(7)
    cases = []
    for _ in range(300):
        before = {"view": _random_json(rng), "legal": [_random_json(rng) for _ in range(3)]}
        after = {"view": _random_json(rng) if rng.random() < 0.3 else before["view"],
                 "legal": [_random_json(rng)] + before["legal"][1:]}
        cases.append({"a": before, "b": after, "ops": jsonpatch.make_patch(before, after).patch})
    cases.append({"a": {"x": [1, 2, 3], "y": {}}, "b": {"x": [2, 3], "y": {"z": 1}, "w": [2, 3]},
                  "ops": [{"op": "move", "from": "/x/0", "path": "/y/z"},
                          {"op": "copy", "from": "/x", "path": "/w"},
                          {"op": "test", "path": "/w", "value": [2, 3]}]})
    page = new_page()
    page.goto(base + "/")
    result = page.evaluate("""async (cases) => {
        const { applyPatch, deepEqual } = await import("/static/jsonpatch.js");
        const bad = [];
        for (const c of cases) {
            const before = JSON.stringify(c.a);
            const out = applyPatch(c.a, c.ops);
            if (!deepEqual(out, c.b) || JSON.stringify(c.a) !== before) bad.push(c);
        }
        let failed = false;
        try { applyPatch({a: 1}, [{op: "test", path: "/a", value: 2}]); }
        catch (e) { failed = true; }
        return {bad: bad.length, testOpFails: failed};
    }""", cases)
    assert result == {"bad": 0, "testOpFails": True}


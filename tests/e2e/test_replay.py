"""Replays and game records in the browser: a finished game scrubbed forward and back with
the game's own renderer (the board changes, a log line jumps to its move, play steps on by
itself), the record downloaded from the game-over panel, and a record imported on the home
page (file picker and drop, on a phone) opening as a replay."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.app.client import auth, create, http, start
from tests.app.recorded import fixtures, record_of

pytestmark = pytest.mark.e2e
PHONE = {"width": 375, "height": 740}


def imported(server: Any, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    record = record_of(fixtures(game, 1)[0], names=["Siti <i>", "Budi", "Citra", "Dewi",
                                                     "Eko"][: fixtures(game, 1)[0]["players"]])
    r = http.post(f"{server.url}/api/records", json=record)
    assert r.status_code == 201, r.text
    return record, r.json()


def board(page: Page) -> str:
    return page.locator(".board-root").inner_html()


def at(page: Page, k: int, n: int) -> None:
    # The first version waits for the renderer's module and data: slow on a busy machine.
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move {k} of {n}",
                                                                  timeout=15_000)


def test_a_finished_game_is_scrubbed_forward_and_back(e2e_server: Any, new_page: Any) -> None:
    record, made = imported(e2e_server, "tuk-tuk-taxi")
    n = len(record["actions"])
    page = new_page()
    page.goto(e2e_server.url + made["watch_url"])
    expect(page.get_by_test_id("gameover")).to_be_visible()
    bar = page.get_by_test_id("replay-bar")
    expect(bar).to_be_visible()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"{n} moves")
    end = board(page)
    page.get_by_test_id("replay-first").click()
    at(page, 0, n)
    expect(page.get_by_test_id("gameover")).to_be_hidden()
    start_board = board(page)
    assert start_board != end
    for k in range(1, 4):
        page.get_by_test_id("replay-next").click()
        at(page, k, n)
    assert board(page) != start_board
    for k in (2, 1, 0):
        page.get_by_test_id("replay-prev").click()
        at(page, k, n)
    expect(page.locator(".board-root")).to_have_js_property("innerHTML", start_board)
    # A log line jumps to its move, and is marked as the current one.
    page.get_by_test_id("replay-last").click()
    at(page, n, n)
    target = page.get_by_test_id("replay-log").locator("li[data-seq='5']").first
    target.click()
    at(page, 5, n)
    expect(page.get_by_test_id("replay-log").locator("li.current").first).to_have_attribute(
        "data-seq", "5")
    # Play steps on by itself until paused.
    page.get_by_test_id("replay-play").click()
    later = re.compile(r"Move (7|8|9|\d\d+) of")
    expect(page.get_by_test_id("replay-position")).to_have_text(later)
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-label", "Play")
    paused = page.get_by_test_id("replay-position").text_content()
    page.wait_for_timeout(2000)
    assert page.get_by_test_id("replay-position").text_content() == paused
    page.get_by_test_id("replay-exit").click()
    expect(page.get_by_test_id("gameover")).to_be_visible()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"{n} moves")


def test_a_player_downloads_the_record_and_looks_back(e2e_server: Any, new_page: Any,
                                                     tmp_path: Path) -> None:
    base = e2e_server.url
    lobby = create(e2e_server, game="race", seats=2, options={"goal": 20}, host="Ayu")
    gid = lobby["game_id"]
    httpx.post(f"{base}/api/games/{gid}/seats/1/bot",
               headers=auth(lobby["credential"])).raise_for_status()
    start(e2e_server, lobby)
    page = new_page()
    page.goto(base + "/")
    page.evaluate("s => localStorage.setItem('meja.seats', s)", json.dumps(
        {gid: {"credential": lobby["credential"], "seat": 0, "game": "race", "name": "Ayu"}}))
    page.goto(f"{base}/game/{gid}")
    rng = random.Random(3)
    moves = 0
    while not page.get_by_test_id("gameover").is_visible():
        buttons = page.get_by_test_id("fallback-actions").locator("button")
        expect(buttons.first).to_be_visible()
        if moves == 2:
            # The live game's past, while it goes on.
            page.get_by_test_id("replay-open").click()
            expect(page.get_by_test_id("replay-bar")).to_be_visible()
            expect(page.get_by_test_id("replay-position")).to_have_text(re.compile(r"Move \d+ of"))
            page.get_by_test_id("replay-exit").click()
            expect(page.get_by_test_id("replay-bar")).to_be_hidden()
        before = page.get_by_test_id("log").locator("li.log-line").count()
        buttons.nth(rng.randrange(buttons.count())).click()
        moves += 1
        # My move and the bot's answer are in the log and it is my turn again (or over).
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=log] li.log-line').length > n &&"
            " (document.querySelector('[data-testid=turn].mine') ||"
            "  document.querySelector('[data-testid=gameover]:not([hidden])'))", arg=before)
    with page.expect_download() as info:
        page.get_by_test_id("download-record").click()
    path = tmp_path / "record.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["game"] == "race" and [s["name"] for s in record["seats"]] == ["Ayu",
                                                                                "Bayu"]
    assert record["outcome"]["ranks"] and len(record["actions"]) >= moves
    stored = e2e_server.app.state.store.game(gid)
    assert record["seed"] == stored["seed"] and len(record["actions"]) == stored["version"]
    # The downloaded file imports again from the home page (its 63-bit seed intact).
    page.goto(base + "/")
    page.get_by_test_id("record-file").set_input_files(str(path))
    page.wait_for_url(re.compile(r"/watch/[\w-]+\?replay=0$"))
    at(page, 0, stored["version"])


def test_an_imported_record_opens_as_a_replay_on_a_phone(e2e_server: Any, new_page: Any,
                                                        tmp_path: Path) -> None:
    record = record_of(fixtures("kaki-lima", 1)[0], names=["Ana", "Budi"])
    path = tmp_path / "kaki-lima.json"
    path.write_text(json.dumps(record))
    n = len(record["actions"])
    page = new_page(PHONE["width"], PHONE["height"])
    page.goto(e2e_server.url + "/")
    page.get_by_test_id("record-file").set_input_files(str(path))
    page.wait_for_url(re.compile(r"/watch/[\w-]+\?replay=0$"))
    at(page, 0, n)
    expect(page.get_by_test_id("spectator-banner")).to_be_visible()
    first = board(page)
    page.get_by_test_id("replay-next").click()
    at(page, 1, n)
    page.get_by_test_id("replay-next").click()
    at(page, 2, n)
    assert board(page) != first
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    box = page.get_by_test_id("replay-next").bounding_box()
    assert box and box["height"] >= 40 and box["width"] >= 40
    # A broken record is refused on the home page with the server's sentence.
    bad = json.loads(json.dumps(record))
    bad["actions"][0]["seat"] = 1
    page.goto(e2e_server.url + "/")
    # The page draws once its catalogue is in (static/main.js), after the load event.
    expect(page.get_by_test_id("record-drop")).to_be_attached()
    page.evaluate(
        """(text) => {
            const zone = document.querySelector('[data-testid=record-drop]');
            const dt = new DataTransfer();
            dt.items.add(new File([text], 'bad.json', {type: 'application/json'}));
            zone.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true,
                                                      cancelable: true}));
        }""", json.dumps(bad))
    expect(page.locator(".toast").first).to_contain_text("Action 1")
    assert page.url.rstrip("/") == e2e_server.url


@pytest.mark.parametrize("game", ["indonesia", "jakarta-traffic"])
def test_every_renderer_draws_past_versions(e2e_server: Any, new_page: Any, game: str) -> None:
    """The other titles' renderers draw replayed documents too (no page error, the board
    changes between versions and comes back at the end)."""
    record, made = imported(e2e_server, game)
    n = len(record["actions"])
    page = new_page()
    page.goto(e2e_server.url + made["watch_url"] + "?replay=0")
    at(page, 0, n)
    # The renderer's first drawing may come a moment after the position (Indonesia loads its
    # map's layout first): compare boards once there is one.
    expect(page.locator(".board-root svg").first).to_be_attached()
    first = board(page)
    page.get_by_test_id("replay-slider").fill(str(n // 2))
    at(page, n // 2, n)
    assert board(page) != first
    page.get_by_test_id("replay-prev").click()
    at(page, n // 2 - 1, n)
    page.get_by_test_id("replay-exit").click()
    expect(page.get_by_test_id("gameover")).to_be_visible()

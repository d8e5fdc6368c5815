"""A second visit to a game's watch link on a phone (issue 42): the board as the last visit
left it is drawn at the first paint, before the page's modules have run, inert and hidden
from assistive technology, and the live page takes its place once its board is drawn
(static/picture.js, static/picture-first.js). A game that has moved on shows no picture."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api_lobby, open_watch, start_lobby

pytestmark = pytest.mark.e2e

#: Installed before the page's scripts: what the picture was when it first appeared, and
#: whether the live board stood drawn when it went.
WATCH_PICTURE = """
window.__picture = { seen: false, gone: false };
const liveBoard = () => [...document.querySelectorAll(".board-root svg")]
  .some((svg) => !svg.closest(".picture") && svg.querySelectorAll("*").length > 20);
new MutationObserver(() => {
  const p = window.__picture;
  const pic = document.querySelector("#app > .picture");
  if (pic && !p.seen) {
    Object.assign(p, { seen: true, inert: pic.inert, ariaHidden: pic.getAttribute("aria-hidden"),
      board: pic.querySelectorAll(".board-root svg *").length,
      named: pic.querySelectorAll("[id], [data-testid]").length, liveAtFirst: liveBoard(),
      text: pic.textContent });
  }
  if (!pic && p.seen && !p.gone) Object.assign(p, { gone: true, liveAtGone: liveBoard() });
}).observe(document, { childList: true, subtree: true });
"""


def still_table(server: Any, game: str) -> dict[str, Any]:
    """A started 2-player table waiting for its host (seat 0, nobody's browser): it does not
    move while it is watched."""
    made = api_lobby(server, game, 2, bots=(1,))
    start_lobby(server, made["lobby"])
    return made


def first_visit(page: Any, server: Any, made: dict[str, Any]) -> None:
    open_watch(page, server, made["lobby"])
    expect(page.locator(".board-root svg").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.close()  # leaving the page keeps its picture


def test_a_second_visit_draws_the_board_as_it_was_left_until_the_live_board_is_drawn(
        e2e_server: Any, phone: Any, tmp_path: Any) -> None:
    made = still_table(e2e_server, "tuk-tuk-taxi")
    context = phone.context
    first_visit(phone, e2e_server, made)
    context.add_init_script(WATCH_PICTURE)
    page = context.new_page()
    page.set_default_timeout(30_000)
    # A slow phone: the modules take long enough to run that the picture is seen alone.
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
    open_watch(page, e2e_server, made["lobby"])
    page.wait_for_function("() => window.__picture.gone")
    seen = page.evaluate("window.__picture")
    assert seen["seen"] and not seen["liveAtFirst"], seen  # drawn before the live board
    assert seen["inert"] and seen["ariaHidden"] == "true", seen
    assert seen["board"] > 20, seen  # the board itself, not an empty frame
    assert "You are watching" in seen["text"]
    assert seen["named"] == 0, seen  # no id or test id found twice beside the live page
    assert seen["liveAtGone"], seen  # it went once the live board was drawn
    expect(page.get_by_test_id("spectator-banner")).to_have_count(1)
    expect(page.locator("#app > .picture")).to_have_count(0)
    page.screenshot(path=str(tmp_path / "second-visit.png"))


def test_a_game_that_moved_on_shows_no_picture(e2e_server: Any, phone: Any) -> None:
    made = still_table(e2e_server, "kaki-lima")
    context = phone.context
    first_visit(phone, e2e_server, made)
    page = context.new_page()
    page.goto(e2e_server.url + "/")
    # The picture says the game was at another version than the page now carries (as if a
    # move had been made since): the board in it would be out of date.
    kept = page.evaluate("""() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("meja.picture:/watch/"));
        const picture = JSON.parse(localStorage.getItem(key));
        picture.version -= 1;
        localStorage.setItem(key, JSON.stringify(picture));
        return key;
    }""")
    assert kept.endswith(made["lobby"]["watch_url"].rstrip("/").split("/")[-1])
    page.close()
    context.add_init_script(WATCH_PICTURE)
    page = context.new_page()
    page.set_default_timeout(30_000)
    open_watch(page, e2e_server, made["lobby"])
    expect(page.locator(".board-root svg").first).to_be_visible()
    assert page.evaluate("window.__picture.seen") is False

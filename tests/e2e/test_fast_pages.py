"""The home page and a game page in Chromium with the import map (issue 42): every module
comes from its hashed URL, once, and nothing in the page complains."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api_lobby, open_watch, start_lobby

pytestmark = pytest.mark.e2e


def test_home_and_game_pages_load_every_module_by_its_hashed_url(e2e_server: Any,
                                                                new_page: Any) -> None:
    made = api_lobby(e2e_server, "tuk-tuk-taxi", 2, bots=(1,))
    start_lobby(e2e_server, made["lobby"])
    page = new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    scripts: list[tuple[str, int]] = []
    page.on("response", lambda r: scripts.append((r.url, r.status))
            if r.request.resource_type == "script" else None)

    fetched_js = """() => performance.getEntriesByType("resource")
        .filter((e) => e.initiatorType !== "xmlhttprequest" && /[.]js([?]|$)/.test(e.name))
        .map((e) => new URL(e.name).pathname + new URL(e.name).search)"""
    page.goto(e2e_server.url + "/")
    expect(page.get_by_test_id("create-submit")).to_be_visible()
    page.wait_for_load_state("networkidle")
    home = list(scripts)
    home_fetched = page.evaluate(fetched_js)
    scripts.clear()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.removeprefix(e2e_server.url))
            if "/api/" in r.url else None)
    open_watch(page, e2e_server, made["lobby"])
    expect(page.locator("svg").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    # The table, its position, the board's data and the game list (the options panel's
    # words) all came in the page: on a phone each question is a round trip.
    expect(page.locator(".options-panel, [data-testid=options]").first).to_be_attached()
    assert asked == [], asked

    assert not console, console
    # Each module once, as the page itself counts its fetches: the browser's own record of
    # this document (a response listener also sees a document the browser started and
    # dropped, as it once did beside a service worker taking over under load).
    fetched = page.evaluate(fetched_js)
    for modules in (home_fetched, fetched):
        assert len(modules) == len(set(modules)), f"a module was fetched twice: {modules}"
    assert "/static/games/tuk-tuk-taxi/index.js" in {m.split("?")[0] for m in fetched}
    for loaded in (home, scripts):
        modules = [url.removeprefix(e2e_server.url) for url, _ in loaded]
        # Had the browser ignored the import map, each module would come a second time by
        # its plain URL (and a relative import would skip the hash).
        plain = [m for m in modules if "?v=" not in m]
        assert not plain, plain
        assert all(status == 200 for _, status in loaded), loaded
    boards = {url.removeprefix(e2e_server.url).split("?")[0] for url, _ in scripts}
    assert "/static/games/tuk-tuk-taxi/index.js" in boards


def test_a_second_visit_on_a_phone_asks_the_network_for_no_static_file(
        e2e_server: Any, new_page: Any, tmp_path: Any) -> None:
    """Indonesia's watch page twice in one browser profile on a 390 x 844 phone: the first
    visit takes every file, stylesheet, catalogue and the map's layout by its hashed URL;
    the second gets them all from the browser's cache (immutable: no revalidation)."""
    made = api_lobby(e2e_server, "indonesia", 2, bots=(1,))
    start_lobby(e2e_server, made["lobby"])
    context = new_page(390, 844, touch=True, timeout=30_000).context

    def visit(shot: str) -> list[tuple[str, bool]]:
        """The watch link opened in a new tab: every answer's URL, and whether it came
        from the browser's cache."""
        page = context.new_page()
        page.set_default_timeout(30_000)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        seen: list[tuple[str, bool]] = []
        cdp.on("Network.responseReceived", lambda e: seen.append((
            e["response"]["url"].removeprefix(e2e_server.url),
            bool(e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache")))))
        open_watch(page, e2e_server, made["lobby"])
        expect(page.get_by_test_id("ind-map").locator("svg").first).to_be_visible()
        expect(page.locator(".ind-mapwrap [data-area]").first).to_be_attached()
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(tmp_path / shot))
        page.close()
        return seen

    first = visit("first.png")
    files = [url for url, _ in first if url.startswith(("/static/", "/i18n/"))]
    for wanted in ("/static/games/indonesia/layout.json", "/static/games/indonesia/indonesia.css",
                   "/static/chat.css", "/i18n/en/indonesia.json", "/static/game.js"):
        assert any(url.split("?")[0] == wanted for url in files), (wanted, files)
    assert all("?v=" in url for url in files), files  # the icon too
    second = visit("second.png")
    asked = [url for url, cached in second if not cached
             and url.startswith(("/static/", "/i18n/"))]
    assert not asked, asked
    assert any(cached for _, cached in second)  # the files did come, from the cache


def test_a_watch_link_fetches_its_games_words_and_the_next_game_gets_its_own(
        e2e_server: Any, phone: Any, tmp_path: Any) -> None:
    """A watch link's page fetches only its game's share of the catalogue (issue 42); when
    the page goes on to another game (the router, no reload), that game's words come too,
    so its board is worded, not a row of message keys."""
    first = api_lobby(e2e_server, "kaki-lima", 2, bots=(1,))
    start_lobby(e2e_server, first["lobby"])
    then = api_lobby(e2e_server, "tuk-tuk-taxi", 2, bots=(1,))
    start_lobby(e2e_server, then["lobby"])
    catalogues: list[str] = []
    phone.on("request", lambda r: catalogues.append(r.url.removeprefix(e2e_server.url))
             if "/i18n/" in r.url else None)
    open_watch(phone, e2e_server, first["lobby"])
    expect(phone.get_by_test_id("spectator-banner")).to_be_visible()
    expect(phone.locator(".board-root svg").first).to_be_visible()
    assert [url.split("?")[0] for url in catalogues] == ["/i18n/en/kaki-lima.json"], catalogues
    phone.evaluate("""(path) => {
        history.pushState(null, "", path);
        dispatchEvent(new PopStateEvent("popstate"));
    }""", then["lobby"]["watch_url"])
    board = phone.locator('.board-root svg[aria-label^="Tuk-Tuk Taxi board"]')
    expect(board).to_be_visible()
    phone.screenshot(path=str(tmp_path / "next-game.png"))
    assert "/i18n/en.json" in [url.split("?")[0] for url in catalogues], catalogues
    assert "tuk-tuk-taxi." not in phone.locator("#app").inner_text()


def test_the_brand_mark_inlined_in_the_page_is_drawn(e2e_server: Any, new_page: Any) -> None:
    """The shell's small pictures come in the page as data: URLs (no request before the
    board); the brand mark beside "Meja" must still be a picture, not a broken one (a raw
    "#" in its colours ended the URL at the first fill)."""
    page = new_page(390, 844, touch=True)
    page.goto(e2e_server.url + "/")
    mark = page.locator(".brand img")
    expect(mark).to_have_attribute("src", re.compile(r"^data:image/svg\+xml,"))
    page.wait_for_function("() => document.querySelector('.brand img').complete")
    assert mark.evaluate("(img) => img.naturalWidth") > 0
    icon = page.locator('link[rel="icon"]').first.get_attribute("href") or ""
    assert "#" not in icon

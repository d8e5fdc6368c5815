"""The home page and a game page in Chromium with the import map (issue 42): every module
comes from its hashed URL, once, and nothing in the page complains."""

from __future__ import annotations

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

    page.goto(e2e_server.url + "/")
    expect(page.get_by_test_id("create-submit")).to_be_visible()
    page.wait_for_load_state("networkidle")
    home = list(scripts)
    scripts.clear()
    open_watch(page, e2e_server, made["lobby"])
    expect(page.locator("svg").first).to_be_visible()
    page.wait_for_load_state("networkidle")

    assert not console, console
    for loaded in (home, scripts):
        modules = [url.removeprefix(e2e_server.url) for url, _ in loaded]
        # Had the browser ignored the import map, each module would come a second time by
        # its plain URL (and a relative import would skip the hash).
        plain = [m for m in modules if "?v=" not in m]
        assert not plain, plain
        assert all(status == 200 for _, status in loaded), loaded
        assert len(modules) == len(set(modules)), f"a module was fetched twice: {modules}"
    boards = {url.removeprefix(e2e_server.url).split("?")[0] for url, _ in scripts}
    assert "/static/games/tuk-tuk-taxi/index.js" in boards

"""The game page says which rules version a game is played by, also after an upgrade: in
"How to play", under the rules (the page head keeps no jargon, issue 37)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from engines.race.engine import RaceEngine
from tests.e2e.conftest import api_lobby, open_seat, start_lobby

pytestmark = pytest.mark.e2e


def test_the_game_page_shows_the_games_own_rules_version(
        e2e_server: Any, new_page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    old = api_lobby(e2e_server, "race", 2, options={"goal": 1000}, bots=(1,))
    start_lobby(e2e_server, old["lobby"])
    monkeypatch.setattr(RaceEngine, "rules_version", "2")   # the server's rules move on
    new = api_lobby(e2e_server, "race", 2, options={"goal": 1000}, bots=(1,))
    start_lobby(e2e_server, new["lobby"])
    for made, shown in ((old, "version 1 of these rules"), (new, "version 2 of these rules")):
        page = new_page()
        gid = made["lobby"]["game_id"]
        open_seat(page, e2e_server, gid, 0, made["seats"][0], "race")
        expect(page.get_by_test_id("turn")).to_be_visible()
        expect(page.locator(".game-head")).not_to_contain_text("ersion")
        page.get_by_test_id("how-to-play").click()
        expect(page.get_by_test_id("rules-version")).to_contain_text(shown)

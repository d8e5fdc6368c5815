"""The host picks a bot's level in the lobby; the lobby and the game page name it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.test_platform_ui import create_from_home


def test_a_hard_bot_is_named_hard_in_the_lobby_and_the_game(e2e_server: Any,
                                                            new_page: Any) -> None:
    base = e2e_server.url
    host = new_page()
    game_id, _ = create_from_home(host, base, "Host", seats=2)
    host.get_by_test_id("bot-level-pick-1").select_option("hard")
    host.get_by_test_id("add-bot-1").click()
    expect(host.get_by_test_id("bot-level-1")).to_have_text("Bot (hard)")
    host.get_by_test_id("start").click()
    host.wait_for_url(f"{base}/game/{game_id}")
    expect(host.get_by_test_id("bot-level-1")).to_have_text("Bot (hard)")

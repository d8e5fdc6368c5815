"""The axe-core audit (Deque's accessibility rules engine) in the e2e browser: no "serious"
or "critical" finding on the home page, a lobby, each game's page mid-game (a player's view),
a spectator's view, the "How to play" dialog and a game-over panel.

axe-core comes with the test dependency ``axe-playwright-python`` (pyproject.toml), which
ships axe.min.js; ``make test`` installs it on a fresh machine. It is evaluated through the
DevTools protocol, so the app's Content-Security-Policy (script-src 'self') stays as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import axe_playwright_python
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import api_lobby, open_seat, open_watch, start_lobby
from tests.e2e.play import play

pytestmark = pytest.mark.e2e

AXE_JS = Path(axe_playwright_python.__file__).with_name("axe.min.js").read_text()
GAMES = ["tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia"]


def serious_findings(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page, one line per element."""
    page.evaluate(AXE_JS)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" ") + " :: "
                + (n.failureSummary || "").split("\\n").slice(1, 2).join(""))}));
    }""")
    return [f"{v['impact']} {v['id']} ({v['help']}): {node}"
            for v in result if v["impact"] in ("serious", "critical") for node in v["nodes"]]


def assert_clean(page: Page, where: str) -> None:
    found = serious_findings(page)
    assert not found, f"axe-core on {where}:\n" + "\n".join(found)


def board_drawn(page: Page) -> None:
    expect(page.locator(".board-root")).not_to_be_empty()
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "live")


def test_home_and_lobby_have_no_serious_findings(e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(e2e_server.url + "/")
    expect(page.get_by_test_id("create-game")).to_be_visible()
    assert_clean(page, "the home page")
    made = api_lobby(e2e_server, "tuk-tuk-taxi", 2)
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], "tuk-tuk-taxi")
    expect(page).to_have_url(f"{e2e_server.url}/lobby/{made['lobby']['game_id']}")
    expect(page.get_by_test_id("how-to-play")).to_be_visible()
    assert_clean(page, "a lobby")


@pytest.mark.parametrize("kind", GAMES)
def test_a_game_mid_play_its_spectator_and_its_help_have_no_serious_findings(
        e2e_server: Any, new_page: Any, kind: str) -> None:
    made = api_lobby(e2e_server, kind, 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    play(e2e_server, made, kind, moves=4)
    page = new_page()
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], kind)
    board_drawn(page)
    assert_clean(page, f"{kind}, a player's page mid-game")
    page.get_by_test_id("how-to-play").click()
    expect(page.get_by_test_id("how-to-play-body")).not_to_be_empty()
    assert_clean(page, f"{kind}, the How to play dialog")
    watcher = new_page()
    open_watch(watcher, e2e_server, made["lobby"])
    board_drawn(watcher)
    assert_clean(watcher, f"{kind}, a spectator's page")


def test_the_game_over_panel_has_no_serious_findings(e2e_server: Any, new_page: Any) -> None:
    made = api_lobby(e2e_server, "jakarta-traffic", 2, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    play(e2e_server, made, "jakarta-traffic")
    page = new_page(390, 844)
    open_seat(page, e2e_server, made["lobby"]["game_id"], 0, made["seats"][0], "jakarta-traffic")
    expect(page.get_by_test_id("gameover")).to_be_visible()
    assert_clean(page, "the game-over panel")


def test_the_lessons_page_and_a_lessons_coach_have_no_serious_findings(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(e2e_server.url + "/learn")
    expect(page.locator("[data-lesson='kaki-lima/first-game']")).to_be_visible()
    assert_clean(page, "the lessons page")
    page.get_by_test_id("learn-kaki-lima-first-game").click()
    expect(page.get_by_test_id("coach-next")).to_be_visible()
    board_drawn(page)
    page.get_by_test_id("coach-next").click()
    expect(page.locator("[data-coach-target]")).to_have_count(1)
    assert_clean(page, "a lesson's table with the coach marking a target")

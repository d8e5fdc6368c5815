"""Indonesia's guided first game on a phone (issue 41): a newcomer starts it from the home page
and follows only the coach (its words, its marked targets, its "Next") through two years -
cities, the turn order bid, acquisitions, research, a shipping company's ships, a sale and
the forced expansion, a city growing - against a real bot; another research track is held back
with the coach's reason, and a switch to Indonesian and Malay mid-lesson rewords the coach."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.coach import follow, shot, start_first_game, switch_language, where, wrong_move

pytestmark = pytest.mark.e2e
GAME = "indonesia"


def test_a_newcomer_finishes_the_guided_game_following_the_coach(e2e_server: Any,
                                                                  phone: Any) -> None:
    page = phone
    start_first_game(page, e2e_server.url, GAME, "Welcome to Indonesia")
    # The map is drawn and framed on the first decision's rings before the screenshot.
    expect(page.locator('.ind-mapwrap g.ind-target[data-target="a42"]')).to_be_visible()
    page.wait_for_timeout(500)
    shot(page, GAME, "first")
    checked: dict[str, bool] = {}

    def on_step(page: Any, step: int) -> None:
        text = page.get_by_test_id("coach-text").inner_text()
        if text.startswith("5. Research") and "wrong" not in checked:
            # Another track: allowed, but held back, with the reason and a "try".
            before = where(page)
            wrong_move(page, '[data-testid="ind-research-expansion"]',
                       re.compile(r"is allowed, but it is not the move.*Try the Slots button"))
            assert where(page).split("#")[0] == before.split("#")[0]
            checked["wrong"] = True
        if text.startswith("A production company MUST sell") and "lang" not in checked:
            switch_language(page, {
                "id": re.compile(r"Perusahaan produksi WAJIB menjual"),
                "ms": re.compile(r"Syarikat pengeluaran MESTI menjual"),
                "en": re.compile(r"A production company MUST sell")})
            shot(page, GAME, "middle")
            checked["lang"] = True

    follow(page, on_step=on_step)
    assert checked == {"wrong": True, "lang": True}
    expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
    expect(page.get_by_test_id("coach-text")).to_contain_text("Two years played")
    # The engine agrees: the city in Sulawesi Selatan is size 2.
    expect(page.locator("[data-city-line='85']")).to_contain_text("2")
    shot(page, GAME, "last")
    page.get_by_test_id("coach-lessons").click()
    expect(page.locator("[data-lesson='indonesia/first-game']")).to_have_attribute(
        "data-done", "1")


def test_the_mergers_follow_up_opens_in_year_4_and_is_followed(e2e_server: Any,
                                                               phone: Any) -> None:
    """The mergers lesson opens on its prepared position (year 4's merger phase) and the
    coach leads through announcing, raising and passing in a merger auction."""
    page = phone
    page.goto(e2e_server.url + "/learn/indonesia")
    page.get_by_test_id("learn-indonesia-mergers").click()
    expect(page).to_have_url(re.compile(r"/game/"))
    expect(page.get_by_test_id("ind-status")).to_contain_text("Year 4")
    follow(page)
    expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
    # The engine agrees: the learner owns the merged spice company C6, the bot the ships.
    expect(page.locator("[data-testid='ind-player-0'] [data-company='C6']")).to_have_count(1)
    expect(page.locator("[data-testid='ind-player-1'] [data-company='C7']")).to_have_count(1)

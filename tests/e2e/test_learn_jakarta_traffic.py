"""Jakarta Traffic's guided first game on a phone (issue 41): a newcomer starts it from the
home page and follows only the coach (its words, its marked targets, its "Next") through a
whole turn - the start, both honks, driving, an order accepted and delivered, a detour, a
charge - against a real bot; another reachable spot is held back with the coach's reason, and
a switch to Indonesian and Malay mid-lesson rewords the coach."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.coach import follow, shot, start_first_game, switch_language, where, wrong_move

pytestmark = pytest.mark.e2e
GAME = "jakarta-traffic"


def test_a_newcomer_finishes_the_guided_game_following_the_coach(e2e_server: Any,
                                                                  phone: Any) -> None:
    page = phone
    start_first_game(page, e2e_server.url, GAME, "Welcome, ojek driver")
    expect(page.get_by_test_id("jt-svg")).to_be_visible()
    page.get_by_test_id("jt-svg").scroll_into_view_if_needed()
    shot(page, GAME, "first")
    checked: dict[str, bool] = {}

    def on_step(page: Any, step: int) -> None:
        text = page.get_by_test_id("coach-text").inner_text()
        if text.startswith("Now drive") and "wrong" not in checked:
            # Another reachable spot (column 4, row 5): held back, with the reason and a "try".
            before = where(page)
            wrong_move(page, '[data-testid="jt-target-4-5"]',
                       re.compile(r"is allowed, but it is not the move.*Try the marked spot at "
                                  r"column 2, row 3"))
            assert where(page).split("#")[0] == before.split("#")[0]
            checked["wrong"] = True
        if text.startswith("Delivering costs 1 energy") and "lang" not in checked:
            switch_language(page, {
                "id": re.compile(r"Mengantar memakan 1 energi"),
                "ms": re.compile(r"Menghantar memakan 1 tenaga"),
                "en": re.compile(r"Delivering costs 1 energy")})
            shot(page, GAME, "middle")
            checked["lang"] = True

    follow(page, on_step=on_step)
    assert checked == {"wrong": True, "lang": True}
    expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
    expect(page.get_by_test_id("coach-text")).to_contain_text("Your first delivery is made")
    # The engine agrees: the learner's phone holds a 5-star token and a full battery.
    phone_panel = page.locator("[data-phone='0']")
    expect(phone_panel).to_contain_text("5")
    expect(phone_panel.locator("[data-energy]")).to_have_attribute("data-energy", "3")
    shot(page, GAME, "last")
    page.get_by_test_id("coach-lessons").click()
    expect(page.locator("[data-lesson='jakarta-traffic/first-game']")).to_have_attribute(
        "data-done", "1")


def test_the_order_board_follow_up_opens_mid_game_and_is_followed(e2e_server: Any,
                                                                  phone: Any) -> None:
    """A follow-up from the lessons page opens on its prepared position (the learner already
    carries Nasi Goreng) and the coach leads through two orders delivered for one energy."""
    page = phone
    page.goto(e2e_server.url + "/learn/jakarta-traffic")
    page.get_by_test_id("learn-jakarta-traffic-orderboard").click()
    expect(page).to_have_url(re.compile(r"/game/"))
    expect(page.get_by_test_id("coach-text")).to_contain_text("The order board")
    expect(page.locator("[data-phone='0'] .jt-chip[aria-label='Nasi Goreng']")).to_have_count(1)
    # Another device (no note of the step in this browser): the coach finds its step from
    # the table's history, where the prepared position's own moves are not the lesson's.
    page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('meja.lesson.'))"
                  ".forEach((k) => localStorage.removeItem(k))")
    page.reload()
    expect(page.get_by_test_id("coach-count")).to_have_text(re.compile(r"Step 1 of"))
    expect(page.get_by_test_id("coach-text")).to_contain_text("The order board")
    follow(page)
    expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
    # The engine agrees: two 3-star tokens more, delivered for one energy (none left).
    expect(page.locator("[data-phone='0'] [data-energy]")).to_have_attribute("data-energy", "0")

"""Tuk-Tuk Taxi's guided first game on a phone (issue 41): a newcomer starts it from the home
page, follows only the coach (its words, its marked targets, its "Next") to the end of the
lesson on the real board against a real bot, is told why when they tap another cell, reads
the engine's own refusal when a move reaches the server from a stale board, and hears the
coach in Indonesian and Malay after a switch mid-lesson."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.coach import follow, shot, switch_language, where, wrong_move
from tests.e2e.conftest import corrupt_first_action

pytestmark = pytest.mark.e2e
GAME = "tuk-tuk-taxi"


def test_a_newcomer_finishes_the_guided_game_following_the_coach(e2e_server: Any,
                                                                  phone: Any) -> None:
    page = phone
    # The first move the page sends reaches the server as a stale board would send it: the
    # sign on the taxi's own space A1, which the rules refuse.
    corrupt_first_action(page, lambda action: dict(action, cell="0,0"))
    page.goto(e2e_server.url + "/")
    expect(page.get_by_test_id("learn-card")).to_contain_text("Learn Tuk-Tuk Taxi")
    page.get_by_test_id("learn-tuk-tuk-taxi-first-game").click()
    expect(page).to_have_url(re.compile(r"/game/"))
    coach = page.get_by_test_id("coach")
    expect(coach).to_be_visible()
    expect(page.get_by_test_id("coach-text")).to_contain_text("Welcome")
    shot(page, GAME, "first")
    checked: dict[str, bool] = {}

    def on_step(page: Any, step: int) -> None:
        text = page.get_by_test_id("coach-text").inner_text()
        if "No stopping" in text and "wrong" not in checked:
            # A legal cell the coach did not ask for: held back, with the reason and a "try".
            other = 'g.tt-target[data-target="place"]:not([data-coach-target])'
            before = where(page)
            wrong_move(page, other, re.compile(r"is allowed, but it is not the move.*Try the "
                                               r"ringed space E1"))
            # Nothing was sent: the same step still waits for its move.
            assert where(page).split("#")[0] == before.split("#")[0]
            checked["wrong"] = True
            # The marked space, confirmed: it goes to the server, which refuses the stale
            # move in the engine's words; the coach adds its "try".
            page.locator("[data-coach-target]").click()
            page.get_by_test_id("confirm-move").click()
            expect(page.get_by_test_id("coach-feedback")).to_have_text(re.compile(
                r"The rules refuse that move: No stopping cannot go on that space: signs go "
                r"on street spaces without a traffic light, taxi stop or taxi\. Try the "
                r"ringed space E1"))
            checked["refused"] = True
        if "A passenger gets in" in text and "lang" not in checked:
            switch_language(page, {
                "id": re.compile(r"Penumpang hanya naik di ruas di depan kakinya"),
                "ms": re.compile(r"Penumpang hanya naik di ruang di hadapan kakinya"),
                "en": re.compile(r"A passenger gets in only on the space at their feet")})
            shot(page, GAME, "middle")
            checked["lang"] = True

    follow(page, on_step=on_step)
    assert checked == {"wrong": True, "refused": True, "lang": True}
    expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
    expect(page.get_by_test_id("coach-text")).to_contain_text("One passenger delivered")
    # The engine agrees: one passenger delivered (the players panel's score).
    expect(page.locator(".tt-player[data-seat='0']")).to_contain_text("1")
    shot(page, GAME, "last")
    # The game goes on after the lesson: the coach can be put away.
    page.get_by_test_id("coach-close").click()
    expect(page.get_by_test_id("coach")).to_be_hidden()
    # Progress is kept: the lessons page ticks the guided game.
    page.goto(e2e_server.url + "/learn")
    expect(page.locator("[data-lesson='tuk-tuk-taxi/first-game']")).to_have_attribute(
        "data-done", "1")

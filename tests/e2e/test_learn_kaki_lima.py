"""Kaki Lima's guided first game on a phone (issue 41): a newcomer starts it from the home
page, follows only the coach (its words, its marked cards and targets, its "Next") through
a real game against a bot - placing, walking with Langkah cards and boosters, choosing the
path, clearing Blocked Paths alone and together, Lokasi, Jom! tokens and a claimed Jom!
card - is told why when they choose another end for a walk, hears the coach in
Indonesian and Malay after a switch mid-lesson, and finds the coach at the same step when
the page is opened afresh."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.coach import follow, shot, start_first_game, switch_language, where, wrong_move

pytestmark = pytest.mark.e2e
GAME = "kaki-lima"


def test_a_newcomer_finishes_the_guided_game_following_the_coach(e2e_server: Any,
                                                                  phone: Any) -> None:
    page = phone
    start_first_game(page, e2e_server.url, GAME, "Welcome to George Town")
    shot(page, GAME, "first")
    checked: dict[str, bool] = {}

    def on_step(page: Any, step: int) -> None:
        text = page.get_by_test_id("coach-text").inner_text()
        if "Tap your 5-step card" in text and "wrong" not in checked:
            # The marked card first, then an end the coach did not mark: held back, and why.
            page.locator('[data-testid="kl-card-L40"][data-coach-target]').click()
            expect(page.locator('[data-testid="kl-cell-30"][data-coach-target]')).to_be_visible()
            before = where(page).split("#")[0]
            wrong_move(page, 'g.kl-target:not([data-coach-target])',
                       re.compile(r"is allowed, but it is not the move this lesson teaches "
                                  r"now\..*Try the marked 5-step card, then Hardware Shop"))
            assert where(page).split("#")[0] == before
            checked["wrong"] = True
        if "Boosters change a walk" in text and "lang" not in checked:
            switch_language(page, {
                "id": re.compile(r"Kartu Double 1 langkahmu menggandakan kartu lain"),
                "ms": re.compile(r"Kad Double 1 langkah anda menggandakan kad lain"),
                "en": re.compile(r"Your 1-step Double card doubles another card")})
            shot(page, GAME, "middle")
            checked["lang"] = True
            # Opened afresh without this browser's note of the step (another device): the
            # coach finds its place from the table's history.
            page.evaluate("""() => Object.keys(localStorage)
                .filter((k) => k.startsWith('meja.lesson.'))
                .forEach((k) => localStorage.removeItem(k))""")
            page.reload()
            expect(page.get_by_test_id("coach")).to_have_attribute("data-step", str(step))
            expect(page.get_by_test_id("coach-text")).to_contain_text("Boosters change a walk")
            checked["resumed"] = True

    follow(page, on_step=on_step)
    assert checked == {"wrong": True, "lang": True, "resumed": True}
    expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
    expect(page.get_by_test_id("coach-text")).to_contain_text("You claimed Jom Gotong-royong")
    # The engine agrees: the Jom! card is the learner's.
    expect(page.locator('[data-testid="kl-jomcard-Jom Gotong-royong"]')).to_contain_text(
        "claimed by You")
    shot(page, GAME, "last")

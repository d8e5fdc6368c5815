"""The follow-up lessons (issue 41) from the lessons page, on a phone: each prepared game is
played to its end by following only the coach, and the lessons page ticks it as done
(progress kept in this browser)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.coach import follow, shot

pytestmark = pytest.mark.e2e
FOLLOW_UPS = ("tuk-tuk-taxi/action-signs", "kaki-lima/clearing", "kaki-lima/trades")


def test_every_follow_up_is_played_to_its_end_from_the_lessons_page(e2e_server: Any,
                                                                  phone: Any) -> None:
    page = phone
    for key in FOLLOW_UPS:
        game, lesson = key.split("/")
        page.goto(f"{e2e_server.url}/learn/{game}")
        row = page.locator(f"[data-lesson='{key}']")
        expect(row).to_have_attribute("data-done", "0")
        row.get_by_test_id(f"learn-{game}-{lesson}").click()
        expect(page.get_by_test_id("coach")).to_be_visible()
        follow(page)
        expect(page.get_by_test_id("coach-count")).to_have_text("Lesson done")
        page.get_by_test_id("coach-lessons").click()
        expect(page.locator(f"[data-lesson='{key}']")).to_have_attribute("data-done", "1")
    shot(page, "lessons", "page")

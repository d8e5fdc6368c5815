"""Follow a lesson's coach in the browser the way a newcomer would (issue 41).

The helper reads only the page: the coach panel's "Next" button, the targets the coach
marks (``[data-coach-target]``: a board target, a button, the confirm bar's Confirm) and its
words. It never reads the lesson's script, so a lesson whose coach stops showing the way
(a target that is not on the board, a step that never comes) fails the test that uses it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

#: What the page shows as "where the coach is": its step and what it marks now.
_WHERE = """() => {
  const coach = document.querySelector('[data-testid=coach]');
  const marked = [...document.querySelectorAll('[data-coach-target]')].map((el) =>
    el.outerHTML.slice(0, 160)).join('|');
  const next = document.querySelector('[data-testid=coach-next]');
  return [coach && coach.dataset.step, coach && coach.dataset.waiting, marked,
          next && !next.hidden].join('#');
}"""


def start_first_game(page: Any, base_url: str, game: str, welcome: str) -> None:
    """From the home page, the learn card's "first game" of ``game``: the table opens with
    the coach's welcome (``welcome``: words of its first step)."""
    page.goto(base_url + "/")
    page.get_by_test_id(f"learn-{game}-first-game").click()
    expect(page).to_have_url(re.compile(r"/game/"))
    expect(page.get_by_test_id("coach")).to_be_visible()
    expect(page.get_by_test_id("coach-text")).to_contain_text(welcome)


def where(page: Any) -> str:
    """The coach's step, whether it waits, and what it marks (changes after every tap)."""
    return str(page.evaluate(_WHERE))


_RECT = """() => { const el = document.querySelector('[data-coach-target]');
  return el ? JSON.stringify(el.getBoundingClientRect()) : ''; }"""


def settle(page: Any) -> None:
    """Wait (a little) until the marked target stops moving: a map that pans or zooms to
    it is tapped once it is still, as a person would."""
    last, still = page.evaluate(_RECT), 0
    for _ in range(30):
        page.wait_for_timeout(100)
        now = page.evaluate(_RECT)
        still = still + 1 if now == last else 0
        if still >= 3:
            return
        last = now


def finished(page: Any) -> bool:
    return bool(page.get_by_test_id("coach-lessons").is_visible())


def follow(page: Any, *, on_step: Callable[[Any, int], None] | None = None,
           max_taps: int = 120) -> int:
    """Tap what the coach says until the lesson is done; returns the taps made.

    ``on_step(page, step)`` runs once each time a new step shows its words (before its tap),
    for the test's own checks (a wrong move, a language switch, a screenshot)."""
    seen: set[int] = set()
    taps = 0
    while not finished(page):
        assert taps < max_taps, f"the coach never finished (at {where(page)})"
        # Either a "Next" to read on, or a marked target to tap (once it is the player's turn).
        page.wait_for_function("""() => {
            const next = document.querySelector('[data-testid=coach-next]');
            return (next && !next.hidden) || document.querySelector('[data-coach-target]')
              || document.querySelector('[data-testid=coach-lessons]');
        }""", timeout=30_000)
        if finished(page):
            break
        step = int(page.get_by_test_id("coach").get_attribute("data-step") or 0)
        if step not in seen and on_step is not None:
            seen.add(step)
            on_step(page, step)
            continue  # the check may have moved things: look again
        seen.add(step)
        before = where(page)
        nxt = page.get_by_test_id("coach-next")
        if nxt.is_visible():
            target = nxt
        else:
            # A target on a map that pans or zooms to it is tapped once it is still (a tap
            # while Indonesia's phone map still moves would land beside the ring).
            settle(page)
            target = page.locator("[data-coach-target]").first
        # The element itself, not a locator: a locator would re-aim at whatever the coach
        # marks by the time it clicks (the next step's target), a tap nobody meant.
        handle = target.element_handle(timeout=10_000)
        try:
            handle.click(timeout=10_000)
        except PlaywrightError:
            continue  # redrawn away before the tap (a new version): look again
        taps += 1
        try:
            page.wait_for_function(f"() => ({_WHERE})() !== {before!r}", timeout=4_000)
        except PlaywrightTimeout:
            if where(page) == before:
                # Nothing at all changed (on Indonesia's phone map a first tap on a small
                # ring only zooms in): look again and tap again, as a person would.
                continue
        page.wait_for_function(f"() => ({_WHERE})() !== {before!r}", timeout=30_000)
    return taps


def wrong_move(page: Any, other: str, said: re.Pattern[str]) -> None:
    """Tap ``other`` (a target the coach does not mark): the coach explains, in the panel."""
    page.locator(other).first.click()
    feedback = page.get_by_test_id("coach-feedback")
    expect(feedback).to_be_visible()
    expect(feedback).to_have_text(said)


def switch_language(page: Any, texts: dict[str, re.Pattern[str]]) -> None:
    """Switch the page through each language: the coach's words change at once."""
    for lang, pattern in texts.items():
        page.get_by_test_id("lang").select_option(lang)
        expect(page.get_by_test_id("coach-text")).to_have_text(pattern)


def shot(page: Any, game: str, moment: str) -> None:
    """docs/screenshots/learn-<game>-<moment>.png (first, middle, last), when
    ``MEJA_SCREENSHOTS=1`` asks for them (a test run leaves the committed pictures alone)."""
    shot_to_docs(page, f"learn-{game}-{moment}.png")


def shot_to_docs(page: Any, name: str) -> None:
    """docs/screenshots/<name>, when ``MEJA_SCREENSHOTS=1`` asks for it."""
    if not os.environ.get("MEJA_SCREENSHOTS"):
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))

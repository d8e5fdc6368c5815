"""Lesson progress kept in the account (issue 41) in a real headless Chromium on two phones
(390 x 844): Ayu signs in by mail on her first phone, starts Kaki Lima's guided game from the
home page and finishes Tuk-Tuk Taxi's (ticked through the page's own progress code, as the
coach does at the last step, rather than played through); on her second phone, which had
finished a lesson of its own as a guest, she signs in by mail too: the lessons page ticks the
first phone's lesson and offers to continue the Kaki Lima table - as a player, its seat came
with the account - and the first phone then ticks the second's lesson as well."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.app.notices_support import PUBLIC
from tests.e2e.conftest import PHONE
from tests.e2e.test_accounts import mail_e2e  # noqa: F401 - the mail-sending server fixture

pytestmark = pytest.mark.e2e

#: MEJA_SHOTS=<folder>: keep what the phones showed (to look at them).
SHOTS = os.environ.get("MEJA_SHOTS")
TUKTUK = "tuk-tuk-taxi/first-game"
KAKI = "kaki-lima/first-game"
CLEARING = "kaki-lima/clearing"


def shot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/learn-account-{name}.png", full_page=True)


def sign_in_by_mail(page: Any, server: Any, box: Any, email: str, count: int) -> None:
    """Ask for a sign-in link on the account page and open the ``count``-th one mailed."""
    page.goto(f"{server.url}/account")
    page.get_by_test_id("account-name").fill("Ayu")
    page.get_by_test_id("account-email").fill(email)
    page.get_by_test_id("account-mail-send").click()
    expect(page.get_by_test_id("account-mail-sent")).to_contain_text(email)
    text = box.wait(email, count)[count - 1].get_content()
    link = next(w for w in text.split() if w.startswith(f"{PUBLIC}/account/mail/"))
    page.goto(link.replace(PUBLIC, server.url))
    expect(page.get_by_test_id("account-signed-in")).to_contain_text("Ayu")


def lesson_row(page: Any, lesson: str) -> Any:
    return page.locator(f'li.learn-lesson[data-lesson="{lesson}"]')


def test_a_lesson_finished_on_one_phone_is_ticked_on_the_other(mail_e2e: Any,  # noqa: F811
                                                               new_page: Any) -> None:
    server, box = mail_e2e
    email = f"ayu.learn.{os.getpid()}@example.org"
    first = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    second = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    for page in (first, second):
        page.add_init_script("delete window.PublicKeyCredential;")  # the mail link, then

    sign_in_by_mail(first, server, box, email, 1)
    # Kaki Lima's guided game, started from the home page: the lesson under way.
    first.goto(f"{server.url}/")
    first.get_by_test_id("learn-kaki-lima-first-game").click()
    expect(first).to_have_url(re.compile(r"/game/[A-Za-z0-9_-]+$"))
    table = first.url.rsplit("/", 1)[1]
    expect(first.get_by_test_id("coach-text")).to_be_visible()
    # Tuk-Tuk Taxi's guided game finished: the page's own progress code, as the coach's last
    # step calls it (the whole lesson is tests/e2e/test_learn_tuk_tuk_taxi.py's).
    first.evaluate(f"import('/static/learn.js').then((l) => l.markDone('{TUKTUK}'))")
    first.wait_for_function(
        """([done, current]) => fetch('/api/account/lessons').then((r) => r.json()).then((a) =>
            a.done.some((d) => d.lesson === done) && a.current && a.current.game_id === current)""",
        arg=[TUKTUK, table])
    first.wait_for_function(
        """(gid) => fetch('/api/account/seats', {method: 'POST', headers: {'Content-Type':
            'application/json'}, body: '{"credentials": []}'}).then((r) => r.json()).then((a) =>
            a.seats.some((s) => s.game_id === gid))""", arg=table)

    # The second phone finished Kaki Lima's clearing lesson as a guest, then signs in.
    second.goto(f"{server.url}/")
    second.evaluate(f"""localStorage.setItem('meja.learn', JSON.stringify(
        {{done: {{'{CLEARING}': true}}, current: null}}))""")
    sign_in_by_mail(second, server, box, email, 2)
    # The home page's card offers the first phone's lesson under way.
    second.goto(f"{server.url}/")
    expect(second.get_by_test_id("learn-card").get_by_test_id("learn-continue")).to_have_attribute(
        "href", f"/game/{table}")
    second.goto(f"{server.url}/learn")
    expect(lesson_row(second, TUKTUK).get_by_test_id("learn-done")).to_be_visible()
    expect(lesson_row(second, CLEARING).get_by_test_id("learn-done")).to_be_visible()
    expect(lesson_row(second, KAKI)).to_have_attribute("data-done", "0")
    expect(second.get_by_test_id("learn-continue")).to_have_attribute(
        "href", f"/game/{table}")
    shot(second, "second-phone")
    assert second.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # "Continue" opens the lesson's table as its player: the seat followed the account.
    second.get_by_test_id("learn-continue").click()
    expect(second).to_have_url(f"{server.url}/game/{table}")
    expect(second.get_by_test_id("coach-text")).to_be_visible()
    expect(second.get_by_test_id("spectator-banner")).to_have_count(0)
    shot(second, "second-phone-continue")

    # Back on the first phone: the second phone's lesson is ticked there too.
    first.goto(f"{server.url}/learn")
    expect(lesson_row(first, CLEARING).get_by_test_id("learn-done")).to_be_visible()
    expect(lesson_row(first, TUKTUK).get_by_test_id("learn-done")).to_be_visible()
    shot(first, "first-phone")

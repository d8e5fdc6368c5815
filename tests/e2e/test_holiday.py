"""Holidays and breaks in the browser, on a phone (issue 38): a player takes a holiday at a
turn-based table from the clock panel and the other sees until when; at a real-time table
one asks for a break, the other agrees in the asks dock, and either resumes."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.app.client import http, join, start
from tests.conftest import LiveServer
from tests.e2e.conftest import PHONE, open_seat

pytestmark = pytest.mark.e2e
SHOTS = os.environ.get("MEJA_SHOTS")


def table(server: LiveServer, tc: dict[str, Any], **settings: Any) -> tuple[str, list[str]]:
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ana", "options": {"goal": 50},
        "settings": {"time_control": tc, **settings}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    budi = join(server, lobby, "Budi")
    start(server, lobby)
    return lobby["game_id"], [lobby["credential"], budi["credential"]]


def seat_page(server: LiveServer, new_page: Any, gid: str, seat: int, cred: str) -> Page:
    page = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    open_seat(page, server, gid, seat, cred, "race")
    expect(page.get_by_test_id("status")).to_have_text("Connected")
    return page  # type: ignore[no-any-return]


def test_a_holiday_is_taken_seen_by_the_other_and_ended_early(
        e2e_server: LiveServer, new_page: Any) -> None:
    gid, creds = table(e2e_server, {"kind": "turn", "turn_seconds": 86400}, holiday_days=5)
    ana = seat_page(e2e_server, new_page, gid, 0, creds[0])
    budi = seat_page(e2e_server, new_page, gid, 1, creds[1])
    expect(ana.get_by_test_id("clock-words")).to_contain_text("; 5 days of holiday per player")
    expect(ana.get_by_test_id("holiday-left")).to_have_text("5 days of holiday left in this game")
    ana.get_by_test_id("holiday-days").select_option("2")
    ana.get_by_test_id("holiday-take").click()
    expect(ana.get_by_test_id("holiday-you")).to_contain_text("You are on holiday until")
    expect(ana.get_by_test_id("clock-seat-0")).to_have_attribute("data-running", "0")
    expect(budi.get_by_test_id("clock-time-0")).to_contain_text("on holiday until")
    # Budi's My games (another tab) says so too.
    mine = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    open_seat(mine, e2e_server, gid, 1, creds[1], "race")
    mine.goto(f"{e2e_server.url}/my")
    expect(mine.get_by_test_id(f"mine-{gid}").get_by_test_id("mine-away")).to_contain_text(
        "Ana on holiday until")
    if SHOTS:
        ana.screenshot(path=os.path.join(SHOTS, "holiday-ana.png"))
        budi.get_by_test_id("clock").screenshot(path=os.path.join(SHOTS, "holiday-budi.png"))
    ana.get_by_test_id("holiday-back").click()
    expect(budi.get_by_test_id("clock-time-0")).to_contain_text(re.compile("until .*left"))
    expect(ana.get_by_test_id("clock-seat-0")).to_have_attribute("data-running", "1")
    # Back after minutes: the day is not spent, so 4 whole days remain.
    expect(ana.get_by_test_id("holiday-left")).to_have_text("4 days of holiday left in this game")


def test_a_break_is_asked_agreed_refuses_moves_and_is_resumed(
        e2e_server: LiveServer, new_page: Any) -> None:
    gid, creds = table(e2e_server, {"kind": "realtime", "bank_seconds": 600,
                                    "increment_seconds": 0})
    ana = seat_page(e2e_server, new_page, gid, 0, creds[0])
    budi = seat_page(e2e_server, new_page, gid, 1, creds[1])
    ana.get_by_test_id("ask-pause").click()
    expect(budi.get_by_test_id("clock-question")).to_contain_text("Ana asks for a break")
    budi.get_by_test_id("pause-grant").click()
    expect(ana.get_by_test_id("paused")).to_contain_text("Paused for a break (asked by Ana)")
    expect(ana.get_by_test_id("clock-seat-0")).to_have_attribute("data-running", "0")
    if SHOTS:
        ana.screenshot(path=os.path.join(SHOTS, "paused-ana.png"))
    ana.get_by_test_id("fallback-actions").get_by_role("button").first.click()
    ana.get_by_test_id("confirm-move").click()  # a phone confirms each move
    expect(ana.get_by_test_id("error")).to_contain_text("The game is paused for a break")
    budi.get_by_test_id("pause-resume").click()
    expect(ana.get_by_test_id("paused")).to_have_count(0)
    expect(ana.get_by_test_id("clock-seat-0")).to_have_attribute("data-running", "1")

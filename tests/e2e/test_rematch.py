"""Rematch in the browser (issue 13): an offer, a decline, the offer made again, accepted
from the game-over panel, and the new table opens for both with the seat order rotated."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.app.client import Viewer
from tests.e2e.conftest import api_lobby, hold_first_answer, open_seat, start_lobby


def finished_race(server: Any, ana: Any, budi: Any) -> tuple[str, Any, Any]:
    """A two-player race Ana (the host) won in one move, open on both pages."""
    made = api_lobby(server, "race", 2, options={"goal": 2}, names=("Budi",))
    start_lobby(server, made["lobby"])
    gid = made["lobby"]["game_id"]
    open_seat(ana, server, gid, 0, made["seats"][0], "race")
    open_seat(budi, server, gid, 1, made["seats"][1], "race")
    expect(budi.get_by_test_id("turn")).to_have_text("Waiting for Ana")
    # Ana wins in one move (sent as her browser would).
    host = Viewer(server.ws_url, gid, credential=made["seats"][0])
    host.wait_for(lambda f: f["type"] == "snapshot")
    assert host.answer(host.act({"type": "advance", "n": 2}))["type"] == "accepted"
    host.close()
    for page in (ana, budi):
        expect(page.get_by_test_id("gameover")).to_be_visible()
    return gid, ana, budi


def test_a_declined_rematch_offered_again_and_accepted_opens_the_new_table_for_both(
        e2e_server: Any, new_page: Any) -> None:
    gid, ana, budi = finished_race(e2e_server, new_page(), new_page(390, 844))

    ana.get_by_test_id("rematch-offer").click()
    expect(ana.get_by_test_id("rematch-status")).to_have_text(
        "You asked for a rematch; waiting for the others.")
    # Budi sees the offer live, and who accepted.
    expect(budi.get_by_test_id("rematch-status")).to_have_text("Ana wants a rematch.")
    expect(budi.get_by_test_id("rematch-seat-0")).to_contain_text("accepted")
    expect(budi.get_by_test_id("rematch-seat-1")).to_contain_text("waiting")
    # Budi says no at first: both see it is off.
    budi.get_by_test_id("rematch-decline").click()
    expect(budi.get_by_test_id("rematch-status")).to_have_text("You declined the rematch.")
    expect(ana.get_by_test_id("rematch-status")).to_have_text("Budi declined the rematch.")
    # Then he changes his mind and offers it again; Ana sees the new offer and accepts.
    budi.get_by_test_id("rematch-offer").click()
    expect(budi.get_by_test_id("rematch-status")).to_have_text(
        "You asked for a rematch; waiting for the others.")
    expect(ana.get_by_test_id("rematch-status")).to_have_text("Budi wants a rematch.")
    ana.get_by_test_id("rematch-accept").click()

    # Both browsers open the new table; Budi (seat 1 before) plays first now.
    new_url = re.compile(r"/game/(?!" + re.escape(gid) + r"$)[\w-]+$")
    for page in (ana, budi):
        page.wait_for_url(new_url)
        expect(page.get_by_test_id("status")).to_have_text("Connected")
    assert ana.url == budi.url
    expect(budi.get_by_test_id("turn")).to_have_text("Your turn")
    expect(ana.get_by_test_id("turn")).to_have_text("Waiting for Budi")
    expect(ana.get_by_test_id("gameover")).to_be_hidden()
    expect(ana.get_by_test_id("player-0")).to_contain_text("Budi")
    expect(ana.get_by_test_id("player-1")).to_contain_text("Ana")


def test_a_page_whose_own_answer_comes_after_the_start_still_opens_the_new_table(
        e2e_server: Any, new_page: Any) -> None:
    """Ana offers, Budi accepts at once: the rematch's "started" frame reaches Ana's page
    before the answer to her own click (held here). That older answer must not undo the
    start, and it brings the seat her page needs to open the new table."""
    gid, ana, budi = finished_race(e2e_server, new_page(390, 844), new_page())
    held = hold_first_answer(ana, re.compile(r"/api/games/[\w-]+/rematch$"), "POST")
    ana.get_by_test_id("rematch-offer").click()
    expect(budi.get_by_test_id("rematch-status")).to_have_text("Ana wants a rematch.")
    budi.get_by_test_id("rematch-accept").click()
    new_url = re.compile(r"/game/(?!" + re.escape(gid) + r"$)[\w-]+$")
    budi.wait_for_url(new_url)
    expect(ana.get_by_test_id("rematch-status")).to_have_text("The rematch has started.")
    assert len(held) == 1
    route, response = held[0]
    assert response.json()["started"] is False  # her answer: the offer, as it stood
    route.fulfill(response=response)
    ana.wait_for_url(new_url)
    assert ana.url == budi.url
    expect(ana.get_by_test_id("status")).to_have_text("Connected")
    expect(ana.get_by_test_id("turn")).to_have_text("Waiting for Budi")

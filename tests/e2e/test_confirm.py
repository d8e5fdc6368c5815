"""Move confirmation on a phone and the own-turn Undo, in the browser (Tuk-Tuk Taxi).

The test keeps its own copy of the game (same seed, same engine), so it picks a deal whose
first tile is a sign placed without a direction and whose roll then offers a move, and knows
what the board must show after each tap.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from engines.tuk_tuk_taxi import ENGINE
from tests.e2e.conftest import open_seat, started_with_copy
from tests.e2e.test_axe import assert_clean
from tests.e2e.test_tuk_tuk_taxi import apply, first, sync_key

pytestmark = pytest.mark.e2e
GAME = "tuk-tuk-taxi"


def a_deal_to_place_roll_and_move(server: Any) -> tuple[dict, dict, str, dict, dict]:
    """A started table whose first tile is placed without a direction and whose roll then
    offers a move: (lobby, state, cell, state after the sign, state after the roll)."""
    for _ in range(60):
        made, state, _seed = started_with_copy(server, GAME, ENGINE)
        template = ENGINE.legal_actions(state, 0)[0]
        if template["type"] != "place" or "direction" in template:
            continue
        cell = first(template["cell"])
        placed = apply(state, 0, {"type": "place", "cell": cell})
        rolled = apply(placed, 0, {"type": "roll"})
        if rolled["phase"] == "move" and len({m["to"] for m in rolled["moves"]}) == \
                len(rolled["moves"]):
            return made, state, cell, placed, rolled
    raise AssertionError("no suitable deal in 60 tables")


def stored_version(server: Any, game_id: str) -> int:
    return int(server.app.state.store.game(game_id)["version"])


def test_on_a_phone_a_move_is_shown_first_and_sent_only_on_confirm(
        e2e_server: Any, phone: Any) -> None:
    made, state, cell, placed, rolled = a_deal_to_place_roll_and_move(e2e_server)
    game_id = made["lobby"]["game_id"]
    open_seat(phone, e2e_server, game_id, 0, made["seats"][0], GAME)
    board = phone.locator(".tt")
    expect(board).to_have_attribute("data-sync", sync_key(state))
    expect(phone.get_by_test_id("confirm-toggle")).to_be_checked()  # a touch screen
    bar = phone.get_by_test_id("confirm-bar")
    sign = phone.locator(f'g.tt-target[data-target="place"][data-cell="{cell}"]')

    # The tap only chooses: the bar names the move, the cell is marked, nothing is sent.
    sign.tap()
    expect(bar).to_be_visible()
    # In words (the board's name of the square), not the engine's field names; and in the
    # viewer's language when it changes while the bar is open.
    row, col = (int(n) for n in cell.split(","))
    square = f"{'ABCDEFGHIJKLM'[col]}{row + 1}"
    expect(phone.get_by_test_id("confirm-text")).to_have_text(f"Place the sign: square {square}")
    expect(phone.locator(f'g.tt-target[data-cell="{cell}"].meja-preview')).to_have_count(1)
    phone.get_by_test_id("lang").select_option("id")
    expect(phone.get_by_test_id("confirm-text")).to_have_text(f"Pasang rambu: petak {square}")
    phone.get_by_test_id("lang").select_option("en")
    phone.get_by_test_id("cancel-move").tap()
    expect(bar).to_be_hidden()
    expect(board).to_have_attribute("data-sync", sync_key(state))
    assert stored_version(e2e_server, game_id) == 0

    sign.tap()
    phone.get_by_test_id("confirm-move").tap()
    expect(board).to_have_attribute("data-sync", sync_key(placed))
    phone.locator('button[data-action="roll"]').tap()
    phone.get_by_test_id("confirm-move").tap()
    expect(board).to_have_attribute("data-sync", sync_key(rolled))

    # The chosen end cell and the route to it are drawn until Confirm.
    end = rolled["moves"][0]["to"]
    phone.locator(f'g.tt-target[data-target="move"][data-cell="{end}"]').tap()
    expect(bar).to_be_visible()
    expect(phone.locator(f'g.tt-target[data-cell="{end}"].meja-preview')).to_have_count(1)
    expect(phone.locator("polyline.tt-route-line")).to_have_count(1)
    assert stored_version(e2e_server, game_id) == 2
    phone.get_by_test_id("confirm-move").tap()
    moved = apply(rolled, 0, {"type": "move", "to": end})
    expect(board).to_have_attribute("data-sync", sync_key(moved))
    expect(bar).to_be_hidden()
    assert stored_version(e2e_server, game_id) == 3


def test_undo_takes_back_the_sign_of_this_turn(e2e_server: Any, new_page: Any) -> None:
    made, state, cell, placed, _rolled = a_deal_to_place_roll_and_move(e2e_server)
    game_id = made["lobby"]["game_id"]
    page = new_page()
    open_seat(page, e2e_server, game_id, 0, made["seats"][0], GAME)
    board = page.locator(".tt")
    expect(board).to_have_attribute("data-sync", sync_key(state))
    expect(page.get_by_test_id("undo")).to_have_count(0)
    page.locator(f'g.tt-target[data-target="place"][data-cell="{cell}"]').click()  # no confirm
    expect(board).to_have_attribute("data-sync", sync_key(placed))

    page.get_by_test_id("undo").click()
    expect(board).to_have_attribute("data-sync", sync_key(state))
    expect(page.get_by_test_id("undo")).to_have_count(0)
    # The sign is offered again, and the log keeps the placement struck through.
    expect(page.locator(f'g.tt-target[data-target="place"][data-cell="{cell}"]')).to_have_count(1)
    expect(page.locator(".log-line.taken-back")).not_to_have_count(0)
    expect(page.get_by_test_id("log")).to_contain_text("Ana takes back 1 move.")
    assert stored_version(e2e_server, game_id) == 2
    # struck through, the taken-back line is still read: it keeps its contrast
    assert_clean(page, "a log with a taken-back move")

"""Kaki Lima in the browser: two players place their pedestrians, walk by clicking cards and
the grid, one lands on a trade stall and offers a card, the other answers the offer by
clicking, and a spectator's page follows, told whom everyone waits for.

The test keeps its own copy of the game (same seed, same actions, the same engine) so it
knows which start card lets the first player reach the Chendul or Rojak Stall in one walk;
every move is a real click on the renderer's targets and buttons.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from engines.kaki_lima import ENGINE
from engines.kaki_lima.data import LOKASI, TRADE
from engines.kaki_lima.setup import start_cells
from tests.e2e.conftest import api_lobby, open_table, start_lobby

pytestmark = pytest.mark.e2e
GAME = "kaki-lima"
TRADE_SPOTS = {name for name, acts in LOKASI.items() if TRADE in acts}


def apply(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.apply(state, seat, ENGINE.parse_action(action)).state


def scripted_step(state: dict[str, Any], seat: int) -> tuple[int, dict[str, Any]] | None:
    """The test's choice while a walk is unfinished: the first path step the engine offers,
    and no invitation (nor asking to come along); None once the walk is done."""
    if state["turn"]["stage"] == "path":
        step = next(t for t in ENGINE.legal_actions(state, seat) if t["type"] == "step")
        return seat, {"type": "step", "cell": step["cell"]["$choice"][0], "clear": step["clear"]}
    if state["turn"]["stage"] == "invite":
        inv = state["turn"]["invite"]
        if inv["sub"] == "offer":
            return seat, {"type": "skip_invite"}
        return inv["seat"], {"type": "skip_ask"}
    return None


def one_card_walk(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """A walk of one card for the seat, its first end, if its hand allows one."""
    for t in ENGINE.legal_actions(state, seat):
        if t["type"] == "walk" and len(t["cards"]) == 1:
            return {"type": "walk", "cards": t["cards"], "end": t["end"]["$choice"][0]}
    return None


def trade_then_pass(state: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 at a trade stall offers its first card, seat 1 gives its first back, seat 0
    ends its turn: the test's script, as pure actions."""
    offered, given = state["hands"][0][0], state["hands"][1][0]
    state = apply(state, 0, {"type": "offer_trade", "to": 1, "cards": [offered]})
    state = apply(state, 1, {"type": "accept_trade", "cards": [given]})
    for stage in ("trade", "jom"):
        if state["turn"]["stage"] == stage:
            state = apply(state, 0, {"type": f"end_{stage}"})
    return state


def plan(state: dict[str, Any]) -> tuple[int, int, dict[str, Any]] | None:
    """Start cards for both players and a walk that takes seat 0 to a trade stall, in a deal
    where, after the scripted trade, seat 1 can walk on one card too."""
    cells = start_cells(state)
    for first in cells:
        placed = apply(state, 0, {"type": "place", "cell": first})
        for second in cells:
            ready = apply(placed, 1, {"type": "place", "cell": second})
            for t in ENGINE.legal_actions(ready, 0):
                if t["type"] != "walk" or len(t["cards"]) != 1:
                    continue
                for end in t["end"]["$choice"]:
                    if ready["cells"][end] not in TRADE_SPOTS or end in (first, second):
                        continue
                    walk = {"type": "walk", "cards": t["cards"], "end": end}
                    after = apply(ready, 0, walk)
                    while (step := scripted_step(after, 0)) is not None:
                        after = apply(after, *step)
                    if after["turn"]["stage"] != "trade":
                        continue
                    after = trade_then_pass(after)
                    if after["current"] == 1 and one_card_walk(after, 1) is not None:
                        return first, second, walk
    return None


def started_game(server: Any) -> tuple[dict[str, Any], dict[str, Any], tuple]:
    """A started two-player game whose deal lets seat 0 reach a trade stall at once."""
    for _attempt in range(40):
        made = api_lobby(server, GAME, 2, names=("Budi",))
        start_lobby(server, made["lobby"])
        seed = server.app.state.store.game(made["lobby"]["game_id"])["seed"]
        state = ENGINE.setup(2, {}, seed)
        found = plan(state)
        if found is not None:
            return made, state, found
    raise AssertionError("no deal in 40 let the first player reach a trade stall")


def page_shows(page: Any) -> str:
    """The selected hand cards and the status line, for a failure's message."""
    pressed = page.locator('.kl-card[aria-pressed="true"]').evaluate_all(
        "els => els.map(e => e.dataset.testid)")
    return f"selected: {pressed}; status: {page.get_by_test_id('kl-status').inner_text()!r}"


def click_cell(page: Any, cell: int) -> None:
    """Click a grid cell that takes a click; if it never does, say which cells do."""
    target = page.get_by_test_id(f"kl-cell-{cell}")
    try:
        expect(target).to_have_count(1, timeout=15_000)
    except AssertionError:
        offered = page.locator(".kl-target").evaluate_all("els => els.map(e => e.dataset.cell)")
        raise AssertionError(f"cell {cell} takes no click; cells that do: {offered}; "
                             f"{page_shows(page)}") from None
    target.click()


def select_card(page: Any, card: Any) -> None:
    """Click a hand card and see it selected (pressed): the walk's end cells then take clicks.

    A redraw that lands between Playwright's hit test and its mouse event (a patch for
    another seat, presence) can swallow one click, as it can a person's, who clicks again;
    a card that never shows as selected fails here, naming what the page shows instead.
    """
    button = page.get_by_test_id(f"kl-card-{card}")
    for _try in range(2):
        button.click()
        try:
            expect(button).to_have_attribute("aria-pressed", "true", timeout=5000)
            return
        except AssertionError:
            continue
    raise AssertionError(f"kl-card-{card} never showed as selected; {page_shows(page)}")


def walk_by_clicks(pages: dict[int, Any], state: dict[str, Any], seat: int,
                   action: dict[str, Any]) -> dict[str, Any]:
    """Select the cards, click the end, then click each step the engine still asks for;
    a pedestrian met on the path is not invited and does not ask to come along."""
    page = pages[seat]
    for card in action["cards"]:
        select_card(page, card)
    click_cell(page, action["end"])
    # A sent walk clears the selection; still selected means the click never became a
    # walk (see select_card), and a person would click the end again.
    chosen = page.locator('.kl-card[aria-pressed="true"]')
    try:
        expect(chosen).to_have_count(0, timeout=5000)
    except AssertionError:
        click_cell(page, action["end"])
        expect(chosen).to_have_count(0)
    state = apply(state, seat, action)
    while (step := scripted_step(state, seat)) is not None:
        who, act = step
        if act["type"] == "step":
            click_cell(page, act["cell"])
        else:
            pages[who].get_by_test_id(f"kl-{act['type'].replace('_', '-')}").click()
        state = apply(state, who, act)
    return state


def test_two_players_walk_trade_by_clicking_while_a_spectator_follows(
        e2e_server: Any, new_page: Any) -> None:
    made, state, (first, second, walk) = started_game(e2e_server)
    pages, watcher = open_table(e2e_server, new_page, made, GAME)
    everyone = [*pages.values(), watcher]

    def pedestrian_seen(seat: int) -> None:
        for page in everyone:
            expect(page.locator(f'[data-testid="kl-pedestrian-{seat}"][data-cell="{state["pos"][seat]}"]')
                   ).to_have_count(1)

    # Set-up: each player clicks a border Green card.
    # three pages load at once on a shared machine: the first drawing may take a while
    expect(watcher.get_by_test_id("kl-status")).to_contain_text("place their pedestrian",
                                                                timeout=20_000)
    click_cell(pages[0], first)
    state = apply(state, 0, {"type": "place", "cell": first})
    click_cell(pages[1], second)
    state = apply(state, 1, {"type": "place", "cell": second})
    pedestrian_seen(0)
    pedestrian_seen(1)
    assert watcher.get_by_test_id("kl-hand").count() == 0  # spectators see no hand

    # Seat 0 walks to the trade stall (a Lokasi action) by clicking its card and the grid.
    state = walk_by_clicks(pages, state, 0, walk)
    pedestrian_seen(0)
    assert state["turn"]["stage"] == "trade"
    offered = state["hands"][0][0]
    select_card(pages[0], offered)
    pages[0].get_by_test_id("kl-offer-1").click()
    state = apply(state, 0, {"type": "offer_trade", "to": 1, "cards": [offered]})

    # Everyone is told whom they wait for; only the recipient sees the offered card.
    for page in (pages[0], watcher):
        expect(page.get_by_test_id("kl-status")).to_contain_text(re.compile(r"Waiting for .*Budi"))
    # the player asked is spoken to, not named in the third person
    expect(pages[1].get_by_test_id("kl-status")).to_contain_text("offers you a trade (1 card)")
    expect(pages[1].get_by_test_id("kl-prompt")).to_contain_text("give back")
    assert offered not in watcher.content()
    given = state["hands"][1][0]
    select_card(pages[1], given)
    pages[1].get_by_test_id("kl-accept-trade").click()
    state = apply(state, 1, {"type": "accept_trade", "cards": [given]})
    expect(pages[0].get_by_test_id(f"kl-card-{given}")).to_be_visible()
    expect(pages[1].get_by_test_id(f"kl-card-{offered}")).to_be_visible()

    if state["turn"]["stage"] == "trade":  # more players left to offer to
        pages[0].get_by_test_id("kl-end-trade").click()
        state = apply(state, 0, {"type": "end_trade"})
    if state["turn"]["stage"] == "jom":
        pages[0].get_by_test_id("kl-end-jom").click()
        state = apply(state, 0, {"type": "end_jom"})
    assert state["current"] == 1

    # Seat 1 walks too (any walk its hand allows), by clicks.
    expect(watcher.get_by_test_id("kl-status")).to_contain_text("Budi")
    action = one_card_walk(state, 1)
    assert action is not None  # plan() chose a deal where it has one
    state = walk_by_clicks(pages, state, 1, action)
    pedestrian_seen(1)
    held = len(state["hands"][1])
    expect(watcher.get_by_test_id("kl-player-1")).to_contain_text(
        f"hand {held} card{'' if held == 1 else 's'}")

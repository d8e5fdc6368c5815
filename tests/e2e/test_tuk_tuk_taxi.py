"""Tuk-Tuk Taxi in the browser: two players place signs, roll and choose destinations by
clicking the board for several full turns, while a spectator's page follows every move.

The test keeps its own copy of the game (same seed, same actions, the same engine: the die
rolls come out the same), so it knows what each page must show after every click. Every
action is a real click on the renderer's SVG targets and buttons.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from engines.tuk_tuk_taxi import ENGINE
from tests.e2e.conftest import open_table, started_with_copy

pytestmark = pytest.mark.e2e
GAME = "tuk-tuk-taxi"


def apply(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.apply(state, seat, ENGINE.parse_action(action)).state


def sync_key(state: dict[str, Any]) -> str:
    """What the renderer writes into ``data-sync`` for this position."""
    view = ENGINE.view(state, None)
    die = view["die"]["value"] if view["die"] else "-"
    return "|".join(str(v) for v in (view["phase"], view["current"], view["stack_count"],
                                      ";".join(view["taxis"]), die, len(view["moves"])))


def first(value: Any) -> Any:
    return value["$choice"][0] if isinstance(value, dict) else value


def test_two_players_place_roll_and_drive_while_a_spectator_follows(
        e2e_server: Any, new_page: Any) -> None:
    made, state, _seed = started_with_copy(e2e_server, GAME, ENGINE)

    pages, watcher = open_table(e2e_server, new_page, made, GAME)

    def synced() -> None:
        """Every page, the spectator's included, shows the engine's position."""
        key = sync_key(state)
        for page in [*pages.values(), watcher]:
            expect(page.locator(".tt")).to_have_attribute("data-sync", key)
        for seat, cell in enumerate(state["taxis"]):
            expect(watcher.locator(f'g.tt-taxi[data-seat="{seat}"]')).to_have_attribute(
                "data-cell", cell)
        expect(watcher.locator("g.tt-target")).to_have_count(0)
        expect(watcher.locator(".tt-stack")).to_contain_text(
            f"Signs left in the stack: {len(state['stack'])}")

    synced()
    placed: set[int] = set()
    rolled: set[int] = set()
    moved: dict[int, int] = {0: 0, 1: 0}
    for _action in range(80):
        if ENGINE.outcome(state) is not None or min(moved.values()) >= 3:
            break
        seat = ENGINE.to_act(state)[0]
        page = pages[seat]
        phase = state["phase"]
        template = ENGINE.legal_actions(state, seat)[0]
        if phase == "sign" and template["type"] == "place":
            cell = first(template["cell"])
            page.locator(f'g.tt-target[data-target="place"][data-cell="{cell}"]').click()
            action: dict[str, Any] = {"type": "place", "cell": cell}
            if "direction" in template:
                direction = first(template["direction"])
                page.locator(f'g.tt-dir[data-dir="{direction}"]').click()
                action["direction"] = direction
            placed.add(seat)
        elif phase == "sign" and template["type"] == "go_to":
            cell = first(template["cell"])
            page.locator(f'g.tt-target[data-target="go_to"][data-cell="{cell}"]').click()
            action = {"type": "go_to", "cell": cell}
        elif phase == "sign":
            page.locator('button[data-action="discard"]').click()
            action = {"type": "discard"}
        elif phase == "roll":
            expect(pages[1 - seat].locator('button[data-action="roll"]')).to_have_count(0)
            page.locator('button[data-action="roll"]').click()
            action = {"type": "roll"}
            rolled.add(seat)
        elif phase == "move":
            chosen = state["moves"][0]
            target = page.locator(f'g.tt-target[data-target="move"][data-cell="{chosen["to"]}"]')
            target.hover()  # the route is drawn while hovering
            expect(page.locator("polyline.tt-route-line")).not_to_have_count(0)
            target.click()
            action = {"type": "move", "to": chosen["to"]}
            if sum(1 for m in state["moves"] if m["to"] == chosen["to"]) > 1:
                page.locator('button[data-action="route"][data-route="0"]').click()
                action["route"] = 0
            moved[seat] += 1
        else:  # stopped on No parking
            page.locator('button[data-action="stay"]').click()
            action = {"type": "stay"}
        state = apply(state, seat, action)
        synced()
        if state["die"] is not None:
            die = state["die"]
            expect(watcher.locator(".tt-die-text")).to_have_text(
                f"Die: {die['colour']} {die['value']}")
    assert min(moved.values()) >= 3, f"each player drove several turns: {moved}"
    assert rolled == {0, 1} and placed, (rolled, placed)

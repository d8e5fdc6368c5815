"""Indonesia in the browser: three players play from set-up through the first operations
phase by clicking the board and its buttons, while a spectator's page follows every move.

The test keeps its own copy of the game (same seed, same options, same engine), so it knows
what every page must show after each action. Actions are real clicks on the renderer's map
targets and buttons; a seat whose only legal action is "pass" passes by itself (the renderer
sends it), and the test checks that it did. Money is secret: the spectator never sees cash or
bank, each player sees only their own.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from engines.indonesia import ENGINE
from engines.indonesia.client_data import client_data
from tests.e2e.conftest import api_lobby, open_seat, open_watch, start_lobby

pytestmark = pytest.mark.e2e
GAME = "indonesia"
WIDTH, HEIGHT = 1500, 1000


def first(value: Any) -> Any:
    """The first value an open template field allows."""
    if isinstance(value, dict) and "$choice" in value:
        return value["$choice"][0]
    if isinstance(value, dict) and "$range" in value:
        return value["$range"][0]
    return value


def click_target(page: Any, key: str) -> None:
    """Click a highlighted area ("a12") or sea ("s120") ring on the map (focusing a target
    pans the zoomed map to it, as a player would drag it into view)."""
    ring = page.locator(f'g.ind-target[data-target="{key}"]')
    ring.focus()
    ring.click()


def play_one(page: Any, state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Make the test's choice for ``seat`` by clicking, and return the action it sends."""
    legal = ENGINE.legal_actions(state, seat)
    kind = state["step"]["kind"]
    types = {t["type"] for t in legal}
    if kind == "cities":
        t = next(t for t in legal if t["type"] == "place_city")
        area = first(t["area"])
        expect(page.locator('g.ind-target[data-target^="a"]')).to_have_count(len(t["area"]["$choice"]))
        click_target(page, f"a{area}")
        return {"type": "place_city", "card": t["card"], "area": area}
    if kind == "bid":
        hi = legal[0]["amount"]["$range"][1]
        amount = min(hi, 3 + seat)
        page.get_by_test_id("ind-bid-input").fill(str(amount))
        expect(page.get_by_test_id("ind-bid-note")).to_have_text(f"counts as {amount}")
        page.get_by_test_id("ind-bid-send").click()
        return {"type": "bid", "amount": amount}
    if kind == "acquire" and "acquire" in types:
        options = [t for t in legal if t["type"] == "acquire"]
        # the first player to choose takes a ship line if one is offered, the others goods
        info = client_data()["deeds"]
        shipping = [t for t in options if info[t["deed"]]["type"] == "shipping"]
        goods = [t for t in options if info[t["deed"]]["type"] != "shipping"]
        t = shipping[0] if shipping and (seat == state["order"][0] or not goods) else goods[0]
        page.get_by_test_id(f"ind-deed-{t['deed']}").click()
        where = first(t["area"])
        is_sea = 115 <= where <= 135
        click_target(page, f"{'s' if is_sea else 'a'}{where}")
        return {"type": "acquire", "deed": t["deed"], "area": where}
    if kind == "research":
        if seat == 1 and any(t.get("track") == "hull" and isinstance(t.get("player"), dict)
                             for t in legal):
            page.get_by_test_id("ind-hull-0").click()
            return {"type": "research", "track": "hull", "player": 0}
        track = ["slots", "expansion", "hull"][seat % 3]
        page.get_by_test_id(f"ind-research-{track}").click()
        return {"type": "research", "track": track, "player": seat}
    if kind == "operate":
        t = legal[0]
        page.get_by_test_id(f"ind-operate-{t['company']}").click()
        if t["type"] == "sell":
            prompt = page.get_by_test_id("ind-prompt")
            sold = sum(r["count"] for r in t["routes"])
            expect(prompt).to_contain_text(f"{t['company']} sells {sold} of")
            expect(page.locator("path[data-route]")).to_have_count(len(t["routes"]))
            page.get_by_test_id("ind-confirm-sale").click()
        return t
    if kind == "expand":
        t = next((t for t in legal if t["type"] == "expand"), None)
        if t is None or state["step"].get("paid"):
            page.get_by_test_id("ind-pass").click()
            return {"type": "pass"}
        area = first(t["area"])
        click_target(page, f"a{area}")
        return {"type": "expand", "area": area}
    if kind == "ships":
        t = next((t for t in legal if t["type"] == "place_ship"), None)
        if t is None:
            page.get_by_test_id("ind-pass").click()
            return {"type": "pass"}
        sea = first(t["sea"])
        click_target(page, f"s{sea}")
        return {"type": "place_ship", "sea": sea}
    if kind == "grow":
        city = first(legal[0]["city"])
        click_target(page, f"a{city}")
        return {"type": "grow", "city": city}
    # announcing with a pair to choose, or an acquisition phase with nothing left to take
    page.get_by_test_id("ind-pass").click()
    return {"type": "pass"}


def test_three_players_play_through_the_first_operations_while_a_spectator_follows(
        e2e_server: Any, new_page: Any) -> None:
    made = api_lobby(e2e_server, GAME, 3, names=("Budi", "Citra"))
    lobby = made["lobby"]
    game_id = lobby["game_id"]
    start_lobby(e2e_server, lobby)
    row = e2e_server.app.state.store.game(game_id)
    state = ENGINE.setup(3, row["options"], row["seed"])
    assert state["secret"], "money is secret by default"

    pages = {}
    for seat, credential in sorted(made["seats"].items()):
        pages[seat] = new_page(WIDTH, HEIGHT)
        open_seat(pages[seat], e2e_server, game_id, seat, credential, GAME)
    watcher = new_page(WIDTH, HEIGHT)
    open_watch(watcher, e2e_server, lobby)
    everyone = [*pages.values(), watcher]
    for page in everyone:
        expect(page.locator(".ind")).to_have_attribute("data-version", "0")
        expect(page.locator("path.ind-seacell")).to_have_count(21)

    made_names = {0: "Ana", 1: "Budi", 2: "Citra"}

    def synced(version: int) -> None:
        """Every page shows the engine's position; money stays where it belongs."""
        for page in everyone:
            # waits frame by frame (expect() polls with growing pauses: slow over many moves)
            page.wait_for_function(
                "v => document.querySelector('.ind')?.dataset.version === v", arg=str(version))
        goods = sum(len(c["areas"]) for c in state["companies"].values())
        expect(watcher.locator("g[data-good]")).to_have_count(goods)
        expect(watcher.locator("g[data-city]")).to_have_count(len(state["cities"]))
        for seat in range(3):
            expect(watcher.get_by_test_id(f"ind-money-{seat}")).to_have_text(
                "cash and bank hidden")
        # no amount of money anywhere in the spectator's player panels
        assert " Rp" not in watcher.get_by_test_id("ind-players").inner_text()
        for seat, page in pages.items():
            expect(page.get_by_test_id(f"ind-money-{seat}")).to_contain_text(
                f"cash {state['cash'][seat]} Rp")
            other = (seat + 1) % 3
            expect(page.get_by_test_id(f"ind-money-{other}")).to_have_text(
                "cash and bank hidden")

    version = 0
    seen_operations = False
    kinds: set[str] = set()
    for _ in range(300):
        if state["phase"] == "operate":
            seen_operations = True
        elif seen_operations:
            break  # the first operations phase is over
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        kinds.add(state["step"]["kind"])
        if legal == [{"type": "pass"}]:
            action = {"type": "pass"}  # the seat's page sends it by itself
        else:
            expect(watcher.get_by_test_id("ind-prompt")).to_contain_text("Watching")
            action = play_one(pages[seat], state, seat)
        before = state["phase"]
        state = ENGINE.apply(state, seat, ENGINE.parse_action(action)).state
        version += 1
        synced(version)
        if before == "bid" and state["phase"] != "bid":
            # every bid of the year is on the spectator's turn order, with its value
            for bid in state["bids"]:
                expect(watcher.get_by_test_id("ind-order")).to_contain_text(
                    f"{made_names[bid['seat']]} · bid {bid['bid']}")
    assert seen_operations and state["phase"] != "operate", "reached the end of operations"
    assert {"cities", "bid", "acquire", "research", "operate"} <= kinds, kinds
    sold = [c for c in state["companies"].values() if c["type"] != "shipping"]
    assert sold, "a production company operated"
    ships = sum(sum(c["ships"].values()) for c in state["companies"].values())
    assert ships > 0, "a ship line was started"
    expect(watcher.locator("g[data-ship]")).not_to_have_count(0)

"""What asks the player something at the table is always in view and never covered (issue 37,
items 1, 2 and 8): the take-back question for the player who must answer it, a confirm bar
that names exactly the move the board shows, and toasts that float clear of both."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engines.tuk_tuk_taxi import ENGINE as TUK_TUK
from tests.app.client import http, join, start
from tests.app.test_takeback import play_legal, table, take_back
from tests.conftest import LiveServer
from tests.e2e.conftest import PHONE, open_seat, started_with_copy
from tests.e2e.test_confirm import a_deal_to_place_roll_and_move, stored_version
from tests.e2e.test_tuk_tuk_taxi import apply, sync_key

pytestmark = pytest.mark.e2e


def _box(page: Page, testid: str) -> Any:
    box = page.get_by_test_id(testid).bounding_box()
    assert box is not None, f"{testid} is not drawn"
    return box


def _in_window(page: Page, box: Any) -> bool:
    size = page.viewport_size
    assert size is not None
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
            and box["y"] + box["height"] <= size["height"])


def _overlap(a: Any, b: Any) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def _on_top(page: Page, testid: str) -> bool:
    """Whether a tap at the middle of the element reaches it (nothing covers it there)."""
    return bool(page.get_by_test_id(testid).evaluate(
        """(el) => { const r = el.getBoundingClientRect();
                     const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                     return top === el || el.contains(top); }"""))


def test_the_take_back_question_is_in_view_of_the_player_who_must_answer(
        e2e_server: Any, new_page: Any) -> None:
    """Item 1: on Indonesia the Agree/Refuse box was drawn at y = 1469 of an 800 px window."""
    lobby, players, spec = table(e2e_server, "indonesia", policy="consent",
                                 options={"money": "open"})
    game_id = lobby["game_id"]

    def mover() -> Any:
        doc = players[0].doc
        assert doc is not None
        seat = doc["awaited"][0] if doc.get("awaited") else doc["to_act"][0]
        for v in players:
            v.wait_version(players[0].version or 0)
        return players[seat]

    while mover().doc["view"]["phase"] != "bid":  # the cities of the new era first
        moved = mover()
        play_legal(moved)
        for v in players:
            v.wait_version(moved.version or 0)
    asker = mover()  # the first bidder asks; the other player must answer
    answering = 1 - players.index(asker)
    budi = new_page(1280, 800)
    open_seat(budi, e2e_server, game_id, answering, str(players[answering].credential),
              "indonesia")
    expect(budi.get_by_test_id("status")).to_have_attribute("data-state", "live")
    play_legal(asker)
    take_back(asker)
    name = "Ana" if players.index(asker) == 0 else "Budi"

    question = budi.get_by_test_id("takeback-request")
    expect(question).to_contain_text(f"{name} asks to take back 1 move.")
    expect(budi.get_by_test_id("takeback-agree")).to_be_visible()
    assert budi.evaluate("window.scrollY") == 0
    box = _box(budi, "takeback-request")
    assert _in_window(budi, box), f"the question is drawn at {box} of a 1280 x 800 window"
    assert _on_top(budi, "takeback-agree"), "something covers Agree"

    budi.get_by_test_id("takeback-agree").click()
    closed = asker.wait_for(lambda f: f["type"] == "takeback_closed")
    assert closed["outcome"] == "granted", closed
    expect(question).to_have_count(0)
    for v in (*players, spec):
        v.close()


def test_a_new_tap_replaces_the_move_waiting_for_confirm(e2e_server: Any, phone: Any) -> None:
    """Item 2: after the first tap the bar kept its move through 8 more taps, and Confirm
    placed the sign where the player no longer wanted it."""
    made, state, _cell, _placed, _rolled = a_deal_to_place_roll_and_move(e2e_server)
    game_id = made["lobby"]["game_id"]
    cells = TUK_TUK.legal_actions(state, 0)[0]["cell"]["$choice"]
    a, b, c = cells[0], cells[len(cells) // 2], cells[-1]
    open_seat(phone, e2e_server, game_id, 0, made["seats"][0], "tuk-tuk-taxi")
    expect(phone.locator(".tt")).to_have_attribute("data-sync", sync_key(state))
    expect(phone.get_by_test_id("confirm-toggle")).to_be_checked()  # a touch screen

    def square(cell: str) -> str:
        row, col = (int(n) for n in cell.split(","))
        return f"{'ABCDEFGHIJKLM'[col]}{row + 1}"

    text = phone.get_by_test_id("confirm-text")
    for cell in (a, b, c):
        phone.locator(f'g.tt-target[data-target="place"][data-cell="{cell}"]').tap()
        expect(text).to_have_text(f"Place the sign: square {square(cell)}")
        # The board shows that one move only: the bar and the board agree after every tap.
        expect(phone.locator(f'g.tt-target[data-cell="{cell}"].meja-preview')).to_have_count(1)
        marked = phone.locator(".meja-preview").evaluate_all(
            "(els) => [...new Set(els.map((el) => el.dataset.cell))]")
        assert marked == [cell], f"the board marks {marked} while the bar names {cell}"
    assert stored_version(e2e_server, game_id) == 0

    phone.get_by_test_id("confirm-move").tap()
    placed = apply(state, 0, {"type": "place", "cell": c})
    expect(phone.locator(".tt")).to_have_attribute("data-sync", sync_key(placed))
    expect(phone.get_by_test_id("confirm-bar")).to_be_hidden()
    stored = e2e_server.app.state.store.game(game_id)
    assert stored["version"] == 1
    assert set(stored["state"]["signs"]) == {c}, stored["state"]["signs"]


def test_a_new_choice_withdraws_the_move_waiting_for_confirm(e2e_server: Any, phone: Any) -> None:
    """Item 2, the other run: the bar read "M5, direction east" while the board showed the
    sign on A5 (a tap that opens a direction is a new choice, not a move)."""
    for _ in range(60):
        made, state, _seed = started_with_copy(e2e_server, "tuk-tuk-taxi", TUK_TUK)
        templates = TUK_TUK.legal_actions(state, 0)
        if templates[0]["type"] == "place" and all("direction" in t for t in templates):
            cells = {c: t["direction"]["$choice"] for t in templates for c in t["cell"]["$choice"]}
            if len(cells) >= 2:
                break
    else:
        raise AssertionError("no deal with a sign to turn in 60 tables")
    (a, a_dirs), (b, b_dirs) = list(cells.items())[0], list(cells.items())[-1]
    game_id = made["lobby"]["game_id"]
    open_seat(phone, e2e_server, game_id, 0, made["seats"][0], "tuk-tuk-taxi")
    expect(phone.locator(".tt")).to_have_attribute("data-sync", sync_key(state))
    bar = phone.get_by_test_id("confirm-bar")

    phone.locator(f'g.tt-target[data-target="place"][data-cell="{a}"]').tap()
    phone.locator(f'g.tt-dir[data-dir="{a_dirs[0]}"]').tap()
    expect(bar).to_be_visible()
    # Another square: the board offers its directions, and the bar no longer names A.
    phone.locator(f'g.tt-target[data-target="place"][data-cell="{b}"]').tap()
    expect(phone.locator("g.tt-dir").first).to_be_visible()
    expect(bar).to_be_hidden()
    expect(phone.locator(".meja-preview")).to_have_count(0)
    phone.locator(f'g.tt-dir[data-dir="{b_dirs[-1]}"]').tap()
    expect(bar).to_be_visible()
    expect(phone.locator(f'g.tt-target[data-cell="{b}"].meja-preview')).to_have_count(1)
    phone.get_by_test_id("confirm-move").tap()
    expect(bar).to_be_hidden()
    expect(phone.locator(".tt")).not_to_have_attribute("data-sync", sync_key(state))
    stored = e2e_server.app.state.store.game(game_id)["state"]["signs"]
    assert list(stored) == [b] and stored[b]["dir"] == b_dirs[-1], stored


def test_a_toast_never_covers_the_confirm_bar_on_a_phone(e2e_server: Any, new_page: Any) -> None:
    """Item 8: after a refused take-back the toast covered the bar's words and Confirm."""
    lobby, (host, guest), spec = table(e2e_server, "race", policy="consent")
    game_id = lobby["game_id"]
    budi = new_page(PHONE["width"], PHONE["height"], touch=True)
    open_seat(budi, e2e_server, game_id, 1, str(guest.credential), "race")
    host.answer(host.act({"type": "advance", "n": 3}))
    host.wait_version(1)
    # Budi chooses a move (confirm is on on a touch screen); the bar waits for Confirm.
    budi.get_by_test_id("fallback-actions").locator("button").first.tap()
    bar = budi.get_by_test_id("confirm-bar")
    expect(bar).to_be_visible()
    # Ana asks to take hers back; Budi refuses; the refusal's toast comes while the bar waits.
    take_back(host)
    budi.get_by_test_id("takeback-refuse").tap()
    toast = budi.locator(".toast.show")
    expect(toast).to_contain_text("Budi (you) did not agree to the take-back")
    budi.wait_for_timeout(300)  # the toast's slide-in
    expect(bar).to_be_visible()
    toast_box, bar_box = toast.bounding_box(), _box(budi, "confirm-bar")
    assert toast_box is not None
    assert not _overlap(toast_box, bar_box), f"the toast {toast_box} covers the bar {bar_box}"
    assert _in_window(budi, bar_box) and _in_window(budi, toast_box)
    assert _on_top(budi, "confirm-move"), "something covers Confirm"
    assert _on_top(budi, "confirm-text"), "something covers the bar's words"
    budi.get_by_test_id("confirm-move").tap()
    expect(bar).to_be_hidden()
    host.wait_version(2)
    for v in (host, guest, spec):
        v.close()


class _FakeTime:
    """The server's clock, moved on only by the test (app.features.clock.scheduler.wall_time)."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def timed_server() -> Iterator[tuple[LiveServer, _FakeTime]]:
    """A server of its own (own database, so no other scheduler sees its deadlines) whose
    clock the test moves on."""
    from app.features.clock import scheduler
    from tests.conftest import _new_pg_database

    url, drop = _new_pg_database()
    fake = _FakeTime()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scheduler, "wall_time", fake)
        server = LiveServer(url, bot_delay=0.05).start()
        try:
            yield server, fake
        finally:
            server.stop()
            drop()


def timed_race(server: LiveServer, out_of_time: str) -> tuple[dict[str, Any], str]:
    """A started race of Ana and Budi on a one-minute real-time clock with the
    ``out_of_time`` rule: its lobby and Budi's credential."""
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ana", "spectators": True,
        "settings": {"time_control": {"kind": "realtime", "bank_seconds": 60,
                                      "increment_seconds": 0}, "out_of_time": out_of_time}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    guest = join(server, lobby, "Budi")["credential"]
    start(server, lobby)
    return lobby, guest


def test_a_timeout_is_told_and_taking_the_seat_back_says_what_time_it_gives(
        timed_server: tuple[LiveServer, _FakeTime], new_page: Any) -> None:
    """Smaller items: a timeout had no toast, and taking the seat back from the stand-in
    left 0:30 on the clock with no word why."""
    server, fake = timed_server
    lobby, guest = timed_race(server, "bot")
    game_id = lobby["game_id"]
    made = {"seats": {0: lobby["credential"], 1: guest}}
    ana, budi = new_page(PHONE["width"], PHONE["height"], touch=True), new_page()
    open_seat(ana, server, game_id, 0, made["seats"][0], "race")
    open_seat(budi, server, game_id, 1, made["seats"][1], "race")
    for page in (ana, budi):
        expect(page.get_by_test_id("clock-seat-0")).to_have_attribute("data-running", "1")

    fake.t += 61  # Ana's bank runs out
    server.app.state.clocks.scheduler.poke()
    expect(ana.locator(".toast.show")).to_contain_text(
        "Your time ran out: a bot plays your seat until you take it back.")
    expect(budi.locator(".toast.show")).to_contain_text(
        "Ana ran out of time: a bot plays for them now.")
    # The way back is asked in the dock, in view, and says what it gives.
    gives = ana.get_by_test_id("take-back-gives")
    expect(gives).to_have_text(
        "Taking it back gives you 30 seconds to play: a tenth of your bank, at least 30 seconds.")
    assert _in_window(ana, _box(ana, "clock-question")), "the way back is out of view"
    ana.get_by_test_id("take-back").tap()
    expect(ana.locator(".toast.show")).to_contain_text(
        "Your seat is yours again, with 30 seconds to play.")
    expect(ana.get_by_test_id("clock-question")).to_be_hidden()


def test_a_timeout_that_ends_the_game_is_told(
        timed_server: tuple[LiveServer, _FakeTime], new_page: Any) -> None:
    """Policy "end": the game ended on a timeout with nothing but the game-over panel."""
    server, fake = timed_server
    lobby, guest = timed_race(server, "end")
    budi = new_page()
    open_seat(budi, server, lobby["game_id"], 1, guest, "race")
    expect(budi.get_by_test_id("clock-seat-0")).to_have_attribute("data-running", "1")
    fake.t += 61
    server.app.state.clocks.scheduler.poke()
    expect(budi.locator(".toast.show")).to_contain_text("Ana ran out of time: the game is over.")

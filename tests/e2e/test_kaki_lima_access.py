"""Kaki Lima on a phone, by keyboard, in three languages (issues 15 and 16).

Each test plays seat 0 against a server bot in seat 1. The test reads the stored state to know
what seat 0 may do next (the engine's own templates) and then does it the way a player would:
tapping on a 390 x 844 touch screen, or Tab and Enter only. What is asserted is what a player
notices: the whole grid fits without sideways scrolling, every legal target is at least 44 x 44
CSS px on touch, the seat on turn reads "Your turn", the turn passes, a language switch words
the board, the log and a rule error anew at once and survives a reload, and hovering a log line
marks the card it names on the grid.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from engines.kaki_lima import ENGINE
from tests.e2e.conftest import PHONE, api_lobby, corrupt_first_action, open_seat, start_lobby

pytestmark = pytest.mark.e2e
GAME = "kaki-lima"
#: Answers that finish a stage, and the button that gives each.
BUTTONS = {"skip_invite": "kl-skip-invite", "skip_ask": "kl-skip-ask",
           "decline_walk": "kl-decline-walk", "end_jom": "kl-end-jom", "end_trade": "kl-end-trade",
           "done_clearing": "kl-done-clearing", "decline_trade": "kl-decline-trade",
           "answer_pickup": "kl-pickup-no", "answer_clearing": "kl-decline-clearing",
           "no_walk": "kl-no-walk"}


@pytest.fixture
def phone(new_page: Callable[..., Any]) -> Callable[[], Any]:
    """Pages on a 390 x 844 touch phone (several players' phones in one test)."""
    return lambda: new_page(PHONE["width"], PHONE["height"], touch=True)

def against_a_bot(server: Any, page: Any) -> str:
    """A started two-seat game, seat 0 opened in ``page``, seat 1 a bot; the game id."""
    made = api_lobby(server, GAME, 2, bots=(1,))
    start_lobby(server, made["lobby"])
    game_id = made["lobby"]["game_id"]
    open_seat(page, server, game_id, 0, made["seats"][0], GAME)
    return str(game_id)


def stored(server: Any, game_id: str) -> dict[str, Any]:
    return dict(server.app.state.store.game(game_id))


def wait_for_seat(server: Any, game_id: str, seat: int = 0) -> dict[str, Any]:
    """The state once ``seat`` is awaited (the bot has moved), or the game is over."""
    for _ in range(200):
        state = stored(server, game_id)["state"]
        if seat in ENGINE.awaited(state) or state["phase"] == "over":
            return state
        time.sleep(0.05)
    raise AssertionError("the bot never handed the turn back")


def next_move(state: dict[str, Any], seat: int = 0) -> list[str]:
    """The test ids to press for seat 0's next action (a walk: its card, then its end)."""
    legal = [t for t in ENGINE.legal_actions(state, seat)
             if t["type"] not in ("clear", "propose_clearing")]
    kinds = {t["type"]: t for t in legal}
    if "place" in kinds:
        return [f"kl-cell-{kinds['place']['cell']['$choice'][0]}"]
    if "step" in kinds:
        return [f"kl-cell-{kinds['step']['cell']['$choice'][0]}"]
    walks = [t for t in legal if t["type"] == "walk" and len(t["cards"]) == 1]
    if walks:
        walk = walks[0]
        return [f"kl-card-{walk['cards'][0]}", f"kl-cell-{walk['end']['$choice'][0]}"]
    for kind, testid in BUTTONS.items():
        if kind in kinds:
            return [testid]
    raise AssertionError(f"no move for seat {seat}: {legal}")


def play_until_turn_passes(server: Any, game_id: str, press: Callable[[str], None],
                           check: Callable[[], None] | None = None) -> list[str]:
    """Seat 0 plays (placing, or a whole turn) until the turn has passed; a question to the
    bot in between (walking together) is waited for. The test ids pressed, in order."""
    state = wait_for_seat(server, game_id)
    placing = state["phase"] == "place"
    pressed: list[str] = []
    for _ in range(40):
        if check:
            check()
        version = stored(server, game_id)["version"]
        for testid in next_move(state):
            press(testid)
            pressed.append(testid)
        for _ in range(200):
            if stored(server, game_id)["version"] != version:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the move was not taken")
        state = stored(server, game_id)["state"]
        if placing and (state["phase"] != "place" or state["placing"] != 0):
            return pressed
        if not placing and (state["current"] != 0 or state["phase"] != "play"):
            return pressed
        state = wait_for_seat(server, game_id)
    raise AssertionError("the turn never passed")


def tapper(page: Any) -> Callable[[str], None]:
    """A tap, then (touch screens confirm moves by default) a tap on Confirm when it asks."""
    def tap(testid: str) -> None:
        page.get_by_test_id(testid).tap()
        if testid.startswith("kl-card"):
            return
        confirm = page.get_by_test_id("confirm-move")
        try:
            confirm.wait_for(state="visible", timeout=2000)
        except Exception:  # noqa: BLE001 - no confirmation asked for this move
            return
        box = confirm.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box
        confirm.tap()
    return tap


def log_lines(server: Any, game_id: str) -> list[dict[str, Any]]:
    return [line for ev in server.app.state.store.events(game_id) for line in (ev["log"] or [])]


def drew(server: Any, game_id: str, seat: int = 0) -> int:
    """How many times ``seat`` drew a card (every turn ends with a draw)."""
    ends = ("kaki-lima.log.draws", "kaki-lima.log.cannot_draw")
    return sum(1 for line in log_lines(server, game_id)
               if line.get("key") in ends and line.get("params", {}).get("seat") == {"seat": seat})


#: The boxes of the shown elements a selector matches, read in one go: the board redraws
#: (and replaces its targets and buttons) whenever a patch arrives, and one read per element
#: can fall between two drawings and wait for an element that is gone.
BOXES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
    const r = el.getBoundingClientRect();
    const what = el.getAttribute('aria-label') || el.textContent.trim();
    return {what, x: r.x, y: r.y, width: r.width, height: r.height};
}).filter((box) => box.width && box.height)"""


def boxes_of_targets(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(BOXES, ".kl-target"))


def test_phone_board_fits_targets_are_44px_and_a_whole_turn_is_tapped(
        e2e_server: Any, phone: Any) -> None:
    page = phone()
    game_id = against_a_bot(e2e_server, page)
    expect(page.get_by_test_id("kl-status")).to_have_text(re.compile("^Your turn"))
    assert "(" not in page.get_by_test_id("kl-status").text_content().split(":")[0]

    def fits_and_big_enough() -> None:
        page.wait_for_timeout(100)  # let the newest document be drawn
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways: {width} px"
        grid = page.get_by_test_id("kl-grid").bounding_box()
        assert grid and grid["x"] >= 0 and grid["x"] + grid["width"] <= 390
        for box in boxes_of_targets(page):
            assert box["width"] >= 44 and box["height"] >= 44, box
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        for box in page.evaluate(BOXES, ".kl-controls button, .kl-hand button"):
            assert box["width"] >= 44 and box["height"] >= 44, box

    # Set-up: every legal start card is on screen and big enough; the pedestrian is placed by a tap.
    fits_and_big_enough()
    starts = ENGINE.legal_actions(stored(e2e_server, game_id)["state"], 0)[0]["cell"]["$choice"]
    assert len(boxes_of_targets(page)) == len(starts)
    play_until_turn_passes(e2e_server, game_id, tapper(page))

    # A whole turn by tapping: a Langkah card, the end of the walk, each step, the answers.
    state = wait_for_seat(e2e_server, game_id)
    expect(page.get_by_test_id("kl-status")).to_have_text(re.compile("^Your turn"))
    card = next_move(state)[0]
    page.get_by_test_id(card).tap()
    fits_and_big_enough()  # the walk's ends are highlighted now
    page.get_by_test_id(card).tap()  # unselect again: the play below starts from nothing
    drawn = drew(e2e_server, game_id)
    pressed = play_until_turn_passes(e2e_server, game_id, tapper(page), check=fits_and_big_enough)
    assert drew(e2e_server, game_id) > drawn, "the turn ended with seat 0's draw"
    # Back on turn after the bot: seat 0's own last walk is still drawn (it has not moved
    # since), and so is the bot's, if it walked.
    state = wait_for_seat(e2e_server, game_id)
    walks = {line["data"]["seat"] for line in log_lines(e2e_server, game_id)
             if line.get("key") == "kaki-lima.log.walks_to" and len(line["data"]["path"]) > 1}
    # The driver takes the first one-card walk it is offered; a deal can leave it none (every
    # card's walk needs a second card, or leads nowhere), and then it passes instead.
    if any(testid.startswith("kl-card-") for testid in pressed):
        assert 0 in walks, "a walk tapped on the phone was taken"
    for seat in walks:
        expect(page.get_by_test_id(f"kl-trail-{seat}")).to_have_count(1)

    # A tap on a card that is no target opens its description; it floats (nothing moves).
    lokasi = next(i for i, c in enumerate(state["cells"]) if c == "Kopitiam")
    where = ("() => { const r = document.querySelector('[data-testid=kl-hand]')"
             ".getBoundingClientRect();"
             " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }")
    hand_before = page.evaluate(where)
    page.locator(f'g.kl-cell[data-spot="{lokasi}"]').tap()
    expect(page.get_by_test_id("kl-info")).to_contain_text("Kopitiam")
    expect(page.get_by_test_id("kl-info")).to_contain_text("Score for gathering")
    assert page.evaluate(where) == hand_before


def test_a_whole_turn_by_keyboard_only(e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    game_id = against_a_bot(e2e_server, page)
    expect(page.get_by_test_id("kl-status")).to_have_text(re.compile("^Your turn"))
    # Every highlighted target on the way is a named button, and the grid is one Tab stop (one
    # target has tabindex 0, the arrow keys reach the others). They are read in one go, because
    # the board redraws (and replaces them) whenever a patch arrives.
    seen_targets: list[list[str | None]] = []
    stops: list[int] = []

    def press(testid: str) -> None:
        targets = page.evaluate("""() => [...document.querySelectorAll('.kl-target')]
            .map(el => [el.getAttribute('role'), el.getAttribute('tabindex'),
                        el.getAttribute('aria-label')])""")
        seen_targets.extend(targets)
        if targets:
            stops.append(sum(1 for t in targets if t[1] == "0"))
        # A cell of the grid: any of its targets is as legal as the one the engine named first
        # (the walk's ends of the chosen card, the border's green cards), so the one that has
        # the grid's Tab stop is chosen.
        wanted = ("(el) => el.matches('.kl-target')" if testid.startswith("kl-cell")
                  else f"(el) => el.getAttribute('data-testid') === '{testid}'")
        for _ in range(60):
            if page.evaluate(f"({wanted})(document.activeElement)"):
                focused = page.locator(":focus")
                assert focused.get_attribute("aria-label") or focused.text_content().strip()
                page.keyboard.press("Enter" if testid.startswith("kl-cell") else "Space")
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {testid}")

    play_until_turn_passes(e2e_server, game_id, press)
    drawn = drew(e2e_server, game_id)
    play_until_turn_passes(e2e_server, game_id, press)
    assert drew(e2e_server, game_id) > drawn, "the turn ended with seat 0's draw"
    assert seen_targets, "a walk's ends are highlighted as targets"
    assert stops and all(n == 1 for n in stops), stops
    for role, tabindex, label in seen_targets:
        assert role == "button" and tabindex in ("0", "-1")
        assert re.search(r"[A-E]\d|[A-Za-z]{3}", label or "")


def test_switching_language_words_board_log_and_rule_error_at_once(
        e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    # a grid gap: refused by the rules
    corrupt_first_action(page, lambda action: {"type": "place", "cell": 13})
    game_id = against_a_bot(e2e_server, page)
    status = page.get_by_test_id("kl-status")
    expect(status).to_have_text(re.compile("^Your turn"))
    start = ENGINE.legal_actions(stored(e2e_server, game_id)["state"], 0)[0]["cell"]["$choice"][0]
    page.get_by_test_id(f"kl-cell-{start}").click()
    error = page.get_by_test_id("kl-error")
    expect(error).to_have_text("Pedestrians start on a Green card along the border of the grid.")

    page.locator("select[data-testid=lang]").select_option("id")
    expect(error).to_have_text("Pejalan kaki mulai di kartu Hijau di tepi papan.")
    expect(status).to_have_text(re.compile("^Giliran Anda"))
    page.get_by_test_id(f"kl-cell-{start}").click()
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("mulai di kartu Hijau")

    page.locator("select[data-testid=lang]").select_option("ms")
    expect(log).to_contain_text("bermula di kad Hijau")
    expect(page.get_by_test_id("kl-hand")).to_be_visible()
    expect(page.locator(".kl-box h4").first).to_have_text(re.compile("Tangan anda|Laluan|Pejalan"))
    page.reload()
    expect(page.get_by_test_id("log")).to_contain_text("bermula di kad Hijau")
    expect(page.get_by_test_id("kl-hand")).to_be_visible()
    expect(page.locator("select[data-testid=lang]")).to_have_value("ms")


def test_hovering_a_log_line_highlights_the_card_it_names(e2e_server: Any, new_page: Any) -> None:
    page = new_page()
    game_id = against_a_bot(e2e_server, page)
    start = ENGINE.legal_actions(stored(e2e_server, game_id)["state"], 0)[0]["cell"]["$choice"][0]
    page.get_by_test_id(f"kl-cell-{start}").click()
    # The bot places next; its line redraws the log, and a redraw under a resting pointer
    # fires no mouseenter: hover once both lines are in (the bot then waits for seat 0).
    wait_for_seat(e2e_server, game_id)
    placed = page.locator(".log-line.has-refs").filter(has_text="starts on the Green card")
    expect(placed).to_have_count(2)
    line = placed.first
    coordinate = "ABCDE"[start // 10] + str(start % 10 + 1)
    expect(line).to_contain_text(coordinate)
    line.hover()
    expect(page.get_by_test_id(f"kl-highlight-{start}")).to_have_count(1)
    page.mouse.move(0, 0)
    expect(page.get_by_test_id(f"kl-highlight-{start}")).to_have_count(0)

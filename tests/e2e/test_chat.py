"""The table chat in the browser (issue 13): two players, a quick phrase, markup that stays
text, hiding a player's messages, the rate limit's sentence, and a phone's collapsed panel
that leaves the board's controls uncovered."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import api_lobby, open_seat, open_watch, start_lobby

MARKUP = '<img src=x onerror="window.__xss = 1"><b>bold</b> & <script>window.__xss = 2</script>'


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_two_players_chat_with_a_quick_phrase_and_markup_stays_text(e2e_server: Any,
                                                                    new_page: Any) -> None:
    made = api_lobby(e2e_server, "race", 2, options={"goal": 50}, names=("Budi",))
    start_lobby(e2e_server, made["lobby"])
    gid = made["lobby"]["game_id"]
    ana = new_page(390, 844)  # a phone; Ana moves first, so her board's controls show
    open_seat(ana, e2e_server, gid, 0, made["seats"][0], "race")
    budi = new_page()
    open_seat(budi, e2e_server, gid, 1, made["seats"][1], "race")
    watcher = new_page()
    open_watch(watcher, e2e_server, made["lobby"])
    expect(ana.get_by_test_id("status")).to_have_text("Connected")
    expect(budi.get_by_test_id("status")).to_have_text("Connected")

    # On the phone the chat starts folded below the board, so it covers none of its controls.
    expect(ana.get_by_test_id("chat-input")).to_be_hidden()
    budi.get_by_test_id("chat-phrase").filter(has_text="Good game").click()
    expect(budi.get_by_test_id("chat-text")).to_have_text(["Good game"])
    expect(ana.get_by_test_id("chat-unread")).to_have_text("1 new")
    ana.get_by_test_id("chat-toggle").click()
    msg = ana.get_by_test_id("chat-msg")
    expect(msg).to_have_count(1)
    expect(msg.get_by_test_id("chat-name")).to_have_text("Budi")
    expect(msg.get_by_test_id("chat-text")).to_have_text("Good game")
    actions = ana.get_by_test_id("fallback-actions")
    expect(actions).to_be_visible()
    assert not overlaps(ana.get_by_test_id("chat").bounding_box(), actions.bounding_box())
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390

    # Markup typed into the chat arrives as the characters typed, and nothing runs.
    ana.get_by_test_id("chat-input").fill(MARKUP)
    ana.get_by_test_id("chat-input").press("Enter")
    line = budi.get_by_test_id("chat-msg").nth(1)
    expect(line.get_by_test_id("chat-text")).to_have_text(MARKUP)
    expect(line.get_by_test_id("chat-name")).to_have_text("Ana")
    assert budi.get_by_test_id("chat-list").locator("img, b, script").count() == 0
    assert budi.evaluate("window.__xss") is None and ana.evaluate("window.__xss") is None
    expect(ana.get_by_test_id("chat-input")).to_have_value("")

    # The spectator reads none of the players' chat.
    expect(watcher.get_by_test_id("chat-toggle")).to_contain_text("Spectators' chat")
    expect(watcher.get_by_test_id("chat-msg")).to_have_count(0)

    # Budi hides Ana's messages: they fold to "message hidden", one click shows one again,
    # and the choice outlives a reload (the chat comes back from the server).
    line.get_by_test_id("chat-hide").click()
    expect(budi.get_by_test_id("chat-hidden")).to_have_count(1)
    expect(budi.get_by_test_id("chat-list")).not_to_contain_text("bold")
    budi.reload()
    expect(budi.get_by_test_id("chat-msg")).to_have_count(2)
    expect(budi.get_by_test_id("chat-hidden")).to_have_text(["message hidden"])
    budi.get_by_test_id("chat-show").click()
    expect(budi.get_by_test_id("chat-msg").nth(1).get_by_test_id("chat-text")).to_have_text(MARKUP)
    # Ana's own view is unaffected.
    expect(ana.get_by_test_id("chat-hidden")).to_have_count(0)

    # Too many at once (eight clicks in one go: a slow machine must not spread them out
    # enough for the bucket to refill): the server's sentence appears in the chat box.
    budi.get_by_test_id("chat-phrase").filter(has_text="Oops").evaluate(
        "button => { for (let i = 0; i < 8; i++) button.click(); }")
    expect(budi.get_by_test_id("chat-status")).to_contain_text("too quickly")

    # Too long is said before anything is sent, counted in characters.
    ana.get_by_test_id("chat-input").fill("\U0001F600" * 501)
    expect(ana.get_by_test_id("chat-status")).to_have_text(
        "Messages are at most 500 characters; this one has 501.")

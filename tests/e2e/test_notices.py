"""Your-turn notices in a real headless Chromium: a hidden tab gets a Notification when its
turn comes, the tab title names the game and the favicon gets a badge, both cleared when the
turn ends; permission is asked only on the player's click; and coming back to the table
shows what happened since the seat last acted."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.app.client import Viewer
from tests.conftest import LiveServer
from tests.e2e.conftest import api_lobby, open_seat, start_lobby

pytestmark = pytest.mark.e2e

#: Records every Notification the page constructs (the real constructor still runs) and
#: every permission request; and lets the test say the tab is in the background. Headless
#: Chromium reports every tab as visible and has no "ask" state for notifications (it
#: answers granted or denied at once), so two things are overridden: visibility, and a
#: permission that reads "default" (a profile that was never asked) until the page asks.
SPY = """
(() => {
  const Real = window.Notification;
  window.__notes = [];
  window.__asked = 0;
  class Spy extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, tag: options && options.tag });
    }
  }
  Object.defineProperty(Spy, "permission",
    { get: () => (window.__asked ? Real.permission : "default") });
  Spy.requestPermission = (...a) => { window.__asked += 1; return Real.requestPermission(...a); };
  window.Notification = Spy;
  window.__hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState",
    { get: () => (window.__hidden ? "hidden" : "visible"), configurable: true });
  Object.defineProperty(Document.prototype, "hidden",
    { get: () => window.__hidden, configurable: true });
})();
"""


def advance(viewer: Viewer) -> None:
    if viewer.doc is None:
        viewer.wait_for(lambda f: f["type"] == "snapshot")
    cid = viewer.act({"type": "advance", "n": 1})
    assert viewer.answer(cid)["type"] == "accepted"


def test_hidden_tab_gets_a_notification_and_the_title_and_badge_change(
        e2e_server: LiveServer, new_page: Any) -> None:
    made = api_lobby(e2e_server, "race", 2, names=("Budi",))
    lobby = made["lobby"]
    gid = lobby["game_id"]
    start_lobby(e2e_server, lobby)
    host = Viewer(e2e_server.ws_url, gid, credential=made["seats"][0])
    budi = Viewer(e2e_server.ws_url, gid, credential=made["seats"][1])
    advance(host)  # Budi's turn: the host's page opens on someone else's turn
    budi.wait_version(1)

    page = new_page()
    page.context.grant_permissions(["notifications"], origin=e2e_server.url)
    page.add_init_script(SPY)
    open_seat(page, e2e_server, gid, 0, made["seats"][0], "race")
    expect(page.get_by_test_id("turn")).to_have_text(re.compile("Waiting for"))
    expect(page).to_have_title("Race (benchmark) · Meja")
    icon = page.locator("link[rel~='icon']")
    expect(icon).to_have_attribute("href", re.compile(r"^data:image/svg\+xml,"))
    # Nothing asked on load; the button asks.
    notify = page.get_by_test_id("notify-me")
    expect(notify).to_be_visible()
    assert page.evaluate("window.__asked") == 0
    notify.click()
    expect(page.get_by_test_id("notify-state")).to_have_text("Notifications on")
    assert page.evaluate("window.__asked") == 1
    expect(page.get_by_test_id("turn-sound")).not_to_be_checked()  # sound is off by default

    page.evaluate("window.__hidden = true")  # the player switched to another tab
    advance(budi)                              # now it is the host's turn
    expect(page).to_have_title("(Your turn) Race (benchmark) · Meja")
    expect(icon).to_have_attribute("data-badge", "turn")
    expect(icon).to_have_attribute("href", re.compile(r"^data:image/png;base64,"))
    page.wait_for_function("window.__notes.length === 1")
    assert page.evaluate("window.__notes") == [
        {"title": "Your turn: Race (benchmark)", "tag": f"meja-turn-{gid}"}]

    host.wait_version(2)
    advance(host)  # the turn ends (played from another device): everything clears
    expect(page).to_have_title("Race (benchmark) · Meja")
    expect(icon).to_have_attribute("href", re.compile(r"^data:image/svg\+xml,"))
    expect(icon).not_to_have_attribute("data-badge", "turn")
    assert page.evaluate("window.__notes.length") == 1  # one notification for one turn

    # Budi moves while the host is away; coming back shows it since the host's last move.
    page.close()
    budi.wait_version(3)
    advance(budi)
    back = new_page()
    open_seat(back, e2e_server, gid, 0, made["seats"][0], "race")
    since = back.get_by_test_id("since")
    expect(since).to_be_visible()
    expect(since).to_contain_text("Since your last turn")
    expect(since.locator(".since-line")).to_have_count(1)
    expect(since.locator(".since-line")).to_have_text("Budi advanced 1.")
    expect(back.locator(".log-line.since")).to_have_count(1)
    back.get_by_test_id("since-dismiss").click()
    expect(since).to_be_hidden()
    expect(back.locator(".log-line.since")).to_have_count(0)
    host.close()
    budi.close()

"""The installable app and Web Push in a real headless Chromium, on a phone (390 x 844).

The browser's own checks through the DevTools protocol: the manifest parses and the page is
installable (``Page.getInstallabilityErrors``); the service worker registers and serves the
shell (or the translated offline page) with the network gone. "Notify me" subscribes this
device: headless Chromium has no push service to subscribe at, so ``pushManager.subscribe``
answers a subscription whose endpoint is a push receiver on 127.0.0.1 and whose keys the
test holds - the page still posts it to the server as it would a real one, the server
encrypts the turn's push to it, the test decrypts it like the browser does, and hands it to
the service worker with ``ServiceWorker.deliverPushMessage``, which shows the notification."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from app.features.notices import NoticeSettings
from tests.app.client import Viewer
from tests.app.test_mail import sees_presence
from tests.app.test_push import Browser, PushService
from tests.conftest import LiveServer, _new_pg_database
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    api_lobby,
    open_seat,
    start_lobby,
)
from tests.e2e.test_notices import SPY, advance

pytestmark = pytest.mark.e2e

SHOTS = "/tmp/meja-push-shots"

#: What headless Chromium lacks: a push service. ``subscribe`` answers the test's own
#: subscription (endpoint and keys), ``getSubscription`` it once made.
FAKE_PUSH = """
(sub) => {
  let made = null;
  const wrap = () => ({ endpoint: sub.endpoint,
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => { made = null; return true; } });
  PushManager.prototype.subscribe = async function () { made = wrap(); return made; };
  PushManager.prototype.getSubscription = async function () { return made; };
}
"""


@pytest.fixture(scope="module")
def push_server() -> Iterator[LiveServer]:
    """A server whose pushes may go to a receiver on 127.0.0.1 (on a database of its own:
    every server sends what is due in its database's outbox)."""
    url, drop = _new_pg_database()
    server = LiveServer(url, bot_delay=0.05, notices=NoticeSettings(
        allow_local_hooks=True, poll_seconds=0.1, retry_base=0.1)).start()
    yield server
    server.stop()
    drop()


@pytest.fixture
def profile_phone(browser: Any, tmp_path: Any) -> Iterator[Any]:
    """A phone page in a browser profile of its own on disk: Chromium installs no app from
    an incognito profile (which every ``new_context`` is)."""
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    errors: list[str] = []
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def shot(page: Any, name: str) -> None:
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=False)


def notifications(page: Any, until: Any) -> list[dict[str, Any]]:
    """The service worker's notifications, once ``until(them)`` holds (at most 15 s)."""
    for _ in range(150):
        found = page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => (
                { title: n.title, body: n.body, tag: n.tag, url: n.data.url }));
        }""")
        if until(found):
            return list(found)
        page.wait_for_timeout(100)
    raise AssertionError(f"notifications never as expected: {found}")


def worker_ready(page: Any) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)


def test_the_app_installs_and_opens_offline_on_a_phone(e2e_server: LiveServer,
                                                       profile_phone: Any) -> None:
    phone = profile_phone
    # A game with a board: its modules are not precached, the worker keeps them once used.
    made = api_lobby(e2e_server, "kaki-lima", 2, names=("Budi",))
    gid = made["lobby"]["game_id"]
    start_lobby(e2e_server, made["lobby"])
    open_seat(phone, e2e_server, gid, 0, made["seats"][0], "kaki-lima")
    expect(phone.get_by_test_id("turn")).to_be_visible()
    worker_ready(phone)
    cdp = phone.context.new_cdp_session(phone)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert json.loads(manifest["data"])["display"] == "standalone"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # The browser kept the page and its files: offline, the table's shell still opens,
    # and says the network is gone.
    phone.reload()
    worker_ready(phone)
    # Every hashed file the page used is in the worker's cache, precached or kept since
    # (static/sw.js, keep): its static routes serve them from there, offline too.
    phone.wait_for_function("""async () => {
        const used = performance.getEntriesByType("resource").map((e) => e.name)
            .filter((u) => u.includes("?v="));
        const name = (await caches.keys()).find((n) => n.startsWith("meja-"));
        if (!name || !used.some((u) => u.includes("/static/games/kaki-lima/"))) return false;
        const cache = await caches.open(name);
        for (const url of used) if (!(await cache.match(url))) return false;
        return true;
    }""", timeout=15_000)
    phone.context.set_offline(True)
    try:
        phone.reload()
        expect(phone.get_by_test_id("offline-banner")).to_be_visible()
        expect(phone.get_by_test_id("offline-banner")).to_have_text(re.compile("You are offline"))
        shot(phone, "offline-shell-phone")
        # A page never opened on this phone: the offline page, not the browser's error.
        phone.goto(f"{e2e_server.url}/lobby/never-opened-here")
        expect(phone.get_by_test_id("offline")).to_be_visible()
        expect(phone.get_by_role("heading")).to_have_text("You are offline")
        shot(phone, "offline-page-phone")
    finally:
        phone.context.set_offline(False)
    phone.get_by_test_id("offline-retry").click()
    expect(phone.get_by_test_id("offline")).to_be_hidden()


def test_notify_me_subscribes_and_a_push_shows_the_turn(push_server: LiveServer,
                                                        new_page: Any) -> None:
    e2e_server = push_server
    service = PushService().start()
    device = Browser()
    made = api_lobby(e2e_server, "race", 2, names=("Budi",))
    gid = made["lobby"]["game_id"]
    start_lobby(e2e_server, made["lobby"])
    host = Viewer(e2e_server.ws_url, gid, credential=made["seats"][0])
    host.wait_for(lambda f: f["type"] == "snapshot")

    page = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    page.context.grant_permissions(["notifications"], origin=e2e_server.url)
    page.add_init_script(SPY)
    subscription = json.dumps({"endpoint": service.endpoint("e2e"), "keys": device.keys()})
    page.add_init_script(f"({FAKE_PUSH})({subscription})")
    page.goto(f"{e2e_server.url}/")
    page.evaluate("localStorage.setItem('meja.lang', 'id')")  # Budi reads Indonesian
    open_seat(page, e2e_server, gid, 1, made["seats"][1], "race")
    worker_ready(page)
    page.get_by_test_id("notify-me").click()
    expect(page.get_by_test_id("push-state")).to_have_text(re.compile("perangkat ini"))
    # Quiet hours and the mute switch are there, in the page's language.
    expect(page.get_by_test_id("quiet-box")).to_contain_text("Jam tenang")
    expect(page.get_by_test_id("mute-table")).not_to_be_checked()
    page.get_by_test_id("turn-notices").scroll_into_view_if_needed()
    shot(page, "notices-panel-phone")

    # Budi goes away; the host moves: the server pushes Budi's turn to the device.
    sees_presence(host, 1, True)
    page.close()
    sees_presence(host, 1, False)  # away: the turn goes to the device, not the open tab
    advance(host)
    got = service.wait("e2e", 1, timeout=20)[0]
    data = device.read(got["body"])
    assert data["game"] == gid and data["seat"] == 1
    assert data["title"].startswith("Giliran Anda")

    # The device gets it: the service worker shows the notification.
    back = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    back.context.grant_permissions(["notifications"], origin=e2e_server.url)
    open_seat(back, e2e_server, gid, 1, made["seats"][1], "race")
    worker_ready(back)
    cdp = back.context.new_cdp_session(back)
    registrations: list[str] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda ev: registrations.extend(r["registrationId"] for r in ev["registrations"]
                                           if not r["isDeleted"]))
    cdp.send("ServiceWorker.enable")
    back.wait_for_timeout(200)
    assert registrations, "no service worker registration reported"
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": e2e_server.url + "/", "registrationId": registrations[-1],
        "data": json.dumps(data)})
    shown = notifications(back, lambda found: len(found) == 1)
    assert shown == [{"title": data["title"], "body": data["body"], "tag": f"meja-turn-{gid}",
                      "url": f"/game/{gid}"}]
    # A second push of the same game replaces the first (one tag per game).
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": e2e_server.url + "/", "registrationId": registrations[-1],
        "data": json.dumps({**data, "body": "again"})})
    shown = notifications(back, lambda found: len(found) == 1 and found[0]["body"] == "again")
    assert shown[0]["tag"] == f"meja-turn-{gid}"
    host.close()

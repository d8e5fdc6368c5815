"""The optional account in a real headless Chromium on a phone (390 x 844): a player makes an
account with a passkey from the seat they hold (a virtual authenticator over the DevTools
protocol: ctap2, internal, resident keys, user verification), signs in with the same
passkey on a second phone, finds the seat there and plays it; then deletes the account, and
its personal data is gone from the database.

WebAuthn takes no IP address as its relying party, so the pages are opened at
``localhost`` (a secure context, like https)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import expect
from sqlalchemy import func, select

from app.store.tables import account_passkeys, account_sessions, accounts, seats
from tests.app.notices_support import PUBLIC, Mailbox, notice_settings
from tests.conftest import LiveServer, _new_pg_database, free_port
from tests.e2e.conftest import PHONE, api_lobby, start_lobby
from tests.e2e.test_axe import assert_clean

pytestmark = pytest.mark.e2e

#: MEJA_SHOTS=<folder>: keep what the phones showed (to look at them).
SHOTS = os.environ.get("MEJA_SHOTS")


def authenticator(page: Any) -> tuple[Any, str]:
    """A platform authenticator with user verification in this page's browser profile."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    found = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True}})
    return cdp, found["authenticatorId"]


def shot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/accounts-{name}.png", full_page=True)


def phone_page(new_page: Any) -> Any:
    return new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)


def test_a_passkey_account_brings_the_seat_to_a_second_phone_and_deletion_forgets_it(
        e2e_server: LiveServer, new_page: Any) -> None:
    base = e2e_server.url.replace("127.0.0.1", "localhost")
    made = api_lobby(e2e_server, "race", 2, names=("Budi",))
    gid = made["lobby"]["game_id"]
    start_lobby(e2e_server, made["lobby"])

    # Ayu's phone holds the host's seat as a guest: the game page offers the account.
    first = phone_page(new_page)
    first_cdp, first_auth = authenticator(first)
    first.goto(f"{base}/")
    first.evaluate("""([gid, credential]) => localStorage.setItem('meja.seats', JSON.stringify(
        {[gid]: {credential, seat: 0, game: 'race', name: 'Ana'}}))""", [gid, made["seats"][0]])
    first.goto(f"{base}/game/{gid}")
    offer = first.get_by_test_id("game-account-link")
    expect(offer).to_have_text("Keep this seat on every device: make an account")
    offer.click()
    expect(first).to_have_url(f"{base}/account")
    first.get_by_test_id("account-name").fill("Ayu")
    shot(first, "1-guest")
    assert_clean(first, "the account page of a guest")
    first.get_by_test_id("account-passkey-create").click()
    expect(first.get_by_test_id("account-signed-in")).to_contain_text("Ayu")
    expect(first.get_by_test_id(f"account-seat-{gid}")).to_contain_text("Ana")
    expect(first.get_by_test_id("account-sessions")).to_contain_text("this device")
    shot(first, "2-signed-in")
    assert_clean(first, "the account page signed in")
    # Nothing on the page is wider than the phone.
    assert first.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # The passkey syncs to Ayu's second phone (as a password manager would carry it).
    (made_key,) = first_cdp.send("WebAuthn.getCredentials",
                                 {"authenticatorId": first_auth})["credentials"]
    second = phone_page(new_page)
    second_cdp, second_auth = authenticator(second)
    second_cdp.send("WebAuthn.addCredential", {"authenticatorId": second_auth,
                                               "credential": made_key})
    second.goto(f"{base}/")
    second.get_by_test_id("topbar-account").click()
    second.get_by_test_id("account-passkey-signin").click()
    expect(second.get_by_test_id("account-signed-in")).to_contain_text("Ayu")
    shot(second, "3-second-phone")
    # The seat came along with a credential of this phone's own: it plays the seat.
    second.get_by_test_id(f"account-seat-{gid}").get_by_role("link").click()
    expect(second).to_have_url(f"{base}/game/{gid}")
    expect(second.get_by_test_id("game-account-link")).to_have_text(
        "This seat is kept in your account")
    expect(second.get_by_test_id("spectator-banner")).to_have_count(0)
    held = second.evaluate(f"JSON.parse(localStorage.getItem('meja.seats'))['{gid}']")
    assert held["from_account"] is True and held["credential"] != made["seats"][0]
    store = e2e_server.app.state.store
    assert store.authenticate(held["credential"]) == (gid, 0)
    shot(second, "4-game")

    # A seat Ayu takes later on the first phone is in My games on the second, never visited
    # there: the page first brings the account's seats from the other devices.
    later = api_lobby(e2e_server, "race", 2, names=("Cici",))
    later_id = later["lobby"]["game_id"]
    start_lobby(e2e_server, later["lobby"])
    first.evaluate("""([gid, credential]) => import('/static/store.js').then((s) =>
        s.saveSeat(gid, {credential, seat: 0, game: 'race', name: 'Ayu'}))""",
                   [later_id, later["seats"][0]])
    first.wait_for_function("""async (gid) => (await fetch('/api/account/seats', {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: '{"credentials": []}'}).then(
        (r) => r.json())).seats.some((s) => s.game_id === gid)""", arg=later_id)
    second.goto(f"{base}/my")
    expect(second.get_by_test_id(f"mine-{later_id}")).to_have_attribute("data-group", "your_turn")
    expect(second.get_by_test_id(f"mine-{gid}")).to_be_visible()

    # Deleting the account on the second phone: both phones are signed out, the keys stop
    # working, the passkey and the name are gone; the game stays under "a former player".
    second.get_by_test_id("topbar-account").click()
    second.get_by_test_id("account-delete").click()
    second.get_by_test_id("account-delete-yes").click()
    expect(second.get_by_test_id("account-passkey-create")).to_be_visible()
    shot(second, "5-deleted")
    assert store.authenticate(held["credential"]) is None
    with store.engine.connect() as conn:
        gone = conn.execute(select(accounts).where(accounts.c.deleted_at.is_not(None))
                            ).mappings().all()
        assert [(a["display_name"], a["email"]) for a in gone if a["id"]] and all(
            a["display_name"] is None and a["email"] is None for a in gone)
        ids = [a["id"] for a in gone]
        for table in (account_passkeys, account_sessions):
            assert conn.execute(select(func.count()).select_from(table).where(
                table.c.account_id.in_(ids))).scalar() == 0
        assert conn.execute(select(seats.c.former).where(
            seats.c.game_id == gid, seats.c.seat == 0)).scalar() is True
    first.goto(f"{base}/account")
    expect(first.get_by_test_id("account-passkey-create")).to_be_visible()
    first.goto(f"{base}/game/{gid}")
    expect(first.locator(".players")).to_contain_text("a former player")


@pytest.fixture(scope="module")
def mail_e2e() -> Any:
    """A server that mails through a real SMTP server (aiosmtpd), on a PostgreSQL database
    of its own (every server sends what its database's outbox holds)."""
    box = Mailbox()
    smtp = Controller(box, hostname="127.0.0.1", port=free_port())
    smtp.start()
    url, drop = _new_pg_database()
    server = LiveServer(url, notices=notice_settings(smtp.port)).start()
    yield server, box
    server.stop()
    smtp.stop()
    drop()


def test_a_phone_without_passkeys_signs_in_by_mail_and_out_again(mail_e2e: Any,
                                                                 new_page: Any) -> None:
    server, box = mail_e2e
    made = api_lobby(server, "race", 2, names=("Budi",))
    gid = made["lobby"]["game_id"]
    email = f"ayu.{gid.lower()[:6]}@example.org"
    # A browser without WebAuthn: the page offers the mail link only.
    phone = phone_page(new_page)
    phone.add_init_script("delete window.PublicKeyCredential;")
    phone.goto(f"{server.url}/")
    phone.evaluate("""([gid, credential]) => localStorage.setItem('meja.seats', JSON.stringify(
        {[gid]: {credential, seat: 1, game: 'race', name: 'Budi'}}))""", [gid, made["seats"][1]])
    phone.goto(f"{server.url}/account")
    expect(phone.get_by_test_id("account-no-passkeys")).to_be_visible()
    expect(phone.get_by_test_id("account-passkey-signin")).to_have_count(0)
    phone.get_by_test_id("account-name").fill("Budi")
    phone.get_by_test_id("account-email").fill(email)
    phone.get_by_test_id("account-mail-send").click()
    expect(phone.get_by_test_id("account-mail-sent")).to_contain_text(email)
    shot(phone, "6-mail-sent")
    text = box.wait(email, 1)[0].get_content()
    link = next(w for w in text.split() if w.startswith(f"{PUBLIC}/account/mail/"))
    phone.goto(link.replace(PUBLIC, server.url))
    expect(phone).to_have_url(f"{server.url}/account")
    expect(phone.get_by_test_id("account-signed-in")).to_contain_text("Budi")
    expect(phone.get_by_test_id(f"account-seat-{gid}")).to_be_visible()
    expect(phone.get_by_test_id("account-sessions")).to_contain_text("this device")
    shot(phone, "7-mail-signed-in")
    # Signing out: the guest page again; the seat this phone took itself stays its own.
    phone.get_by_test_id("account-signout").click()
    expect(phone.get_by_test_id("account-mail-send")).to_be_visible()
    kept = phone.evaluate(f"JSON.parse(localStorage.getItem('meja.seats'))['{gid}']")
    assert kept["credential"] == made["seats"][1]
    assert phone.evaluate("localStorage.getItem('meja.account')") is None

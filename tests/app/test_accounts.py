"""The optional account over HTTP, on both databases: a sign-in link by mail through a real
SMTP server (aiosmtpd), seats that follow the account to a second browser, signing out here
and everywhere, deleting the account (checked in the database), refusals, rate limits, and
no credential, address or session token in any frame, LobbyInfo, history or record."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from app.store.tables import (
    account_links,
    account_passkeys,
    account_seat_keys,
    account_seats,
    account_sessions,
    accounts,
    chat,
    notice_addresses,
    seats,
)
from tests.app.client import Viewer, auth, create, http, join, start, watch_id
from tests.app.notices_support import PUBLIC, LiveServer, Mailbox, notice_settings

COOKIE = "meja_session"


def address() -> str:
    return f"ayu.{uuid.uuid4().hex[:8]}@example.org"


def browser(server: LiveServer) -> httpx.Client:
    """One browser: its own cookie jar (the session cookie lands in it)."""
    return httpx.Client(base_url=server.url, timeout=15)


def mailed_token(mailbox: Mailbox, to: str, count: int = 1) -> str:
    """The token of the newest sign-in link mailed to ``to``."""
    text = mailbox.wait(to, count)[count - 1].get_content()
    found = re.search(re.escape(PUBLIC) + r"/account/mail/([A-Za-z0-9_-]+)", text)
    assert found, text
    return found.group(1)


def signed_in_by_mail(server: LiveServer, mailbox: Mailbox, client: httpx.Client, email: str,
                      credentials: list[str], count: int = 1, name: str = "Ayu"
                      ) -> dict[str, Any]:
    r = client.post("/api/account/mail", json={"email": email, "display_name": name})
    assert r.status_code == 202, r.text
    r = client.post("/api/account/mail/sign-in",
                    json={"token": mailed_token(mailbox, email, count),
                          "credentials": credentials})
    assert r.status_code == 200, r.text
    assert COOKIE in client.cookies
    return r.json()


@pytest.fixture(scope="module")
def mail_server(own_db_url: Callable[[], str], mailbox: Mailbox) -> Any:
    """A server that mails sign-in links through ``mailbox`` (a database of its own)."""
    server = LiveServer(own_db_url(),
                        notices=notice_settings(mailbox.port)).start()  # type: ignore[attr-defined]
    yield server
    server.stop()


def test_a_mailed_link_makes_the_account_and_seats_follow_to_a_second_browser(
        mail_server: LiveServer, mailbox: Mailbox) -> None:
    server, email = mail_server, address()
    lobby = create(server, host="Ayu")
    friend = join(server, lobby, "Budi")
    gid = lobby["game_id"]
    phone = browser(server)
    answer = signed_in_by_mail(server, mailbox, phone, email, [lobby["credential"]])
    assert answer["account"]["display_name"] == "Ayu"
    assert answer["account"]["email"] == email
    # The phone brought its seat and has its credential already: none is handed out again.
    assert [(s["game_id"], s["seat"], s["credential"]) for s in answer["seats"]] == \
        [(gid, 0, None)]
    # The link works once.
    again = phone.post("/api/account/mail/sign-in",
                       json={"token": mailed_token(mailbox, email), "credentials": []})
    assert again.status_code == 404 and again.json()["key"] == "api.link_used"

    # A second device: a new link to the same address signs in to the same account and
    # brings the seat, with a credential of the laptop's own.
    laptop = browser(server)
    second = signed_in_by_mail(server, mailbox, laptop, email, [], count=2)
    (seat,) = second["seats"]
    assert seat["game_id"] == gid and seat["seat"] == 0 and seat["name"] == "Ayu"
    key = seat["credential"]
    assert key and key != lobby["credential"]
    assert http.get(f"{server.url}/api/games/{gid}", headers=auth(key)).json()["you"] == 0
    # The key plays the seat like the first device's credential does (seat 0 moves first).
    start(server, lobby)
    viewer = Viewer(server.ws_url, gid, credential=key)
    viewer.wait_for(lambda f: f["type"] == "snapshot")
    assert viewer.answer(viewer.act({"type": "advance", "n": 1}))["type"] == "accepted"
    viewer.close()

    # A seat taken later on the laptop joins the account, and the phone gets it on its
    # next sync; asking again hands out no second key.
    other = create(server, host="Ayu")
    r = laptop.post("/api/account/seats", json={"credentials": [other["credential"]]})
    assert r.status_code == 200, r.text
    synced = phone.post("/api/account/seats", json={"credentials": [lobby["credential"]]})
    got = {s["game_id"]: s["credential"] for s in synced.json()["seats"]}
    assert got[gid] is None and got[other["game_id"]]
    repeat = phone.post("/api/account/seats", json={"credentials": [lobby["credential"]]})
    assert all(s["credential"] is None for s in repeat.json()["seats"])
    # Another account cannot take a seat this one holds.
    stranger = browser(server)
    signed_in_by_mail(server, mailbox, stranger, address(), [lobby["credential"]],
                      name="Eko")
    mine = stranger.get("/api/account").json()["account"]
    assert mine["display_name"] == "Eko"
    assert stranger.post("/api/account/seats", json={"credentials": []}).json()["seats"] == []
    assert friend["credential"]  # Budi's seat was never anybody's account's

    # Signing the laptop out takes its keys back; the phone stays signed in.
    assert laptop.post("/api/account/sign-out").status_code == 204
    assert COOKIE not in laptop.cookies
    assert http.get(f"{server.url}/api/games/{gid}", headers=auth(key)).status_code == 401
    assert laptop.get("/api/account").json()["account"] is None
    assert phone.get("/api/account").json()["account"]["email"] == email
    # Everywhere: the phone's session ends too (its own guest credential keeps working).
    signed_in_by_mail(server, mailbox, laptop, email, [], count=3)
    assert len(phone.get("/api/account").json()["account"]["sessions"]) == 2
    assert laptop.post("/api/account/sign-out-everywhere").status_code == 204
    assert phone.get("/api/account").json()["account"] is None
    assert phone.post("/api/account/seats", json={"credentials": []}).status_code == 401
    assert http.get(f"{server.url}/api/games/{gid}",
                    headers=auth(lobby["credential"])).json()["you"] == 0


def test_deleting_the_account_removes_its_personal_data(mail_server: LiveServer,
                                                        mailbox: Mailbox) -> None:
    server, email, turn_mail = mail_server, address(), address()
    r = http.post(f"{server.url}/api/lobbies", json={"game": "race", "seats": 2,
                                                    "host_name": "Ayu", "host_email": turn_mail})
    assert r.status_code == 201, r.text
    lobby = r.json()
    friend = join(server, lobby, "Budi")
    gid = lobby["game_id"]
    start(server, lobby)
    ayu = Viewer(server.ws_url, gid, credential=lobby["credential"])
    ayu.wait_for(lambda f: f["type"] == "snapshot")
    ayu.ws.send('{"type": "chat", "channel": "table", "text": "halo"}')
    ayu.wait_for(lambda f: f["type"] == "chat"
                 and any(m["text"] == "halo" for m in f["messages"]))
    ayu.close()
    budi = Viewer(server.ws_url, gid, credential=friend["credential"])
    budi.wait_for(lambda f: f["type"] == "snapshot")
    phone = browser(server)
    answer = signed_in_by_mail(server, mailbox, phone, email, [lobby["credential"]])
    laptop = browser(server)
    key = signed_in_by_mail(server, mailbox, laptop, email, [], count=2)["seats"][0][
        "credential"]
    store = server.app.state.store
    with store.engine.connect() as conn:
        account_id = conn.execute(select(accounts.c.id).where(accounts.c.email == email)
                                  ).scalar_one()
    assert phone.delete("/api/account").status_code == 204
    assert answer["account"]["display_name"] == "Ayu"
    # Budi, at the table, is told at once.
    frame = budi.wait_for(lambda f: f["type"] == "lobby" and f["lobby"]["seats"][0]["former"])
    assert frame["lobby"]["seats"][0]["name"] == "a former player"
    budi.close()

    with store.engine.connect() as conn:
        row = conn.execute(select(accounts).where(accounts.c.id == account_id)).mappings().one()
        assert row["email"] is None and row["display_name"] is None
        assert row["deleted_at"] is not None
        for table in (account_sessions, account_passkeys):
            assert conn.execute(select(func.count()).select_from(table).where(
                table.c.account_id == account_id)).scalar() == 0
        assert conn.execute(select(func.count()).select_from(account_links).where(
            account_links.c.email == email)).scalar() == 0
        assert conn.execute(select(func.count()).select_from(account_seat_keys)).scalar() == \
            conn.execute(select(func.count()).select_from(account_seat_keys).join(
                account_seats, account_seats.c.seat_id == account_seat_keys.c.seat_id).where(
                account_seats.c.account_id != account_id)).scalar()
        seat = conn.execute(select(seats).where(seats.c.game_id == gid, seats.c.seat == 0)
                            ).mappings().one()
        assert seat["name"] == "a former player" and seat["former"] is True
        said = conn.execute(select(chat.c.name).where(chat.c.game_id == gid)).scalars().all()
        assert said == ["a former player"]
        # Nor is the address typed at the seat for your-turn mail kept.
        assert conn.execute(select(func.count()).select_from(notice_addresses).where(
            notice_addresses.c.address == turn_mail)).scalar() == 0
    # The game stays; its seat says who played it no more.
    info = http.get(f"{server.url}/api/games/{gid}", headers=auth(lobby["credential"])).json()
    assert info["status"] == "active"
    assert info["seats"][0]["former"] is True and info["seats"][1]["former"] is False
    # Both browsers are signed out; the laptop's key opens nothing.
    assert phone.get("/api/account").json()["account"] is None
    assert laptop.get("/api/account").json()["account"] is None
    assert http.get(f"{server.url}/api/games/{gid}", headers=auth(key)).status_code == 401
    assert phone.delete("/api/account").status_code == 401


def test_no_secret_or_address_reaches_a_frame_lobby_history_or_record(
        mail_server: LiveServer, mailbox: Mailbox) -> None:
    server, email = mail_server, address()
    lobby = create(server, host="Ayu", options={"goal": 3})
    friend = join(server, lobby, "Budi")
    gid = lobby["game_id"]
    phone, laptop = browser(server), browser(server)
    signed_in_by_mail(server, mailbox, phone, email, [lobby["credential"]])
    key = signed_in_by_mail(server, mailbox, laptop, email, [], count=2)["seats"][0][
        "credential"]
    start(server, lobby)
    ayu = Viewer(server.ws_url, gid, credential=key)
    budi = Viewer(server.ws_url, gid, credential=friend["credential"])
    spec = Viewer(server.ws_url, gid, watch=watch_id(lobby))
    for v in (ayu, budi, spec):
        v.wait_for(lambda f: f["type"] == "snapshot")
    for turn in range(6):
        mover = ayu if turn % 2 == 0 else budi
        if mover.doc and mover.doc["status"] == "finished":
            break
        assert mover.answer(mover.act({"type": "advance", "n": 1}))["type"] == "accepted"
        for v in (ayu, budi, spec):
            v.wait_version(turn + 1)
    assert spec.doc is not None and spec.doc["status"] == "finished"
    secrets = {"seat credential": lobby["credential"], "account's seat key": key,
               "guest credential": friend["credential"], "address": email,
               "phone session": phone.cookies[COOKIE], "laptop session": laptop.cookies[COOKIE]}
    seen = {"frames": "".join(v2 for v in (ayu, budi, spec) for v2 in v.raw)}
    for who, cred in (("seat", key), ("spectator", None)):
        headers = auth(cred) if cred else {}
        query: dict[str, str] = {} if cred else {"watch": watch_id(lobby)}
        for what in ("", "/history", "/record"):
            r = http.get(f"{server.url}/api/games/{gid}{what}", headers=headers, params=query)
            assert r.status_code == 200, (what, r.text)
            seen[f"{who} {what or 'LobbyInfo'}"] = r.text
    leaks = [(name, where) for name, value in secrets.items() for where, text in seen.items()
             if value in text]
    assert not leaks, leaks
    # The scan finds what it looks for: the seat's own answer to its key names the game.
    assert gid in seen["seat LobbyInfo"]
    for v in (ayu, budi, spec):
        v.close()


def test_bad_requests_are_refused_with_a_sentence(mail_server: LiveServer) -> None:
    guest = browser(mail_server)
    refused: list[tuple[str, str, Any, int, str]] = [
        ("post", "/api/account/seats", {"credentials": []}, 401, "api.needs_account"),
        ("post", "/api/account/sign-out", None, 401, "api.needs_account"),
        ("delete", "/api/account", None, 401, "api.needs_account"),
        ("post", "/api/account/mail/sign-in", {"token": "nope", "credentials": []}, 404,
         "api.link_used"),
        ("post", "/api/account/passkeys/register",
         {"ceremony": "nope", "credential": {}, "credentials": []}, 409,
         "api.passkey_expired"),
        ("post", "/api/account/passkeys/sign-in",
         {"ceremony": "nope", "credential": {"id": "x"}, "credentials": []}, 409,
         "api.passkey_expired"),
    ]
    for method, path, body, status, key in refused:
        r = guest.request(method.upper(), path, json=body)
        assert r.status_code == status, (path, r.text)
        assert r.json()["key"] == key and r.json()["detail"].endswith("."), r.text
    malformed: list[dict[str, Any]] = [
        {"email": "not an address"}, {"email": "a@example.org", "extra": 1},
        {"email": "a@example.org", "display_name": "   "}]
    for bad in malformed:
        r = guest.post("/api/account/mail", json=bad)
        assert r.status_code == 422, (bad, r.text)
    r = guest.post("/api/account/passkeys/register-options", json={})
    assert r.status_code == 422
    # A real ceremony answered with nonsense is refused, and used up.
    start = guest.post("/api/account/passkeys/sign-in-options", json={}).json()
    assert start["options"]["rpId"] == "127.0.0.1" and start["options"]["challenge"]
    r = guest.post("/api/account/passkeys/sign-in",
                   json={"ceremony": start["ceremony"], "credential": {"id": "abc"},
                         "credentials": []})
    assert r.status_code == 401 and r.json()["key"] == "api.passkey_unknown"
    r = guest.post("/api/account/passkeys/sign-in",
                   json={"ceremony": start["ceremony"], "credential": {"id": "abc"},
                         "credentials": []})
    assert r.status_code == 409
    reg = guest.post("/api/account/passkeys/register-options",
                     json={"display_name": "Ayu"}).json()
    r = guest.post("/api/account/passkeys/register",
                   json={"ceremony": reg["ceremony"], "credential": {"id": "abc"},
                         "credentials": []})
    assert r.status_code == 422 and r.json()["key"] == "api.passkey_refused"


def test_account_routes_are_rate_limited(own_db_url: Callable[[], str]) -> None:
    server = LiveServer(own_db_url(), rate_accounts=3).start()
    try:
        codes = [http.get(f"{server.url}/api/account").status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        for method, path in (("GET", "/api/account"), ("POST", "/api/account/mail"),
                             ("POST", "/api/account/passkeys/sign-in-options")):
            r = http.request(method, f"{server.url}{path}", json={})
            assert r.status_code == 429, (path, r.text)
            assert int(r.headers["Retry-After"]) >= 1
    finally:
        server.stop()


def test_without_mail_the_link_is_refused_as_such(live_server: LiveServer) -> None:
    r = http.post(f"{live_server.url}/api/account/mail", json={"email": address()})
    assert r.status_code == 409 and r.json()["key"] == "api.mail_off"


def test_the_session_cookie_is_http_only_lax_and_secure_over_https(
        mail_server: LiveServer, mailbox: Mailbox) -> None:
    email = address()
    r = http.post(f"{mail_server.url}/api/account/mail", json={"email": email})
    assert r.status_code == 202
    # Behind the trusted proxy (127.0.0.1) that says the page came over https.
    r = http.post(f"{mail_server.url}/api/account/mail/sign-in",
                  json={"token": mailed_token(mailbox, email), "credentials": []},
                  headers={"X-Forwarded-Proto": "https"})
    assert r.status_code == 200, r.text
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "secure", "samesite"} <= flags and "samesite=lax" in cookie.lower()
    assert r.json()["account"]["display_name"] == email.split("@")[0]
    # Over plain http (a LAN set-up) the cookie could not be sent back if it said Secure.
    r = http.post(f"{mail_server.url}/api/account/mail", json={"email": email})
    plain = http.post(f"{mail_server.url}/api/account/mail/sign-in",
                      json={"token": mailed_token(mailbox, email, 2), "credentials": []})
    assert "secure" not in plain.headers["set-cookie"].lower()


def test_sign_in_mails_to_one_address_are_limited_whoever_asks(
        own_db_url: Callable[[], str], mailbox: Mailbox) -> None:
    server = LiveServer(own_db_url(), rate_signin_mails=1,
                        notices=notice_settings(mailbox.port)).start()  # type: ignore[attr-defined]
    try:
        victim, other = address(), address()
        assert http.post(f"{server.url}/api/account/mail",
                         json={"email": victim}).status_code == 202
        again = http.post(f"{server.url}/api/account/mail", json={"email": victim.upper()})
        assert again.status_code == 429 and again.json()["key"] == "api.rate_limited"
        assert "api.limited.mails" in str(again.json()["params"])  # worded by the page
        assert http.post(f"{server.url}/api/account/mail",
                         json={"email": other}).status_code == 202
        # Each mail leaves from its own thread, so the two may arrive in either order.
        mailbox.wait(other, 1)
        mailbox.wait(victim, 1)
        assert len(mailbox.to(victim)) == 1
    finally:
        server.stop()

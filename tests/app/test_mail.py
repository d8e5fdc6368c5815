"""Your-turn e-mail against a real SMTP server (aiosmtpd): one mail per turn to a player
who is away, a daily digest for turn-based tables, unsubscribing, and addresses that
nobody else ever sees."""

from __future__ import annotations

import datetime as dt
import uuid
from pathlib import Path
from typing import Any

from sqlalchemy import select, update

from app.store.db import migrate
from app.store.tables import games, notice_outbox
from tests.app.client import Viewer, auth, http, invite_of
from tests.app.notices_support import (
    PUBLIC,
    LiveServer,
    Mailbox,
    notice_settings,
    wait_until,
)

TURN_BASED = {"time_control": {"kind": "turn", "bank_seconds": 600, "increment_seconds": 10,
                               "turn_seconds": 86400}, "out_of_time": "bot"}


def addr(who: str) -> str:
    return f"{who}.{uuid.uuid4().hex[:8]}@example.org"


def table(server: LiveServer, host_email: str | None = None, guest_email: str | None = None,
          guest_lang: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A started two-seat race: the host's lobby answer and the guest's join answer."""
    body: dict[str, Any] = {"game": "race", "seats": 2, "host_name": "Ayu"}
    if host_email:
        body["host_email"] = host_email
    r = http.post(f"{server.url}/api/lobbies", json=body)
    assert r.status_code == 201, r.text
    lobby = r.json()
    invite = invite_of(lobby)
    join: dict[str, Any] = {"name": "Budi"}
    if guest_email:
        join["email"] = guest_email
    if guest_lang:
        join["lang"] = guest_lang
    r = http.post(f"{server.url}/api/invites/{invite}/join", json=join)
    assert r.status_code == 200, r.text
    return lobby, r.json()


def start(server: LiveServer, lobby: dict[str, Any]) -> None:
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/start",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text


def move(viewer: Viewer) -> int:
    """One accepted step of the race; the version it made."""
    cid = viewer.act({"type": "advance", "n": 1})
    answer = viewer.answer(cid)
    assert answer["type"] == "accepted", answer
    return int(answer["version"])


def sees_presence(viewer: Viewer, seat: int, connected: bool) -> None:
    """Read until a presence frame shows ``seat`` so (call it for the connect as well as
    the disconnect: an older frame would match otherwise)."""
    viewer.wait_for(lambda f: f["type"] == "presence"
                    and f["seats"][seat]["connected"] is connected)


def sees_guest_offline(host: Viewer) -> None:
    sees_presence(host, 1, False)


def test_one_mail_per_turn_to_a_player_who_is_away(notice_server: LiveServer,
                                                   mailbox: Mailbox) -> None:
    host_mail, guest_mail = addr("ayu"), addr("budi")
    lobby, guest = table(notice_server, host_mail, guest_mail)
    gid = lobby["game_id"]
    start(notice_server, lobby)
    # The host is awaited first and has no page open: a mail.
    first = mailbox.wait(host_mail, 1)[0]
    assert first["Subject"] == "Your turn: Race (benchmark)"
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    move(host)                                    # the guest's turn, and the guest is away
    mail = mailbox.wait(guest_mail, 1)[0]
    text = mail.get_content()
    assert f"{PUBLIC}/game/{gid}" in text
    assert "Hello Budi" in text and "Ayu" in text
    assert mail["List-Unsubscribe"].startswith(f"<{PUBLIC}/unsubscribe/")
    # No credential of anybody's in the mail: the link is the plain game page.
    for secret in (lobby["credential"], guest["credential"]):
        assert secret not in mail.as_string()

    budi = Viewer(notice_server.ws_url, gid, credential=guest["credential"])
    budi.wait_for(lambda f: f["type"] == "snapshot")
    sees_presence(host, 1, True)
    move(budi)                 # the host's turn, but the host is connected: no mail
    budi.close()
    sees_guest_offline(host)
    move(host)                 # a new turn of the guest's: the second mail
    assert len(mailbox.wait(guest_mail, 2)) == 2
    # The guest's turns got a mail each, the host's connected turn none (the intake is in
    # order, so the guest's second mail means the host's turn was already decided).
    assert len(mailbox.to(host_mail)) == 1
    # The same turn offered again (another process catching up) queues nothing new.
    room = notice_server.app.state.hub.rooms[gid]
    notices = notice_server.app.state.notices
    notices._offer(room, room.version, {0}, {1})
    store = notice_server.app.state.store
    with store.engine.connect() as conn:
        keys = conn.execute(select(notice_outbox.c.key).where(
            notice_outbox.c.game_id == gid, notice_outbox.c.kind == "mail")).scalars().all()
    assert len(keys) == 3
    host.close()


def test_a_player_gets_mail_in_the_language_they_joined_in(notice_server: LiveServer,
                                                           mailbox: Mailbox) -> None:
    host_mail, guest_mail = addr("ayu"), addr("budi")
    lobby, guest = table(notice_server, host_mail, guest_mail, guest_lang="id")
    start(notice_server, lobby)
    # The host left no language: English.
    assert mailbox.wait(host_mail, 1)[0]["Subject"] == "Your turn: Race (benchmark)"
    host = Viewer(notice_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    move(host)
    mail = mailbox.wait(guest_mail, 1)[0]
    assert mail["Subject"] == "Giliran Anda: Race (benchmark)"
    text = mail.get_content()
    assert "Halo Budi" in text and "(bersama Ayu)" in text
    assert f"{PUBLIC}/game/{lobby['game_id']}" in text
    host.close()


def test_addresses_are_checked_and_never_shown(notice_server: LiveServer,
                                               mailbox: Mailbox) -> None:
    r = http.post(f"{notice_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu", "host_email": "ayu at home"})
    assert r.status_code == 422
    assert "does not look right" in r.json()["detail"]
    host_mail, guest_mail = addr("ayu"), addr("budi")
    lobby, guest = table(notice_server, host_mail)
    invite = invite_of(lobby)
    r = http.post(f"{notice_server.url}/api/invites/{invite}/join",
                  json={"name": "Cici", "email": "cici@"})
    assert r.status_code == 422 and "e-mail address" in r.json()["detail"]
    start(notice_server, lobby)
    gid = lobby["game_id"]
    seen = [
        http.get(f"{notice_server.url}/api/games/{gid}", headers=auth(lobby["credential"])).text,
        http.get(f"{notice_server.url}/api/invites/{invite}").text,
        http.get(f"{notice_server.url}/api/games/{gid}/history",
                 headers=auth(guest["credential"])).text,
        http.get(f"{notice_server.url}/api/lobbies").text,
    ]
    v = Viewer(notice_server.ws_url, gid, credential=guest["credential"])
    v.wait_for(lambda f: f["type"] == "snapshot")
    seen += v.raw
    v.close()
    assert mailbox.wait(host_mail, 1)
    for text in seen:
        assert "ayu." not in text and "@example.org" not in text and guest_mail not in text


def test_unsubscribe_stops_the_mail(notice_server: LiveServer, mailbox: Mailbox) -> None:
    host_mail, guest_mail = addr("ayu"), addr("budi")
    lobby, guest = table(notice_server, host_mail, guest_mail)
    start(notice_server, lobby)
    link = mailbox.wait(host_mail, 1)[0]["List-Unsubscribe"].strip("<>")
    local = link.replace(PUBLIC, notice_server.url)
    page = http.get(local)
    assert page.status_code == 200 and "Stop the mail" in page.text
    assert "ayu" not in page.text.split("@")[0][-8:]  # the address is shown masked
    # Opening the link (as mail scanners do) changes nothing; the button does.
    done = http.post(local)
    assert done.status_code == 200 and "sends no more mail" in done.text
    assert http.get(local.rsplit(".", 1)[0] + ".forged").status_code == 404

    gid = lobby["game_id"]
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    move(host)
    budi = Viewer(notice_server.ws_url, gid, credential=guest["credential"])
    budi.wait_for(lambda f: f["type"] == "snapshot")
    sees_presence(budi, 0, True)
    host.close()
    sees_presence(budi, 0, False)
    move(budi)                  # the host's new turn: the host unsubscribed
    budi.close()
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    sees_guest_offline(host)    # budi never comes back: the first such frame is the truth
    move(host)                  # the guest's turn: still subscribed, so mailed
    assert len(mailbox.wait(guest_mail, 2)) == 2
    assert len(mailbox.to(host_mail)) == 1
    host.close()


def _turn_based(server: LiveServer, gid: str) -> None:
    """Make a started table turn-based as the clock's settings store it (COMMON.md's shape;
    the settings model that accepts it at creation is another part of issue 12)."""
    with server.app.state.store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == gid).values(settings=TURN_BASED))
    server.app.state.hub.rooms[gid].game["settings"] = TURN_BASED


def test_turn_based_tables_send_one_digest_a_day(notice_server: LiveServer,
                                                 mailbox: Mailbox) -> None:
    notices = notice_server.app.state.notices
    guest_mail = addr("budi")
    tables = []
    for _ in range(2):
        lobby, guest = table(notice_server, None, guest_mail)
        start(notice_server, lobby)
        _turn_based(notice_server, lobby["game_id"])
        host = Viewer(notice_server.ws_url, lobby["game_id"], credential=lobby["credential"])
        host.wait_for(lambda f: f["type"] == "snapshot")
        move(host)  # both tables now wait for the guest
        tables.append((lobby, guest, host))
    t0 = dt.datetime.now(dt.UTC)
    notices.clock = lambda: t0
    try:
        store = notice_server.app.state.store
        wait_until(lambda: len(notices.db.waiting_for(guest_mail)) == 2, what="two waits")
        assert notices.run_digests() == 1
        digest = mailbox.wait(guest_mail, 1)[0]
        assert digest["Subject"] == "Meja: 2 tables are waiting for you"
        for lobby, _, _ in tables:
            assert f"{PUBLIC}/game/{lobby['game_id']}" in digest.get_content()
        # A new turn the same day adds no mail: the guest moves at table 1, the host
        # answers, the guest is awaited again.
        lobby, guest, host = tables[0]
        budi = Viewer(notice_server.ws_url, lobby["game_id"], credential=guest["credential"])
        budi.wait_for(lambda f: f["type"] == "snapshot")
        sees_presence(host, 1, True)
        move(budi)
        budi.close()
        sees_guest_offline(host)
        move(host)
        wait_until(lambda: any(w["since_at"] and w["id"] == lobby["game_id"]
                               and w["seat_id"] for w in notices.db.waiting_for(guest_mail))
                   and len(notices.db.waiting_for(guest_mail)) == 2, what="the new wait")
        assert notices.run_digests() == 0
        # A day later the digest comes again, listing what still waits.
        notices.clock = lambda: t0 + dt.timedelta(hours=25)
        assert notices.run_digests() == 1
        assert len(mailbox.wait(guest_mail, 2)) == 2
        # Turn-based tables never sent a per-turn mail.
        assert all(m["Subject"] != "Your turn: Race (benchmark)"
                   for m in mailbox.to(guest_mail))
        with store.engine.connect() as conn:
            kinds = conn.execute(select(notice_outbox.c.key).where(
                notice_outbox.c.key.like("turn:%"),
                notice_outbox.c.game_id.in_([t[0]["game_id"] for t in tables]))).all()
        assert kinds == []
    finally:
        notices.clock = lambda: dt.datetime.now(dt.UTC)
        for _, _, host in tables:
            host.close()


def test_queued_mail_survives_a_restart(tmp_path: Path, mailbox: Mailbox) -> None:
    """A server whose SMTP server is down keeps the mail in the outbox; the next server on
    the same database sends it. (A database of its own: any other server on the shared
    test database would send the row first - which is the point of a shared outbox.)"""
    db_url = f"sqlite:///{tmp_path / 'restart.db'}"
    migrate(db_url)
    down = LiveServer(db_url, notices=notice_settings(1, retry_base=30)).start()
    try:
        host_mail = addr("ayu")
        lobby, _ = table(down, host_mail)
        start(down, lobby)
        store = down.app.state.store

        def tried() -> bool:
            with store.engine.connect() as conn:
                return bool(conn.execute(select(notice_outbox.c.attempts).where(
                    notice_outbox.c.game_id == lobby["game_id"])).scalar())
        wait_until(tried, what="a failed try")
    finally:
        down.stop()
    with store.engine.begin() as conn:  # the retry is due now rather than in 30 s
        conn.execute(update(notice_outbox).where(notice_outbox.c.game_id == lobby["game_id"])
                     .values(next_at=dt.datetime.now(dt.UTC)))
    up = LiveServer(db_url, notices=notice_settings(mailbox.port)).start()  # type: ignore[attr-defined]
    try:
        assert len(mailbox.wait(host_mail, 1)) == 1
    finally:
        up.stop()

"""Web Push against a real push receiver: a small HTTP server on 127.0.0.1 stands in for a
browser's push service, and the test plays the browser - it holds the subscription's
private key and decrypts what arrives (``http_ece``, aes128gcm: what browsers do). One push
per turn in the device's language, tagged per game; 410 forgets the subscription, 429 waits
for Retry-After; quiet hours and a muted table hold the notice."""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import json
import os
import threading
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from sqlalchemy import select

from app.store import accounts as accounts_db
from app.store.pushtables import push_subscriptions
from app.store.tables import notice_outbox
from tests.app.client import Viewer, auth, http
from tests.app.crews_support import play_race, with_account
from tests.app.notices_support import LiveServer, Mailbox, read_request, serve_in_thread, wait_until
from tests.app.test_mail import addr, move, sees_presence, start, table


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """The browser's side of one subscription: its key pair and auth secret."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        raw = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                 serialization.PublicFormat.UncompressedPoint)
        return {"p256dh": b64(raw), "auth": b64(self.secret)}

    def read(self, body: bytes) -> dict[str, Any]:
        """Decrypt a push as the browser does (RFC 8291, aes128gcm)."""
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.secret,
                                 version="aes128gcm")
        return dict(json.loads(plain))


@dataclass
class PushService:
    """A push service on 127.0.0.1: records each POST (headers and raw body) under its path
    and answers from ``answers`` ((status, headers), then 201)."""

    answers: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    got: list[dict[str, Any]] = field(default_factory=list)
    port: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{name}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line, headers, body = await read_request(reader)
            with self.lock:
                status, extra = self.answers.pop(0) if self.answers else (201, {})
                self.got.append({"path": line.split()[1], "headers": headers,
                                 "body": body, "status": status,
                                 "at": dt.datetime.now(dt.UTC)})
            more = "".join(f"{k}: {v}\r\n" for k, v in extra.items())
            writer.write(f"HTTP/1.1 {status} X\r\nContent-Length: 0\r\n{more}"
                         f"Connection: close\r\n\r\n".encode())
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    def start(self) -> PushService:
        def ready(_loop: asyncio.AbstractEventLoop, port: int) -> None:
            self.port = port

        serve_in_thread(self._serve, ready)
        return self

    def to(self, name: str) -> list[dict[str, Any]]:
        with self.lock:
            return [g for g in self.got if g["path"] == f"/push/{name}"]

    def wait(self, name: str, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        return wait_until(lambda: len(self.to(name)) >= count and self.to(name), timeout,
                          f"{count} push(es) to {name}")


def subscribe(server: LiveServer, seat: dict[str, Any], game_id: str, endpoint: str,
              browser: Browser, **extra: Any) -> dict[str, Any]:
    r = http.post(f"{server.url}/api/games/{game_id}/push", headers=auth(seat["credential"]),
                  json={"endpoint": endpoint, "keys": browser.keys(), **extra})
    assert r.status_code == 200, r.text
    return dict(r.json())


def outbox(server: LiveServer, game_id: str, kind: str) -> list[dict[str, Any]]:
    with server.app.state.store.engine.connect() as conn:
        return [dict(r) for r in conn.execute(select(notice_outbox).where(
            notice_outbox.c.game_id == game_id, notice_outbox.c.kind == kind)
            .order_by(notice_outbox.c.id)).mappings()]


def turn_of_guest(server: LiveServer, host: Viewer) -> None:
    """The host moves: the guest's turn begins while the guest has no page open."""
    move(host)


def guest_plays(server: LiveServer, game_id: str, guest: dict[str, Any], host: Viewer) -> None:
    """The guest opens the table, moves and goes away again."""
    budi = Viewer(server.ws_url, game_id, credential=guest["credential"])
    budi.wait_for(lambda f: f["type"] == "snapshot")
    sees_presence(host, 1, True)
    move(budi)
    budi.close()
    sees_presence(host, 1, False)


def test_a_turn_reaches_the_device_encrypted_in_its_language(
        notice_server: LiveServer) -> None:
    service = PushService().start()
    lobby, guest = table(notice_server)
    gid = lobby["game_id"]
    phone = Browser()
    state = subscribe(notice_server, guest, gid, service.endpoint("budi"), phone, lang="id")
    assert state == {"muted": False, "devices": 1}
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    turn_of_guest(notice_server, host)
    got = service.wait("budi", 1)[0]
    data = phone.read(got["body"])
    assert data == {"game": gid, "seat": 1, "title": "Giliran Anda: Race (tolok ukur)",
                    "body": "Budi, meja menunggu langkah Anda.", "url": f"/game/{gid}",
                    "tag": f"meja-turn-{gid}"}
    headers = got["headers"]
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["ttl"] == str(12 * 3600)
    assert headers["topic"] == gid[:32]
    # VAPID: signed by the key the server hands to browsers, for this push service.
    key = http.get(f"{notice_server.url}/api/push/key").json()["public_key"]
    scheme, _, params = headers["authorization"].partition(" ")
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert scheme == "vapid" and fields["k"] == key
    raw = unb64(key)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    head, payload, sig = fields["t"].split(".")
    raw_sig = unb64(sig)
    public.verify(encode_dss_signature(int.from_bytes(raw_sig[:32]), int.from_bytes(raw_sig[32:])),
                  f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(unb64(payload))
    assert claims["aud"] == f"http://127.0.0.1:{service.port}"
    assert claims["sub"].startswith("mailto:")
    # The subscription is nobody else's business: not in LobbyInfo, the history or a frame.
    endpoint = service.endpoint("budi")
    for url in (f"/api/games/{gid}", f"/api/games/{gid}/history"):
        r = http.get(notice_server.url + url, headers=auth(lobby["credential"]))
        assert r.status_code == 200 and endpoint not in r.text and "p256dh" not in r.text
    assert not any(endpoint in raw_frame for raw_frame in host.raw)
    host.close()


def test_at_most_one_push_per_turn_over_twenty_turns(notice_server: LiveServer) -> None:
    service = PushService().start()
    lobby, guest = table(notice_server)
    gid = lobby["game_id"]
    phone = Browser()
    subscribe(notice_server, guest, gid, service.endpoint("twenty"), phone, lang="en")
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    for turn in range(1, 21):
        turn_of_guest(notice_server, host)
        service.wait("twenty", turn)
        # The same turn offered again (another process catching up) sends nothing more.
        notices = notice_server.app.state.notices
        room = notice_server.app.state.hub.rooms[gid]
        notices._offer(room, room.version, {0}, {1})
        guest_plays(notice_server, gid, guest, host)
    turn_of_guest(notice_server, host)   # a 21st turn: its push comes after every repeat
    got = service.wait("twenty", 21)
    assert len(got) == 21
    assert all(phone.read(g["body"])["title"] == "Your turn: Race (benchmark)" for g in got)
    keys = [r["key"] for r in outbox(notice_server, gid, "push")]
    assert len(keys) == len(set(keys)) == 21
    host.close()


def test_410_forgets_the_subscription(notice_server: LiveServer) -> None:
    service = PushService(answers=[(410, {})]).start()
    lobby, guest = table(notice_server)
    gid = lobby["game_id"]
    subscribe(notice_server, guest, gid, service.endpoint("gone"), Browser())
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    turn_of_guest(notice_server, host)
    service.wait("gone", 1)

    def devices() -> int:
        r = http.get(f"{notice_server.url}/api/games/{gid}/notices",
                     headers=auth(guest["credential"]))
        return int(r.json()["devices"])

    wait_until(lambda: devices() == 0, what="the subscription deleted")
    with notice_server.app.state.store.engine.connect() as conn:
        assert not conn.execute(select(push_subscriptions.c.id).where(
            push_subscriptions.c.game_id == gid)).all()
    row = outbox(notice_server, gid, "push")[0]
    assert row["sent_at"] is None and "410" in row["error"]
    # A second device subscribes later: only it is reached on the next turn.
    subscribe(notice_server, guest, gid, service.endpoint("new"), Browser())
    guest_plays(notice_server, gid, guest, host)
    turn_of_guest(notice_server, host)
    service.wait("new", 1)
    assert len(service.to("gone")) == 1
    host.close()


def test_429_waits_as_long_as_retry_after_says(notice_server: LiveServer) -> None:
    service = PushService(answers=[(429, {"Retry-After": "2"})]).start()
    lobby, guest = table(notice_server)
    gid = lobby["game_id"]
    phone = Browser()
    subscribe(notice_server, guest, gid, service.endpoint("busy"), phone)
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    turn_of_guest(notice_server, host)
    first = service.wait("busy", 1)[0]
    assert first["status"] == 429
    # The row waits Retry-After (2 s), not the first back-off of the settings (0.1 s).
    row = wait_until(lambda: [r for r in outbox(notice_server, gid, "push")
                              if r["attempts"] == 1], what="the 429 recorded")[0]
    next_at = row["next_at"].replace(tzinfo=row["next_at"].tzinfo or dt.UTC)
    assert next_at - first["at"] >= dt.timedelta(seconds=1.9)
    second = service.wait("busy", 2)[1]
    assert second["status"] == 201
    assert second["at"] >= next_at - dt.timedelta(seconds=0.05)
    assert phone.read(second["body"])["game"] == gid
    host.close()


def test_quiet_hours_hold_the_push_and_the_mail_until_morning(
        notice_server: LiveServer, mailbox: Mailbox) -> None:
    service = PushService().start()
    guest_mail = addr("budi")
    lobby, guest = table(notice_server, guest_email=guest_mail)
    gid = lobby["game_id"]
    phone = Browser()
    # Quiet from an hour ago to an hour from now, in Jakarta.
    jakarta = ZoneInfo("Asia/Jakarta")
    here = dt.datetime.now(jakarta)
    start_q, end_q = here - dt.timedelta(hours=1), here + dt.timedelta(hours=1)
    subscribe(notice_server, guest, gid, service.endpoint("night"), phone,
              time_zone="Asia/Jakarta", quiet={"start": start_q.strftime("%H:%M"),
                                                "end": end_q.strftime("%H:%M")})
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    turn_of_guest(notice_server, host)
    rows = wait_until(lambda: len(outbox(notice_server, gid, "push")) == 1
                      and len(outbox(notice_server, gid, "mail")) == 1
                      and outbox(notice_server, gid, "push") + outbox(notice_server, gid,
                                                                        "mail"),
                      what="the turn's push and mail queued")
    morning = end_q.replace(second=0, microsecond=0).astimezone(dt.UTC)
    for row in rows:
        held = row["next_at"].replace(tzinfo=row["next_at"].tzinfo or dt.UTC)
        assert held == morning, row["kind"]
        assert row["sent_at"] is None
    assert service.to("night") == [] and mailbox.to(guest_mail) == []
    # Morning comes (the dispatcher's clock moves past the quiet hours): both go out.
    notices = notice_server.app.state.notices
    real = notices.clock
    notices.clock = lambda: real() + dt.timedelta(hours=1, minutes=1)
    try:
        got = service.wait("night", 1)[0]
        assert phone.read(got["body"])["seat"] == 1
        mailbox.wait(guest_mail, 1)
    finally:
        notices.clock = real
    host.close()


def test_a_muted_table_sends_no_push_and_no_mail(notice_server: LiveServer,
                                                 mailbox: Mailbox) -> None:
    service = PushService().start()
    guest_mail = addr("budi")
    lobby, guest = table(notice_server, guest_email=guest_mail)
    gid = lobby["game_id"]
    subscribe(notice_server, guest, gid, service.endpoint("muted"), Browser())
    r = http.put(f"{notice_server.url}/api/games/{gid}/notices", json={"muted": True},
                 headers=auth(guest["credential"]))
    assert r.status_code == 200 and r.json() == {"muted": True, "devices": 1}
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    turn_of_guest(notice_server, host)          # muted: nothing queued for this turn
    guest_plays(notice_server, gid, guest, host)
    r = http.put(f"{notice_server.url}/api/games/{gid}/notices", json={"muted": False},
                 headers=auth(guest["credential"]))
    assert r.json() == {"muted": False, "devices": 1}
    turn_of_guest(notice_server, host)          # unmuted: this turn's push and mail
    service.wait("muted", 1)
    mailbox.wait(guest_mail, 1)
    # The queue is in order: the muted turn would have come first. Exactly one of each.
    assert len(service.to("muted")) == 1 and len(mailbox.to(guest_mail)) == 1
    assert len(outbox(notice_server, gid, "push")) == 1
    host.close()


def test_subscriptions_are_checked(notice_server: LiveServer) -> None:
    lobby, guest = table(notice_server)
    gid = lobby["game_id"]
    url = f"{notice_server.url}/api/games/{gid}/push"
    good = {"endpoint": "https://1.1.1.1/x", "keys": Browser().keys()}
    r = http.post(url, json=good)
    assert r.status_code == 401
    r = http.post(url, json={**good, "keys": {"p256dh": "A" * 87, "auth": "A" * 22}},
                  headers=auth(guest["credential"]))
    assert r.status_code == 422 and "p256dh" in r.json()["detail"]
    r = http.post(url, json={**good, "quiet": {"start": "22:00"}},
                  headers=auth(guest["credential"]))
    assert r.status_code == 422 and "quiet.end" in r.json()["detail"]
    # A zone the server does not know: accepted, its quiet hours read in UTC.
    r = http.post(url, json={**good, "time_zone": "Mars/Olympus"},
                  headers=auth(guest["credential"]))
    assert r.status_code == 200 and r.json()["devices"] == 1
    with notice_server.app.state.store.engine.connect() as conn:
        zones = conn.execute(select(push_subscriptions.c.time_zone).where(
            push_subscriptions.c.game_id == gid)).scalars().all()
    assert zones == [None]
    other, _ = table(notice_server)
    r = http.post(f"{notice_server.url}/api/games/{other['game_id']}/push", json=good,
                  headers=auth(guest["credential"]))
    assert r.status_code == 403
    # Taking a device off: an endpoint that could never have been stored (a NUL byte, which
    # PostgreSQL refuses outright) is a 422 with a sentence, not a server error.
    r = http.post(f"{url}/remove", json={"endpoint": "j7E\u0001\u0000sD"},
                  headers=auth(guest["credential"]))
    assert r.status_code == 422 and "endpoint" in r.json()["detail"]
    r = http.post(f"{url}/remove", json={"endpoint": good["endpoint"]},
                  headers=auth(guest["credential"]))
    assert r.status_code == 200 and r.json()["devices"] == 0


def test_a_crews_new_table_reaches_each_members_phone(notice_server: LiveServer) -> None:
    """"New table with the crew" pushes to the other members' devices (any seat they
    subscribed from), in each device's language, linking to the new table's invite."""
    service = PushService().start()
    ana, budi = (with_account(notice_server, n) for n in ("Ana", "Budi"))
    lobby, guest = table(notice_server)
    gid = lobby["game_id"]
    # Budi's phone took notices at a table his account holds.
    accounts_db.claim_seats(notice_server.app.state.store.engine, budi.account_id,
                            [guest["credential"]])
    phone = Browser()
    subscribe(notice_server, guest, gid, service.endpoint("budi-crew"), phone, lang="ms")
    done = play_race(notice_server, [ana, budi], [6])
    r = ana.send(notice_server, "POST", f"/api/crews/from-table/{done}", {"name": "Jumaat"})
    assert r.status_code == 200, r.text
    made = ana.send(notice_server, "POST", f"/api/crews/{r.json()['crew_id']}/tables",
                    {"game": "race", "seats": 2})
    assert made.status_code == 201, made.text
    new = made.json()["lobby"]
    data = phone.read(service.wait("budi-crew", 1)[0]["body"])
    assert data["title"] == "Meja baharu untuk Jumaat"
    assert data["body"].startswith("Ana membuka meja") and data["url"] == new["invite_url"]
    assert data["tag"] == f"meja-table-{new['game_id']}"
    # Ana started it: her own devices are not told.
    assert len(service.got) == 1

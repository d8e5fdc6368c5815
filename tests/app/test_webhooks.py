"""Webhooks against a real local HTTP receiver: a POST in Discord's and Slack's shape when
the game waits for someone, retried after a failure, never slowing a move; and the
addresses a host may not point a webhook at."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import select

from app.store.tables import notice_outbox
from tests.app.client import Viewer, auth, http, invite_of
from tests.app.notices_support import (
    PUBLIC,
    LiveServer,
    Mailbox,
    Receiver,
    wait_until,
)
from tests.app.test_mail import move, sees_guest_offline, sees_presence, start


def hooked_table(server: LiveServer, url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ayu", "webhook_url": url})
    assert r.status_code == 201, r.text
    lobby = r.json()
    invite = invite_of(lobby)
    r = http.post(f"{server.url}/api/invites/{invite}/join", json={"name": "Budi"})
    assert r.status_code == 200, r.text
    return lobby, r.json()


def test_webhook_is_posted_and_retried_after_a_failure(notice_server: LiveServer,
                                                       mailbox: Mailbox) -> None:
    receiver = Receiver(answers=[500]).start()
    lobby, guest = hooked_table(notice_server, receiver.url)
    gid = lobby["game_id"]
    # Only the host reads the URL back; it is in nobody's LobbyInfo.
    own = http.get(f"{notice_server.url}/api/games/{gid}/webhook",
                   headers=auth(lobby["credential"]))
    assert own.status_code == 200 and own.json() == {"webhook_url": receiver.url}
    assert http.get(f"{notice_server.url}/api/games/{gid}/webhook",
                    headers=auth(guest["credential"])).status_code == 403
    assert receiver.url not in http.get(f"{notice_server.url}/api/games/{gid}",
                                        headers=auth(guest["credential"])).text
    start(notice_server, lobby)
    # The first POST is answered 500; the same message comes again after a back-off.
    wait_until(lambda: len(receiver.requests) >= 2, what="the retried post")
    first, again = receiver.bodies()[:2]
    assert first == again
    line = f"Race (benchmark): waiting for Ayu. {PUBLIC}/game/{gid}"
    assert first["content"] == line and first["text"] == line  # Discord, Slack
    assert receiver.requests[0]["headers"]["content-type"] == "application/json"
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    move(host)
    wait_until(lambda: len(receiver.requests) >= 3, what="the next turn's post")
    assert receiver.bodies()[2]["awaited"] == ["Budi"]
    # Delivered once it was answered 200: no further copy of the first turn.
    assert [b["awaited"] for b in receiver.bodies()] == [["Ayu"], ["Ayu"], ["Budi"]]
    host.close()


def test_a_hanging_receiver_never_slows_a_move(notice_server: LiveServer,
                                               mailbox: Mailbox) -> None:
    receiver = Receiver(hold=True).start()
    lobby, guest = hooked_table(notice_server, receiver.url)
    gid = lobby["game_id"]
    start(notice_server, lobby)
    wait_until(lambda: receiver.pending == 1, what="the first post held open")
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    budi = Viewer(notice_server.ws_url, gid, credential=guest["credential"])
    for v in (host, budi):
        v.wait_for(lambda f: f["type"] == "snapshot")
    versions = []
    for mover in (host, budi, host, budi):
        versions.append(move(mover))
        for v in (host, budi):
            v.wait_version(versions[-1])
    assert versions == [1, 2, 3, 4]
    # Every move was accepted while the receiver still held the first post unanswered.
    assert receiver.pending >= 1 and not any(r["json"]["awaited"] == [] for r in
                                             receiver.requests)
    receiver.let_go()
    wait_until(lambda: {tuple(b["awaited"]) for b in receiver.bodies()} == {("Ayu",), ("Budi",)}
               and len(receiver.requests) >= 5, what="the posts of every turn")
    host.close()
    budi.close()


def test_private_and_own_addresses_are_refused(notice_server: LiveServer,
                                               mailbox: Mailbox) -> None:
    notices = notice_server.app.state.notices
    allowed = notices.settings
    receiver = Receiver().start()
    # Stored while local hooks were allowed, sent after they no longer are: the address
    # is checked again at send time.
    lobby, _ = hooked_table(notice_server, receiver.url)
    notices.settings = dataclasses.replace(allowed, allow_local_hooks=False)
    try:
        for url, words in [("http://127.0.0.1:9/hook", "loopback or private"),
                           ("http://localhost/hook", "loopback or private"),
                           ("http://10.1.2.3/hook", "loopback or private"),
                           ("http://192.168.0.10/x", "loopback or private"),
                           ("http://[::1]:8080/", "by name or IPv4 address"),
                           ("http://169.254.169.254/latest/meta-data", "loopback or private"),
                           ("ftp://example.com/x", "must start with https://"),
                           ("javascript:alert(1)", "must start with https://"),
                           ("https://user:pw@example.com/", "user name or password")]:
            r = http.post(f"{notice_server.url}/api/lobbies", json={
                "game": "race", "seats": 2, "host_name": "Ayu", "webhook_url": url})
            assert r.status_code == 422, (url, r.text)
            assert words in r.json()["detail"], (url, r.json())
        start(notice_server, lobby)
        store = notice_server.app.state.store

        def refused() -> str | None:
            with store.engine.connect() as conn:
                return conn.execute(select(notice_outbox.c.error).where(
                    notice_outbox.c.game_id == lobby["game_id"])).scalar()
        assert "HookRefused" in wait_until(refused, what="the refused post")
        assert receiver.requests == []
    finally:
        notices.settings = allowed


def test_presence_does_not_matter_to_webhooks(notice_server: LiveServer,
                                              mailbox: Mailbox) -> None:
    """A channel is told of every turn, whoever has the page open (the host chose it)."""
    receiver = Receiver().start()
    lobby, guest = hooked_table(notice_server, receiver.url)
    gid = lobby["game_id"]
    start(notice_server, lobby)
    host = Viewer(notice_server.ws_url, gid, credential=lobby["credential"])
    budi = Viewer(notice_server.ws_url, gid, credential=guest["credential"])
    for v in (host, budi):
        v.wait_for(lambda f: f["type"] == "snapshot")
    sees_presence(host, 1, True)
    move(host)
    budi.close()
    sees_guest_offline(host)
    wait_until(lambda: len(receiver.requests) == 2, what="two posts")
    assert [b["awaited"] for b in receiver.bodies()] == [["Ayu"], ["Budi"]]
    host.close()

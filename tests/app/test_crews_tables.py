""""New table with the crew": a lobby made by the usual path, its host seat held by the
member who asked, the crew page listing it, and the other members told by mail (a real
SMTP server, aiosmtpd) - never the one who started it, never a member without an address."""

from __future__ import annotations

import uuid

from tests.app.client import http
from tests.app.crews_support import play_race, with_account
from tests.app.notices_support import PUBLIC, LiveServer, Mailbox
from tests.conftest import LiveServer as Server


def addr(who: str) -> str:
    return f"{who}.{uuid.uuid4().hex[:8]}@example.org"


def test_new_table_with_the_crew_opens_a_lobby_and_mails_the_members(
        notice_server: LiveServer, mailbox: Mailbox) -> None:
    server = notice_server
    ana, budi = with_account(server, "Ana", addr("ana")), with_account(server, "Budi", addr("budi"))
    cici = with_account(server, "Cici")  # no address: told on the crew page only
    game = play_race(server, [ana, budi, cici], [6])
    crew = ana.send(server, "POST", f"/api/crews/from-table/{game}", {"name": "Kamis"}).json()
    r = budi.send(server, "POST", f"/api/crews/{crew['crew_id']}/tables",
                  {"game": "race", "seats": 3, "options": {"goal": 5}})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["told"] == 2
    lobby = made["lobby"]
    # A real lobby, Budi its host (his seat's credential works), held by his account.
    info = http.get(f"{server.url}/api/games/{lobby['game_id']}",
                    headers={"Authorization": f"Bearer {lobby['credential']}"}).json()
    assert info["status"] == "lobby" and info["seats"][0]["name"] == "Budi"
    assert info["seats"][0]["host"] and info["options"] == {"goal": 5}
    seats = budi.get(server, f"/api/crews/{crew['crew_id']}").json()
    assert [t["game_id"] for t in seats["tables"]] == [lobby["game_id"]]
    assert seats["tables"][0]["invite_url"] == lobby["invite_url"]
    assert seats["tables"][0]["taken"] == 1 and seats["tables"][0]["seats"] == 3
    # Ana is mailed the invite link; Budi (who started it) is not.
    (mail,) = mailbox.wait(ana.email or "", 1)
    assert mail["Subject"] == "Kamis: a new table of Race (benchmark)"
    body = mail.get_content()
    assert f"{PUBLIC}{lobby['invite_url']}" in body and "Budi started" in body
    assert f"{PUBLIC}/crew/{crew['crew_id']}" in body
    assert lobby["credential"] not in body
    assert mail["List-Unsubscribe"]
    assert mailbox.to(budi.email or "") == []
    # The invite link works for Ana: she takes a seat.
    j = http.post(f"{server.url}/api/invites/{lobby['invite_url'].rsplit('/', 1)[1]}/join",
                  json={"name": "Ana"})
    assert j.status_code == 200


def test_only_members_start_a_crew_table_and_bad_tables_are_refused(live_server: Server) -> None:
    ana, budi = with_account(live_server, "Ana"), with_account(live_server, "Budi")
    eko = with_account(live_server, "Eko")
    game = play_race(live_server, [ana, budi], [6])
    crew = ana.send(live_server, "POST", f"/api/crews/from-table/{game}", {"name": "K"}).json()
    path = f"/api/crews/{crew['crew_id']}/tables"
    r = eko.send(live_server, "POST", path, {"game": "race", "seats": 2})
    assert r.status_code == 403 and r.json()["detail"] == "Only the crew's members can see this."
    r = ana.send(live_server, "POST", path, {"game": "chess", "seats": 2})
    assert r.status_code == 404
    r = ana.send(live_server, "POST", path, {"game": "race", "seats": 9})
    assert r.status_code == 422
    r = ana.send(live_server, "POST", path, {"game": "race", "seats": 2, "options": {"goal": 0}})
    assert r.status_code == 422
    assert ana.get(live_server, f"/api/crews/{crew['crew_id']}").json()["tables"] == []


def test_every_crew_route_is_rate_limited(own_db_url: object) -> None:
    server = Server(own_db_url(), rate_crews=3).start()  # type: ignore[operator]
    try:
        ana = with_account(server, "Ana")
        answers = [ana.get(server, "/api/crews").status_code for _ in range(3)]
        r = ana.get(server, "/api/crews")
        assert answers == [200, 200, 200] and r.status_code == 429
        assert r.headers["Retry-After"] and r.json()["key"] == "api.rate_limited"
        assert r.json()["params"]["what"] == {"term": "api.limited.crews"}
        # Every route of the crews shares that limit (the router's dependency).
        assert http.get(f"{server.url}/api/crew-invites/x").status_code == 429
        assert http.get(f"{server.url}/api/players/x/history").status_code == 429
    finally:
        server.stop()

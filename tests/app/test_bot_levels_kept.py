"""A bot keeps its level and its name wherever the table goes (issue 37, item 5): a hard bot
came back as normal after a rematch, in an imported record and so in its watch view, and the
record had no level at all. Bots are named like people ("Bayu"), never "Bot 2"."""

from __future__ import annotations

from typing import Any

from tests.app.client import Viewer, auth, create, http, join, start
from tests.app.test_rematch import rematch
from tests.conftest import LiveServer


def bot(server: LiveServer, lobby: dict[str, Any], seat: int, level: str) -> None:
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/seats/{seat}/bot",
                  json={"level": level}, headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text


def seats_of(server: LiveServer, game_id: str, credential: str) -> list[dict[str, Any]]:
    r = http.get(f"{server.url}/api/games/{game_id}", headers=auth(credential))
    assert r.status_code == 200, r.text
    return list(r.json()["seats"])


def finished_with_bots(server: LiveServer) -> dict[str, Any]:
    """A finished three-seat race: Ana, a hard bot and an easy bot."""
    lobby = create(server, game="race", seats=3, options={"goal": 1}, host="Ana")
    bot(server, lobby, 1, "hard")
    bot(server, lobby, 2, "easy")
    start(server, lobby)
    host = Viewer(server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    assert host.answer(host.act({"type": "advance", "n": 1}))["type"] == "accepted"
    host.close()
    return lobby


def test_a_rematch_keeps_each_bots_level_and_name(live_server: LiveServer) -> None:
    lobby = finished_with_bots(live_server)
    before = {s["name"]: s["bot_level"] for s in
              seats_of(live_server, lobby["game_id"], lobby["credential"])}
    assert before == {"Ana": None, "Bayu": "hard", "Dewi": "easy"}
    r = rematch(live_server, lobby["game_id"], lobby["credential"])
    assert r.status_code == 200, r.text
    after = {s["name"]: s["bot_level"] for s in
             seats_of(live_server, r.json()["game_id"], r.json()["credential"])}
    assert after == before


def test_a_record_keeps_the_levels_and_its_import_shows_them(live_server: LiveServer) -> None:
    lobby = finished_with_bots(live_server)
    r = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/record",
                 headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    record = r.json()
    assert [(s["name"], s["bot"], s.get("level")) for s in record["seats"]] == [
        ("Ana", False, None), ("Bayu", True, "hard"), ("Dewi", True, "easy")]
    made = http.post(f"{live_server.url}/api/records", json=record)
    assert made.status_code == 201, made.text
    watch = made.json()["watch_url"].rsplit("/", 1)[-1]
    r = http.get(f"{live_server.url}/api/games/{made.json()['game_id']}",
                 params={"watch": watch})
    assert r.status_code == 200, r.text
    assert [s["bot_level"] for s in r.json()["seats"]] == [None, "hard", "easy"]


def test_a_record_from_before_levels_reads_as_normal_and_a_person_has_none(
        live_server: LiveServer) -> None:
    lobby = finished_with_bots(live_server)
    record = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/record",
                      headers=auth(lobby["credential"])).json()
    old = {**record, "seats": [{k: v for k, v in s.items() if k != "level"}
                               for s in record["seats"]]}
    made = http.post(f"{live_server.url}/api/records", json=old)
    assert made.status_code == 201, made.text
    watch = made.json()["watch_url"].rsplit("/", 1)[-1]
    seats = http.get(f"{live_server.url}/api/games/{made.json()['game_id']}",
                     params={"watch": watch}).json()["seats"]
    assert [s["bot_level"] for s in seats] == [None, "normal", "normal"]
    bad = {**record, "seats": [{**record["seats"][0], "level": "hard"}, *record["seats"][1:]]}
    r = http.post(f"{live_server.url}/api/records", json=bad)
    assert r.status_code == 422 and "only a bot seat has a level" in r.text


def test_a_bot_never_takes_the_name_of_a_person_at_the_table(live_server: LiveServer) -> None:
    lobby = create(live_server, game="race", seats=3, host="Bayu")
    join(live_server, lobby, "dewi")
    bot(live_server, lobby, 2, "normal")
    names = [s["name"] for s in seats_of(live_server, lobby["game_id"], lobby["credential"])]
    assert names[:2] == ["Bayu", "dewi"]
    assert names[2] not in ("Bayu", "Dewi", "dewi") and not names[2].startswith("Bot")

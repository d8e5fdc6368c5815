"""Crews over HTTP: kept from a finished table, their invite link, leaving and removing,
their history and head-to-head, the opt-in league (checked against openskill itself),
who may see a player's history, and that no address or credential is ever in an answer."""

from __future__ import annotations

import json
import uuid

import pytest
from openskill.models import PlackettLuce

from tests.app.client import http
from tests.app.crews_support import Player, guest, play_race, with_account
from tests.conftest import LiveServer


def keep(server: LiveServer, who: Player, game_id: str, name: str = "Friday") -> dict:
    r = who.send(server, "POST", f"/api/crews/from-table/{game_id}", {"name": name})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def names(crew: dict) -> list[str | None]:
    return [m["name"] for m in crew["members"]]


def test_a_crew_is_kept_from_a_finished_table_and_grows_by_its_invite_link(
        live_server: LiveServer) -> None:
    ana, budi, cici = with_account(live_server, "Ana"), with_account(live_server, "Budi"), \
        guest("Cici")
    game = play_race(live_server, [ana, budi, cici], [1, 6])
    crew = keep(live_server, ana, game)
    # The table's players who have accounts; the guest is not in it (she has none yet).
    assert names(crew) == ["Ana", "Budi"] and crew["owner_id"] == ana.account_id
    # Budi clicks too: the same crew, not a second one.
    assert keep(live_server, budi, game)["crew_id"] == crew["crew_id"]
    # Cici makes an account and comes in by the crew's own link.
    cici = with_account(live_server, "Cici")
    invite = crew["invite_url"].rsplit("/", 1)[1]
    preview = cici.get(live_server, f"/api/crew-invites/{invite}").json()
    assert preview == {"name": "Friday", "members": 2, "member": False, "crew_id": None}
    r = cici.send(live_server, "POST", f"/api/crew-invites/{invite}/join")
    assert r.json() == {"crew_id": crew["crew_id"], "joined": True}
    page = cici.get(live_server, f"/api/crews/{crew['crew_id']}").json()
    assert names(page) == ["Ana", "Budi", "Cici"]
    # Only the owner removes; a member may leave.
    r = budi.send(live_server, "DELETE", f"/api/crews/{crew['crew_id']}/members/{cici.account_id}")
    assert r.status_code == 403 and "owner" in r.json()["detail"]
    r = ana.send(live_server, "DELETE", f"/api/crews/{crew['crew_id']}/members/{cici.account_id}")
    assert r.status_code == 204
    assert budi.send(live_server, "POST", f"/api/crews/{crew['crew_id']}/leave").status_code == 204
    assert names(ana.get(live_server, f"/api/crews/{crew['crew_id']}").json()) == ["Ana"]
    # Those who left or were removed see a sentence, not the crew.
    r = cici.get(live_server, f"/api/crews/{crew['crew_id']}")
    assert r.status_code == 403 and r.json()["detail"] == "Only the crew's members can see this."
    assert [c["crew_id"] for c in budi.get(live_server, "/api/crews").json()] == []


def test_keeping_a_crew_is_refused_with_a_sentence_when_it_cannot_be(
        live_server: LiveServer) -> None:
    ana, budi = with_account(live_server, "Ana"), with_account(live_server, "Budi")
    stranger = with_account(live_server, "Eko")
    game = play_race(live_server, [ana, budi], [6])
    r = http.post(f"{live_server.url}/api/crews/from-table/{game}", json={"name": "x"})
    assert r.status_code == 401 and r.json()["detail"] == "This needs an account; sign in first."
    r = stranger.send(live_server, "POST", f"/api/crews/from-table/{game}", {"name": "x"})
    assert r.status_code == 409 and "Only a player of this table" in r.json()["detail"]
    r = ana.send(live_server, "POST", f"/api/crews/from-table/{game}", {"name": "   "})
    assert r.status_code == 422
    r = ana.send(live_server, "POST", "/api/crews/from-table/nope", {"name": "x"})
    assert r.status_code == 404
    lobby = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": "Ana"}).json()
    r = ana.send(live_server, "POST", f"/api/crews/from-table/{lobby['game_id']}", {"name": "x"})
    assert r.status_code == 409 and "finished" in r.json()["detail"]
    r = ana.send(live_server, "POST", "/api/crew-invites/unknown/join")
    assert r.status_code == 404 and r.json()["detail"] == "This crew invite link is not valid."


def test_head_to_head_and_history_after_several_games(live_server: LiveServer) -> None:
    ana, budi, cici = (with_account(live_server, n) for n in ("Ana", "Budi", "Cici"))
    # race, goal 6: the advances decide the places (positions rank the seats).
    g1 = play_race(live_server, [ana, budi, cici], [6])            # Ana, then Budi = Cici
    g2 = play_race(live_server, [ana, budi, cici], [1, 6])         # Budi, Ana, Cici
    g3 = play_race(live_server, [budi, cici], [2, 6])              # Cici, Budi
    g4 = play_race(live_server, [cici, ana, budi], [3, 2, 1, 3])   # Cici 6, Ana 2, Budi 1
    crew = keep(live_server, ana, g2)
    cici_joins = cici.send(live_server, "POST",
                           f"/api/crew-invites/{crew['invite_url'].rsplit('/', 1)[1]}/join")
    assert cici_joins.status_code == 200
    h = budi.get(live_server, f"/api/crews/{crew['crew_id']}/history").json()
    pairs = {(p["a"], p["b"]): p for p in h["head_to_head"]}
    ab = pairs[(ana.account_id, budi.account_id)]
    assert (ab["games"], ab["a_ahead"], ab["b_ahead"], ab["level"]) == (3, 2, 1, 0)
    bc = pairs[(budi.account_id, cici.account_id)]
    assert (bc["games"], bc["a_ahead"], bc["b_ahead"], bc["level"]) == (4, 1, 2, 1)
    records = {m["name"]: m for m in h["members"]}
    assert records["Cici"]["games"] == 4 and records["Cici"]["wins"] == 2
    assert records["Ana"]["titles"]["race"] == {"games": 3, "wins": 1, "average_place": 1.67}
    assert [g["game_id"] for g in h["last"]] == [g4, g3, g2, g1]
    assert h["last"][0]["table"][0] == {"account_id": cici.account_id, "name": "Cici",
                                        "place": 1, "bot": False}
    # A player's own history: newest first, with a link to each replay.
    mine = ana.get(live_server, f"/api/players/{ana.account_id}/history").json()
    assert (mine["games"], mine["wins"]) == (3, 1)
    assert [r["game_id"] for r in mine["last"]] == [g4, g2, g1]
    assert [r["place"] for r in mine["last"]] == [2, 2, 1]
    assert mine["last"][0]["replay_url"].startswith("/watch/")
    assert "?replay=" in mine["last"][0]["replay_url"]


def test_a_guests_games_count_once_they_claim_the_seat_into_an_account(
        live_server: LiveServer) -> None:
    ana, cici = with_account(live_server, "Ana"), guest("Cici")
    first = play_race(live_server, [ana, cici], [1, 6])  # Cici wins, as a guest
    crew = keep(live_server, ana, first)
    assert names(crew) == ["Ana"]
    h = ana.get(live_server, f"/api/crews/{crew['crew_id']}/history").json()
    assert h["last"][0]["table"][0] == {"account_id": None, "name": "Cici", "place": 1,
                                        "bot": False}
    # Later Cici makes an account and brings this browser's seats (the account's route).
    made = with_account(live_server, "Cici")
    r = made.send(live_server, "POST", "/api/account/seats",
                  {"credentials": [cici.seats[first]]})
    assert r.status_code == 200, r.text
    made.send(live_server, "POST",
              f"/api/crew-invites/{crew['invite_url'].rsplit('/', 1)[1]}/join")
    h = ana.get(live_server, f"/api/crews/{crew['crew_id']}/history").json()
    assert h["last"][0]["table"][0]["account_id"] == made.account_id
    (pair,) = h["head_to_head"]
    assert (pair["games"], pair["a_ahead"], pair["b_ahead"]) == (1, 0, 1)
    mine = made.get(live_server, f"/api/players/{made.account_id}/history").json()
    assert (mine["games"], mine["wins"]) == (1, 1)


def test_a_players_history_is_shown_only_to_whom_they_allow(live_server: LiveServer) -> None:
    ana, budi = with_account(live_server, "Ana"), with_account(live_server, "Budi")
    eko = with_account(live_server, "Eko")
    keep(live_server, ana, play_race(live_server, [ana, budi], [6]))
    path = f"/api/players/{ana.account_id}/history"
    # Default: crew members see it; nobody else.
    assert budi.get(live_server, path).status_code == 200
    r = eko.get(live_server, path)
    assert r.status_code == 403
    assert r.json()["detail"] == ("This player shows their history only to members of "
                                  "their crews.")
    assert http.get(f"{live_server.url}{path}").status_code == 403
    assert ana.get(live_server, "/api/account/privacy").json() == {
        "history": "crew", "account_id": ana.account_id}
    assert ana.send(live_server, "PUT", "/api/account/privacy",
                    {"history": "nobody"}).status_code == 200
    r = budi.get(live_server, path)
    assert r.status_code == 403 and "to themselves" in r.json()["detail"]
    assert ana.get(live_server, path).status_code == 200  # always to themselves
    ana.send(live_server, "PUT", "/api/account/privacy", {"history": "everyone"})
    assert http.get(f"{live_server.url}{path}").status_code == 200
    r = ana.send(live_server, "PUT", "/api/account/privacy", {"history": "friends"})
    assert r.status_code == 422
    assert http.get(f"{live_server.url}/api/players/nobody/history").status_code == 404


def test_the_league_is_opt_in_and_rates_as_openskill_does(live_server: LiveServer) -> None:
    ana, budi, cici = (with_account(live_server, n) for n in ("Ana", "Budi", "Cici"))
    crew = keep(live_server, ana, play_race(live_server, [ana, budi, cici], [6]))
    path = f"/api/crews/{crew['crew_id']}/league"
    assert budi.get(live_server, path).json()["on"] is False
    r = budi.send(live_server, "PUT", path, {"on": True, "rule": "loss"})
    assert r.status_code == 403 and r.json()["detail"] == "Only the crew's owner can do that."
    assert ana.send(live_server, "PUT", path, {"on": True, "rule": "maybe"}).status_code == 422
    assert ana.send(live_server, "PUT", path, {"on": True, "rule": "loss"}).status_code == 200
    assert budi.get(live_server, path).json()["titles"] == {}  # the past is not rated
    results = [([ana, budi, cici], [1, 6]), ([budi, cici], [6]),
               ([cici, ana, budi], [3, 2, 1, 3]), ([ana, budi], [2, 6])]
    for players, steps in results:
        play_race(live_server, players, steps)
    league = cici.get(live_server, path).json()
    assert league["on"] is True and league["rule"] == "loss"
    rows = {row["name"]: row for row in league["titles"]["race"]}
    # The same four results through openskill directly, in the order they finished.
    m = PlackettLuce()
    rating = {p.name: m.rating() for p in (ana, budi, cici)}
    for seated, ranks in ((["Ana", "Budi", "Cici"], [2, 1, 3]), (["Budi", "Cici"], [1, 2]),
                          (["Cici", "Ana", "Budi"], [1, 2, 3]), (["Ana", "Budi"], [2, 1])):
        new = m.rate([[rating[p]] for p in seated], ranks=[float(k) for k in ranks])
        for p, (after,) in zip(seated, new, strict=True):
            rating[p] = after
    for name, want in rating.items():
        assert rows[name]["mu"] == pytest.approx(want.mu, abs=1e-3)
        assert rows[name]["sigma"] == pytest.approx(want.sigma, abs=1e-3)
        assert rows[name]["rating"] == pytest.approx(want.ordinal(), abs=0.06)
    assert [row["name"] for row in league["titles"]["race"]] == sorted(
        rating, key=lambda n: -rating[n].ordinal())
    assert rows["Ana"]["games"] == 3 and rows["Cici"]["games"] == 3
    # Off again: no table; the non-member sees nothing.
    ana.send(live_server, "PUT", path, {"on": False, "rule": "skip"})
    assert budi.get(live_server, path).json() == {"on": False, "rule": "skip", "since": None,
                                                  "titles": {}}
    assert with_account(live_server, "Eko").get(live_server, path).status_code == 403


def test_a_league_table_has_no_hints_and_a_hinted_game_is_not_rated(
        live_server: LiveServer) -> None:
    ana, budi = (with_account(live_server, n) for n in ("Ana", "Budi"))
    crew = keep(live_server, ana, play_race(live_server, [ana, budi], [6]))
    tables = f"/api/crews/{crew['crew_id']}/tables"
    table = {"game": "race", "seats": 2, "settings": {"hints": True}}
    # Before the league, a crew table may have hints; with it on, the sentence says why not.
    assert ana.send(live_server, "POST", tables, table).status_code == 201
    path = f"/api/crews/{crew['crew_id']}/league"
    assert ana.send(live_server, "PUT", path, {"on": True, "rule": "loss"}).status_code == 200
    r = ana.send(live_server, "POST", tables, table)
    assert r.status_code == 409 and "Hints are off at a table of the crew's league" in r.text
    assert ana.send(live_server, "POST", tables, {**table, "settings": {}}).status_code == 201
    # A game the two played with hints on does not move the league; one without does.
    play_race(live_server, [ana, budi], [6], settings={"hints": True})
    assert ana.get(live_server, path).json()["titles"] == {}
    play_race(live_server, [ana, budi], [6])
    rows = {row["name"]: row for row in ana.get(live_server, path).json()["titles"]["race"]}
    assert rows["Ana"]["games"] == 1 and rows["Budi"]["games"] == 1


def test_no_address_or_credential_in_any_crew_answer(live_server: LiveServer) -> None:
    mail = f"ana.{uuid.uuid4().hex[:6]}@example.org"
    ana = with_account(live_server, "Ana", mail)
    budi = with_account(live_server, "Budi", f"budi.{uuid.uuid4().hex[:6]}@example.org")
    crew = keep(live_server, ana, play_race(live_server, [ana, budi], [6]))
    ana.send(live_server, "PUT", f"/api/crews/{crew['crew_id']}/league", {"on": True})
    play_race(live_server, [ana, budi], [1, 6])
    table = ana.send(live_server, "POST", f"/api/crews/{crew['crew_id']}/tables",
                     {"game": "race", "seats": 2})
    assert table.status_code == 201, table.text
    seen = [table.json()["told"]]
    for path in (f"/api/crews/{crew['crew_id']}", "/api/crews",
                 f"/api/crews/{crew['crew_id']}/history", f"/api/crews/{crew['crew_id']}/league",
                 f"/api/players/{ana.account_id}/history",
                 f"/api/crew-invites/{crew['invite_url'].rsplit('/', 1)[1]}"):
        r = budi.get(live_server, path)
        assert r.status_code == 200, (path, r.text)
        seen.append(r.json())
    text = json.dumps(seen)
    for secret in (mail, budi.email, ana.token, budi.token, table.json()["lobby"]["credential"]):
        assert secret and secret not in text
    assert "@" not in text


def abandoned_against_the_bot(server: LiveServer, who: Player) -> str:
    """Kaki Lima: ``who`` against the hard bot, left at once: the game is abandoned (no
    human seated) with the bot still in its seat."""
    r = http.post(f"{server.url}/api/lobbies", json={"game": "kaki-lima", "seats": 2,
                                                     "host_name": who.name})
    lobby = r.json()
    gid, cred = lobby["game_id"], lobby["credential"]
    who.send(server, "POST", "/api/account/seats", {"credentials": [cred]})
    head = {"Authorization": f"Bearer {cred}"}
    assert http.post(f"{server.url}/api/games/{gid}/seats/1/bot", headers=head,
                     json={"level": "hard"}).status_code == 200
    assert http.post(f"{server.url}/api/games/{gid}/start", headers=head).status_code == 200
    left = http.post(f"{server.url}/api/games/{gid}/leave", headers=head)
    assert left.json()["status"] == "abandoned", left.text
    return str(gid)


def test_the_owners_rule_decides_whether_an_abandoned_game_is_a_loss_to_the_bot(
        live_server: LiveServer) -> None:
    ana, budi = with_account(live_server, "Ana"), with_account(live_server, "Budi")
    crew = keep(live_server, ana, play_race(live_server, [ana, budi], [6]))
    path = f"/api/crews/{crew['crew_id']}/league"
    ana.send(live_server, "PUT", path, {"on": True, "rule": "skip"})
    abandoned_against_the_bot(live_server, budi)
    assert budi.get(live_server, path).json()["titles"] == {}  # not counted
    ana.send(live_server, "PUT", path, {"on": True, "rule": "loss"})
    league = budi.get(live_server, path).json()
    rows = league["titles"]["kaki-lima"]
    # Counted as Budi's loss to the hard bot, rated as openskill rates a 2-player loss.
    m = PlackettLuce()
    bot, budi_r = m.rate([[m.rating()], [m.rating()]], ranks=[1.0, 2.0])
    assert [(r["name"], r["bot"]) for r in rows] == [
        (None, {"game": "kaki-lima", "level": "hard"}), ("Budi", None)]
    assert rows[0]["mu"] == pytest.approx(bot[0].mu, abs=1e-3)
    assert rows[1]["mu"] == pytest.approx(budi_r[0].mu, abs=1e-3)
    # Abandoned games are not history: nobody won them.
    h = budi.get(live_server, f"/api/players/{budi.account_id}/history").json()
    assert "kaki-lima" not in h["titles"]


def test_an_owner_who_deletes_their_account_leaves_the_crew_to_a_member(
        live_server: LiveServer) -> None:
    ana, budi = with_account(live_server, "Ana"), with_account(live_server, "Budi")
    crew = keep(live_server, ana, play_race(live_server, [ana, budi], [6]))
    assert ana.send(live_server, "DELETE", "/api/account").status_code == 204
    page = budi.get(live_server, f"/api/crews/{crew['crew_id']}").json()
    assert page["owner_id"] == budi.account_id
    # Ana's games still count, under no name.
    assert [m["name"] for m in page["members"]] == [None, "Budi"]
    h = budi.get(live_server, f"/api/crews/{crew['crew_id']}/history").json()
    assert h["last"][0]["table"][0]["name"] is None and h["last"][0]["table"][0]["place"] == 1
    r = budi.send(live_server, "PUT", f"/api/crews/{crew['crew_id']}/league", {"on": True})
    assert r.status_code == 200

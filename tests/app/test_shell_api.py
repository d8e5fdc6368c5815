"""What the service answers the browser shell: its own not-found page for addresses that are
not pages, unlisted tables unless the host lists them, names counted in characters."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.tablesettings import TableSettings
from tests.app.client import auth, create, http, invite_of, join, watch_id

EMOJI = "\U0001f600"  # one character, two UTF-16 units


def new_lobby(server: Any, **body: Any) -> dict[str, Any]:
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "tuk-tuk-taxi", "seats": 2, "options": {}, "host_name": "Ana", **body})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def assert_not_found_page(r: Any) -> None:
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert "Page not found" in r.text and 'href="/"' in r.text
    assert '"detail"' not in r.text


@pytest.mark.parametrize("path", ["/nonsense", "/game", "/lobby/a/b", "/join/",
                                  "/static-page", "/favicon.ico"])
def test_unknown_browser_paths_get_the_not_found_page(live_server: Any, path: str) -> None:
    assert_not_found_page(http.get(live_server.url + path))


def test_page_links_to_nothing_get_the_not_found_page(live_server: Any) -> None:
    lobby = create(live_server, spectators=False)
    for path in ("/game/unknownid", "/lobby/unknownid", "/join/unknowninvite",
                 "/watch/unknownwatch", "/game/%00x",
                 # A real watch id of a table that allows no spectators leads nowhere either.
                 f"/watch/{lobby['game_id']}"):
        assert_not_found_page(http.get(live_server.url + path))
    # The table's own pages still open the shell.
    invite = invite_of(lobby)
    for path in (f"/game/{lobby['game_id']}", f"/lobby/{lobby['game_id']}", f"/join/{invite}",
                 "/", "/claim/anything"):
        r = http.get(live_server.url + path)
        assert r.status_code == 200 and '<main id="app"' in r.text, path
    watched = create(live_server, spectators=True)
    r = http.get(f"{live_server.url}/watch/{watch_id(watched)}")
    assert r.status_code == 200 and '<main id="app"' in r.text


def test_api_paths_keep_json_refusals(live_server: Any) -> None:
    for path in ("/api/nonsense", "/api/games/unknownid", "/api/invites/nope"):
        r = http.get(live_server.url + path)
        assert r.status_code == 404 and r.headers["content-type"] == "application/json"
        assert isinstance(r.json()["detail"], str)
    assert http.post(live_server.url + "/api/nonsense").headers[
        "content-type"] == "application/json"


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/static/missing.js", 404), ("GET", "/static/", 404), ("POST", "/nonsense", 404),
    ("PUT", "/game/unknownid", 405), ("POST", "/", 405), ("DELETE", "/static/app.html", 405)])
def test_every_method_on_a_browser_address_gets_the_page(live_server: Any, method: str,
                                                          path: str, status: int) -> None:
    """A mistyped static address or a stray form post shows the app's page, not raw JSON;
    a 405 still names the methods the address has."""
    r = http.request(method, live_server.url + path)
    assert r.status_code == status
    assert r.headers["content-type"].startswith("text/html") and "Page not found" in r.text
    if status == 405:
        assert "GET" in r.headers["allow"]


def test_a_table_is_unlisted_unless_the_host_lists_it(live_server: Any) -> None:
    quiet = new_lobby(live_server)
    shown = new_lobby(live_server, listed=True)
    open_ids = {g["game_id"] for g in http.get(f"{live_server.url}/api/lobbies").json()}
    assert quiet["game_id"] not in open_ids
    assert shown["game_id"] in open_ids
    info = http.get(f"{live_server.url}/api/games/{quiet['game_id']}",
                    headers=auth(quiet["credential"])).json()
    assert info["listed"] is False


def test_names_count_characters_not_utf16_units(live_server: Any) -> None:
    host = EMOJI * 40
    lobby = new_lobby(live_server, host_name=host)
    friend = join(live_server, lobby, "\U0001f680" * 40)
    info = http.get(f"{live_server.url}/api/games/{lobby['game_id']}",
                    headers=auth(lobby["credential"])).json()
    assert [s["name"] for s in info["seats"]] == [host, "\U0001f680" * 40]
    assert friend["seat"] == 1
    r = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "tuk-tuk-taxi", "seats": 2, "options": {}, "host_name": EMOJI * 41})
    assert r.status_code == 422 and "40 characters" in r.json()["detail"]



def test_table_settings_are_stored_and_unknown_ones_refused(live_server: Any) -> None:
    """A host's table settings are shown to the table; a setting the service does not know
    is a 422 with a sentence, never silently dropped."""
    lobby = new_lobby(live_server, settings={})
    info = http.get(f"{live_server.url}/api/games/{lobby['game_id']}",
                    headers=auth(lobby["credential"])).json()
    # Every setting left out reads as its default.
    assert info["settings"] == TableSettings().model_dump(mode="json")
    chosen = new_lobby(live_server, settings={"takeback": "consent"})
    info = http.get(f"{live_server.url}/api/games/{chosen['game_id']}",
                    headers=auth(chosen["credential"])).json()
    assert info["settings"]["takeback"] == "consent"
    r = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "tuk-tuk-taxi", "seats": 2, "host_name": "Ana", "settings": {"nope": 1}})
    assert r.status_code == 422 and "nope" in r.text

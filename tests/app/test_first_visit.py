"""A game page's first visit asks for what that page draws (issue 42): its game's share of
the catalogue, not every game's words; a spectator's page no seat's panels; the static
subresources the shortest headers that are still safe."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.config import ROOT
from app.core.i18n import merged
from app.main import HINT_PANELS, LATER_PANELS, LESSON_PANELS, SEAT_PANELS
from engines import messages
from engines.registry import all_engines
from tests.app.client import Viewer, create, http, join, open_table, start, watch_id
from tests.app.test_realtime import SECRET, play
from tests.app.test_static_delivery import IMMUTABLE, get, import_map, text_files
from tests.conftest import LiveServer

GAMES = ("tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia")
STATIC = ROOT / "static"
#: A message key written out in a module: "ns.word" or "ns.word.more" (lower case, - and _).
KEY = re.compile(r"""["'`]([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)["'`]""")
#: The start of a key a module puts together: `ns.word.${...}` (its known part).
KEY_PREFIX = re.compile(r"""`([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.)\$\{""")


def modulepreloads(html: str) -> list[str]:
    return re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)


def page_modules(server: LiveServer, path: str) -> set[str]:
    """The static/-relative modules a page preloads, and those its import map lazily names
    for a game's page (the seat's panels, the panels around the board), each with its
    imports."""
    assets = server.app.state.assets
    html = get(server.url + path, "br").text
    plain = {url: name for name, url in import_map(html).items()}
    loaded = {plain[url].removeprefix("/static/") for url in modulepreloads(html)}
    return set(assets.closure([*loaded, *SEAT_PANELS, *LESSON_PANELS, *HINT_PANELS, *LATER_PANELS]))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_page_gets_its_share_of_the_words_and_every_word_its_modules_name(
        live_server: LiveServer, game: str) -> None:
    lobby = create(live_server, game, spectators=True)
    for path in (f"/watch/{watch_id(lobby)}", f"/game/{lobby['game_id']}"):
        imports = import_map(get(live_server.url + path, "br").text)
        for lang in messages.LANGS:
            share_url = imports[f"/i18n/{lang}.json"]
            assert share_url.startswith(f"/i18n/{lang}/{game}.json?v="), (path, share_url)
            r = get(live_server.url + share_url, "br")
            assert r.status_code == 200 and r.headers["cache-control"] == IMMUTABLE
            assert r.headers["content-encoding"] == "br"
            share: dict[str, Any] = r.json()
            whole = json.loads(merged(lang)[0])
            others = set(all_engines()) - {game}  # the four and any other (the test race)
            # Exactly the whole catalogue but the other games' words.
            assert share == {k: v for k, v in whole.items() if k.split(".")[0] not in others}
            assert any(k.startswith(f"{game}.") for k in share)
            assert len(r.content) < len(json.dumps(whole)) * 0.75
            # The whole one stays named, for the pages the router goes to next.
            assert imports[f"/i18n/all/{lang}.json"] == \
                f"/i18n/{lang}.json?v={merged(lang)[1].strip(chr(34))}"
    # Every key written in a module this page loads (the shell's, the board's, the panels
    # a seat adds) that any catalogue has is in the English share, and so is at least one
    # key of every prefix a module puts together.
    whole = json.loads(merged("en")[0])
    share = get(live_server.url + import_map(get(
        f"{live_server.url}/watch/{watch_id(lobby)}", "br").text)["/i18n/en.json"], "br").json()
    named, prefixes = set(), set()
    for rel in page_modules(live_server, f"/game/{lobby['game_id']}"):
        source = (STATIC / rel).read_text()
        named |= {k for k in KEY.findall(source) if k in whole}
        prefixes |= {p for p in KEY_PREFIX.findall(source)
                     if any(k.startswith(p) for k in whole)}
    assert len(named) > 200
    assert sorted(named - share.keys()) == []
    assert sorted(p for p in prefixes if not any(k.startswith(p) for k in share)) == []


def test_other_pages_get_the_whole_catalogue_and_an_unknown_share_is_a_sentence(
        live_server: LiveServer) -> None:
    home = import_map(get(live_server.url + "/", "br").text)
    for lang in messages.LANGS:
        whole = f"/i18n/{lang}.json?v={merged(lang)[1].strip(chr(34))}"
        assert home[f"/i18n/{lang}.json"] == home[f"/i18n/all/{lang}.json"] == whole
    for url in ("/i18n/en/no-such-game.json", "/i18n/xx/indonesia.json"):
        r = http.get(live_server.url + url)
        assert r.status_code == 404 and r.json()["detail"].startswith("There is no catalogue")


def test_a_watch_page_asks_for_no_seat_panel_and_a_seat_page_preloads_them(
        live_server: LiveServer) -> None:
    plain = lobby = create(live_server, "kaki-lima", spectators=True)
    r = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "kaki-lima", "seats": 2, "host_name": "Ana", "spectators": True,
        "settings": {"hints": True}})
    assert r.status_code == 201, r.text
    hinted = r.json()
    for lobby, hints in ((plain, False), (hinted, True)):
        watch = get(f"{live_server.url}/watch/{watch_id(lobby)}", "br").text
        seat = get(f"{live_server.url}/game/{lobby['game_id']}", "br").text
        imports = import_map(watch)
        for rel in SEAT_PANELS:
            assert imports[f"/static/{rel}"] not in modulepreloads(watch), rel
            assert imports[f"/static/{rel}"] in modulepreloads(seat), rel
        for rel in HINT_PANELS:  # the hints are the spectators' to read too
            for html in (watch, seat):
                assert (imports[f"/static/{rel}"] in modulepreloads(html)) == hints, rel
        for rel in LESSON_PANELS:  # only a lesson's table has a coach
            assert imports[f"/static/{rel}"] not in modulepreloads(seat), rel


def test_no_game_page_preloads_the_panels_around_the_board_and_the_worker_keeps_them(
        live_server: LiveServer) -> None:
    """The board comes first: chat, replay, clock and the rest are imported after its first
    draw (static/game.js), so neither page's shell names them, nor their stylesheets; the
    service worker still keeps them, so a page opened offline has them too."""
    lobby = create(live_server, "kaki-lima", spectators=True)
    worker = get(f"{live_server.url}/sw.js", "br").text
    for path in (f"/watch/{watch_id(lobby)}", f"/game/{lobby['game_id']}"):
        html = get(live_server.url + path, "br").text
        imports = import_map(html)
        preloaded = modulepreloads(html)
        assert imports["/static/game.js"] in preloaded, path  # the page's own module is
        for rel in LATER_PANELS:
            assert imports[f"/static/{rel}"] not in preloaded, (path, rel)
            assert imports[f"/static/{rel}"] in worker, rel
        preloaded_files = re.findall(r'<link rel="preload" [^>]*href="([^"]+)"', html)
        for css in ("chat.css", "clock.css", "replay.css"):
            assert imports[f"/static/{css}"] not in preloaded_files, (path, css)


@pytest.mark.parametrize("rel", [r for r in text_files() if r.endswith((".js", ".css", ".json"))]
                         [::7])
def test_a_static_subresource_carries_a_policy_that_allows_nothing(
        live_server: LiveServer, rel: str) -> None:
    r = http.get(f"{live_server.url}/static/{rel}")
    assert r.status_code == 200
    # A browser applies no CSP to a script or stylesheet it loads; opened on its own the
    # answer is a document that may run, load or frame nothing.
    assert r.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def inline_game(html: str) -> dict[str, Any] | None:
    """The watch page's inline game (app/http/firstpaint.py), parsed; None without one."""
    found = re.findall(r'<script type="application/json" id="meja-first">(.*?)</script>', html,
                       re.S)
    assert len(found) <= 1
    return json.loads(found[0]) if found else None


def unplugged(info: dict[str, Any]) -> dict[str, Any]:
    """A LobbyInfo without its seats' ``connected`` flags."""
    return {**info, "seats": [{k: v for k, v in s.items() if k != "connected"}
                              for s in info["seats"]]}


@pytest.mark.parametrize("game", [*GAMES, "secret-test"])
def test_the_watch_page_carries_exactly_what_a_spectators_socket_gets(
        live_server: LiveServer, game: str) -> None:
    lobby, host, guest, spec = open_table(live_server, game)
    if game == "secret-test":  # a few moves: hands that changed, log lines with secrets
        for turn in range(4):
            play(host if turn % 2 == 0 else guest)
            for v in (host, guest, spec):
                v.wait_version(turn + 1)
    page = http.get(f"{live_server.url}/watch/{watch_id(lobby)}")
    first = inline_game(page.text)
    assert first is not None and first["watch"] == watch_id(lobby)
    # The table as GET /api/watch answers it, the snapshot as a spectator's hello gets it.
    # (Who is connected is written a moment after a socket opens: not compared.)
    assert unplugged(first["info"]) == unplugged(
        http.get(f"{live_server.url}/api/watch/{watch_id(lobby)}").json())
    fresh = Viewer(live_server.ws_url, lobby["game_id"], watch=watch_id(lobby))
    assert first["snapshot"] == fresh.wait_for(lambda f: f["type"] == "snapshot")
    assert first["snapshot"]["doc"]["view"] is not None
    # Nothing of a seat's: no credential, no hand, no seat's own legal moves.
    credentials = [lobby["credential"], *(v.credential for v in (host, guest))]
    assert not any(c and c in page.text for c in credentials)
    assert '"credential"' not in page.text and first["snapshot"]["doc"]["legal"] == []
    for seat in (host, guest):
        assert seat.doc is not None
        assert first["snapshot"]["doc"]["view"] != seat.doc["view"] or game in (
            "tuk-tuk-taxi", "jakarta-traffic", "indonesia")  # (nothing hidden in these)
    if game == "secret-test":
        assert not SECRET.search(page.text)
    # A hello with the inline version is answered "uptodate": nothing is drawn twice.
    again = Viewer(live_server.ws_url, lobby["game_id"], watch=watch_id(lobby),
                   version=first["snapshot"]["version"])
    assert again.recv()["type"] == "uptodate"
    # A seat's page carries no game (its credential is in the browser, not the URL).
    assert inline_game(http.get(f"{live_server.url}/game/{lobby['game_id']}").text) is None
    for v in (host, guest, spec, fresh, again):
        v.close()


def test_a_name_a_player_typed_cannot_break_out_of_the_inline_game(
        live_server: LiveServer) -> None:
    name = "</script><script>alert(1)</script><!--"
    r = http.post(f"{live_server.url}/api/lobbies", json={
        "game": "race", "seats": 2, "host_name": name, "spectators": True})
    assert r.status_code == 201, r.text
    lobby = r.json()
    join(live_server, lobby, "Budi")
    start(live_server, lobby)
    html = http.get(f"{live_server.url}/watch/{watch_id(lobby)}").text
    assert "<script>alert" not in html and "<!--" not in html
    first = inline_game(html)
    assert first is not None and first["info"]["seats"][0]["name"] == name


def test_a_watch_page_whose_game_cannot_be_read_is_served_without_it(
        live_server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = create(live_server, "kaki-lima", spectators=True)

    async def broken(game_id: str) -> str:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(live_server.app.state.hub, "spectator_snapshot", broken)
    page = http.get(f"{live_server.url}/watch/{watch_id(lobby)}")
    # The page as before this document existed: it asks for the table itself, early.
    assert page.status_code == 200 and inline_game(page.text) is None
    assert f"</api/watch/{watch_id(lobby)}>" in page.headers["link"]

"""How the browser client's files reach a phone (issue 42): compressed when the browser
accepts it, immutable under content-hashed URLs named by the shell's import map, the page's
modules preloaded, and a new deploy's files picked up by the next page load."""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.config import ROOT
from tests.app.client import create, http, watch_id
from tests.conftest import LiveServer

STATIC = ROOT / "static"
TEXT = (".js", ".css", ".json", ".html", ".svg")
IMMUTABLE = "public, max-age=31536000, immutable"
#: A static import or re-export (the import() of a board is checked separately).
IMPORT = re.compile(r"""^\s*(?:import\s*|(?:import|export)\s[^"';]*?\sfrom\s*)["']([^"']+)["']""",
                    re.M)


def text_files(root: Path = STATIC) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.suffix in TEXT and p.is_file())


def import_map(html: str) -> dict[str, str]:
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found, "the shell has no import map"
    return json.loads(found[1])["imports"]  # type: ignore[no-any-return]


def get(url: str, encoding: str, **headers: str) -> Any:
    return http.get(url, headers={"Accept-Encoding": encoding, **headers})


@pytest.mark.parametrize("encoding", ["br", "gzip", "identity"])
def test_every_static_text_file_goes_out_compressed_when_the_browser_accepts_it(
        live_server: LiveServer, encoding: str) -> None:
    for rel in text_files():
        r = get(f"{live_server.url}/static/{rel}", encoding)
        assert r.status_code == 200, rel
        # httpx decodes what the header names: the bytes are the file's either way.
        assert r.content == (STATIC / rel).read_bytes(), rel
        if encoding == "identity":
            assert "content-encoding" not in r.headers, rel
        else:
            assert r.headers["content-encoding"] == encoding, rel
            assert int(r.headers["content-length"]) < len(r.content), rel
        assert "Accept-Encoding" in r.headers["vary"], rel  # a cache keeps one per coding


def test_the_shell_and_large_json_answers_are_compressed(live_server: LiveServer) -> None:
    for encoding in ("br", "gzip"):
        r = get(live_server.url + "/", encoding)
        assert r.headers["content-encoding"] == encoding and '<main id="app"' in r.text
    # A JSON answer over a few hundred bytes: brotli when accepted, else gzip, else as is;
    # httpx decodes either to the same document.
    answers = {coding: get(live_server.url + "/api/games", coding)
               for coding in ("gzip, deflate, br", "gzip", "br;q=0, gzip", "identity")}
    assert answers["gzip, deflate, br"].headers["content-encoding"] == "br"
    assert answers["gzip"].headers["content-encoding"] == "gzip"
    assert answers["br;q=0, gzip"].headers["content-encoding"] == "gzip"
    assert "content-encoding" not in answers["identity"].headers
    assert len({json.dumps(r.json()) for r in answers.values()}) == 1
    assert len(answers["identity"].content) > 512
    for coding in ("gzip", "gzip, deflate, br"):
        r = answers[coding]
        assert int(r.headers["content-length"]) < len(answers["identity"].content), coding
        assert "Accept-Encoding" in r.headers["vary"], coding
    # A short answer is not worth compressing.
    small = get(live_server.url + "/api/me", "br", Authorization="Bearer nobody")
    assert small.status_code == 401 and "content-encoding" not in small.headers


def test_hashed_urls_are_immutable_and_plain_ones_revalidated(live_server: LiveServer) -> None:
    shell = get(live_server.url + "/", "gzip")
    assert shell.headers["cache-control"] == "no-cache" and shell.headers["etag"]
    again = get(live_server.url + "/", "gzip", **{"If-None-Match": shell.headers["etag"]})
    assert again.status_code == 304
    hashed = import_map(shell.text)["/static/game.js"]
    assert re.fullmatch(r"/static/game\.js\?v=[0-9a-f]{16}", hashed)
    assert get(live_server.url + hashed, "br").headers["cache-control"] == IMMUTABLE
    for stale in ("/static/game.js", "/static/game.js?v=0000000000000000"):
        r = get(live_server.url + stale, "br")
        assert r.status_code == 200 and r.headers["cache-control"] == "no-cache", stale
        tag = r.headers["etag"]
        assert get(live_server.url + stale, "br", **{"If-None-Match": tag}).status_code == 304
    # The shell's stylesheet and icon are hashed too.
    assert re.search(r'href="/static/style\.css\?v=[0-9a-f]{16}"', shell.text)


def test_the_import_map_covers_every_module_a_module_imports(live_server: LiveServer) -> None:
    imports = import_map(get(live_server.url + "/", "gzip").text)
    wanted = {"/static/main.js"}
    for rel in text_files():
        if not rel.endswith(".js"):
            continue
        base = f"/static/{rel}"
        for spec in IMPORT.findall((STATIC / rel).read_text()):
            wanted.add(spec if spec.startswith("/") else
                       posixpath.normpath(posixpath.join(posixpath.dirname(base), spec)))
    # Each board is loaded by import(`/static/games/${kind}/index.js`).
    wanted |= {f"/static/games/{d.name}/index.js" for d in (STATIC / "games").iterdir()}
    assert len(wanted) > 40
    for plain in sorted(wanted):
        assert plain in imports, plain
        r = get(live_server.url + imports[plain], "gzip")
        assert r.status_code == 200 and r.headers["cache-control"] == IMMUTABLE, plain
        assert r.content == (STATIC / plain.removeprefix("/static/")).read_bytes()


def test_a_game_page_preloads_its_modules_and_its_board(live_server: LiveServer) -> None:
    lobby = create(live_server, "tuk-tuk-taxi", spectators=True)
    for path in (f"/game/{lobby['game_id']}", f"/watch/{watch_id(lobby)}"):
        html = get(live_server.url + path, "gzip").text
        imports = import_map(html)
        preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
        for module in ("main.js", "dom.js", "game.js", "socket.js",
                       "games/tuk-tuk-taxi/index.js", "games/tuk-tuk-taxi/board.js",
                       "roving.js"):
            assert imports[f"/static/{module}"] in preloads, (path, module)
        assert html.index('type="importmap"') < html.index("modulepreload")
        assert imports["/static/home.js"] not in preloads
    home = get(live_server.url + "/", "gzip").text
    assert import_map(home)["/static/home.js"] in re.findall(
        r'<link rel="modulepreload" href="([^"]+)">', home)
    assert "games/tuk-tuk-taxi" not in home.split("</script>", 1)[1]


def preloads(html: str) -> dict[str, str]:
    """Every ``<link rel=preload>`` of a shell: its URL and what it is preloaded as."""
    return {href: kind for kind, href in re.findall(
        r'<link rel="preload" as="(style|fetch)" href="([^"]+)"', html)}


@pytest.mark.parametrize("game", ["indonesia", "kaki-lima"])
def test_a_game_page_preloads_its_stylesheets_and_data_under_hashed_urls(
        live_server: LiveServer, game: str) -> None:
    lobby = create(live_server, game, spectators=True)
    html = get(live_server.url + f"/watch/{watch_id(lobby)}", "br").text
    imports, early = import_map(html), preloads(html)
    linked = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    # What the page's modules fetch (Indonesia's map) comes beside the modules. The
    # stylesheets every table uses (the board's, the chat's and the replay bar's) are linked
    # by the page itself, so the picture of the page as it was left (static/picture.js) is
    # drawn with them at the first paint; a panel only some tables have (the clock) comes
    # with its panel, after the board's first draw (static/game.js).
    wanted: dict[str, str] = {}
    for sheet in (f"games/{game}/{game}.css", "chat.css", "replay.css"):
        hashed = imports[f"/static/{sheet}"]
        assert hashed in linked and hashed not in early, sheet
        assert re.fullmatch(rf"/static/{re.escape(sheet)}\?v=[0-9a-f]{{16}}", hashed), sheet
    assert imports["/static/clock.css"] not in early and imports["/static/clock.css"] not in linked
    if game == "indonesia":
        wanted["games/indonesia/layout.json"] = "fetch"
        assert 'href="' + imports["/static/games/indonesia/layout.json"] + \
            '" crossorigin="anonymous">' in html  # as fetch() asks: the page's request finds it
    for rel, kind in wanted.items():
        hashed = imports[f"/static/{rel}"]
        assert re.fullmatch(rf"/static/{re.escape(rel)}\?v=[0-9a-f]{{16}}", hashed), rel
        assert early.get(hashed) == kind, rel
        for coding in ("br", "gzip"):
            r = get(live_server.url + hashed, coding)
            assert r.headers["cache-control"] == IMMUTABLE, rel
            assert r.headers["content-encoding"] == coding, rel
            assert r.content == (STATIC / rel).read_bytes(), rel
    # Another game's files are not fetched for this one; the language catalogues are not
    # static files (/i18n/<lang>.json serves them merged).
    other = "tuk-tuk-taxi"
    assert not any(other in url for url in early)
    assert not any("/i18n/" in url for url in imports if url.startswith("/static/"))
    # The home page asks for no board's files.
    assert not any("/games/" in url for url in preloads(get(live_server.url + "/", "br").text))


@pytest.fixture
def deployed(db_url: str, tmp_path: Path) -> Iterator[tuple[LiveServer, Path]]:
    """A server on its own copy of static/, which the test changes as a deploy would."""
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    server = LiveServer(db_url, static_dir=static).start()
    server.app.state.assets.recheck = 0  # (in service a deploy shows within a second)
    yield server, static
    server.stop()


def test_a_changed_module_gets_a_new_url_and_the_shell_points_at_it(
        deployed: tuple[LiveServer, Path]) -> None:
    server, static = deployed
    before = get(server.url + "/", "br")
    old = import_map(before.text)["/static/dom.js"]
    assert get(server.url + old, "br").headers["cache-control"] == IMMUTABLE
    changed = (static / "dom.js").read_text() + "\nexport const deployed = 2;\n"
    (static / "dom.js").write_text(changed)
    # The browser revalidates its shell: its old copy is no longer current.
    after = get(server.url + "/", "br", **{"If-None-Match": before.headers["etag"]})
    assert after.status_code == 200 and after.headers["etag"] != before.headers["etag"]
    new = import_map(after.text)["/static/dom.js"]
    assert new != old and new in after.text.split("</script>", 1)[1]  # preloaded too
    r = get(server.url + new, "br")
    assert r.text == changed and r.headers["cache-control"] == IMMUTABLE
    # A page still holding the old URL gets the file as it is now, but not for keeps.
    assert get(server.url + old, "br").headers["cache-control"] == "no-cache"
    # Files the other modules did not change keep their URLs (their cached copies stay good).
    assert import_map(after.text)["/static/game.js"] == import_map(before.text)["/static/game.js"]


def test_a_changed_stylesheet_or_map_gets_a_new_url_on_the_game_page(
        deployed: tuple[LiveServer, Path]) -> None:
    server, static = deployed
    lobby = create(server, "indonesia", spectators=True)
    page = f"{server.url}/watch/{watch_id(lobby)}"
    before = get(page, "br").text
    for rel, extra in (("games/indonesia/indonesia.css", "\n.deployed { color: red; }\n"),
                       ("games/indonesia/layout.json", "\n")):
        old = import_map(before)[f"/static/{rel}"]
        (static / rel).write_text((static / rel).read_text() + extra)
        after = get(page, "br").text
        new = import_map(after)[f"/static/{rel}"]
        # (the board's stylesheet linked by the page, the map preloaded beside the modules)
        assert new != old and (new in preloads(after) or f'<link rel="stylesheet" href="{new}">'
                               in after), rel
        r = get(server.url + new, "br")
        assert r.content == (static / rel).read_bytes() and r.headers["cache-control"] == IMMUTABLE
        assert get(server.url + old, "br").headers["cache-control"] == "no-cache", rel
        before = after


def test_the_catalogues_are_versioned_and_the_page_asks_for_its_answers_early(
        live_server: LiveServer) -> None:
    lobby = create(live_server, "kaki-lima", spectators=True)
    page = get(f"{live_server.url}/watch/{watch_id(lobby)}", "br")
    home = get(live_server.url + "/", "br")
    imports = import_map(page.text)
    for lang in ("en", "id", "ms"):
        # (A game's page gets its game's share: tests/app/test_first_visit.py.)
        versioned = import_map(home.text)[f"/i18n/{lang}.json"]
        r = get(live_server.url + versioned, "br")
        assert r.status_code == 200 and r.headers["cache-control"] == IMMUTABLE, lang
        assert r.headers["content-encoding"] == "br" and r.json()  # a catalogue, compressed
        assert "etag" not in r.headers  # never revalidated: nothing to revalidate with
        plain = get(f"{live_server.url}/i18n/{lang}.json", "br")
        assert plain.headers["cache-control"] == "no-cache", lang
        # The version in the address is the catalogue's own: its plain address's ETag.
        assert versioned == f"/i18n/{lang}.json?v={plain.headers['etag'].strip(chr(34))}".replace(
            "-br", "")
        again = get(f"{live_server.url}/i18n/{lang}.json", "br",
                    **{"If-None-Match": plain.headers["etag"]})
        assert again.status_code == 304, lang
    # The watch page's first question (English) is preloaded by the page's own answer, as
    # fetch() asks it; the board's data and the game list come in the page itself, exactly
    # as the API answers them (static/api.js takes each once instead of asking).
    links = re.findall(r"<([^>]+)>; rel=preload; as=fetch; crossorigin=anonymous",
                       page.headers["link"])
    # (The table itself comes inline: tests/app/test_first_visit.py.)
    assert links == [imports["/i18n/en.json"]]
    for url in links:
        assert get(live_server.url + url, "br").status_code == 200, url
    for html in (page.text, get(f"{live_server.url}/game/{lobby['game_id']}", "br").text):
        found = re.search(r'<script type="application/json" id="meja-answers">(.*?)</script>',
                          html, re.S)
        assert found, "the game page carries its first answers"
        brought = json.loads(found[1])
        assert set(brought) == {"/games", "/game-kinds/kaki-lima/data"}
        for path, answer in brought.items():
            assert answer == get(f"{live_server.url}/api{path}", "br").json(), path
    assert re.findall(r"<([^>]+)>", home.headers["link"]) == [
        import_map(home.text)["/i18n/en.json"]]

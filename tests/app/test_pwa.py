"""The installable app's files as a browser reads them: the manifest and its icons, and
/sw.js written for the current deploy (a new cache name when a file changes, every file it
caches at install served under its hashed, immutable URL)."""

from __future__ import annotations

import json
import re
import shutil
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.core.settings import ROOT
from tests.app.client import http
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def own_static(sqlite_url: str, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[tuple[LiveServer, Path]]:
    """A server on a copy of static/ (the test changes a file, as a deploy would)."""
    static = tmp_path_factory.mktemp("pwa") / "static"
    shutil.copytree(ROOT / "static", static)
    server = LiveServer(sqlite_url, static_dir=static).start()
    yield server, static
    server.stop()


def build_of(source: str) -> dict[str, Any]:
    found = re.search(r"^const BUILD = (\{.*\});$", source, re.M)
    assert found, "the BUILD line was not written"
    return dict(json.loads(found[1]))


def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", body[16:24])


def test_the_manifest_names_real_icons(own_static: tuple[LiveServer, Path]) -> None:
    server, _ = own_static
    page = http.get(f"{server.url}/")
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page.text
    r = http.get(f"{server.url}/static/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/manifest+json"
    manifest = r.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    purposes = set()
    for icon in manifest["icons"]:
        got = http.get(server.url + icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == "image/png"
        w, h = png_size(got.content)
        assert f"{w}x{h}" == icon["sizes"]
        purposes.add(icon["purpose"])
    assert purposes == {"any", "maskable"}


def test_the_worker_is_written_for_this_deploy(own_static: tuple[LiveServer, Path]) -> None:
    server, static = own_static
    r = http.get(f"{server.url}/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"  # a deploy is seen at the next visit
    build = build_of(r.text)
    assert set(build["offline"]) == {"en", "id", "ms"}
    assert build["offline"]["id"]["title"] == "Anda sedang offline"
    precache = build["precache"]
    assert "/static/main.js" in {u.split("?")[0] for u in precache}
    assert "/static/game.js" in {u.split("?")[0] for u in precache}
    for url in precache:
        got = http.get(server.url + url)
        assert got.status_code == 200, url
        if "?v=" in url:
            assert "immutable" in got.headers["cache-control"], url
    # A deploy changes a file: a new cache name, and the changed file's new URL.
    style = static / "style.css"
    style.write_text(style.read_text() + "\n/* deployed */\n")
    for _ in range(50):  # the server looks at static/ again once a second
        again = build_of(http.get(f"{server.url}/sw.js").text)
        if again["version"] != build["version"]:
            break
        time.sleep(0.1)
    assert again["version"] != build["version"]
    old = next(u for u in precache if u.startswith("/static/style.css"))
    assert old not in again["precache"]
    assert any(u.startswith("/static/style.css?v=") for u in again["precache"])

"""The installable app's service worker, ``GET /sw.js`` (static/sw.js with this deploy's
cache name, the files to cache at install and the offline page's words written in).

Served from the site's root so its scope is the whole site (no Service-Worker-Allowed
header needed); ``no-cache``, so a browser sees a deploy at its next visit: the new worker
has a new cache name (a hash of every static file's hash) and deletes the old caches when it
takes over."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from app.core.i18n import text
from app.http.static_assets import Asset, StaticAssets

#: Files every page needs besides the modules (the icons the manifest and notices name).
EXTRA = ("style.css", "favicon.svg", "manifest.webmanifest", "icons/icon-192.png")
LANGS = ("en", "id", "ms")
#: The line of static/sw.js the server replaces.
BUILD_LINE = 'const BUILD = { version: "dev", precache: [], offline: {} };'


class ServiceWorker:
    """Renders /sw.js for the current static files (again only when one of them changed)."""

    def __init__(self, assets: StaticAssets, modules: Iterable[str]) -> None:
        self.assets = assets
        self.modules = tuple(modules)
        self.cached: tuple[tuple[str, ...], Asset] | None = None

    def render(self) -> Asset:
        digests = self.assets.fingerprint()
        if self.cached is not None and self.cached[0] == digests:
            return self.cached[1]
        source = self.assets.get("sw.js")
        if source is None:
            raise HTTPException(404)
        version = hashlib.sha256("\n".join(digests).encode()).hexdigest()[:16]
        files = [*self.assets.closure(["main.js", *self.modules]), *EXTRA]
        build = {"version": version,
                 "precache": [self.assets.url(rel) for rel in files],
                 "offline": {lang: {"title": text("shell.offline.title", {}, lang),
                                    "text": text("shell.offline.text", {}, lang),
                                    "retry": text("shell.offline.retry", {}, lang)}
                             for lang in LANGS}}
        body = source.body.decode("utf-8").replace(
            BUILD_LINE, f"const BUILD = {json.dumps(build, ensure_ascii=False)};", 1)
        asset = Asset(body.encode("utf-8"), "text/javascript; charset=utf-8")
        self.cached = (digests, asset)
        return asset

    async def serve(self, request: Request) -> Response:
        """GET /sw.js: revalidated on every visit (``no-cache``, an ETag)."""
        asset = await run_in_threadpool(self.render)
        return await self.assets.respond(request, asset)

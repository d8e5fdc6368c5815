"""The browser client's files, delivered for a cheap phone (issue 42): compressed once,
cached by content hash, and preloaded from the shell.

- Every file under static/ is read into memory and hashed when first asked for (and again
  whenever its size or modification time changes, so a deploy that swaps files needs no
  restart). Its gzip and brotli forms are made once, at the first request that accepts them.
- ``/static/<path>?v=<hash>`` with the file's current hash is ``immutable`` for a year: a
  repeat visit asks nothing. Without ``v`` (or with an old one) a file is ``no-cache``, so
  it is revalidated by its ETag.
- The HTML shell (static/app.html) is rendered with an import map that sends every
  ``/static/*.js`` to its hashed URL. Relative imports ("./model.js", "../../roving.js")
  and dynamic ones (``import(`/static/games/${kind}/index.js`)``) resolve to the plain
  URL first and then through the map, because a hash in the query leaves the module's
  directory as it is (``import.meta.url``-relative stylesheets keep working too). The shell
  also carries ``<link rel=modulepreload>`` for the static import closure of the modules
  the page needs, so the browser fetches them at once instead of as a waterfall.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from app.http.middleware import APP_CSP, accepted_coding

try:  # brotli is a dependency (pyproject.toml); without it the files still go out gzipped.
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

#: A hashed URL's answer: never asked again (a new file gets a new URL).
IMMUTABLE = "public, max-age=31536000, immutable"
#: Every other answer of a file or of the shell: kept, but revalidated before each use.
REVALIDATE = "no-cache"
#: Media types sent compressed (fonts and images other than SVG are compressed already).
TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml",
              "application/manifest+json")
TYPES = {".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json",
         ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml",
         ".webmanifest": "application/manifest+json", ".png": "image/png"}
#: The shell's pictures up to this size (bytes) are put in the page (StaticAssets.shell_ref).
INLINE_PICTURE = 1024
#: A static ``import ... from "x"``, ``import "x"`` or ``export ... from "x"``.
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s+(?:[^"';]*?from\s*)?["']([^"']+)["']""",
    re.M)
#: Files besides modules that the page asks for by URL, hashed through the import map too:
#: a stylesheet a module links, data it fetches (static/games/indonesia/layout.json). A
#: module names one either as "/static/<path>" or relative to itself through
#: ``import.meta.resolve("./<path>")``; both resolve through the map to the hashed URL.
ASSET_SUFFIXES = (".css", ".json")
NAMED_ASSET = re.compile(
    r"""["'](/static/[^"'?#]+\.(?:css|json))["']"""
    r"""|import\.meta\.resolve(?:\?\.)?\(\s*["'](\.\.?/[^"'?#]+\.(?:css|json))["']""")
#: A script's, an image's, a stylesheet's or the icon's ``/static/`` address in the shell's
#: markup (rewritten to its hashed URL: a second visit does not revalidate it; the icon's
#: badge, static/notices.js, puts back whatever address the shell gave it).
SHELL_REF = re.compile(r"""(src|rel="(?:stylesheet|icon)" href)="/static/([^"?#]+)\"""")


@dataclass
class Asset:
    """One file's bytes as sent, with its hash and its compressed forms (made on demand)."""

    body: bytes
    media_type: str
    stamp: tuple[int, int] = (0, 0)  # (mtime_ns, size): when it changes, the file is re-read
    digest: str = ""
    encoded: dict[str, bytes] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)  # sent with it (the shell's CSP)
    #: Brotli's level: the best for what is compressed once; less for a page made per
    #: request (the watch page with its game inline), which is compressed each time.
    quality: int = 11

    def __post_init__(self) -> None:
        self.digest = self.digest or hashlib.sha256(self.body).hexdigest()[:16]

    @property
    def compressible(self) -> bool:
        """Whether compressing this file is worth anything (text, and not a few bytes)."""
        return len(self.body) > 256 and self.media_type.startswith(TEXT_TYPES)

    def encode(self, coding: str) -> bytes:
        """The body in ``coding`` ("br" or "gzip"), compressed once at the best level:
        the cost is paid by the first request and never again."""
        if coding not in self.encoded:
            if coding == "br" and brotli is not None:
                self.encoded[coding] = brotli.compress(self.body, quality=self.quality)
            else:  # mtime=0: the same bytes on every server of a cluster
                self.encoded[coding] = gzip.compress(self.body, compresslevel=min(9, self.quality),
                                                     mtime=0)
        return self.encoded[coding]


def etag_matches(if_none_match: str, digest: str) -> bool:
    """Whether the client's copy is this content (any coding of it: ``"<digest>-br"``)."""
    for tag in if_none_match.split(","):
        tag = tag.strip().removeprefix("W/").strip('"')
        if tag == "*" or tag.split("-")[0] == digest:
            return True
    return False


def named_assets(source: str, rel: str) -> list[str]:
    """The static/-relative paths of the stylesheets and data files ``rel``'s module names
    (see ``NAMED_ASSET``)."""
    found = []
    for absolute, relative in NAMED_ASSET.findall(source):
        if absolute:
            found.append(absolute.removeprefix("/static/"))
        else:
            found.append(posixpath.normpath(posixpath.join(posixpath.dirname(rel), relative)))
    return found


#: Where the shell template takes a script of static/ inline.
INLINE = re.compile(r"<!-- inline: ([a-z0-9-]+\.js) -->")


def inline_script(asset: Asset | None) -> str:
    """A static/ script's text to put inline: its comment lines left out, "</" escaped."""
    if asset is None:
        return ""
    lines = asset.body.decode("utf-8").splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("//")
                     ).replace("</", "<\\/")


#: The id of the shell's template of module preloads (``modules_script``).
MODULES_ID = "meja-modules"


def modules_script(made: str) -> str:
    """The shell's inline script that asks for its modules at once (the preloads in its
    template) unless this browser loaded the same modules (``made``: their URLs' digest)
    before; it remembers the last eight sets it loaded."""
    return ('(() => {const key = "meja.modules", made = "' + made + '"; let kept = [];'
            ' try { kept = JSON.parse(localStorage.getItem(key) || "[]"); } catch {}'
            ' if (!Array.isArray(kept)) kept = []; if (kept.includes(made)) return;'
            f' document.head.append(document.getElementById("{MODULES_ID}").content);'
            ' addEventListener("load", () => { try { localStorage.setItem(key, JSON.stringify('
            '[made, ...kept.filter((d) => d !== made)].slice(0, 8))); } catch {} });})();')


def script_hash(text: str) -> str:
    """The base64 SHA-256 of an inline script's text, as a CSP source names it."""
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def preload_link(url: str) -> str:
    """The ``<link rel=preload>`` of a stylesheet or data file at ``url``: a stylesheet as
    the page links it, data as ``fetch()`` asks for it by default (CORS mode, same-origin
    credentials), so the page's own request finds the preloaded answer."""
    if url.split("?")[0].endswith(".css"):
        return f'<link rel="preload" as="style" href="{url}">'
    return f'<link rel="preload" as="fetch" href="{url}" crossorigin="anonymous">'


def static_imports(source: str, rel: str) -> list[str]:
    """The static/-relative paths ``rel``'s module imports statically (not ``import()``)."""
    found = []
    for spec in STATIC_IMPORT.findall(source):
        if spec.startswith("/static/"):
            found.append(spec.removeprefix("/static/"))
        elif spec.startswith(("./", "../")):
            found.append(posixpath.normpath(posixpath.join(posixpath.dirname(rel), spec)))
    return found


class StaticAssets:
    """The files of one static directory, their hashed URLs and the shell pointing at them."""

    def __init__(self, root: Path, recheck: float = 1.0) -> None:
        self.root = root
        #: Seconds a rendered shell is trusted before the files it names are looked at
        #: again (a page load then costs no walk of static/; a deploy shows within this).
        self.recheck = recheck
        self.files: dict[str, Asset] = {}
        self.shells: dict[tuple[str, ...], tuple[tuple[str, ...], Asset]] = {}
        self.checked: tuple[float, tuple[str, ...]] = (float("-inf"), ())

    def get(self, rel: str) -> Asset | None:
        """The file at ``rel`` under the root as it is now on disk; None if there is none
        (or ``rel`` leaves the root)."""
        parts = rel.split("/")
        if not rel or rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
            return None
        path = self.root.joinpath(*parts)
        try:
            st = path.stat()
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        stamp = (st.st_mtime_ns, st.st_size)
        known = self.files.get(rel)
        if known is None or known.stamp != stamp:
            media = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
            known = Asset(path.read_bytes(), media or "application/octet-stream", stamp)
            self.files[rel] = known
        return known

    def modules(self) -> list[str]:
        """Every ES module under the root, as static/-relative paths."""
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*.js"))

    def mapped(self) -> list[str]:
        """Every file the import map names: the modules, the stylesheets and the data
        files (not the language catalogues under i18n/: /i18n/<lang>.json serves them
        merged)."""
        rels = (p.relative_to(self.root).as_posix() for p in self.root.rglob("*")
                if p.suffix in ASSET_SUFFIXES)
        return sorted({*self.modules(), *(rel for rel in rels
                                          if "i18n" not in rel.split("/")[:-1])})

    def url(self, rel: str) -> str:
        """The hashed URL of ``rel`` (the plain one if there is no such file)."""
        asset = self.get(rel)
        return f"/static/{rel}?v={asset.digest}" if asset else f"/static/{rel}"

    def shell_ref(self, rel: str) -> str:
        """The address the shell's markup gives ``rel``: a small picture (the icon, the
        brand mark) as a ``data:`` URL in the page itself, since on a phone each request
        waits its turn for one of six connections before the board (issue 42); anything
        else its hashed URL."""
        asset = self.get(rel)
        if asset is None or not rel.endswith(".svg") or len(asset.body) > INLINE_PICTURE:
            return self.url(rel)
        # "#" stays escaped: unescaped, it ends the URL (a fragment) at the first colour.
        return "data:image/svg+xml," + quote(" ".join(asset.body.decode("utf-8").split()),
                                            safe=" /:=,.'()-")

    def import_map(self, aliases: tuple[tuple[str, str], ...] = ()
                   ) -> dict[str, dict[str, str]]:
        """Every module's, stylesheet's and data file's plain URL mapped to its hashed one
        (a module asks for a stylesheet or data file through ``import.meta.resolve``),
        and the versioned URLs of ``aliases`` (answers other than files: the catalogues)."""
        return {"imports": {**{f"/static/{rel}": self.url(rel) for rel in self.mapped()},
                            **dict(aliases)}}

    def closure(self, entries: Iterable[str]) -> list[str]:
        """``entries`` and every module they import statically, depth first (a module
        before the ones importing it), each once."""
        seen: list[str] = []

        def visit(rel: str) -> None:
            if rel in seen:
                return
            asset = self.get(rel)
            if asset is None:
                return
            seen.append(rel)
            for dep in static_imports(asset.body.decode("utf-8", "replace"), rel):
                visit(dep)

        for entry in entries:
            visit(entry)
        return seen

    def fingerprint(self) -> tuple[str, ...]:
        """Every file's hash (re-read at most every ``recheck`` seconds): a shell rendered
        for another fingerprint is out of date."""
        now = time.monotonic()
        if now - self.checked[0] >= self.recheck:
            rels = sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*"))
            self.checked = (now, tuple(f"{rel}:{asset.digest}" for rel in rels
                                       if (asset := self.get(rel)) is not None))
        return self.checked[1]

    def shell(self, template: str, entries: tuple[str, ...] = (),
              aliases: tuple[tuple[str, str], ...] = (), sheets: tuple[str, ...] = ()) -> Asset:
        """The shell page ``template`` (static/-relative) rendered for the current files:
        its /static/ references hashed, the import map, a modulepreload for every module
        of ``entries`` plus what the shell's own module script imports, and a preload of
        every stylesheet and data file those modules name. Rendered again only when a file
        it names has changed. ``aliases`` go into the import map as they are."""
        digests = self.fingerprint()
        key = (template, *entries, *(f"{plain}={url}" for plain, url in aliases),
               *(f"sheet:{rel}" for rel in sheets))
        cached = self.shells.get(key)
        if cached is not None and cached[0] == digests:
            return cached[1]
        page = self.get(template)
        if page is None:
            raise HTTPException(404)
        html = page.body.decode("utf-8")
        own = re.findall(r'<script type="module" src="/static/([^"?#]+)"', html)
        modules = self.closure([*own, *entries])
        modulelinks = "".join(f'\n  <link rel="modulepreload" href="{self.url(rel)}">'
                              for rel in modules)
        # What those modules link or fetch as soon as they run (the game's stylesheet,
        # Indonesia's map): asked for now, beside the modules, not after them.
        named = dict.fromkeys(asset for rel in modules if (found := self.get(rel))
                              for asset in named_assets(found.body.decode("utf-8", "replace"),
                                                        rel) if self.get(asset))
        # The stylesheets the page will link (``sheets``, and those its modules name) linked
        # now: a picture of the page as it was left (static/picture-first.js) is drawn
        # with them at the first paint, and they come from the cache on a second visit.
        linked = dict.fromkeys([*sheets, *(rel for rel in named if rel.endswith(".css"))])
        preload = "".join(f"{preload_link(self.url(rel))}\n  " for rel in named
                          if rel not in linked)
        html = html.replace('<link rel="stylesheet" href="/static/style.css">', "".join(
            ['<link rel="stylesheet" href="/static/style.css">',
             *(f'\n  <link rel="stylesheet" href="{self.url(rel)}">' for rel in linked
               if self.get(rel))]), 1)
        # "</" cannot end the script early: no module path has it, but be sure.
        mapping = json.dumps(self.import_map(aliases),
                             separators=(",", ":")).replace("</", "<\\/")
        html = SHELL_REF.sub(lambda m: f'{m[1]}="{self.shell_ref(m[2])}"', html)
        # The modules' preloads in a template, put into the head by a script unless this
        # browser has loaded exactly these modules before (they are in its cache, under
        # URLs that name their content): ~30 preloads cost a phone ~110 ms of the page's
        # first task, and a second visit drew its board later for them (bench/README.md).
        # Before the stylesheets, so a first visit's script does not wait for them.
        warm = modules_script(hashlib.sha256(modulelinks.encode()).hexdigest()[:16])
        first = (f'<script type="importmap">{mapping}</script>\n  <template id="{MODULES_ID}">'
                 f'{modulelinks}\n  </template>\n  <script>{warm}</script>\n  ')
        html = html.replace('<link rel="stylesheet"', first + '<link rel="stylesheet"', 1)
        html = html.replace('<script type="module"', preload + '<script type="module"', 1)
        # The scripts the shell carries inline (``<!-- inline: file.js -->``: the picture of
        # a game page as it was left, static/picture-first.js), without their comment lines.
        inline = [inline_script(self.get(m[1])) for m in INLINE.finditer(html)]
        texts = iter(inline)
        html = INLINE.sub(lambda _: f"<script>{next(texts)}</script>", html)
        # The import map and those scripts: the page's CSP allows exactly them.
        hashes = " ".join(f"'sha256-{script_hash(text)}'" for text in (mapping, warm, *inline))
        csp = APP_CSP.replace("script-src 'self'", f"script-src 'self' {hashes}", 1)
        shell = Asset(html.encode("utf-8"), TYPES[".html"], headers={
            "Content-Security-Policy": csp})
        self.shells[key] = (digests, shell)
        return shell

    @staticmethod
    def with_block(shell: Asset, block: str) -> Asset:
        """``shell`` with ``block`` (markup made for one request) after its page's element
        (before the shell's inline scripts, which may read it) or at the end of its body:
        a page of its own, compressed per request at a level that costs a millisecond."""
        block_bytes = block.encode("utf-8")
        if b"</main>" in shell.body:
            body = shell.body.replace(b"</main>", b"</main>\n" + block_bytes, 1)
        else:
            body = shell.body.replace(b"</body>", block_bytes + b"\n</body>", 1)
        return Asset(body, shell.media_type, headers=dict(shell.headers), quality=5)

    async def respond(self, request: Request, asset: Asset, hashed: bool = False,
                      status: int = 200) -> Response:
        """``asset`` as the answer to ``request``: compressed if the client accepts it,
        304 if its copy is current, ``immutable`` if ``hashed`` (the URL names this
        content)."""
        headers = {"Cache-Control": IMMUTABLE if hashed else REVALIDATE,
                   "ETag": f'"{asset.digest}"', **asset.headers}
        body = asset.body
        if asset.compressible:
            headers["Vary"] = "Accept-Encoding"
            coding = accepted_coding(request.headers.get("accept-encoding", ""))
            if coding is not None:
                if coding not in asset.encoded:  # the first time: off the event loop
                    await run_in_threadpool(asset.encode, coding)
                body = asset.encode(coding)
                headers["Content-Encoding"] = coding
                headers["ETag"] = f'"{asset.digest}-{coding}"'
        if status == 200 and etag_matches(request.headers.get("if-none-match", ""), asset.digest):
            return Response(status_code=304, headers=headers)
        if hashed:  # never revalidated: its ETag would be 30 bytes for nothing, 40 files a page
            del headers["ETag"]
        if request.method == "HEAD":  # the headers of the GET, no body
            headers["Content-Length"] = str(len(body))
            body = b""
        return Response(body, status_code=status, media_type=asset.media_type, headers=headers)

    async def serve(self, request: Request) -> Response:
        """GET /static/<path>: the file, immutable when ``v`` is its current hash."""
        asset = self.get(request.path_params["path"])
        if asset is None:
            raise HTTPException(404)
        return await self.respond(request, asset, request.query_params.get("v") == asset.digest)

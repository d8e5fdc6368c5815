"""ASGI middleware of every HTTP answer: a bound on request bodies, security headers,
compression of the answers made per request, and the client's address as the configured
proxies forwarded it."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress

from fastapi import HTTPException
from starlette.datastructures import Headers
from starlette.middleware.gzip import GZipMiddleware, GZipResponder, IdentityResponder
from starlette.types import ASGIApp, Message, Receive, Scope, Send

try:  # brotli is a dependency (pyproject.toml); without it answers still go out gzipped.
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

#: The client is ES modules, a stylesheet and SVG from this origin. Scripts only from here;
#: styles also inline, because each game renderer (static/games/*.js) appends a <style>
#: element with its CSS (everything else goes through the CSSOM, which CSP does not
#: govern). Moving that CSS into files under static/ would allow dropping 'unsafe-inline'.
#: 'self' covers the same-origin WebSocket too.
APP_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
           "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
           "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: FastAPI's /docs and /redoc pages load their scripts from a CDN and start them inline.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net "
            "https://fonts.googleapis.com; "
            "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
            "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
#: A script, stylesheet, catalogue or data file the page loads is no document: browsers
#: apply no CSP to it (it governs documents and workers). Opened on its own it is one, so it
#: gets a policy that allows nothing at all - stricter than the page's, and 0.3 KB shorter
#: on each of the ~40 answers of a first visit (issue 42: every byte on a phone's network).
SUBRESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'"
#: The static files that are subresources (HTML and SVG can be documents with scripts).
SUBRESOURCE_SUFFIXES = (".js", ".css", ".json", ".png", ".webmanifest")
_COMMON = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"x-frame-options", b"DENY")]


def page_policy(path: str) -> str:
    """The Content-Security-Policy of the answer at ``path``: the docs' pages allow their
    CDN, the static subresources allow nothing, every other answer has the app's."""
    if path in ("/docs", "/redoc"):
        return DOCS_CSP
    if path.startswith("/i18n/") or (path.startswith("/static/")
                                     and path.endswith(SUBRESOURCE_SUFFIXES)):
        return SUBRESOURCE_CSP
    return APP_CSP


class SecurityHeaders:
    """Adds Content-Security-Policy, nosniff, Referrer-Policy to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        extra = [(b"content-security-policy", page_policy(path).encode()), *_COMMON]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in extra if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def accepted_coding(accept_encoding: str) -> str | None:
    """The best coding the client accepts: brotli (a fifth smaller than gzip for script
    and JSON), then gzip; None for identity. ``q=0`` refuses a coding."""
    accepted: set[str] = set()
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"):
            continue
        accepted.add(name.strip())
    if "br" in accepted and brotli is not None:
        return "br"
    return "gzip" if "gzip" in accepted or "*" in accepted else None


class BrotliResponder(IdentityResponder):
    """Starlette's compressing responder (headers, Vary, streaming, small answers left
    alone) with the brotli library's encoder in place of zlib's."""

    content_encoding = "br"
    #: Made per answer, so a middle quality: most of brotli's gain for a fraction of
    #: quality 11's time (the static files, compressed once, use 11).
    quality = 5

    def __init__(self, app: ASGIApp, minimum_size: int) -> None:
        super().__init__(app, minimum_size)
        self.compressor = brotli.Compressor(quality=self.quality)

    async def apply_compression(self, body: bytes, *, more_body: bool) -> bytes:
        """The next piece of the brotli stream (the whole of it when ``more_body`` is
        false)."""
        if more_body:
            return bytes(self.compressor.process(body) + self.compressor.flush())
        return bytes(self.compressor.process(body) + self.compressor.finish())


class Compression(GZipMiddleware):
    """Brotli or gzip, whichever is the best the client accepts, for answers of
    ``minimum_size`` bytes or more that are not compressed already (the static files and
    the shell come compressed from app/http/static_assets.py)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # the WebSocket has permessage-deflate of its own
            await self.app(scope, receive, send)
            return
        coding = accepted_coding(Headers(scope=scope).get("accept-encoding", ""))
        responder: ASGIApp
        if coding == "br":
            responder = BrotliResponder(self.app, self.minimum_size)
        elif coding == "gzip":
            responder = GZipResponder(self.app, self.minimum_size,
                                      compresslevel=self.compresslevel)
        else:
            responder = IdentityResponder(self.app, self.minimum_size)
        await responder(scope, receive, send)


class BodyTooLarge(HTTPException):
    """A request body over the limit (answered 413 by the app's error handler)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"The request body is larger than {limit} bytes.")


#: The largest oversized body read (and dropped) before its 413; how long in all, and how
#: long a pause in its arrival, the reading may take.
DRAIN_BYTES = 16 << 20
DRAIN_SECONDS = 10.0
DRAIN_IDLE_SECONDS = 0.5


async def _drain(receive: Receive, budget: int) -> None:
    """Read and drop up to ``budget`` bytes of the request body, while they keep coming."""
    seen = 0
    deadline = asyncio.get_running_loop().time() + DRAIN_SECONDS
    with contextlib.suppress(TimeoutError):
        while seen < budget:
            left = deadline - asyncio.get_running_loop().time()
            message = await asyncio.wait_for(receive(), min(DRAIN_IDLE_SECONDS, left))
            if message["type"] != "http.request":
                return  # the client went away
            seen += len(message.get("body", b""))
            if not message.get("more_body"):
                return


class BodyLimit:
    """Refuses request bodies over ``max_bytes`` with 413 without keeping them: a declared
    Content-Length over the limit is refused before the application sees anything (its
    body read and dropped first, up to DRAIN_BYTES, so a client still sending gets the
    answer rather than a reset), a streamed body as soon as it passes the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int,
                 larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        #: Paths whose bodies may be larger (an imported game record).
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.max_bytes)
        headers = scope.get("headers", [])
        for key, value in headers:
            if key == b"content-length":
                if not value.isdigit() or int(value) > limit:
                    if value.isdigit() and int(value) <= DRAIN_BYTES \
                            and (b"expect", b"100-continue") not in headers:
                        # A client that is still sending would get a reset for an answer
                        # if we closed with its body unread: read it first, while it keeps
                        # coming. (One that asked "100-continue" has sent nothing, and one
                        # announcing more than DRAIN_BYTES is not worth reading.)
                        await _drain(receive, int(value))
                    await self._refuse(send, limit)
                    return
        seen = 0

        async def bounded_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        await self.app(scope, bounded_receive, send)

    async def _refuse(self, send: Send, limit: int) -> None:
        body = (b'{"detail":"The request body is larger than ' + str(limit).encode()
                + b' bytes."}')
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_networks(spec: str) -> tuple[Network, ...]:
    """``MEJA_TRUSTED_PROXIES``: addresses or networks (``10.0.0.5``, ``172.30.58.0/24``)
    separated by commas or spaces; a ValueError names an entry that is neither."""
    out: list[Network] = []
    for entry in spec.replace(",", " ").split():
        try:
            out.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"MEJA_TRUSTED_PROXIES: {entry!r} is not an address or "
                             "network") from None
    return tuple(out)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


class TrustedProxies:
    """The client's address (and scheme) as a trusted proxy forwarded it: a request whose
    peer is one of ``networks`` is from the nearest address in ``X-Forwarded-For`` that is
    not itself a trusted proxy; anyone else's ``X-Forwarded-For`` is ignored, so nobody can
    pick the address the per-address limits count. The setting is the one place that says
    whom to trust (``python -m app`` turns uvicorn's own, fixed to 127.0.0.1, off)."""

    def __init__(self, app: ASGIApp, networks: tuple[Network, ...]) -> None:
        self.app = app
        self.networks = networks

    def _trusted(self, host: str) -> bool:
        addr = _address(host)
        return addr is not None and any(addr in net for net in self.networks)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if (scope["type"] in ("http", "websocket") and self.networks and client
                and self._trusted(client[0])):
            headers = dict(scope.get("headers") or [])
            forwarded = headers.get(b"x-forwarded-for")
            if forwarded:
                hops = [h.strip() for h in forwarded.decode("latin-1").split(",") if h.strip()]
                # The rightmost hop was added by the proxy we trust; walk left past any
                # other trusted proxy to the first address none of them vouches for.
                for hop in reversed(hops):
                    host = hop.strip("[]")
                    if _address(host) is None:
                        break  # a garbled entry: keep the last address that was good
                    scope = {**scope, "client": (host, 0)}
                    if not self._trusted(host):
                        break
            proto = headers.get(b"x-forwarded-proto", b"").decode("latin-1").strip().lower()
            if proto in ("http", "https"):
                scheme = proto if scope["type"] == "http" else \
                    ("wss" if proto == "https" else "ws")
                scope = {**scope, "scheme": scheme}
        await self.app(scope, receive, send)

"""ASGI middleware of every HTTP answer: a bound on request bodies, security headers."""

from __future__ import annotations

from fastapi import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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
_COMMON = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"x-frame-options", b"DENY")]


class SecurityHeaders:
    """Adds Content-Security-Policy, nosniff, Referrer-Policy to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = DOCS_CSP if path in ("/docs", "/redoc") else APP_CSP
        extra = [(b"content-security-policy", csp.encode()), *_COMMON]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in extra if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyTooLarge(HTTPException):
    """A request body over the limit (answered 413 by the app's error handler)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"The request body is larger than {limit} bytes.")


class BodyLimit:
    """Refuses request bodies over ``max_bytes`` with 413 without reading them whole: a
    declared Content-Length is refused before the first byte is read, a streamed body as
    soon as it passes the limit."""

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
        for key, value in scope.get("headers", []):
            if key == b"content-length":
                if not value.isdigit() or int(value) > limit:
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

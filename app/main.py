"""The FastAPI application: REST, WebSocket, the browser client's pages and static files.

This is where the service is put together (its composition root): :func:`assemble` builds
the hub with its committer, its fan-out and the list of features plugged into every room,
and :func:`create_app` mounts the HTTP routes. Nothing else builds a collaborator of
another wing (docs/architecture.md).
"""

from __future__ import annotations

import gc
import logging
import re
import time
import uuid
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.config import Settings
from app.core.errors import Refused, validation_message
from app.core.events import LobbyEvents
from app.core.i18n import merged, merged_for
from app.core.ratelimit import RateLimiter
from app.core.rtsettings import Realtime
from app.features.chat import Chat
from app.features.clock import Clocks
from app.features.mygames import MyGames
from app.features.notices import Notices, NoticeSettings
from app.features.rematch import Rematches
from app.features.takeback import Takebacks
from app.http import (
    account_lessons,
    accounts,
    catalogues,
    clock,
    crews,
    errors,
    gamedata,
    games,
    hints,
    lessons,
    lobbies,
    mygames,
    notices,
    passkeys,
    push,
    records,
    rematch,
    replay,
    signin_mail,
)
from app.http.deps import run
from app.http.firstpaint import answers_block, data_block, watch_document
from app.http.gamedata import encoded_data
from app.http.lobbies import listed_games_json
from app.http.middleware import (
    BodyLimit,
    Compression,
    SecurityHeaders,
    TrustedProxies,
    proxy_networks,
)
from app.http.pwa import ServiceWorker
from app.http.static_assets import Asset, StaticAssets
from app.realtime import ws
from app.realtime.bots import BotPool
from app.realtime.fanout import Fanout, LocalFanout
from app.realtime.hub import Hub
from app.realtime.lease import PresenceLease
from app.store.committer import Committer
from app.store.db import make_engine
from app.store.store import Store
from engines import messages
from engines.registry import get_engine

#: The shell's pages, each with the games column its token must name (None: no lookup).
#: A token that names nothing gets the not-found page instead of a shell that would only
#: find out after loading. Claim links are used up once, so the claim page explains itself.
PAGES: dict[str, str | None] = {"/": None, "/my": None, "/join/{token}": "invite_id",
                                "/claim/{token}": None,
                                "/lobby/{token}": "id", "/game/{token}": "id",
                                "/watch/{token}": "watch_id", "/account": None,
                                "/account/mail/{token}": None,
                                "/learn": None, "/learn/{token}": None, "/crews": None,
                                "/crew/{token}": None, "/crew-invite/{token}": None,
                                "/player/{token}": None}
#: The module each page's route loads (static/main.js's routes): the shell preloads it with
#: its imports; a game's page preloads its board's module too (static/games/<game>/).
PAGE_MODULES = {"/": "home.js", "/my": "mygames.js", "/join/{token}": "join.js",
                "/claim/{token}": "join.js",
                "/lobby/{token}": "lobby.js", "/game/{token}": "game.js",
                "/watch/{token}": "game.js", "/account": "account.js",
                "/account/mail/{token}": "account.js",
                "/learn": "learn.js", "/learn/{token}": "learn.js", "/crews": "crews.js",
                "/crew/{token}": "crew.js", "/crew-invite/{token}": "crews.js",
                "/player/{token}": "player.js"}
#: The game page's panels a seat's table shows and a spectator's does not (static/game.js
#: imports them only for a seat, and a lesson's coach or the hints only where the table has
#: them): the shell of /game/ preloads them, the watch link's does not ask for them at all.
SEAT_PANELS = ("confirm.js", "notices.js", "since.js", "keepcrew.js", "nextgame.js")
LESSON_PANELS = ("coach.js",)
HINT_PANELS = ("hint.js",)
#: The game page's panels around the board, imported once the board is drawn (static/game.js,
#: laterPanels; a seat's own only for a seat, the others when the table first needs them: the
#: clock for a table with one, the game-over panel once it is over, how-to-play when it is
#: first tapped): no shell preloads them, so a first visit's first paint waits for none.
LATER_PANELS = ("chat.js", "clock.js", "gameover.js", "howto.js", "rematch.js", "replay.js",
                "takeback.js", "templates-fallback.js", "announce.js", "leftnotice.js",
                "options.js", "playeractions.js", "waiting.js")
#: The stylesheets of the game page's panels that every table shows (the chat, the replay
#: bar): linked by the shell, so a picture of the page as it was left (static/picture.js)
#: is drawn as it looked at the first paint, and nothing is restyled when the panels come.
GAME_SHEETS = ("chat.css", "replay.css")
#: The shell's own modules imported after the first page is drawn (static/main.js: the
#: installable app's parts): no shell preloads them; the service worker keeps them.
SHELL_LATER = ("pwa.js",)
#: JSON and other answers made per request are compressed (brotli, else gzip) from this size
#: on (static files and the shell are compressed once by StaticAssets).
COMPRESS_FROM = 512


def wants_page(request: Request) -> bool:
    """Whether a refusal goes to a person's browser (the not-found page) rather than to a
    program (JSON): everything but the API and the WebSocket, whatever the method (a
    mistyped /static/ address opened in a browser is a page too; a script never reads the
    body of its 404)."""
    return not request.url.path.startswith(("/api/", "/ws/"))


def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method the OpenAPI document gives for ``path`` (Starlette's 405 names only the
    first matching route's methods, and /api/lobbies has two routes)."""
    methods: set[str] = set()
    for template, operations in app.openapi()["paths"].items():
        pattern = re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, path):
            methods |= {m.upper() for m in operations}
    return sorted(methods)


@dataclass(frozen=True)
class Service:
    """One process's real-time service, assembled: the hub and the features other wings
    reach (the clock's scheduler, the notices)."""

    hub: Hub
    clocks: Clocks
    notices: Notices
    mygames: MyGames


def assemble(store: Store, *, bot_delay: float, notices: NoticeSettings | None = None,
             events: LobbyEvents | None = None, rt: Realtime | None = None) -> Service:
    """The hub of one process with every feature plugged in, in the order the room calls
    them: the clock, the chat, the rematch, take-backs, then the notices (their welcome
    frames follow in that order after a hello; the clock's and the take-back's parts of
    the document too)."""
    rt = rt or Realtime()
    #: This process among the others on one database (names its notifications).
    origin = uuid.uuid4().hex[:12]
    committer = Committer(store, origin=origin)
    mode = rt.fanout
    if mode == "auto":
        mode = "postgres" if store.engine.dialect.name == "postgresql" else "local"
    fanout: Fanout = LocalFanout()
    if mode == "postgres":
        from app.realtime.pgfanout import PgFanout

        fanout = PgFanout(store.engine.url.render_as_string(hide_password=False), origin)
        committer.notify = True
    clocks = Clocks(store.engine, origin)
    mail = Notices(store.engine, notices)
    if events is not None:
        mail.subscribe(events)
    followed = MyGames()
    features = [clocks, Chat(store.engine, rt), Rematches(store.engine), Takebacks(store),
                mail, followed]
    hub = Hub(store, committer, fanout, features, BotPool(), PresenceLease(store, origin),
              origin=origin, bot_delay=bot_delay, rt=rt)
    return Service(hub, clocks, mail, followed)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the service (tests build several, each on its own database)."""
    settings = settings or Settings()
    store = Store(make_engine(settings.database_url))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        events = LobbyEvents()
        service = assemble(store, bot_delay=settings.bot_delay, notices=settings.notices,
                           events=events)
        hub = service.hub
        app.state.hub, app.state.events = hub, events
        app.state.clocks, app.state.notices = service.clocks, service.notices
        app.state.mygames = service.mygames
        await hub.start()
        # Everything imported and loaded so far lives as long as the process: keep the
        # cyclic garbage collector from re-scanning it on every collection.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await hub.stop()
            store.engine.dispose()

    app = FastAPI(title="Meja", version="0.1.0", lifespan=lifespan,
                  description="Play Southeast Asian board games with friends. "
                              "See docs/protocol.md for the WebSocket protocol.")
    app.state.settings = settings
    app.state.store = store
    app.state.limits = {"lobbies": RateLimiter(settings.rate_lobbies),
                        "joins": RateLimiter(settings.rate_joins),
                        "claims": RateLimiter(settings.rate_claims),
                        "records": RateLimiter(settings.rate_records),
                        "accounts": RateLimiter(settings.rate_accounts),
                        "crews": RateLimiter(settings.rate_crews),
                        # Counted per address mailed to, not per asker (app/http/signin_mail.py).
                        "mails": RateLimiter(settings.rate_signin_mails),
                        "hints": RateLimiter(settings.rate_hints),
                        "mine": RateLimiter(settings.rate_mine),
                        "push": RateLimiter(settings.rate_push)}
    for module in (lobbies, games, rematch, ws, gamedata, notices, push, replay, records, clock,
                   catalogues, accounts, account_lessons, passkeys, signin_mail, lessons, hints,
                   mygames, crews):
        app.include_router(module.router)

    # Every refusal is {"detail": "<one sentence>"} (ErrorBody in the OpenAPI document).
    app.add_exception_handler(Refused, errors.refused)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(err.get("type") == "json_invalid" for err in errors):
            # A body that is not JSON at all is a bad request (docs/protocol.md), not a
            # JSON document with a wrong field.
            return JSONResponse({"detail": "The request body is not JSON."}, status_code=400)
        return JSONResponse({"detail": validation_message(errors)}, status_code=422)

    static_dir: Path = settings.static_dir
    assets = StaticAssets(static_dir)
    app.state.assets = assets

    async def not_found_page(request: Request, status: int = 404,
                             headers: dict[str, str] | None = None) -> Response:
        shell = await run_in_threadpool(assets.shell, "notfound.html")
        answer = await assets.respond(request, shell, status=status)
        answer.headers.update(headers or {})
        return answer

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            # Starlette names only the first route's methods; a path can have several.
            headers["Allow"] = ", ".join(allowed_methods(app, request.url.path)
                                         or [headers.get("Allow", "GET")])
        if exc.status_code in (404, 405) and wants_page(request):
            # A HEAD gets the headers only (StaticAssets.respond sends no body for it).
            return await not_found_page(request, exc.status_code, headers)
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code,
                            headers=headers or None)

    versions: list[Any] = [float("-inf"), {}]  # (when looked at, each language's digest)

    def catalogue_aliases(game: str | None) -> tuple[tuple[str, str], ...]:
        """Each language catalogue's plain URL and its current version's (immutable, see
        app/http/catalogues.py), looked at again as often as the static files. On a game's
        page "/i18n/<lang>.json" is that game's share of it; "/i18n/all/<lang>.json" is
        always the whole one (static/i18n.js fetches it when the page goes elsewhere)."""
        now = time.monotonic()
        if now - versions[0] >= assets.recheck:
            versions[:] = [now, {lang: merged(lang)[1].strip('"') for lang in messages.LANGS}]
        whole = {lang: f"/i18n/{lang}.json?v={digest}" for lang, digest in versions[1].items()}
        own = whole if game is None else {
            lang: f"/i18n/{lang}/{quote(game)}.json?v={share_digest(lang, game, digest)}"
            for lang, digest in versions[1].items()}
        return (*((f"/i18n/{lang}.json", url) for lang, url in own.items()),
                *((f"/i18n/all/{lang}.json", url) for lang, url in whole.items()))

    shares: dict[tuple[str, str, str], str] = {}  # (lang, game, whole's digest) -> share's

    def share_digest(lang: str, game: str, whole: str) -> str:
        """The version of a game's share of a catalogue (worked out once per version)."""
        key = (lang, game, whole)
        if key not in shares:
            shares[key] = merged_for(lang, game)[1].strip('"')
        return shares[key]

    def render_shell(entries: tuple[str, ...], game: str | None = None
                     ) -> tuple[Asset, tuple[tuple[str, str], ...]]:
        aliases = catalogue_aliases(game)
        sheets = GAME_SHEETS if "game.js" in entries else ()
        return assets.shell("app.html", entries, aliases, sheets), aliases

    def page_for(column: str | None, module: str) -> Any:
        async def page(request: Request) -> Response:
            token = request.path_params.get("token", "")
            entries: tuple[str, ...] = (module,)
            # Answers the page asks for as soon as its modules run, asked for with the
            # page instead (HTTP Link preloads, per request: the shell itself is shared).
            early: list[str] = []
            kind: str | None = None  # the game whose share of the catalogue the page gets
            first: str | None = None  # the watch page's game, inline (app/http/firstpaint.py)
            answers: dict[str, bytes] = {}  # its first GETs, answered inline (answers_block)
            if column is not None:
                game = await run(store.game_by, column, token)
                if game is None or (column == "watch_id" and not game["spectators"]):
                    return await not_found_page(request)
                if module == "game.js":  # its board, fetched with the page's own modules
                    entries += (f"games/{game['kind']}/index.js",)
                    engine = get_engine(game["kind"])
                    kind = game["kind"] if engine is not None else None
                    settings = game.get("settings") or {}
                    if column == "id":
                        entries += SEAT_PANELS
                        if settings.get("lesson"):
                            entries += LESSON_PANELS
                    if settings.get("hints"):
                        entries += HINT_PANELS
                    answers = {"/games": listed_games_json()}
                    if engine is not None:
                        answers[f"/game-kinds/{game['kind']}/data"] = encoded_data(engine)[0]
                if column == "watch_id" and module == "game.js":
                    # The table and the spectator's snapshot come inline (firstpaint.py).
                    first = await watch_document(request, game)
                    if first is None:  # static/game.js asks for the table first
                        early.insert(0, f"/api/watch/{quote(token)}")
            # Off the event loop: once a second the shell looks at static/'s files again.
            shell, aliases = await run_in_threadpool(render_shell, entries, kind)
            # English is always loaded (the fallback of every other language).
            early.insert(0, dict(aliases)["/i18n/en.json"])
            blocks = [answers_block(answers)] if answers else []
            if first is not None:
                blocks.append(data_block(first))
            if blocks:
                shell = assets.with_block(shell, "".join(blocks))
            answer = await assets.respond(request, shell)
            answer.headers["Link"] = ", ".join(
                f"<{url}>; rel=preload; as=fetch; crossorigin=anonymous" for url in early)
            return answer
        return page

    for path, column in PAGES.items():
        app.add_api_route(path, page_for(column, PAGE_MODULES[path]), methods=["GET"],
                          include_in_schema=False)
    app.add_api_route("/static/{path:path}", assets.serve, methods=["GET", "HEAD"],
                      include_in_schema=False)
    # Offline, a seat's page needs the panels it imports when it opens, too.
    worker = ServiceWorker(assets, sorted({*PAGE_MODULES.values(), *SEAT_PANELS, *LESSON_PANELS,
                                           *HINT_PANELS, *LATER_PANELS, *SHELL_LATER}))
    app.add_api_route("/sw.js", worker.serve, methods=["GET", "HEAD"], include_in_schema=False)
    # Outermost last: even a 413 carries the security headers. The WebSocket passes by
    # the compression untouched (its frames have permessage-deflate).
    app.add_middleware(Compression, minimum_size=COMPRESS_FROM)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes,
                       larger={"/api/records": records.MAX_RECORD_BYTES})
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ws.SocketFastPath)
    # Outermost of all: every part of the service sees the client as the proxy forwarded it.
    app.add_middleware(TrustedProxies, networks=proxy_networks(settings.trusted_proxies))
    logging.getLogger("meja").setLevel(logging.INFO)
    return app


app = create_app()

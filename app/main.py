"""The FastAPI application: REST, WebSocket, the browser client's pages and static files."""

from __future__ import annotations

import gc
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import api, gamedata, ws
from app.config import Settings
from app.db import make_engine
from app.errors import ApiError
from app.rooms import Hub
from app.store import Store

PAGES = ("/", "/join/{token}", "/claim/{token}", "/lobby/{token}", "/game/{token}",
         "/watch/{token}")


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the service (tests build several, each on its own database)."""
    settings = settings or Settings()
    store = Store(make_engine(settings.database_url))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        hub = Hub(store, settings.bot_delay)
        app.state.hub = hub
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
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(gamedata.router)

    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            loc = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{loc}: {err['msg']}" if loc else err["msg"])
        return JSONResponse({"detail": "Invalid request: " + "; ".join(parts)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    static_dir: Path = settings.static_dir
    app_html = static_dir / "app.html"

    async def page() -> FileResponse:
        return FileResponse(app_html, headers={"Cache-Control": "no-cache"})

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=static_dir, check_dir=False), name="static")
    logging.getLogger("meja").setLevel(logging.INFO)
    return app


app = create_app()

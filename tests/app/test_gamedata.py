"""``/api/game-kinds/{kind}/data``: each game's static data, once, cacheable."""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient

from app.core.errors import ApiError
from app.http import gamedata
from engines.tuk_tuk_taxi import data as tuk_tuk_data


def client() -> TestClient:
    app = FastAPI()
    app.include_router(gamedata.router)

    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    return TestClient(app)


def test_a_game_kind_gets_its_engines_data_with_an_etag_and_caching() -> None:
    r = client().get("/api/game-kinds/tuk-tuk-taxi/data")
    assert r.status_code == 200
    body = r.json()
    assert body["board"]["street_lines"] == list(tuk_tuk_data.STREET_LINES)
    assert body["tiles"]["stop"]["name"] == tuk_tuk_data.TILES["stop"][0]
    assert r.headers["etag"].startswith('"') and "max-age" in r.headers["cache-control"]


def test_revalidating_with_the_etag_gets_304_and_no_body() -> None:
    c = client()
    etag = c.get("/api/game-kinds/tuk-tuk-taxi/data").headers["etag"]
    again = c.get("/api/game-kinds/tuk-tuk-taxi/data", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    stale = c.get("/api/game-kinds/tuk-tuk-taxi/data", headers={"If-None-Match": '"old"'})
    assert stale.status_code == 200


def test_a_game_without_client_data_gets_an_empty_object() -> None:
    r = client().get("/api/game-kinds/race/data")
    assert r.status_code == 200 and json.loads(r.content) == {}


def test_an_unknown_game_kind_is_a_404_in_words() -> None:
    r = client().get("/api/game-kinds/no-such-game/data")
    assert r.status_code == 404 and "no-such-game" in r.json()["detail"]


def test_every_listed_game_serves_its_renderers_data() -> None:
    from engines.registry import all_engines

    c = client()
    for engine in all_engines().values():
        if not engine.listed:
            continue
        r = c.get(f"/api/game-kinds/{engine.id}/data")
        assert r.status_code == 200, engine.id
        assert r.json(), f"{engine.id} has a renderer that needs data"

"""``GET /api/game-kinds/{kind}/data``: the static data a game's board renderer draws with.

Board layouts, price tables and card texts are the engine's; each game package may offer
them in ``engines/<game>/client_data.py`` as ``client_data() -> dict`` (JSON-ready). The
browser fetches it once per game kind, so it is never copied into JavaScript by hand nor
repeated in every view. It depends on the code only, so the answer carries a strong ETag and
may be cached; a revalidation with ``If-None-Match`` gets ``304``.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from app.core.errors import ApiError
from app.http.deps import ID_PATTERN, refusals
from engines.core.copying import canonical_json
from engines.core.protocol import Engine
from engines.registry import get_engine

router = APIRouter(prefix="/api")

#: Browsers may reuse the data for an hour; after that they revalidate with the ETag.
CACHE_CONTROL = "public, max-age=3600"


def client_data_module(engine: Engine) -> Any | None:
    """The engine package's ``client_data`` module, or ``None`` when the game has none."""
    package = type(engine).__module__.rpartition(".")[0] or type(engine).__module__
    try:
        return importlib.import_module(f"{package}.client_data")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.client_data":
            raise  # the module exists but an import inside it is broken: say so loudly
        return None


@cache
def encoded_data(engine: Engine) -> tuple[bytes, str]:
    """The JSON body and its ETag for a game kind (computed once per engine)."""
    module = client_data_module(engine)
    data: dict[str, Any] = module.client_data() if module is not None else {}
    body = canonical_json(data).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


GameKind = Annotated[str, Path(min_length=1, max_length=40, pattern=ID_PATTERN,
                              description="A game's id, e.g. tuk-tuk-taxi.")]


@router.get("/game-kinds/{kind}/data", summary="A game's static data for its board renderer",
            responses={200: {"content": {"application/json": {"schema": {"type": "object"}}}},
                       304: {"description": "Unchanged since the ETag sent in If-None-Match"},
                       **refusals(404, 422)})
async def game_kind_data(kind: GameKind, request: Request) -> Response:
    engine = get_engine(kind)
    if engine is None:
        raise ApiError(404, "api.no_such_game_kind", game=kind[:60])
    body, etag = encoded_data(engine)
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if etag in [t.strip() for t in request.headers.get("if-none-match", "").split(",")]:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)

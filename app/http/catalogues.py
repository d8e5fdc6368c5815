"""``GET /i18n/<lang>.json``: the merged catalogue of one language (:mod:`app.core.i18n`);
``GET /i18n/<lang>/<game>.json``: the same without the other games' words (a game's page)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.core.errors import ApiError
from app.core.i18n import merged, merged_for
from app.http.static_assets import Asset, StaticAssets
from engines import messages
from engines.registry import get_engine

router = APIRouter()
#: Each language's catalogue as last sent, with its brotli and gzip forms.
_compressed: dict[str, Asset] = {}


@router.get("/i18n/{lang}.json", include_in_schema=False)
async def catalogue(lang: str, request: Request) -> Response:
    """The merged catalogue of one language (``en``, ``id`` or ``ms``)."""
    if lang not in messages.LANGS:
        raise ApiError(404, "api.no_catalogue", lang=lang[:20], langs=", ".join(messages.LANGS))
    return await _send(request, lang, *merged(lang))


@router.get("/i18n/{lang}/{game}.json", include_in_schema=False)
async def game_catalogue(lang: str, game: str, request: Request) -> Response:
    """The catalogue of one language as the page of one game needs it: the shell's words
    and that game's, not the other games' (static/i18n.js fetches the whole one when the
    page goes elsewhere)."""
    if lang not in messages.LANGS:
        raise ApiError(404, "api.no_catalogue", lang=lang[:20], langs=", ".join(messages.LANGS))
    if get_engine(game) is None:
        raise ApiError(404, "api.no_game_catalogue", game=game[:40])
    return await _send(request, f"{lang}/{game}", *merged_for(lang, game))


async def _send(request: Request, name: str, body: bytes, etag: str) -> Response:
    digest = etag.strip('"')
    asset = _compressed.get(name)
    if asset is None or asset.digest != digest:  # compressed once per version, at best
        asset = _compressed[name] = Asset(body, "application/json", digest=digest)
    # The shell's import map names ?v=<this version> (app/main.py): kept for good, as a
    # newer catalogue gets another URL; any other address is revalidated.
    assets: StaticAssets = request.app.state.assets
    return await assets.respond(request, asset, hashed=request.query_params.get("v") == digest)

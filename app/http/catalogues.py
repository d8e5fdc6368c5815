"""``GET /i18n/<lang>.json``: the merged catalogue of one language (:mod:`app.core.i18n`)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.core.errors import ApiError
from app.core.i18n import merged
from app.http.static_assets import Asset, StaticAssets
from engines import messages

router = APIRouter()
#: Each language's catalogue as last sent, with its brotli and gzip forms.
_compressed: dict[str, Asset] = {}


@router.get("/i18n/{lang}.json", include_in_schema=False)
async def catalogue(lang: str, request: Request) -> Response:
    """The merged catalogue of one language (``en``, ``id`` or ``ms``)."""
    if lang not in messages.LANGS:
        raise ApiError(404, "api.no_catalogue", lang=lang[:20], langs=", ".join(messages.LANGS))
    body, etag = merged(lang)
    digest = etag.strip('"')
    asset = _compressed.get(lang)
    if asset is None or asset.digest != digest:  # compressed once per version, at best
        asset = _compressed[lang] = Asset(body, "application/json", digest=digest)
    # The shell's import map names ?v=<this version> (app/main.py): kept for good, as a
    # newer catalogue gets another URL; any other address is revalidated.
    assets: StaticAssets = request.app.state.assets
    return await assets.respond(request, asset, hashed=request.query_params.get("v") == digest)

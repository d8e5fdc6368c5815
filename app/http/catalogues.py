"""``GET /i18n/<lang>.json``: the merged catalogue of one language (:mod:`app.core.i18n`)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.core.errors import ApiError
from app.core.i18n import merged
from app.http.static_assets import IMMUTABLE
from engines import messages

router = APIRouter()


@router.get("/i18n/{lang}.json", include_in_schema=False)
async def catalogue(lang: str, request: Request) -> Response:
    """The merged catalogue of one language (``en``, ``id`` or ``ms``)."""
    if lang not in messages.LANGS:
        raise ApiError(404, "api.no_catalogue", lang=lang[:20], langs=", ".join(messages.LANGS))
    body, etag = merged(lang)
    # The shell's import map names ?v=<this version> (app/main.py): kept for good, as a
    # newer catalogue gets another URL; any other address is revalidated.
    fresh = request.query_params.get("v") == etag.strip('"')
    headers = {"ETag": etag, "Cache-Control": IMMUTABLE if fresh else "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)

"""How a refusal becomes an HTTP answer: each kind of :class:`~app.core.errors.Refused` has
its status, and every refusal's body is ``{"detail": "<one sentence>", "key"?, "params"?}``
(ErrorBody in the OpenAPI document)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from app.core.errors import ApiError, Conflict, Gone, Invalid, NotFound, Refused

#: The status of each kind of refusal the store and the features raise.
STATUS: dict[type[Refused], int] = {NotFound: 404, Conflict: 409, Gone: 410, Invalid: 422}


def status_of(exc: Refused) -> int:
    """The HTTP status answering ``exc``."""
    if isinstance(exc, ApiError):
        return exc.status
    return next(code for kind, code in STATUS.items() if isinstance(exc, kind))


async def refused(_: Request, exc: Exception) -> JSONResponse:
    """The exception handler of every refusal."""
    assert isinstance(exc, Refused)
    headers = exc.headers if isinstance(exc, ApiError) else None
    return JSONResponse(exc.body(), status_code=status_of(exc), headers=headers)

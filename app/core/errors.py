"""Refusals: what the service says when it will not do something, and how invalid input is
worded.

:class:`Refused` and its kinds (:class:`NotFound`, :class:`Conflict`, :class:`Gone`,
:class:`Invalid`) carry no HTTP status: the store and the features raise them, and the HTTP
wing (:mod:`app.http.errors`) answers each kind with its status. :class:`ApiError` names its
status itself, for the HTTP routes' own refusals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.core.i18n import has, text

#: Locations FastAPI puts in front of a field's name that mean nothing to a player.
_QUIET_LOC = {"body", "path", "query", "header"}


class Refused(Exception):
    """A refusal with a sentence for the player.

    Raised with a key of the server's catalogue (``app/core/i18n_data``) and its parameters,
    ``Conflict("api.lobby_full")``: the body carries ``key`` and ``params`` so the page
    words it in the viewer's language, and ``detail`` is the English sentence for any other
    client. A message that is not a key is kept as it is (a validation summary).
    """

    def __init__(self, message: str, **params: Any) -> None:
        self.key: str | None = message if has(message) else None
        self.params = params
        detail = text(message, params) if self.key else message
        super().__init__(detail)
        self.detail = detail

    def body(self) -> dict[str, Any]:
        """The JSON body of the refusal: ``{"detail", "key"?, "params"?}``."""
        out: dict[str, Any] = {"detail": self.detail}
        if self.key:
            out["key"] = self.key
            out["params"] = self.params
        return out


class NotFound(Refused):
    """No such game, seat or link (HTTP 404)."""


class Conflict(Refused):
    """Not possible in the game's current state (HTTP 409)."""


class Gone(Refused):
    """The host closed the lobby (HTTP 410)."""


class Invalid(Refused):
    """Input the rules of the service do not accept (HTTP 422)."""


class ApiError(Refused):
    """A refused HTTP request that names its 4xx ``status`` (and perhaps headers) itself."""

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None,
                 **params: Any) -> None:
        super().__init__(message, **params)
        self.status = status
        self.headers = dict(headers) if headers else None


def validation_message(errors: Iterable[Mapping[str, Any]], prefix: str = "Invalid request"
                       ) -> str:
    """One sentence for pydantic/FastAPI validation errors (the ``detail`` of every 422)."""
    parts = []
    for err in list(errors)[:3]:
        loc = ".".join(str(p) for p in err.get("loc", ()) if p not in _QUIET_LOC)
        parts.append(f"{loc}: {err['msg']}" if loc else str(err["msg"]))
    return f"{prefix}: " + "; ".join(parts)

"""The one error type the service layer raises, and the one way invalid input is worded."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Locations FastAPI puts in front of a field's name that mean nothing to a player.
_QUIET_LOC = {"body", "path", "query", "header"}


class ApiError(Exception):
    """A refused request: ``status`` is a 4xx code, ``detail`` a sentence for the player.

    Raised with a key of the server's catalogue (``app/i18n_data``) and its parameters,
    ``ApiError(409, "api.lobby_full")``: the body carries ``key`` and ``params`` so the page
    words it in the viewer's language, and ``detail`` is the English sentence for any other
    client. A message that is not a key is kept as it is (a validation summary).
    """

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None,
                 **params: Any) -> None:
        from app.i18n import has, text  # the catalogue reader needs this module first

        self.key: str | None = message if has(message) else None
        self.params = params
        detail = text(message, params) if self.key else message
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = dict(headers) if headers else None

    def body(self) -> dict[str, Any]:
        """The JSON body of the refusal: ``{"detail", "key"?, "params"?}``."""
        out: dict[str, Any] = {"detail": self.detail}
        if self.key:
            out["key"] = self.key
            out["params"] = self.params
        return out


def validation_message(errors: Iterable[Mapping[str, Any]], prefix: str = "Invalid request"
                       ) -> str:
    """One sentence for pydantic/FastAPI validation errors (the ``detail`` of every 422)."""
    parts = []
    for err in list(errors)[:3]:
        loc = ".".join(str(p) for p in err.get("loc", ()) if p not in _QUIET_LOC)
        parts.append(f"{loc}: {err['msg']}" if loc else str(err["msg"]))
    return f"{prefix}: " + "; ".join(parts)

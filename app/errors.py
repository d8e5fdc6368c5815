"""The one error type the service layer raises, and the one way invalid input is worded."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Locations FastAPI puts in front of a field's name that mean nothing to a player.
_QUIET_LOC = {"body", "path", "query", "header"}


class ApiError(Exception):
    """A refused request: ``status`` is a 4xx code, ``detail`` a sentence for the player.

    ``key`` is the stable code of the sentence in the catalogues (``app/i18n_data``) and
    ``params`` its parameters, so the page words it in the viewer's language; ``detail``
    stays the English sentence for any other client.
    """

    def __init__(self, status: int, detail: str,
                 headers: Mapping[str, str] | None = None, *, key: str | None = None,
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = dict(headers) if headers else None
        self.key = key
        self.params = dict(params) if params else {}

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

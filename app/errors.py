"""The one error type the service layer raises for requests a player cannot make."""

from __future__ import annotations


class ApiError(Exception):
    """A refused request: ``status`` is a 4xx code, ``detail`` a sentence for the player."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail

"""The account session of a browser: its cookie and the dependencies that read it.

The cookie holds a random token (the database keeps only its hash). It is ``HttpOnly`` (no
script reads it), ``SameSite=Lax`` (another site's form or fetch cannot send it with a
POST) and ``Secure`` when the page was served over https. Guests have no cookie at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request, Response

from app.core.errors import ApiError
from app.http.deps import StoreDep, run
from app.store import accounts as db

COOKIE = "meja_session"
#: How long a browser stays signed in without signing in again (it is renewed on sign-in).
COOKIE_DAYS = 180


@dataclass(frozen=True)
class SignedIn:
    """The caller's account and the session (browser) it is signed in with."""

    account: dict[str, Any]
    session_id: int

    @property
    def id(self) -> str:
        return str(self.account["id"])


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    """Sign this browser in (the cookie; the session row is the caller's)."""
    response.set_cookie(COOKIE, token, max_age=COOKIE_DAYS * 86400, path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


def clear_session_cookie(request: Request, response: Response) -> None:
    """Forget this browser's session cookie."""
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")


async def current_account(request: Request, store: StoreDep) -> SignedIn | None:
    """The account this browser is signed in to, or None (a guest, or a session that was
    signed out or deleted)."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    found = await run(db.session_of, store.engine, token)
    return SignedIn(found["account"], found["session_id"]) if found else None


async def signed_in(found: Annotated[SignedIn | None, Depends(current_account)]) -> SignedIn:
    """The caller's account, or 401."""
    if found is None:
        raise ApiError(401, "api.needs_account")
    return found


#: The caller's account or None (guests are welcome).
AccountDep = Annotated[SignedIn | None, Depends(current_account)]
#: The caller's account (401 for a guest).
SignedInDep = Annotated[SignedIn, Depends(signed_in)]

"""REST face of the optional account: who is signed in, the seats that follow the account,
signing out (here or everywhere) and deleting the account. The ways in are
app/http/passkeys.py and app/http/signin_mail.py; both end in :func:`sign_in`.

Nothing here is needed to play: a guest's seat stays a credential in one browser.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from fastapi import APIRouter, Request, Response

from app.http.account_schemas import (
    AccountInfo,
    AccountSeat,
    BringSeats,
    MaybeAccount,
    SeatsAnswer,
    SessionInfo,
    SignedInAnswer,
)
from app.http.deps import HubDep, StoreDep, rate_limited, refusals, run
from app.http.session import (
    AccountDep,
    SignedInDep,
    clear_session_cookie,
    set_session_cookie,
)
from app.store import accounts as db
from app.store import signin
from app.store.store import Store

router = APIRouter(dependencies=[rate_limited("accounts")])

#: Browsers and systems named in a session's label, first match wins (order matters:
#: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux").
_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
             ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"),
            ("Windows", "Windows"), ("Mac OS", "macOS"), ("CrOS", "ChromeOS"),
            ("Linux", "Linux"))


def device_label(user_agent: str | None) -> str | None:
    """"Chrome on Android" from a User-Agent header (None when it names neither)."""
    ua = re.sub(r"[\x00-\x1f\x7f]", "", user_agent or "")[:400]
    browser = next((name for mark, name in _BROWSERS if mark in ua), None)
    system = next((name for mark, name in _SYSTEMS if mark in ua), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system


def aware(when: dt.datetime) -> dt.datetime:
    """A stored time as UTC (SQLite hands them back without their zone)."""
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def account_info(store: Store, account: dict[str, Any], session_id: int) -> AccountInfo:
    """The account as its owner sees it (worker thread)."""
    sessions = db.sessions_of(store.engine, account["id"])
    return AccountInfo(
        display_name=account["display_name"] or "", email=account["email"],
        created_at=aware(account["created_at"]),
        passkeys=len(signin.passkeys_of(store.engine, account["id"])),
        sessions=[SessionInfo(current=s["id"] == session_id, created_at=aware(s["created_at"]),
                              last_seen=aware(s["last_seen"]), user_agent=s["user_agent"])
                  for s in sessions])


def _seats(rows: list[dict[str, Any]]) -> list[AccountSeat]:
    return [AccountSeat(game_id=r["game_id"], seat=r["seat"], game=r["game"],
                        status=r["status"], name=r["name"], credential=r.get("credential"))
            for r in rows]


async def sign_in(request: Request, response: Response, store: StoreDep,
                  account: dict[str, Any], credentials: list[str],
                  session_id: int | None = None) -> SignedInAnswer:
    """Sign this browser in to ``account``: a session (its cookie), the account takes the
    seats the browser brings, and the browser gets a credential for every other seat the
    account holds. ``session_id``: the browser is signed in already (a passkey added)."""
    if session_id is None:
        session_id, token = await run(db.new_session, store.engine, account["id"],
                                      device_label(request.headers.get("user-agent")))
        set_session_cookie(request, response, token)
    await run(db.claim_seats, store.engine, account["id"], credentials)
    rows = await run(db.issue_seat_keys, store.engine, account["id"], session_id, credentials)
    info = await run(account_info, store, account, session_id)
    response.headers["Cache-Control"] = "no-store"
    return SignedInAnswer(account=info, seats=_seats(rows))


@router.get("/api/account", summary="The account this browser is signed in to (or null)",
            responses=refusals(429))
async def me(found: AccountDep, store: StoreDep, response: Response) -> MaybeAccount:
    response.headers["Cache-Control"] = "no-store"
    if found is None:
        return MaybeAccount(account=None)
    return MaybeAccount(account=await run(account_info, store, found.account, found.session_id))


@router.post("/api/account/seats", summary="Bring this browser's seats; get the account's",
             responses=refusals(400, 401, 413, 422, 429))
async def sync_seats(body: BringSeats, found: SignedInDep, store: StoreDep,
                     response: Response) -> SeatsAnswer:
    """The account takes every seat the browser's credentials hold (a seat another account
    holds stays that account's), and the browser gets a credential of its own for each
    other seat the account holds: seats claimed on another device follow."""
    await run(db.claim_seats, store.engine, found.id, body.credentials)
    rows = await run(db.issue_seat_keys, store.engine, found.id, found.session_id,
                     body.credentials)
    response.headers["Cache-Control"] = "no-store"
    return SeatsAnswer(seats=_seats(rows))


@router.post("/api/account/sign-out", status_code=204, summary="Sign this browser out",
             responses=refusals(401, 429))
async def sign_out(found: SignedInDep, store: StoreDep, request: Request,
                   response: Response) -> None:
    """Ends this browser's session; the seat credentials it was given stop working."""
    await run(db.end_session, store.engine, found.session_id)
    clear_session_cookie(request, response)


@router.post("/api/account/sign-out-everywhere", status_code=204,
             summary="Sign every browser out", responses=refusals(401, 429))
async def sign_out_everywhere(found: SignedInDep, store: StoreDep, request: Request,
                              response: Response) -> None:
    """Ends every session of the account (this one too)."""
    await run(db.end_all_sessions, store.engine, found.id)
    clear_session_cookie(request, response)


@router.delete("/api/account", status_code=204, summary="Delete the account and its data",
               responses=refusals(401, 429))
async def delete_account(found: SignedInDep, store: StoreDep, hub: HubDep, request: Request,
                         response: Response) -> None:
    """Removes the address, name, passkeys and sessions; the games stay and its seats read
    "a former player"."""
    renamed = await run(db.delete_account, store.engine, found.id)
    clear_session_cookie(request, response)
    for game_id, status in renamed:
        if status in ("lobby", "active"):  # open pages show the new name at once
            await hub.lobby_changed(game_id, status)

"""REST face of the notices (app/features/notices): the unsubscribe page (no account
needed) and the host's view of the table's hook."""

from __future__ import annotations

import asyncio
import html
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from app.features.notices import mail
from app.features.notices.feature import Notices
from app.http.deps import HostDep, refusals

router = APIRouter()


def notices_of(request: Request) -> Notices:
    return request.app.state.notices  # type: ignore[no-any-return]


NoticesDep = Annotated[Notices, Depends(notices_of)]


class WebhookInfo(BaseModel):
    """The table's webhook URL, for its host (nobody else ever sees it)."""

    webhook_url: str | None


@router.get("/api/games/{game_id}/webhook", summary="Host: the table's webhook URL",
            responses=refusals(401, 403, 404, 422))
async def webhook_of(game: HostDep, notices: NoticesDep) -> WebhookInfo:
    return WebhookInfo(webhook_url=await asyncio.to_thread(notices.db.hook_of, game["id"]))


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)} · Meja</title>"
        "<link rel=stylesheet href=/static/style.css></head><body><main class=page>"
        f"<section class='card narrow'><h1>{html.escape(title)}</h1>{body}"
        "<p><a class=btn href=/>Go to the home page</a></p></section></main></body></html>",
        status_code=status, headers={"Cache-Control": "no-store"})


def _masked(address: str) -> str:
    local, _, domain = address.partition("@")
    return f"{local[:1]}•••@{domain}"


async def _address(request: Request, token: str) -> str | None:
    notices = notices_of(request)
    secret = await asyncio.to_thread(notices.secret)
    return mail.verify_token(secret, token)


_INVALID = ("<p data-testid=unsubscribe-error>This unsubscribe link is not valid (it may "
            "have been cut short by your mail program).</p>")


@router.get("/unsubscribe/{token}", include_in_schema=False)
async def unsubscribe_page(request: Request, token: str) -> HTMLResponse:
    """Asks before it acts: mail scanners open every link in a mail, and a GET that
    unsubscribed would unsubscribe people who never clicked."""
    address = await _address(request, token)
    if address is None:
        return _page("Unsubscribe", _INVALID, 404)
    who = html.escape(_masked(address))
    return _page("Stop e-mail from Meja?",
                 f"<p>No more your-turn mail or digests will go to <b>{who}</b>, from any "
                 "table.</p>"
                 f"<form method=post action='/unsubscribe/{html.escape(token)}'>"
                 "<button class='btn btn-primary' type=submit data-testid=unsubscribe>"
                 "Stop the mail</button></form>")


@router.post("/unsubscribe/{token}", include_in_schema=False)
async def unsubscribe(request: Request, token: str) -> HTMLResponse:
    """The button of the page above, and RFC 8058 one-click unsubscribing by mail programs."""
    address = await _address(request, token)
    if address is None:
        return _page("Unsubscribe", _INVALID, 404)
    notices = notices_of(request)
    await asyncio.to_thread(notices.db.opt_out, address, notices.clock())
    notices.forget_targets()
    return _page("Unsubscribed",
                 f"<p data-testid=unsubscribed>Done: Meja sends no more mail to "
                 f"<b>{html.escape(_masked(address))}</b>.</p>")

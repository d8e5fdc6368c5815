"""Sign in (or make an account) with a one-time link by mail, for devices without passkeys.

Asking for a link answers the same whether or not the address has an account (nobody
learns who has one); the link signs in to the address's account, or makes one. A link is
good once, for 15 minutes, and its token is kept only as a hash. The link points at the
configured public address (MEJA_PUBLIC_URL), never at the Host header a request names:
otherwise anybody could mail a victim a link to their own site that carries the token.
"""

from __future__ import annotations

import asyncio
import logging
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy.exc import IntegrityError

from app.core.errors import ApiError
from app.core.i18n import text
from app.core.ratelimit import RateLimiter, retry_after
from app.features.notices import mail
from app.features.notices.settings import NoticeSettings
from app.http.account_schemas import MailRedeem, MailStart, SignedInAnswer
from app.http.accounts import sign_in
from app.http.deps import StoreDep, rate_limited, refusals, run
from app.store import accounts as db
from app.store import signin
from app.store.rows import clean_name
from engines.core.log import term

router = APIRouter(dependencies=[rate_limited("accounts")])
log = logging.getLogger("meja.accounts")
#: Mails being sent (kept so the event loop does not drop a task before it ends).
_sending: set[asyncio.Task[Any]] = set()


def link_message(settings: NoticeSettings, to: str, token: str, lang: str) -> EmailMessage:
    """The sign-in mail: the link and how long it stays good, in the asker's language."""
    url = f"{settings.public_url}/account/mail/{token}"
    minutes = int(signin.LINK_SECONDS // 60)
    msg = EmailMessage()
    msg["From"] = settings.mail_from
    msg["To"] = to
    msg["Subject"] = text("mail.signin.subject", {}, lang)
    msg["Message-ID"] = make_msgid(domain="meja")
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(text("mail.signin.text", {"url": url, "minutes": minutes}, lang))
    return msg


def _send(settings: NoticeSettings, msg: EmailMessage) -> None:
    try:
        mail.deliver(mail.parse_smtp_url(settings.smtp_url), msg, settings.send_timeout)
    except Exception as exc:  # noqa: BLE001 - a failed send is logged; the player may ask again
        log.warning("sign-in mail not sent: %s", type(exc).__name__)


@router.post("/api/account/mail", status_code=202, summary="Mail me a sign-in link",
             responses=refusals(400, 409, 413, 422, 429))
async def ask_link(body: MailStart, store: StoreDep, request: Request) -> dict[str, bool]:
    """Sends a one-time sign-in link to the address (it makes an account named
    ``display_name`` when the address has none)."""
    settings: NoticeSettings = request.app.state.settings.notices
    if not settings.mail_on:
        raise ApiError(409, "api.mail_off")
    if body.email is None:
        raise ApiError(422, "api.email_needed")
    limiter: RateLimiter = request.app.state.limits["mails"]
    wait = limiter.take(body.email.lower())
    if wait:
        after = retry_after(wait)
        raise ApiError(429, "api.rate_limited", headers={"Retry-After": after},
                       what=term("api.limited.mails"), seconds=int(after))
    name = clean_name(body.display_name) if body.display_name else None
    token = await run(signin.put_link, store.engine, body.email, name)
    task = asyncio.create_task(asyncio.to_thread(
        _send, settings, link_message(settings, body.email, token, body.lang)))
    _sending.add(task)
    task.add_done_callback(_sending.discard)
    return {"sent": True}


def _account_for(store: Any, link: dict[str, Any]) -> dict[str, Any]:
    """The address's account, made now if it has none (worker thread)."""
    found = db.account_by_email(store.engine, link["email"])
    if found is not None:
        return found
    name = link["display_name"] or link["email"].split("@", 1)[0][:40]
    try:
        return db.create_account(store.engine, name, link["email"])
    except IntegrityError:  # made by another link at the same moment
        again = db.account_by_email(store.engine, link["email"])
        if again is None:
            raise
        return again


@router.post("/api/account/mail/sign-in", summary="Sign in with a link from a mail",
             responses=refusals(400, 404, 413, 422, 429))
async def redeem_link(body: MailRedeem, store: StoreDep, request: Request,
                      response: Response) -> SignedInAnswer:
    """Uses the link up; signs this browser in to the address's account (made now if it
    has none) and brings this browser's seats and the account's."""
    link = await run(signin.take_link, store.engine, body.token)
    if link is None:
        raise ApiError(404, "api.link_used")
    account = await run(_account_for, store, link)
    return await sign_in(request, response, store, account, body.credentials)

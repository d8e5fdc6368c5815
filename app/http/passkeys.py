"""Passkeys (WebAuthn, the ``webauthn`` package): make an account with one, add one to an
account, sign in with one.

Each ceremony is two requests: the options (its challenge stays on the server for a few
minutes, app/store/signin.py) and the browser's answer, which uses the challenge up. The
relying party is the host the page was served from, and the origin the page's own.
"""

from __future__ import annotations

import json
from typing import Any

import webauthn
from fastapi import APIRouter, Request, Response
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.core import security
from app.core.errors import ApiError
from app.http.account_schemas import Ceremony, PasskeyFinish, PasskeyStart, SignedInAnswer
from app.http.accounts import sign_in
from app.http.deps import StoreDep, rate_limited, refusals, run
from app.http.session import AccountDep
from app.store import accounts as db
from app.store import signin
from app.store.rows import clean_name

router = APIRouter(dependencies=[rate_limited("accounts")])

RP_NAME = "Meja"
#: What a browser may take to answer (the server keeps the challenge longer).
TIMEOUT_MS = 120_000


def relying_party(request: Request) -> tuple[str, str]:
    """``(rp id, origin)``: the host the page came from, and its origin."""
    host = request.url.hostname or ""
    return host, f"{request.url.scheme}://{request.url.netloc}"


def _json(options: Any) -> dict[str, Any]:
    return json.loads(webauthn.options_to_json(options))  # type: ignore[no-any-return]


@router.post("/api/account/passkeys/register-options", summary="Begin making a passkey",
             responses=refusals(400, 413, 422, 429))
async def register_options(body: PasskeyStart, found: AccountDep, store: StoreDep,
                           request: Request) -> Ceremony:
    """A guest begins a new account (named ``display_name``); a signed-in caller adds a
    passkey to their account."""
    rp_id, _ = relying_party(request)
    ceremony_id: str | None = None
    if found is not None:
        account_id, name = found.id, found.account["display_name"] or ""
        user_id = account_id
        owned = await run(signin.passkeys_of, store.engine, account_id)
        exclude = [PublicKeyCredentialDescriptor(id=base64url_to_bytes(p["credential_id"]))
                   for p in owned]
    else:
        account_id, name = None, clean_name(body.display_name)
        # The ceremony's id becomes the new account's: the id its passkey is made for.
        ceremony_id = user_id = security.new_public_id()
        exclude = []
    options = webauthn.generate_registration_options(
        rp_id=rp_id, rp_name=RP_NAME, user_name=name, user_display_name=name,
        user_id=user_id.encode(), timeout=TIMEOUT_MS, exclude_credentials=exclude,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED))
    cid = await run(signin.put_ceremony, store.engine, "register",
                    bytes_to_base64url(options.challenge), account_id, name, ceremony_id)
    return Ceremony(ceremony=cid, options=_json(options))


@router.post("/api/account/passkeys/register", summary="Finish making a passkey",
             responses=refusals(400, 409, 413, 422, 429))
async def register(body: PasskeyFinish, found: AccountDep, store: StoreDep, request: Request,
                   response: Response) -> SignedInAnswer:
    """Check the browser's new passkey; make the account (a guest) and sign this browser
    in, bringing its seats."""
    ceremony = await run(signin.take_ceremony, store.engine, body.ceremony, "register")
    if ceremony is None:
        raise ApiError(409, "api.passkey_expired")
    if ceremony["account_id"] is not None and (found is None
                                               or found.id != ceremony["account_id"]):
        raise ApiError(409, "api.passkey_expired")
    rp_id, origin = relying_party(request)
    try:
        verified = webauthn.verify_registration_response(
            credential=body.credential,
            expected_challenge=base64url_to_bytes(ceremony["challenge"]),
            expected_rp_id=rp_id, expected_origin=origin)
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise ApiError(422, "api.passkey_refused", why=str(exc)[:200]) from None
    credential_id = bytes_to_base64url(verified.credential_id)
    if await run(signin.passkey, store.engine, credential_id) is not None:
        raise ApiError(409, "api.passkey_known")
    session_id = None
    if ceremony["account_id"] is None:
        account = await run(db.create_account, store.engine, ceremony["display_name"], None,
                            ceremony["id"])
    else:
        assert found is not None
        account, session_id = found.account, found.session_id
    await run(signin.add_passkey, store.engine, account["id"], credential_id,
              bytes_to_base64url(verified.credential_public_key), verified.sign_count)
    return await sign_in(request, response, store, account, body.credentials, session_id)


@router.post("/api/account/passkeys/sign-in-options", summary="Begin signing in with a passkey",
             responses=refusals(400, 413, 422, 429))
async def sign_in_options(store: StoreDep, request: Request) -> Ceremony:
    """Options for any passkey of this site the browser holds (discoverable credentials)."""
    rp_id, _ = relying_party(request)
    options = webauthn.generate_authentication_options(
        rp_id=rp_id, timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED)
    cid = await run(signin.put_ceremony, store.engine, "signin",
                    bytes_to_base64url(options.challenge), None, None)
    return Ceremony(ceremony=cid, options=_json(options))


@router.post("/api/account/passkeys/sign-in", summary="Sign in with a passkey",
             responses=refusals(400, 401, 409, 413, 422, 429))
async def passkey_sign_in(body: PasskeyFinish, store: StoreDep, request: Request,
                          response: Response) -> SignedInAnswer:
    """Check the passkey's signature; sign this browser in and bring the account's seats."""
    ceremony = await run(signin.take_ceremony, store.engine, body.ceremony, "signin")
    if ceremony is None:
        raise ApiError(409, "api.passkey_expired")
    raw_id = body.credential.get("id")
    if not isinstance(raw_id, str) or not 0 < len(raw_id) <= 700:
        raise ApiError(422, "api.passkey_refused", why="no credential id")
    key = await run(signin.passkey, store.engine, raw_id)
    account = key and await run(db.account, store.engine, key["account_id"])
    if not key or not account:
        raise ApiError(401, "api.passkey_unknown")
    rp_id, origin = relying_party(request)
    try:
        verified = webauthn.verify_authentication_response(
            credential=body.credential,
            expected_challenge=base64url_to_bytes(ceremony["challenge"]),
            expected_rp_id=rp_id, expected_origin=origin,
            credential_public_key=base64url_to_bytes(key["public_key"]),
            credential_current_sign_count=key["sign_count"])
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise ApiError(422, "api.passkey_refused", why=str(exc)[:200]) from None
    await run(signin.used_passkey, store.engine, raw_id, verified.new_sign_count)
    return await sign_in(request, response, store, account, body.credentials)

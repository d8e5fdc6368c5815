"""REST face of Web Push and the quiet controls (app/features/notices): the server's public
key, a seat's subscription per device, and muting a table. Every route but the key needs
the seat's credential; none of them ever shows a subscription back."""

from __future__ import annotations

import asyncio
import base64
import binascii
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import APIRouter, Depends, Request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from app.core.errors import ApiError
from app.core.tablesettings import JsonBool
from app.features.notices import push, webhooks
from app.features.notices.feature import Notices
from app.features.notices.pushstore import Device, SeatNotices
from app.http.deps import Cred, SeatDep, rate_limited, refusals
from app.http.schemas import Lang

router = APIRouter(prefix="/api")



def notices_of(request: Request) -> Notices:
    return request.app.state.notices  # type: ignore[no-any-return]


NoticesDep = Annotated[Notices, Depends(notices_of)]


def _b64(value: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise PydanticCustomError("base64url", "is not base64url") from None


def _p256dh(value: str) -> str:
    raw = _b64(value.rstrip("="))
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        raise PydanticCustomError("p256dh", "is not a P-256 public key") from None
    if len(raw) != 65:
        raise PydanticCustomError("p256dh", "is not an uncompressed P-256 public key")
    return value


def _auth(value: str) -> str:
    if len(_b64(value.rstrip("="))) != 16:
        raise PydanticCustomError("auth", "is not a 16-byte auth secret")
    return value


def _zone(value: str | None) -> str | None:
    """A time zone this server knows, else ``None`` (its quiet hours are read in UTC): a
    browser may name a zone newer than the server's time zone data."""
    if value:
        try:
            ZoneInfo(value)
            return value
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return None


HHMM = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


class PushKeys(BaseModel):
    """The subscription's keys, as ``PushSubscription.toJSON().keys`` gives them."""

    model_config = ConfigDict(extra="forbid")
    p256dh: Annotated[str, Field(min_length=86, max_length=90, pattern=push.B64URL,
                                 description="The browser's P-256 key (base64url)."),
                      AfterValidator(_p256dh)]
    auth: Annotated[str, Field(min_length=22, max_length=24, pattern=push.B64URL,
                               description="The 16-byte auth secret (base64url)."),
                    AfterValidator(_auth)]


class QuietHours(BaseModel):
    """No push (nor per-turn mail) from ``start`` to ``end``, local time; may cross midnight."""

    model_config = ConfigDict(extra="forbid")
    start: str = Field(pattern=HHMM, description="HH:MM, e.g. 22:00")
    end: str = Field(pattern=HHMM, description="HH:MM, e.g. 07:00")


class PushBody(BaseModel):
    """A device's push subscription for this seat, with its language and quiet hours."""

    model_config = ConfigDict(extra="ignore")  # PushSubscription.toJSON() has expirationTime
    endpoint: Annotated[str, Field(min_length=10, max_length=push.MAX_ENDPOINT,
                                   pattern=webhooks.URL_PATTERN,
                                   description="The push service's URL for this browser "
                                               "(https; http only on a server that lets "
                                               "webhooks reach local addresses).")]
    keys: PushKeys
    lang: Lang | None = Field(None, description="The language of the notices.")
    time_zone: Annotated[str | None, Field(None, max_length=64,
                                           description="The device's IANA time zone "
                                                       "(Asia/Jakarta); UTC when missing or "
                                                       "unknown to the server."),
                         AfterValidator(_zone)] = None
    quiet: QuietHours | None = Field(None, description="This device's quiet hours (none: "
                                                       "notices at any hour).")


class PushRemoveBody(BaseModel):
    """The device that wants no more push from this seat."""

    #: The same shape as a subscription's: an endpoint that could never have been stored is
    #: refused before a query (PostgreSQL refuses a NUL byte with an error, not a miss).
    endpoint: str = Field(min_length=1, max_length=push.MAX_ENDPOINT,
                          pattern=webhooks.URL_PATTERN)


class MuteBody(BaseModel):
    """Mute this table for this seat: no push and no mail from it."""

    muted: JsonBool


class NoticeState(BaseModel):
    """The seat's own notice settings (nobody else sees them)."""

    muted: bool = Field(description="No push and no mail from this table.")
    devices: int = Field(description="Devices that get this seat's push notices.")


class PushKey(BaseModel):
    """The key a browser subscribes with (``applicationServerKey``)."""

    public_key: str


def _state(found: SeatNotices) -> NoticeState:
    return NoticeState(muted=found.muted, devices=found.devices)


_REFUSALS = refusals(401, 403, 404, 422, 429)
_LIMIT = [rate_limited("push")]


@router.get("/push/key", summary="The server's Web Push key", responses=refusals(429),
            dependencies=_LIMIT, openapi_extra={"security": [{}]})
async def push_key(notices: NoticesDep) -> PushKey:
    return PushKey(public_key=await asyncio.to_thread(notices.push_key))


@router.get("/games/{game_id}/notices", summary="This seat's notice settings",
            responses=_REFUSALS, dependencies=_LIMIT)
async def notice_state(holder: SeatDep, credential: Cred, notices: NoticesDep) -> NoticeState:
    assert credential is not None
    return _state(await asyncio.to_thread(notices.pushes.state, credential))


@router.put("/games/{game_id}/notices", summary="Mute or unmute this table for this seat",
            responses=refusals(400, 401, 403, 404, 413, 422, 429), dependencies=_LIMIT)
async def mute(holder: SeatDep, credential: Cred, body: MuteBody,
               notices: NoticesDep) -> NoticeState:
    assert credential is not None
    found = await asyncio.to_thread(notices.pushes.set_muted, credential, body.muted,
                                    notices.clock())
    notices.forget_game(holder.game_id)
    return _state(found)


@router.post("/games/{game_id}/push", summary="Push this seat's turns to this device",
             responses=refusals(400, 401, 403, 404, 413, 422, 429), dependencies=_LIMIT)
async def subscribe(holder: SeatDep, credential: Cred, body: PushBody,
                    notices: NoticesDep) -> NoticeState:
    assert credential is not None
    s = notices.settings
    endpoint = body.endpoint.strip()
    if not endpoint.lower().startswith("https://") and not s.allow_local_hooks:
        raise ApiError(422, "api.push.endpoint")
    try:
        await asyncio.to_thread(webhooks.resolve_checked, endpoint, s.allow_local_hooks,
                                notices.own_hosts())
    except webhooks.HookRefused:
        raise ApiError(422, "api.push.endpoint_refused") from None
    device = Device(endpoint, body.keys.p256dh, body.keys.auth, body.lang, body.time_zone,
                    push.parse_hhmm(body.quiet.start) if body.quiet else None,
                    push.parse_hhmm(body.quiet.end) if body.quiet else None)
    found = await asyncio.to_thread(notices.pushes.subscribe, credential, device,
                                    notices.clock())
    notices.forget_targets()  # the device's quiet hours apply to every seat it holds
    return _state(found)


@router.post("/games/{game_id}/push/remove", summary="No more push to this device",
             responses=refusals(400, 401, 403, 404, 413, 422, 429), dependencies=_LIMIT)
async def unsubscribe(holder: SeatDep, credential: Cred, body: PushRemoveBody,
                      notices: NoticesDep) -> NoticeState:
    assert credential is not None
    found = await asyncio.to_thread(notices.pushes.unsubscribe, credential, body.endpoint)
    notices.forget_game(holder.game_id)
    return _state(found)

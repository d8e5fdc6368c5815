"""Web Push: the server's VAPID key, a device's quiet hours, the notice's payload, and one
encrypted POST to a browser's push service.

The payload is encrypted by ``pywebpush`` (RFC 8291, ``aes128gcm``) and signed with VAPID
(RFC 8292, ``py_vapid``); the POST itself goes out like a webhook's (:mod:`.webhooks`): the
endpoint is a URL a browser handed us, so its address is checked at every send and the
connection goes to the address that passed.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import httpx
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02, b64urlencode
from pywebpush import WebPusher

from app.features.notices import webhooks

#: How long a push service keeps an undelivered notice (a turn older than this is stale).
TTL_SECONDS = 12 * 3600
#: A Retry-After longer than this is read as this (a row is never parked for days).
MAX_RETRY_AFTER = 3600.0
#: What a push endpoint, p256dh and auth key may be (a browser's are far shorter).
MAX_ENDPOINT = 2000
B64URL = r"^[A-Za-z0-9_-]+={0,2}$"
_HHMM = re.compile(r"^([01][0-9]|2[0-3]):([0-5][0-9])$")


class Gone(Exception):
    """The push service no longer knows this subscription (404/410): delete it."""


class SlowDown(Exception):
    """The push service asked us to wait (429): try again after ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"429, retry after {seconds:.0f} s")
        self.seconds = seconds


# -- the VAPID key -----------------------------------------------------------------------------
def new_private_pem() -> str:
    """A fresh P-256 key for VAPID, as PEM."""
    vapid = Vapid02()
    vapid.generate_keys()
    return bytes(vapid.private_pem()).decode("ascii")


def key_from_file(path: Path) -> str:
    """The PEM kept in ``path``, made there (readable by its owner only) if it is missing."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = new_private_pem()
        path.write_text(pem)
        path.chmod(0o600)
    return path.read_text()


def public_key(private_pem: str) -> str:
    """The application server key a browser subscribes with (base64url, uncompressed point)."""
    vapid = Vapid02.from_pem(private_pem.encode("ascii"))
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962,
                                        serialization.PublicFormat.UncompressedPoint)
    return str(b64urlencode(raw))


# -- quiet hours -------------------------------------------------------------------------------
def parse_hhmm(value: str) -> int:
    """``"22:00"`` -> minutes after midnight; ``ValueError`` otherwise."""
    m = _HHMM.match(value)
    if not m:
        raise ValueError("A time is written HH:MM, for example 22:00.")
    return int(m[1]) * 60 + int(m[2])


def hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def zone(name: str | None) -> dt.tzinfo:
    """The IANA zone ``name`` (UTC when unknown or missing)."""
    if not name:
        return dt.UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


@dataclass(frozen=True)
class Quiet:
    """A device's quiet hours: from ``start`` to ``end`` (minutes after local midnight; the
    span may cross midnight) in ``time_zone``."""

    start: int
    end: int
    time_zone: str | None

    def quiet_until(self, at: dt.datetime) -> dt.datetime | None:
        """When the quiet hours around ``at`` (UTC) end, or ``None`` if ``at`` is not in them."""
        if self.start == self.end:
            return None
        local = at.astimezone(zone(self.time_zone))
        minute = local.hour * 60 + local.minute
        inside = (self.start <= minute < self.end if self.start < self.end
                  else minute >= self.start or minute < self.end)
        if not inside:
            return None
        wall = local.replace(tzinfo=None)
        end = dt.datetime.combine(wall.date(), dt.time(self.end // 60, self.end % 60))
        if end <= wall:
            end += dt.timedelta(days=1)
        # Through the zone again: a night across a clock change ends at its wall time.
        end = end.replace(tzinfo=zone(self.time_zone))
        return end.astimezone(dt.UTC)


# -- the notice --------------------------------------------------------------------------------
def topic(game_id: str) -> str:
    """The push service's Topic (at most 32 base64url characters): a newer notice of the
    same game replaces one not yet delivered."""
    return re.sub(r"[^A-Za-z0-9_-]", "", game_id)[:32] or "meja"


def tag(game_id: str) -> str:
    """The notification's tag: the browser replaces the game's older notice with a new one."""
    return f"meja-turn-{game_id}"


def payload(game_id: str, seat: int, title: str, body: str) -> dict[str, Any]:
    """What the service worker reads (static/sw.js, ``push``)."""
    return {"game": game_id, "seat": seat, "title": title, "body": body,
            "url": f"/game/{game_id}", "tag": tag(game_id)}


@dataclass(frozen=True)
class Subscription:
    """Where one notice goes: a browser's push endpoint and its keys."""

    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def encrypted(sub: Subscription, data: dict[str, Any]) -> bytes:
    """``data`` as JSON, encrypted for this subscription (aes128gcm; raises on bad keys)."""
    return bytes(WebPusher(sub.info()).encode(
        json.dumps(data, ensure_ascii=False).encode("utf-8"), "aes128gcm")["body"])


def vapid_headers(private_pem: str, endpoint: str, subject: str) -> dict[str, str]:
    """The ``Authorization: vapid t=..., k=...`` header for this endpoint's push service."""
    parts = httpx.URL(endpoint)
    aud = f"{parts.scheme}://{parts.netloc.decode()}"
    claims = {"aud": aud, "sub": subject, "exp": int(time.time()) + 12 * 3600}
    signed = Vapid02.from_pem(private_pem.encode("ascii")).sign(claims)
    return {k: str(v) for k, v in signed.items()}


def retry_after(header: str | None, default: float) -> float:
    """Seconds in a Retry-After header (a number or an HTTP date), at most an hour."""
    if header:
        try:
            return min(MAX_RETRY_AFTER, max(0.0, float(header)))
        except ValueError:
            from email.utils import parsedate_to_datetime

            try:
                when = parsedate_to_datetime(header)
                return min(MAX_RETRY_AFTER,
                           max(0.0, (when - dt.datetime.now(dt.UTC)).total_seconds()))
            except (TypeError, ValueError):
                pass
    return default


async def send(client: httpx.AsyncClient, sub: Subscription, data: dict[str, Any], *,
               private_pem: str, subject: str, allow_local: bool,
               own_hosts: tuple[str, ...], timeout: float, retry_default: float) -> None:
    """One encrypted push; raises :class:`Gone` (404/410), :class:`SlowDown` (429) or
    another error for any other failure."""
    body = encrypted(sub, data)
    headers = {"Content-Encoding": "aes128gcm", "Content-Type": "application/octet-stream",
               "TTL": str(TTL_SECONDS), "Urgency": "high", "Topic": topic(data["game"]),
               **vapid_headers(private_pem, sub.endpoint, subject)}
    resp = await webhooks.post_checked(client, sub.endpoint, content=body, headers=headers,
                                       allow_local=allow_local, own_hosts=own_hosts,
                                       timeout=timeout)
    if resp.status_code in (404, 410):
        raise Gone(f"the push service answered {resp.status_code}")
    if resp.status_code == 429:
        raise SlowDown(retry_after(resp.headers.get("retry-after"), retry_default))
    if not 200 <= resp.status_code < 300:
        raise RuntimeError(f"the push service answered {resp.status_code}")

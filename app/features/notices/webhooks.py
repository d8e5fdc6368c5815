"""Webhooks: which URLs a host may give, and one POST to a checked address.

A webhook makes this server send requests wherever the host says, so a URL is checked
twice: syntax and resolved addresses when the host gives it (a 422 with a sentence), and
the addresses again at every send - a name may resolve elsewhere later (DNS rebinding).
The POST then goes to the address that passed the check, not to a second resolution.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from app.core.i18n import text
from app.core.spaces import SPACE

MAX_URL = 2000

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


_LABEL = "[A-Za-z0-9_-]{1,63}"
_PORT = "(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})"
#: An http(s) URL as this server takes it: an ASCII host name (an IDN in its ``xn--`` form),
#: an optional port, no user name, no spaces or control characters. Stated in the OpenAPI
#: document and checked by :func:`check_syntax` as well, so the two agree on every URL; the
#: empty (or blank) field means "no webhook".
URL_PATTERN = (rf"^[{SPACE}]*(?:[hH][tT][tT][pP][sS]?://{_LABEL}(?:\.{_LABEL})*\.?"
               rf"(?::{_PORT})?(?:[/?#][^{SPACE}\x00-\x1f\x7f-\x9f]*)?)?[{SPACE}]*$")
_URL = re.compile(URL_PATTERN)


class HookRefused(ValueError):
    """A webhook URL this server will not post to (the message is for the host)."""


def check_syntax(raw: str | None) -> str | None:
    """A hook URL as stored, ``None`` for an empty field; ``HookRefused`` if it is not an
    absolute http(s) URL."""
    if raw is None or not raw.strip():
        return None
    url = raw.strip()
    if len(url) > MAX_URL:
        raise HookRefused(f"A webhook URL is at most {MAX_URL} characters.")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise HookRefused("That webhook URL is not a valid URL.") from None
    if parts.scheme not in ("http", "https"):
        raise HookRefused("A webhook URL must start with https:// (or http://).")
    if not parts.hostname:
        raise HookRefused("That webhook URL names no host.")
    try:
        # Empty labels ("a..b.com") and labels over 63 characters are not host names; the
        # resolver would refuse them with a UnicodeError, not the OSError of a name unknown.
        parts.hostname.encode("idna")
    except UnicodeError:
        raise HookRefused("That webhook URL's host name is not valid.") from None
    if parts.username or parts.password:
        raise HookRefused("A webhook URL may not carry a user name or password.")
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise HookRefused("A webhook URL may not contain spaces.")
    if "[" in parts.netloc:
        # An IPv6 literal: its syntax is beyond the document's pattern, and a webhook
        # service (Discord, Slack...) has a name anyway.
        raise HookRefused("A webhook URL names its host by name or IPv4 address.")
    if not _URL.match(url):  # what the checks above let through and the document refuses
        raise HookRefused("That webhook URL is not a valid URL.")
    return url


def _own_addresses(own_hosts: tuple[str, ...]) -> set[Address]:
    found: set[Address] = set()
    for host in (socket.gethostname(), *own_hosts):
        try:
            for info in socket.getaddrinfo(host, None):
                found.add(ipaddress.ip_address(info[4][0]))
        except (OSError, ValueError):
            continue
    return found


def _local(addr: Address) -> bool:
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return (addr.is_private or addr.is_loopback or addr.is_link_local or addr.is_reserved
            or addr.is_multicast or addr.is_unspecified or not addr.is_global)


def resolve_checked(url: str, allow_local: bool, own_hosts: tuple[str, ...] = ()) -> Address:
    """The address to post ``url`` to (blocking DNS); ``HookRefused`` when the name does
    not resolve or any address it has is this server's own, loopback or private (unless
    ``allow_local``: tests and LAN set-ups)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):  # UnicodeError: a label the IDNA codec cannot encode
        raise HookRefused(f"The webhook's host {host!r} does not resolve.") from None
    addrs = [ipaddress.ip_address(str(i[4][0]).split("%")[0]) for i in infos]
    if not addrs:
        raise HookRefused(f"The webhook's host {host!r} does not resolve.")
    if not allow_local:
        own = _own_addresses(own_hosts)
        for addr in addrs:
            if _local(addr) or addr in own:
                raise HookRefused("A webhook may not point at this server or at a loopback "
                                  "or private address.")
    return addrs[0]


def hook_message(game_name: str, link: str, awaited: list[str],
                 lang: str | None = None) -> dict[str, Any]:
    """The JSON body (in the host's language): Discord reads ``content``, Slack and
    Mattermost read ``text``."""
    line = text("hook.waiting", {"game": game_name, "who": ", ".join(awaited), "link": link},
                lang or "en")
    return {"content": line, "text": line, "game": game_name, "url": link, "awaited": awaited}


async def post_checked(client: httpx.AsyncClient, url: str, *, json: Any = None,
                       content: bytes | None = None, headers: dict[str, str] | None = None,
                       allow_local: bool, own_hosts: tuple[str, ...],
                       timeout: float) -> httpx.Response:
    """POST to ``url`` at the address checked just now (``HookRefused`` if it is refused);
    the answer, whatever its status. Webhooks and Web Push both go out through here."""
    addr = await asyncio.to_thread(resolve_checked, url, allow_local, own_hosts)
    parts = urlsplit(url)
    host = parts.hostname or ""
    ip = f"[{addr}]" if addr.version == 6 else str(addr)
    netloc = f"{ip}:{parts.port}" if parts.port else ip
    pinned = urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, ""))
    host_header = f"{host}:{parts.port}" if parts.port else host
    # The connection goes to the checked address; TLS still names (and verifies) the host.
    return await client.post(pinned, json=json, content=content,
                             headers={**(headers or {}), "Host": host_header},
                             extensions={"sni_hostname": host}, timeout=timeout)


async def post(client: httpx.AsyncClient, url: str, body: dict[str, Any],
               allow_local: bool, own_hosts: tuple[str, ...], timeout: float) -> None:
    """POST ``body`` to ``url`` at the address checked just now; raises on a refusal, a
    network failure or an answer that is not 2xx."""
    resp = await post_checked(client, url, json=body, allow_local=allow_local,
                              own_hosts=own_hosts, timeout=timeout)
    if not 200 <= resp.status_code < 300:
        raise RuntimeError(f"the webhook answered {resp.status_code}")

"""E-mail: checking an address, signing unsubscribe tokens, writing and sending a mail.

Sending is plain :mod:`smtplib` run in a worker thread by the dispatcher: a mail is a few
kilobytes once in a while, and the standard library speaks SMTP, STARTTLS and SMTPS.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from urllib.parse import parse_qs, unquote, urlsplit

from app.core.spaces import SPACE

MAX_ADDRESS = 254
#: Deliberately loose (RFC 5322 allows far more than anyone types): one @, something
#: before it, a dotted domain after it, no spaces or control characters.
_C = rf"[^@{SPACE}\x00-\x1f\x7f<>,;\"]"
_ADDRESS = re.compile(rf"{_C}{{1,64}}@{_C}+\.[^@{SPACE}\x00-\x1f\x7f<>,;\".]{{2,}}")
#: An address field as the OpenAPI document states it: empty, or one address of at most
#: MAX_ADDRESS characters (lookahead), spaces around it allowed.
ADDRESS_PATTERN = (rf"^[{SPACE}]*(?:(?=[^{SPACE}]{{1,{MAX_ADDRESS}}}[{SPACE}]*$)"
                   rf"{_ADDRESS.pattern})?[{SPACE}]*$")


def clean_address(raw: str | None) -> str | None:
    """An address as stored (trimmed, domain lower-cased), ``None`` for an empty field;
    raises ``ValueError`` with a sentence for one that cannot be an address."""
    if raw is None:
        return None
    value = raw.strip()
    if not value:
        return None
    if len(value) > MAX_ADDRESS or not _ADDRESS.fullmatch(value):
        raise ValueError("That e-mail address does not look right; write it as "
                         "name@example.com, or leave the field empty.")
    local, domain = value.rsplit("@", 1)
    return f"{local}@{domain.lower()}"


# -- unsubscribe tokens --------------------------------------------------------------------
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign_address(secret: str, address: str) -> str:
    """The unsubscribe token of an address: the address and an HMAC-SHA256 of it.

    The token carries the address so that no lookup table is needed, and it proves only
    "whoever has this got a mail at that address" - it grants nothing but stopping mail.
    """
    body = _b64(address.encode())
    mac = hmac.new(secret.encode(), b"unsubscribe:" + address.encode(), hashlib.sha256)
    return f"{body}.{_b64(mac.digest()[:18])}"


def verify_token(secret: str, token: str) -> str | None:
    """The address a genuine token names, else ``None``."""
    if len(token) > 600 or token.count(".") != 1:
        return None
    body, mac = token.split(".")
    try:
        address = _unb64(body).decode()
        given = _unb64(mac)
    except (ValueError, UnicodeDecodeError):
        return None
    want = hmac.new(secret.encode(), b"unsubscribe:" + address.encode(), hashlib.sha256)
    return address if hmac.compare_digest(given, want.digest()[:18]) else None


# -- the SMTP server ---------------------------------------------------------------------
@dataclass(frozen=True)
class SmtpTarget:
    """Where mail goes, parsed from ``MEJA_SMTP_URL``."""

    host: str
    port: int
    tls: bool  # smtps: TLS from the first byte
    starttls: bool
    user: str | None
    password: str | None


def parse_smtp_url(url: str) -> SmtpTarget:
    """``smtp://[user:password@]host[:port][?starttls=1]`` or ``smtps://...``."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError(f"MEJA_SMTP_URL must look like smtp://host:port, not {url!r}")
    tls = parts.scheme == "smtps"
    query = parse_qs(parts.query)
    return SmtpTarget(
        host=parts.hostname, port=parts.port or (465 if tls else 25), tls=tls,
        starttls=query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None)


@dataclass(frozen=True)
class Mail:
    """One message: stored in the outbox as its fields (``as_payload``)."""

    to: str
    subject: str
    text: str
    unsubscribe_url: str

    def as_payload(self) -> dict[str, str]:
        return {"to": self.to, "subject": self.subject, "text": self.text,
                "unsubscribe_url": self.unsubscribe_url}

    @staticmethod
    def from_payload(p: dict[str, str]) -> Mail:
        return Mail(p["to"], p["subject"], p["text"], p["unsubscribe_url"])


def build_message(mail: Mail, sender: str) -> EmailMessage:
    """The MIME message, with List-Unsubscribe (RFC 2369) and one-click (RFC 8058)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = mail.to
    msg["Subject"] = mail.subject
    msg["Message-ID"] = make_msgid(domain="meja")
    msg["List-Unsubscribe"] = f"<{mail.unsubscribe_url}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(mail.text)
    return msg


def send_mail(target: SmtpTarget, mail: Mail, sender: str, timeout: float) -> None:
    """Hand one message to the SMTP server (blocking; raises on any failure)."""
    deliver(target, build_message(mail, sender), timeout)


def deliver(target: SmtpTarget, msg: EmailMessage, timeout: float) -> None:
    """Hand any message to the SMTP server (blocking; raises on any failure): a your-turn
    mail, or a sign-in link (app/http/signin_mail.py)."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if target.tls:
        smtp = smtplib.SMTP_SSL(target.host, target.port, timeout=timeout, context=context)
    else:
        smtp = smtplib.SMTP(target.host, target.port, timeout=timeout)
    with smtp:
        if target.starttls:
            smtp.starttls(context=context)
        if target.user:
            smtp.login(target.user, target.password or "")
        smtp.send_message(msg)

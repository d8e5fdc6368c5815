"""What the notices read from the environment (see docs/notices.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return default if raw in (None, "") else float(raw)


@dataclass(frozen=True)
class NoticeSettings:
    """Mail and webhook settings of one server process."""

    #: ``smtp://host:port``, ``smtps://user:password@host:465`` or
    #: ``smtp://host:587?starttls=1``; empty: no mail is sent (nor queued).
    smtp_url: str = field(default_factory=lambda: os.environ.get("MEJA_SMTP_URL", ""))
    mail_from: str = field(
        default_factory=lambda: os.environ.get("MEJA_MAIL_FROM", "Meja <meja@localhost>"))
    #: The origin links in mails and webhooks start with (the browser's own origin is
    #: unknown to a background task).
    public_url: str = field(default_factory=lambda: os.environ.get(
        "MEJA_PUBLIC_URL", "http://localhost:8000").rstrip("/"))
    #: Webhooks to loopback, private and this server's own addresses (tests, a LAN set-up).
    allow_local_hooks: bool = field(default_factory=lambda: _flag("MEJA_ALLOW_LOCAL_HOOKS"))
    #: Key of the unsubscribe tokens; empty: one is made once and kept in the database.
    secret: str = field(default_factory=lambda: os.environ.get("MEJA_NOTICE_SECRET", ""))
    #: A turn-based table's digest goes out at most once per this many hours per address.
    digest_hours: float = field(default_factory=lambda: _float("MEJA_DIGEST_HOURS", 24))
    #: How often the digest task looks for addresses whose digest is due.
    digest_every: float = field(default_factory=lambda: _float("MEJA_DIGEST_EVERY", 60))
    #: How often the sender looks at the outbox without being woken (other processes' rows,
    #: retries that came due).
    poll_seconds: float = field(default_factory=lambda: _float("MEJA_NOTICE_POLL", 5))
    #: First retry after this many seconds, doubling each time, ``max_attempts`` in all.
    retry_base: float = field(default_factory=lambda: _float("MEJA_NOTICE_RETRY", 2))
    max_attempts: int = 8
    #: Web Push: a file holding the VAPID private key (PEM; made there at first start if
    #: missing). Empty: the key is made at first start and kept in the database
    #: (``push_vapid``), so every process of a cluster signs with the same one.
    vapid_key_file: str = field(default_factory=lambda: os.environ.get("MEJA_VAPID_KEY_FILE",
                                                                       ""))
    #: Who runs this server, for push services (VAPID ``sub``: a mailto: or https: URL).
    vapid_subject: str = field(default_factory=lambda: os.environ.get(
        "MEJA_VAPID_SUBJECT", "mailto:meja@localhost"))
    #: Push subscriptions no browser has confirmed for this many days are deleted.
    push_keep_days: float = field(default_factory=lambda: _float("MEJA_PUSH_KEEP_DAYS", 60))
    #: Seconds a webhook receiver or SMTP server may take before the try counts as failed.
    send_timeout: float = 10.0

    @property
    def mail_on(self) -> bool:
        """Whether mail is sent at all."""
        return bool(self.smtp_url)

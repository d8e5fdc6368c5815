"""Settings from the environment (twelve-factor style; no config files)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from app.core.settings import ROOT
from app.features.notices.settings import NoticeSettings

DEFAULT_SQLITE = f"sqlite:///{ROOT / 'var' / 'meja.db'}"


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return default if raw in (None, "") else float(raw)


@dataclass(frozen=True)
class Settings:
    """Everything the service reads from its environment."""

    database_url: str = field(
        default_factory=lambda: os.environ.get("DATABASE_URL") or DEFAULT_SQLITE)
    #: Pause before a bot acts, so humans can follow; tests and benchmarks set 0.
    bot_delay: float = field(default_factory=lambda: _float("MEJA_BOT_DELAY", 0.8))
    #: Largest WebSocket frame a client may send.
    max_frame_bytes: int = 64 * 1024
    #: Largest HTTP request body (larger ones get 413 before they are read).
    max_body_bytes: int = field(default_factory=lambda: int(_float("MEJA_MAX_BODY_BYTES",
                                                                   64 * 1024)))
    #: Requests per minute and client address (0: no limit); tests and benchmarks raise them.
    rate_lobbies: float = field(default_factory=lambda: _float("MEJA_RATE_LOBBIES", 20))
    rate_joins: float = field(default_factory=lambda: _float("MEJA_RATE_JOINS", 60))
    rate_claims: float = field(default_factory=lambda: _float("MEJA_RATE_CLAIMS", 30))
    rate_records: float = field(default_factory=lambda: _float("MEJA_RATE_RECORDS", 20))
    #: Account requests (sign-in ceremonies, mail links, sessions, seats, deletion).
    rate_accounts: float = field(default_factory=lambda: _float("MEJA_RATE_ACCOUNTS", 60))
    #: Crew requests (crews, their tables, history, league, privacy).
    rate_crews: float = field(default_factory=lambda: _float("MEJA_RATE_CREWS", 120))
    #: Sign-in mails per minute to one address, whoever asks (no mail bombing through Meja).
    rate_signin_mails: float = field(
        default_factory=lambda: _float("MEJA_RATE_SIGNIN_MAILS", 3))
    #: Beginners' hints per minute and seat (app/http/hints.py).
    rate_hints: float = field(default_factory=lambda: _float("MEJA_RATE_HINTS", 10))
    #: My games: the list a page asks for (and each new list its feed follows).
    rate_mine: float = field(default_factory=lambda: _float("MEJA_RATE_MINE", 60))
    #: Push subscriptions, the push key and a seat's mute switch (a page asks on each load).
    rate_push: float = field(default_factory=lambda: _float("MEJA_RATE_PUSH", 60))
    #: Proxies whose ``X-Forwarded-For`` names the client (addresses or networks, comma
    #: separated): behind them the per-address limits count each user, not the proxy.
    #: Nobody else's header is believed. docker-compose.yml names its nginx.
    trusted_proxies: str = field(
        default_factory=lambda: os.environ.get("MEJA_TRUSTED_PROXIES", "127.0.0.1"))
    static_dir: Path = ROOT / "static"
    #: Mail and webhooks (MEJA_SMTP_URL, MEJA_ALLOW_LOCAL_HOOKS, ...:
    #: app/features/notices/settings.py).
    notices: NoticeSettings = field(default_factory=NoticeSettings)

"""The ways into an account, in the database: passkeys, WebAuthn ceremonies under way and
one-time sign-in links by mail (tables of migration 0015_accounts).

A ceremony's challenge and a link's token are used once: taking one deletes it in the same
statement that reads it, so two answers racing for one challenge get it once.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine, and_, delete, insert, select, update

from app.core import security
from app.store.rows import now
from app.store.tables import account_challenges, account_links, account_passkeys

#: How long a passkey ceremony may take (the browser's own timeout is a minute).
CEREMONY_SECONDS = 300.0
#: How long a sign-in link by mail stays good.
LINK_SECONDS = 15 * 60.0


# -- ceremonies ------------------------------------------------------------------------------
def put_ceremony(engine: Engine, purpose: str, challenge: str, account_id: str | None,
                 display_name: str | None, ceremony_id: str | None = None) -> str:
    """Remember a ceremony's challenge (base64url) for a short time; its id."""
    cid = ceremony_id or security.new_public_id()
    with engine.begin() as conn:
        conn.execute(delete(account_challenges).where(account_challenges.c.expires < time.time()))
        conn.execute(insert(account_challenges).values(
            id=cid, purpose=purpose, challenge=challenge, account_id=account_id,
            display_name=display_name, expires=time.time() + CEREMONY_SECONDS))
    return cid


def take_ceremony(engine: Engine, ceremony_id: str, purpose: str) -> dict[str, Any] | None:
    """The ceremony, used up (None when unknown, of another purpose, or too old)."""
    with engine.begin() as conn:
        row = conn.execute(select(account_challenges).where(
            account_challenges.c.id == ceremony_id)).mappings().first()
        if row is None:
            return None
        taken = conn.execute(delete(account_challenges).where(
            account_challenges.c.id == ceremony_id)).rowcount
    if taken != 1 or row["purpose"] != purpose or row["expires"] < time.time():
        return None
    return dict(row)


# -- passkeys --------------------------------------------------------------------------------
def add_passkey(engine: Engine, account_id: str, credential_id: str, public_key: str,
                sign_count: int) -> None:
    """Keep a verified passkey of an account."""
    with engine.begin() as conn:
        conn.execute(insert(account_passkeys).values(
            credential_id=credential_id, account_id=account_id, public_key=public_key,
            sign_count=sign_count, created_at=now(), last_used=None))


def passkey(engine: Engine, credential_id: str) -> dict[str, Any] | None:
    """A passkey by its credential id (base64url)."""
    with engine.connect() as conn:
        row = conn.execute(select(account_passkeys).where(
            account_passkeys.c.credential_id == credential_id)).mappings().first()
    return dict(row) if row else None


def passkeys_of(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """An account's passkeys (credential ids: to exclude them from a second registration)."""
    with engine.connect() as conn:
        rows = conn.execute(select(account_passkeys).where(
            account_passkeys.c.account_id == account_id)).mappings().all()
    return [dict(r) for r in rows]


def used_passkey(engine: Engine, credential_id: str, sign_count: int) -> None:
    """A passkey signed in: its new signature counter and when."""
    with engine.begin() as conn:
        conn.execute(update(account_passkeys)
                     .where(account_passkeys.c.credential_id == credential_id)
                     .values(sign_count=sign_count, last_used=now()))


# -- sign-in links ---------------------------------------------------------------------------
def put_link(engine: Engine, email: str, display_name: str | None) -> str:
    """A one-time sign-in link's token for ``email`` (only its hash is kept)."""
    token = security.new_credential()
    with engine.begin() as conn:
        conn.execute(delete(account_links).where(account_links.c.expires < time.time()))
        conn.execute(insert(account_links).values(
            token_hash=security.hash_secret(token), email=email, display_name=display_name,
            expires=time.time() + LINK_SECONDS))
    return token


def take_link(engine: Engine, token: str) -> dict[str, Any] | None:
    """The link's address and name, used up (None when unknown, used or too old)."""
    if not token or len(token) > 200:
        return None
    h = security.hash_secret(token)
    with engine.begin() as conn:
        row = conn.execute(select(account_links).where(
            account_links.c.token_hash == h)).mappings().first()
        if row is None:
            return None
        taken = conn.execute(delete(account_links).where(and_(
            account_links.c.token_hash == h))).rowcount
    if taken != 1 or row["expires"] < time.time():
        return None
    return dict(row)

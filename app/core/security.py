"""Credentials and public ids: random, and credentials are stored only as hashes."""

from __future__ import annotations

import hashlib
import secrets


def new_credential() -> str:
    """A seat's secret: 192 random bits, url-safe."""
    return secrets.token_urlsafe(24)


def new_public_id() -> str:
    """A game, invite or watch id: 96 random bits, url-safe, not guessable."""
    return secrets.token_urlsafe(12)


def hash_secret(secret: str) -> str:
    """SHA-256 hex of a credential (credentials are high-entropy, so no slow KDF is needed)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_seed() -> int:
    """A game's seed: 63 bits so it fits a signed BIGINT."""
    return secrets.randbits(63)

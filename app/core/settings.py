"""What every wing reads alike: where the service lives, and how a database URL is spelled.

The service's own settings (``Settings``, read from the environment) are the composition's:
:mod:`app.config`.
"""

from __future__ import annotations

from pathlib import Path

#: The repository (the parent of ``app/``).
ROOT = Path(__file__).resolve().parent.parent.parent


def normalize_db_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs (as docker and libpq write them) and use psycopg 3."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url
